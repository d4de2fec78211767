// Block shared memory: one arena per resident slot, carved from a process-wide region (see
// sanitizer.hpp for the layout). The plain emulator pays only a bump allocation per XCUB_SHARED
// object and block; the gaps between objects are what the sanitizer (and AddressSanitizer, when
// the program runs under it) reports out-of-bounds accesses into.
#include "sanitizer.hpp"

#include <sys/mman.h>

#include <cstring>
#include <mutex>
#include <new>
#include <vector>

// AddressSanitizer's interface, weak so that one library serves plain and ASan runs: when the
// program runs under ASan, the gaps are poisoned and an access into one is an ASan report.
extern "C" {
void __asan_poison_memory_region(void const volatile* addr, std::size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile* addr, std::size_t size) __attribute__((weak));
}

namespace xcub::host::detail {

XCUB_HOST_API std::uintptr_t san_region_lo = 0;
XCUB_HOST_API std::uintptr_t san_region_span = 0;

namespace {

struct region {
  unsigned char* base = nullptr;
  std::mutex mutex;  // several OS threads may run grids at once
  std::vector<unsigned> free;
  unsigned next = 0;
  shadow_cell* shadows[max_chunks] = {};
};

region& the_region() {
  static region* r = [] {
    auto* reg = new region;  // never destroyed: grids may run during static destruction
    void* p = mmap(nullptr, chunk_bytes * max_chunks, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) fatal("cannot reserve the address space of block shared memory (" +
                               std::to_string(chunk_bytes * max_chunks >> 20) + " MiB, mapped on use)");
    reg->base = static_cast<unsigned char*>(p);
    return reg;
  }();
  return *r;
}

void poison(void* p, std::size_t n) {
  if (__asan_poison_memory_region && n) __asan_poison_memory_region(p, n);
}
void unpoison(void* p, std::size_t n) {
  if (__asan_unpoison_memory_region && n) __asan_unpoison_memory_region(p, n);
}

}  // namespace

unsigned char* chunk_base(unsigned chunk) { return the_region().base + std::size_t{chunk} * chunk_bytes; }

shadow_cell* chunk_shadow(unsigned chunk) { return the_region().shadows[chunk]; }

/// Called by the hooks library (libxcub_host_sanitizer) before main: from now on every chunk has
/// a shadow, and the hooks look at accesses that fall into the region.
XCUB_HOST_API void sanitizer_attach() {
  region& r = the_region();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (san_enabled) return;
  san_enabled = true;
  san_region_lo = reinterpret_cast<std::uintptr_t>(r.base);
  san_region_span = chunk_bytes * max_chunks;
}

void arena_acquire(emu_block& b, std::size_t dynamic_bytes) {
  region& r = the_region();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    if (!r.free.empty()) {
      b.chunk = r.free.back();
      r.free.pop_back();
    } else if (r.next < max_chunks) {
      b.chunk = r.next++;
    } else {
      fatal("more than " + std::to_string(max_chunks) +
            " blocks are resident at once over all OS threads (lower XCUB_HOST_RESIDENT_BLOCKS)");
    }
    if (san_enabled && !r.shadows[b.chunk]) {
      void* s = mmap(nullptr, chunk_bytes * sizeof(shadow_cell), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (s == MAP_FAILED) fatal("out of memory for the shared-memory sanitizer's shadow of a block");
      r.shadows[b.chunk] = static_cast<shadow_cell*>(s);
    }
  }
  b.arena = chunk_base(b.chunk);
  b.arena_used = 0;
  (void)dynamic_bytes;
}

void arena_admit(emu_block& b, std::size_t dynamic_bytes) {
  if (san_enabled) san_reset_shadow(b);
  b.shared_objects.clear();
  b.static_bytes = 0;
  poison(b.arena, chunk_bytes);
  if (dynamic_bytes) {
    unpoison(b.arena + lead_gap, dynamic_bytes);
    std::memset(b.arena + lead_gap, 0xA5, dynamic_bytes);  // uninitialised, like shared memory
    if (san_enabled) san_mark(b, lead_gap, dynamic_bytes);
  }
  b.arena_used = lead_gap + dynamic_bytes;
}

void arena_release(emu_block& b) {
  if (b.chunk == ~0u) return;
  if (san_enabled) san_reset_shadow(b);
  unpoison(b.arena, chunk_bytes);
  region& r = the_region();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.free.push_back(b.chunk);
  b.chunk = ~0u;
  b.arena = nullptr;
}

void* arena_object(emu_block& b, const void* tag, const char* name, const char* function, std::size_t bytes,
                   std::size_t align) {
  for (const auto& o : b.shared_objects) {
    if (o.tag == tag) return b.arena + o.offset;
  }
  if (align < 16) align = 16;
  const std::size_t offset = (b.arena_used + object_gap + align - 1) / align * align;
  if (offset + bytes + object_gap > chunk_bytes) {
    fatal("XCUB_SHARED " + std::string(name ? name : "object") + " (" + std::to_string(bytes) +
          " bytes) does not fit in the block's shared memory");
  }
  b.static_bytes += bytes;
  if (b.static_bytes > static_limit) {
    fatal("XCUB_SHARED " + std::string(name ? name : "object") + " (" + std::to_string(bytes) +
          " bytes) makes the block's static shared memory " + std::to_string(b.static_bytes) +
          " bytes, more than CUDA's 48 KiB limit for static shared memory (use dynamic shared memory)");
  }
  b.shared_objects.push_back({tag, name, function, offset, bytes});
  unpoison(b.arena + offset, bytes);
  std::memset(b.arena + offset, 0xA5, bytes);  // uninitialised, like shared memory
  if (san_enabled) san_mark(b, offset, bytes);
  b.arena_used = offset + bytes;
  return b.arena + offset;
}

}  // namespace xcub::host::detail
