// "Device" memory of the host backend: every device_malloc is a mapping of its own, placed so
// that the allocation ends within 256 bytes of an inaccessible guard region, and recorded with
// its size. That gives every build, plain or sanitized:
// - an access past the end (or before the start) that reaches a guard faults at once, and the
//   fault handler (diagnostics.cpp) names the allocation, its size and the offset;
// - the few bytes between the end and the guard (the allocation is 256-byte aligned, as CUDA's)
//   hold a canary: a write there is reported when the launch that made it completes, or when the
//   allocation is freed;
// - memcpy and memset refuse a range that runs past the allocation it starts in;
// - freeing a pointer that is not a live allocation is error_invalid_value, not a crash.
// Also the fault injection of emulator_api.hpp: the k-th allocation or launch of an OS thread
// fails, so that tests can walk every failure point of a call.
#include "emulator.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <string>

// AddressSanitizer's interface, weak so that one library serves plain and ASan runs.
extern "C" void __asan_unpoison_memory_region(void const volatile* addr, std::size_t size) __attribute__((weak));

namespace xcub::host::detail {
namespace {

constexpr std::size_t alignment = 256;           // CUDA's guarantee for cudaMalloc
constexpr std::size_t guard_before = 64 * 1024;  // catches small negative offsets
constexpr std::size_t guard_after = 1024 * 1024; // wide enough for a temp-storage piece past a tiny block
constexpr unsigned char canary = 0xCB;

struct allocation {
  unsigned char* map;     // the whole mapping, guards included
  std::size_t map_bytes;
  std::size_t bytes;      // what device_malloc was asked for
  std::size_t slack;      // canary bytes after the end, up to the guard
};

struct registry {
  std::mutex mutex;
  std::map<std::uintptr_t, allocation> live;  // by user address
  std::size_t live_bytes = 0;
};

registry& the_registry() {
  static registry* r = new registry;  // never destroyed: memory may be freed during static destruction
  return *r;
}

std::size_t page_bytes() {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

thread_local unsigned long long tls_alloc_countdown = 0, tls_launch_countdown = 0;
thread_local error_t tls_launch_error = success;
thread_local unsigned long long tls_injected = 0;

/// The first canary byte that changed, or slack when none did.
std::size_t first_changed(const allocation& a, const unsigned char* user) {
  for (std::size_t i = 0; i < a.slack; ++i) {
    if (user[a.bytes + i] != canary) return i;
  }
  return a.slack;
}

[[noreturn]] void report_overwrite(std::uintptr_t user, const allocation& a, std::size_t at, const char* when) {
  fatal("device memory written out of bounds: byte " + std::to_string(a.bytes + at) + " of the " +
        std::to_string(a.bytes) + "-byte device allocation at " + hex(user) + " (past its end) was written " + when);
}

}  // namespace

bool allocation_fault_injected() {
  if (tls_alloc_countdown == 0 || --tls_alloc_countdown != 0) return false;
  ++tls_injected;
  return true;
}

bool launch_fault_injected(error_t& e) {
  if (tls_launch_countdown == 0 || --tls_launch_countdown != 0) return false;
  ++tls_injected;
  e = tls_launch_error;
  return true;
}

XCUB_HOST_API error_t device_allocate(void** ptr, std::size_t bytes) {
  if (allocation_fault_injected()) return error_memory_allocation;
  const std::size_t page = page_bytes();
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (bytes > (std::size_t{1} << 47) || rounded < bytes) return error_memory_allocation;
  const std::size_t data_pages = (rounded + page - 1) / page * page;
  const std::size_t map_bytes = guard_before + data_pages + guard_after;
  // Not MAP_NORESERVE: making the data pages writable charges them to the commit limit, so an
  // allocation the machine cannot back fails here (as operator new would), not at first touch.
  void* m = mmap(nullptr, map_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return error_memory_allocation;
  auto* map = static_cast<unsigned char*>(m);
  if (mprotect(map + guard_before, data_pages, PROT_READ | PROT_WRITE) != 0) {
    munmap(m, map_bytes);
    return error_memory_allocation;
  }
  // The kernel may hand out addresses that were a fiber stack of an OS thread that has ended:
  // AddressSanitizer, which does not follow fiber stacks, may still hold their frames' redzones.
  if (__asan_unpoison_memory_region) __asan_unpoison_memory_region(map + guard_before, data_pages);
  unsigned char* user = map + guard_before + data_pages - rounded;
  const allocation a{map, map_bytes, bytes, rounded - bytes};
  std::memset(user + bytes, canary, a.slack);
  try {
    registry& r = the_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.live.emplace(reinterpret_cast<std::uintptr_t>(user), a);
    r.live_bytes += bytes;
  } catch (const std::bad_alloc&) {
    munmap(m, map_bytes);
    return error_memory_allocation;
  }
  *ptr = user;
  return success;
}

XCUB_HOST_API error_t device_release(void* ptr) {
  if (!ptr) return success;
  registry& r = the_registry();
  allocation a;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto it = r.live.find(reinterpret_cast<std::uintptr_t>(ptr));
    if (it == r.live.end()) return error_invalid_value;  // not a live device allocation
    a = it->second;
    if (const std::size_t at = first_changed(a, static_cast<unsigned char*>(ptr)); at < a.slack) {
      report_overwrite(it->first, a, at, "before it was freed (by a kernel or by host code)");
    }
    r.live.erase(it);
    r.live_bytes -= a.bytes;
  }
  munmap(a.map, a.map_bytes);
  return success;
}

XCUB_HOST_API bool device_range_ok(const void* p, std::size_t bytes) {
  if (bytes == 0) return true;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  registry& r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.live.upper_bound(a);
  if (it == r.live.begin()) return true;
  --it;
  const allocation& al = it->second;
  const auto map_lo = reinterpret_cast<std::uintptr_t>(al.map);
  if (a < map_lo || a >= map_lo + al.map_bytes) return true;  // not device memory: host memory is the caller's
  return a >= it->first && bytes <= al.bytes && a - it->first <= al.bytes - bytes;
}

XCUB_HOST_API std::size_t device_live_allocations(std::size_t* bytes) {
  registry& r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (bytes) *bytes = r.live_bytes;
  return r.live.size();
}

void check_device_canaries(const std::string& kernel_name) {
  registry& r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [user, a] : r.live) {
    if (const std::size_t at = first_changed(a, reinterpret_cast<const unsigned char*>(user)); at < a.slack) {
      report_overwrite(user, a, at,
                       ("by the kernel " + kernel_name + " (or by host code, or by a kernel of another OS thread, "
                        "since the last check)").c_str());
    }
  }
}

std::string describe_device_address(const void* p) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  registry& r = the_registry();
  std::unique_lock<std::mutex> lock(r.mutex, std::try_to_lock);  // called from a fault handler
  if (!lock.owns_lock()) return {};
  for (const auto& [user, al] : r.live) {
    const auto map_lo = reinterpret_cast<std::uintptr_t>(al.map);
    if (a < map_lo || a >= map_lo + al.map_bytes) continue;
    const std::string where = a >= user ? std::to_string(a - user - al.bytes) + " byte(s) past the end"
                                        : std::to_string(user - a) + " byte(s) before the start";
    return "device memory access out of bounds: address " + hex(a) + " is " + where + " of the " +
           std::to_string(al.bytes) + "-byte device allocation at " + hex(user) + " (device_malloc)";
  }
  return {};
}

XCUB_HOST_API void inject_allocation_failure(unsigned long long k) { tls_alloc_countdown = k; }

XCUB_HOST_API void inject_launch_failure(unsigned long long k, error_t e) {
  tls_launch_countdown = k;
  tls_launch_error = e;
}

XCUB_HOST_API unsigned long long injected_faults() { return tls_injected; }

}  // namespace xcub::host::detail
