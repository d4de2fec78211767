// The shared-memory sanitizer: the emulator's own shadow memory, fed by the hooks that GCC's or
// Clang's ThreadSanitizer instrumentation (-fsanitize=thread) calls on every load, store and
// atomic of the user's code; libxcub_host_sanitizer (sanitizer_hooks.cpp) implements those hooks
// instead of the TSan runtime and hands accesses that fall into the shared-memory region here.
//
// Happens-before within a block: a block barrier orders everything before it against everything
// after it (a barrier generation per block); sync_warp and atomics order through vector clocks
// that are reset at every barrier (each thread knows the clocks of the threads it synchronised
// with since the last barrier). Shuffles and votes do not order memory, as on GPUs.
#include "sanitizer.hpp"

#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace xcub::host::detail {

bool san_enabled = false;

namespace {

std::uint32_t known_clock(const emu_thread& t, std::uint32_t gen, unsigned tid) {
  if (t.san_known_gen != gen) return 0;
  const std::uint64_t key = std::uint64_t{tid} << 32;
  auto it = std::lower_bound(t.san_known.begin(), t.san_known.end(), key);
  return it != t.san_known.end() && (*it >> 32) == tid ? static_cast<std::uint32_t>(*it) : 0;
}

/// Whether an access (gen, clock, tid) of the thread's block happens before the thread's next one.
bool ordered(const emu_thread& t, std::uint32_t gen, std::uint32_t clock, unsigned tid) {
  const std::uint32_t now = t.block->barrier_gen;
  return gen != now || tid == t.ids.linear_tid || known_clock(t, now, tid) >= clock;
}

void refresh(emu_thread& t) {
  if (t.san_known_gen != t.block->barrier_gen) {
    t.san_known.clear();
    t.san_known_gen = t.block->barrier_gen;
  }
}

/// into = the larger clock of each thread in `into` and `from` (both sorted by thread).
void join(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
  if (from.empty()) return;
  std::vector<std::uint64_t> out;
  out.reserve(into.size() + from.size());
  auto a = into.cbegin();
  auto b = from.cbegin();
  while (a != into.cend() || b != from.cend()) {
    if (b == from.cend() || (a != into.cend() && (*a >> 32) < (*b >> 32))) out.push_back(*a++);
    else if (a == into.cend() || (*b >> 32) < (*a >> 32)) out.push_back(*b++);
    else out.push_back(std::max(*a++, *b++));
  }
  into.swap(out);
}

std::uint64_t own_entry(const emu_thread& t) { return std::uint64_t{t.ids.linear_tid} << 32 | t.san_clock; }

std::string where(const void* pc) {
  if (!pc) return "?";
  Dl_info info;
  if (!dladdr(pc, &info) || !info.dli_fname) return hex(reinterpret_cast<std::uintptr_t>(pc));
  std::string s;
  if (info.dli_sname) {
    int status = 0;
    char* d = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
    s = (status == 0 && d ? d : info.dli_sname) + std::string(" ");
    std::free(d);
  }
  // the offset in the binary is what addr2line -Cfie BINARY OFFSET turns into a source line
  return s + "(" + info.dli_fname + "+" +
         hex(reinterpret_cast<std::uintptr_t>(pc) - reinterpret_cast<std::uintptr_t>(info.dli_fbase)) + ")";
}

std::string who(const emu_block& b, unsigned tid) {
  const dim3 d = b.threads[tid].ids.block_dim;
  return "thread " + std::to_string(tid) + " " + describe(dim3(tid % d.x, tid / d.x % d.y, tid / (d.x * d.y))) +
         " (warp " + std::to_string(tid / warp_width) + ", lane " + std::to_string(tid % warp_width) + ")";
}

std::string object_name(const emu_block::shared_object& o) {
  std::string s = "XCUB_SHARED object '" + std::string(o.name ? o.name : "?") + "' (" + std::to_string(o.bytes) +
                  " bytes";
  if (o.function) s += ", declared in " + std::string(o.function);
  return s + ")";
}

/// Names the byte at `offset` of the block's arena: inside an object, or in a gap next to one.
std::string locate(const emu_block& b, std::size_t offset) {
  const std::size_t dyn = grid_dynamic_bytes();
  struct span { std::size_t begin, end; std::string name; };
  std::vector<span> spans;
  if (dyn) spans.push_back({lead_gap, lead_gap + dyn, "the dynamic shared memory (" + std::to_string(dyn) + " bytes)"});
  for (const auto& o : b.shared_objects) spans.push_back({o.offset, o.offset + o.bytes, object_name(o)});
  const span* below = nullptr;
  const span* above = nullptr;
  for (const span& s : spans) {
    if (offset >= s.begin && offset < s.end) return "byte offset " + std::to_string(offset - s.begin) + " of " + s.name;
    if (s.end <= offset && (!below || s.end > below->end)) below = &s;
    if (s.begin > offset && (!above || s.begin < above->begin)) above = &s;
  }
  // a gap: name it from the object below (an overrun is the common bug), else from the one above
  if (below) return "byte offset " + std::to_string(offset - below->begin) + " of " + below->name + ", past its end";
  if (above) return std::to_string(above->begin - offset) + " byte(s) before the start of " + above->name;
  return "a byte of shared memory that no object holds";
}

[[noreturn]] void report_race(const emu_thread& t, std::size_t offset, std::size_t n, bool write, bool other_write,
                              unsigned other, const void* pc, const void* other_pc) {
  const emu_block& b = *t.block;
  const char* kind = write && other_write ? "write-write" : "read-write";
  fatal(std::string("shared-memory race (") + kind + "): " + who(b, t.ids.linear_tid) + (write ? " writes " : " reads ") +
            std::to_string(n) + " byte(s) at " + locate(b, offset) + ", which " + who(b, other) +
            (other_write ? " wrote" : " read") +
            " with no block barrier, sync_warp or atomic ordering the two accesses (shuffles and votes do not)"
            "\n  this access: " + where(pc) + "\n  other access: " + where(other_pc),
        &t);
}

}  // namespace

std::size_t grid_dynamic_bytes() { return active_run() ? active_run()->request.shared_bytes : 0; }

unsigned san_checks_from_environment() {
  const char* s = std::getenv("XCUB_HOST_SANITIZE");
  if (!s) return check_race | check_bounds | check_init;
  unsigned c = 0;
  if (std::strstr(s, "race")) c |= check_race;
  if (std::strstr(s, "bounds")) c |= check_bounds;
  if (std::strstr(s, "init")) c |= check_init;
  return c;
}

unsigned san_launch_checks() {
  if (san_enabled) return san_checks_from_environment();
  // Without the hooks nothing is checked: say so once rather than ignore the request.
  const char* s = std::getenv("XCUB_HOST_SANITIZE");
  static std::once_flag warned;
  if (s && *s && std::strcmp(s, "none") != 0) {
    std::call_once(warned, [s] {
      std::fprintf(stderr, "xcub: warning: XCUB_HOST_SANITIZE=%s has no effect: this program is built without the "
                   "shared-memory sanitizer (link xcub-host-sanitize, or build with -Dhost_sanitize=true; "
                   "docs/host-emulator.md)\n", s);
    });
  }
  return 0;
}

void san_reset_shadow(emu_block& b) {
  if (shadow_cell* s = chunk_shadow(b.chunk)) std::memset(s, 0, std::min(b.arena_used + object_gap, chunk_bytes) * sizeof(shadow_cell));
}

void san_mark(emu_block& b, std::size_t offset, std::size_t bytes) {
  shadow_cell* s = chunk_shadow(b.chunk);
  for (std::size_t i = 0; i < bytes; ++i) s[offset + i].flags = cell_addressable;
}

XCUB_HOST_API void san_access(const void* p, std::size_t n, unsigned kind, const void* pc) {
  grid_run* run = active_run();
  if (!run || !run->current || !run->san_checks) return;  // host code, or checks off for this grid
  emu_thread& t = *run->current;
  emu_block& b = *t.block;
  const std::size_t at = reinterpret_cast<std::uintptr_t>(p) - san_region_lo;
  const std::size_t offset = at % chunk_bytes;
  if (at / chunk_bytes != b.chunk) {
    if (run->san_checks & check_bounds) {
      fatal("shared-memory access out of bounds: " + who(b, t.ids.linear_tid) + (kind & 1 ? " writes " : " reads ") +
            std::to_string(n) + " byte(s) of the shared memory of another block (or of a finished one)\n  this access: " +
            where(pc), &t);
    }
    return;
  }
  shadow_cell* cells = chunk_shadow(b.chunk) + offset;
  const bool write = kind & 1, atomic = kind & 2;
  const std::uint32_t gen = b.barrier_gen, clock = t.san_clock;
  const unsigned tid = t.ids.linear_tid;
  for (std::size_t i = 0; i < n && offset + i < chunk_bytes; ++i) {
    shadow_cell& c = cells[i];
    if (!(c.flags & cell_addressable)) {
      if (!(run->san_checks & check_bounds)) continue;
      fatal("shared-memory access out of bounds: " + who(b, tid) + (write ? " writes " : " reads ") +
                std::to_string(n) + " byte(s) at " + locate(b, offset + i) + "\n  this access: " + where(pc),
            &t);
    }
    const bool race = run->san_checks & check_race;
    if (c.wgen && race && !(atomic && (c.flags & cell_w_atomic)) && !ordered(t, c.wgen, c.wclock, c.wtid)) {
      report_race(t, offset, n, write, true, c.wtid, pc, c.wpc);
    }
    if (write) {
      for (int k = 0; k < 2; ++k) {
        const std::uint8_t ratomic = k ? cell_r2_atomic : cell_r_atomic;
        if (c.rgen[k] && race && !(atomic && (c.flags & ratomic)) && !ordered(t, c.rgen[k], c.rclock[k], c.rtid[k])) {
          report_race(t, offset, n, true, false, c.rtid[k], pc, c.rpc[k]);
        }
      }
      c.wgen = gen, c.wclock = clock, c.wtid = static_cast<std::uint16_t>(tid), c.wpc = pc;
      c.rgen[0] = c.rgen[1] = 0;  // every later access ordered after this write is ordered after those reads
      c.flags = static_cast<std::uint8_t>((c.flags & ~(cell_w_atomic | cell_r_atomic | cell_r2_atomic)) |
                                          (atomic ? cell_w_atomic : 0));
    } else {
      if (!c.wgen && !(c.flags & cell_init_ok) && (run->san_checks & check_init)) {
        fatal("uninitialised shared-memory read: " + who(b, tid) + " reads " + std::to_string(n) + " byte(s) at " +
                  locate(b, offset) + ", and no thread of the block has written byte " +
                  std::to_string(i) + " of them since the block began (xcub::host::assume_initialized marks "
                  "a deliberate read of padding)\n  this access: " + where(pc),
              &t);
      }
      // Keep two reads that are not known to follow each other, replacing one that this read
      // follows: a later write must follow both. (A third concurrent read is not remembered.)
      for (int k = 0; k < 2; ++k) {
        if (c.rgen[k] && !ordered(t, c.rgen[k], c.rclock[k], c.rtid[k])) continue;
        const std::uint8_t ratomic = k ? cell_r2_atomic : cell_r_atomic;
        c.rgen[k] = gen, c.rclock[k] = clock, c.rtid[k] = static_cast<std::uint16_t>(tid), c.rpc[k] = pc;
        c.flags = static_cast<std::uint8_t>((c.flags & ~ratomic) | (atomic ? ratomic : 0));
        break;
      }
    }
  }
}

/// An atomic of the running thread at p: acquires and releases the clocks of p's earlier atomics
/// in this block (every atomic counts as acq_rel, so no ordering a kernel may rely on is missed).
XCUB_HOST_API void san_atomic(const void* p, std::size_t n, unsigned kind, const void* pc) {
  grid_run* run = active_run();
  if (!run || !run->current || !run->san_checks) return;
  emu_thread& t = *run->current;
  emu_block& b = *t.block;
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  san_sync& s = run->san_syncs[addr ^ (b.serial * 0x9E3779B97F4A7C15ull)];  // a clash only adds ordering
  if (s.block != &b || s.serial != b.serial || s.gen != b.barrier_gen) {
    s.block = &b, s.serial = b.serial, s.gen = b.barrier_gen;
    s.known.clear();
  }
  refresh(t);
  join(t.san_known, s.known);
  if (addr - san_region_lo < san_region_span) san_access(p, n, kind | 2, pc);
  join(s.known, t.san_known);
  join(s.known, std::vector<std::uint64_t>{own_entry(t)});
  ++t.san_clock;
}

void san_warp_sync(emu_block& b, emu_thread* const* lanes, mask64 members) {
  grid_run& run = *active_run();
  if (!run.san_checks) return;
  std::vector<std::uint32_t>& dense = run.san_scratch;
  if (dense.size() < b.threads.size()) dense.assign(b.threads.size(), 0);
  std::vector<std::uint64_t> joined;
  std::vector<unsigned> touched;
  const auto take = [&](std::uint64_t e) {
    const auto tid = static_cast<unsigned>(e >> 32);
    const auto clock = static_cast<std::uint32_t>(e);
    if (!dense[tid]) touched.push_back(tid);
    dense[tid] = std::max(dense[tid], clock);
  };
  for (int l = 0; l < warp_width; ++l) {
    if (!(members >> l & 1)) continue;
    emu_thread& m = *lanes[l];
    refresh(m);
    for (std::uint64_t e : m.san_known) take(e);
    take(own_entry(m));
  }
  std::sort(touched.begin(), touched.end());
  joined.reserve(touched.size());
  for (unsigned tid : touched) {
    joined.push_back(std::uint64_t{tid} << 32 | dense[tid]);
    dense[tid] = 0;
  }
  for (int l = 0; l < warp_width; ++l) {
    if (!(members >> l & 1)) continue;
    lanes[l]->san_known = joined;
    ++lanes[l]->san_clock;
  }
}

/// Marks shared bytes as initialised for the uninitialised-read check (a deliberate read of padding).
XCUB_HOST_API void shared_assume_initialized(const void* p, std::size_t n) {
  grid_run* run = active_run();
  if (!san_enabled || !run || !run->current) return;
  emu_block& b = *run->current->block;
  const std::size_t at = reinterpret_cast<std::uintptr_t>(p) - san_region_lo;
  if (at >= san_region_span || at / chunk_bytes != b.chunk) return;
  shadow_cell* cells = chunk_shadow(b.chunk) + at % chunk_bytes;
  for (std::size_t i = 0; i < n && at % chunk_bytes + i < chunk_bytes; ++i) cells[i].flags |= cell_init_ok;
}

XCUB_HOST_API unsigned sanitizer_checks() { return san_enabled ? san_checks_from_environment() : 0; }

}  // namespace xcub::host::detail
