// The shared-memory sanitizer (-Dhost_sanitize=true, docs/host-emulator.md): planted bugs that
// it must report, each run in a forked child and matched against the report, and each run again
// with the checks off (XCUB_HOST_SANITIZE=none, or a plain build) to show that the plain
// emulator lets it pass (an AddressSanitizer build catches the two overruns, which land in the
// poisoned gaps between shared objects). The fixed kernels must run clean under the sanitizer.
#include "test_support.hpp"
#include "emulator_reports.hpp"

#include <signal.h>

#include <cstdlib>
#include <initializer_list>
#include <string>

namespace xcub_emu_sanitizer {
namespace arch = xcub::arch;
constexpr unsigned W = arch::warp_threads;

// Each thread writes its slot and reads its left neighbour's: with `barrier` false the read is
// not ordered after the write (in order, thread 1 reads what thread 0 wrote: the right value).
XCUB_KERNEL void neighbour_exchange(int* out, bool barrier) {
  using slots_t = int[128];
  XCUB_SHARED(slots_t, slots);
  const unsigned tid = arch::linear_thread_id();
  slots[tid] = static_cast<int>(tid) * 3;
  if (barrier) arch::sync_threads();
  out[tid] = tid > 0 ? slots[tid - 1] : -1;
}

// TempStorage of two phases in a union: phase 1 reads its neighbours' slots, phase 2 overwrites
// the storage, reused without the barrier that must separate them when `barrier` is false.
struct phase1_storage { int partial[64]; };
struct phase2_storage { long long total; int pad[30]; };
union reused_storage { phase1_storage one; phase2_storage two; };
XCUB_KERNEL void reuse_temp_storage(int* out, bool barrier) {
  XCUB_SHARED(reused_storage, temp);
  const unsigned tid = arch::linear_thread_id();
  temp.one.partial[tid] = static_cast<int>(tid);
  arch::sync_threads();
  int sum = 0;
  if (tid == 63) {
    for (int i = 0; i < 64; ++i) sum += temp.one.partial[i];
  }
  if (barrier) arch::sync_threads();  // the barrier before reuse
  if (tid == 0) temp.two.total = 0;   // on top of partial[0] and partial[1], which thread 63 read
  arch::sync_threads();
  out[tid] = sum + static_cast<int>(temp.two.total);
}

// Two lanes store into one slot (a "last writer wins" reduction without atomics).
XCUB_KERNEL void two_lanes_one_slot(int* out, bool atomic) {
  XCUB_SHARED(int, slot);
  const unsigned lane = arch::lane_id();
  if (lane == 0) slot = 0;
  arch::sync_threads();
  if (lane == 3 || lane == 5) {
    if (atomic) arch::atomic_max(&slot, static_cast<int>(lane));
    else slot = static_cast<int>(lane);
  }
  arch::sync_threads();
  out[lane] = slot;
}

// A tile of `n` items, read one past its end by the last thread (as WarpMergeSort once did).
XCUB_KERNEL void one_past_the_tile(int* out, unsigned n) {
  using tile_t = int[W];
  XCUB_SHARED(tile_t, tile);
  const unsigned lane = arch::lane_id();
  tile[lane] = static_cast<int>(lane);
  arch::sync_threads();
  const int* const t = tile;  // through a pointer, as a sort's merge path reads
  out[lane] = t[lane] + (lane + 1 == n ? t[lane + 1] : 0);  // lane n-1 reads tile[n]
}

// The same past the launch's dynamic shared memory.
XCUB_KERNEL void past_dynamic_shared(int* out, unsigned n) {
  int* items = arch::dynamic_shared_memory<int>();
  const unsigned tid = arch::linear_thread_id();
  items[tid] = 1;
  arch::sync_threads();
  out[tid] = items[tid] + (tid + 1 == n ? items[n] : 0);
}

// Only the first half of the threads fill the buffer; everyone reads a mirrored slot.
XCUB_KERNEL void reads_unwritten(int* out, bool assume) {
  using buf_t = int[64];
  XCUB_SHARED(buf_t, buf);
  const unsigned tid = arch::linear_thread_id();
  if (tid < 32) buf[tid] = 1;
  if (assume && tid == 0) xcub::host::assume_initialized(buf + 32, 32 * sizeof(int));
  arch::sync_threads();
  out[tid] = buf[63 - tid] == 1;
}

// Warp-synchronous code from the days of lockstep warps: a lane writes, then reads its
// neighbour's slot with only a vote in between, which orders nothing. `mode` 1: sync_warp
// instead of the vote (correct). In order the emulator runs lanes as if in lockstep.
XCUB_KERNEL void lockstep_exchange(int* out, int mode) {
  using lanes_t = int[W];
  XCUB_SHARED(lanes_t, lanes);
  const unsigned lane = arch::lane_id();
  lanes[lane] = static_cast<int>(lane) + 100;
  if (mode == 1) arch::sync_warp();
  else (void)arch::ballot(arch::full_lane_mask, lane & 1);
  out[lane] = lanes[(lane + W - 1) % W];
}

// A flag published with an atomic: the data written before it is ordered before the reader.
XCUB_KERNEL void publish_with_atomic(int* out) {
  using cell_t = int[2];
  XCUB_SHARED(cell_t, cell);
  const unsigned tid = arch::linear_thread_id();
  if (tid == 0) cell[1] = 0;
  arch::sync_threads();
  if (tid == 0) {
    cell[0] = 42;
    arch::atomic_store_release(&cell[1], 1);
  } else if (tid == W) {  // another warp
    while (arch::atomic_load_acquire(&cell[1]) == 0) arch::pause();
    out[0] = cell[0];
  }
}

}  // namespace xcub_emu_sanitizer

namespace {
namespace ks = xcub_emu_sanitizer;
using xcub_test::child_result;
using xcub_test::run_in_child;
constexpr unsigned W = xcub::arch::warp_threads;

bool sanitized() { return xcub::host::detail::sanitizer_checks() != 0; }

/// Launches in a child on the in-order schedule, with the sanitizer's checks `checks`
/// (XCUB_HOST_SANITIZE syntax; "none" turns them off).
template <class... Params, class... Args>
child_result launch_in_child(const char* checks, xcub::dim3 grid, xcub::dim3 block, std::size_t shared,
                             void (*kernel)(Params...), Args... args) {
  return run_in_child([&] {
    unsetenv("XCUB_HOST_SCHEDULE_SEED");
    xcub::host::detail::set_schedule_seed(false, 0);
    setenv("XCUB_HOST_SANITIZE", checks, 1);
    if (xcub::launch(grid, block, shared, nullptr, kernel, args...) != xcub::success) std::abort();
    if (xcub::device_synchronize() != xcub::success) std::abort();
  });
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool asan_build = true;  // -Db_sanitize=address: the gaps between shared objects are poisoned
#else
constexpr bool asan_build = false;
#endif

/// Under the sanitizer the child dies with a report holding every part; without it (or with the
/// checks off) the same launch finishes silently, except that an AddressSanitizer build sees an
/// out-of-bounds access into the poisoned gaps (`asan_sees`).
template <class... Params, class... Args>
void check_planted(std::initializer_list<std::string> parts, bool asan_sees, xcub::dim3 grid, xcub::dim3 block,
                   std::size_t shared, void (*kernel)(Params...), Args... args) {
  const child_result plain = launch_in_child("none", grid, block, shared, kernel, args...);
  INFO("checks off, child stderr:\n" << plain.err);
  if (asan_build && asan_sees) {
    CHECK(plain.died());
    CHECK(plain.err.find("AddressSanitizer: use-after-poison") != std::string::npos);
  } else {
    CHECK(!plain.died());
    CHECK(plain.err.empty());
  }
  if (!sanitized()) return;  // a plain build: nothing more to see
  INFO("sanitized");
  xcub_test::check_report(launch_in_child("race,bounds,init", grid, block, shared, kernel, args...), SIGABRT, parts);
}

/// The fixed kernel runs clean under every check (a plain build has none to ask for: asking would
/// only print the warning that XCUB_HOST_SANITIZE has no effect there).
template <class... Params, class... Args>
void check_clean(xcub::dim3 grid, xcub::dim3 block, std::size_t shared, void (*kernel)(Params...), Args... args) {
  const child_result r = launch_in_child(sanitized() ? "race,bounds,init" : "none", grid, block, shared, kernel, args...);
  INFO("child stderr:\n" << r.err);
  CHECK(!r.died());
  CHECK(r.err.empty());
}

std::string thread(unsigned tid) {
  return "thread " + std::to_string(tid) + " (" + std::to_string(tid) + ",0,0) (warp " + std::to_string(tid / W) +
         ", lane " + std::to_string(tid % W) + ")";
}
}  // namespace

TEST_CASE("emulator sanitizer: a missing barrier between a shared write and another thread's read") {
  xcub::device_buffer<int> out(128);
  check_planted({"shared-memory race (read-write): " + thread(1) + " reads 4 byte(s) at byte offset 0 of XCUB_SHARED "
                 "object 'slots' (512 bytes, declared in void xcub_emu_sanitizer::neighbour_exchange(int*, bool))",
                 "which " + thread(0) + " wrote with no block barrier", "this access: ", "other access: ",
                 "kernel: xcub_emu_sanitizer::neighbour_exchange(int*, bool)", "block (0,0,0), thread (1,0,0)"},
                false, xcub::dim3(2), xcub::dim3(128), 0, ks::neighbour_exchange, out.data(), false);
  check_clean(xcub::dim3(2), xcub::dim3(128), 0, ks::neighbour_exchange, out.data(), true);
  check_clean(xcub::dim3(3), xcub::dim3(100), 0, ks::neighbour_exchange, out.data(), true);  // a partial warp
}

TEST_CASE("emulator sanitizer: TempStorage reused without a barrier") {
  xcub::device_buffer<int> out(64);
  check_planted({"shared-memory race (read-write): " + thread(0) + " writes 8 byte(s) at byte offset 0 of "
                 "XCUB_SHARED object 'temp' (256 bytes", "which " + thread(63) + " read with no block barrier"},
                false, xcub::dim3(1), xcub::dim3(64), 0, ks::reuse_temp_storage, out.data(), false);
  check_clean(xcub::dim3(2), xcub::dim3(64), 0, ks::reuse_temp_storage, out.data(), true);
}

TEST_CASE("emulator sanitizer: two lanes write one slot") {
  xcub::device_buffer<int> out(W);
  check_planted({"shared-memory race (write-write): " + thread(5) + " writes 4 byte(s) at byte offset 0 of XCUB_SHARED "
                 "object 'slot' (4 bytes", "which " + thread(3) + " wrote with no block barrier"},
                false, xcub::dim3(1), xcub::dim3(W), 0, ks::two_lanes_one_slot, out.data(), false);
  check_clean(xcub::dim3(1), xcub::dim3(W), 0, ks::two_lanes_one_slot, out.data(), true);  // atomics do not race
}

TEST_CASE("emulator sanitizer: a read one past the end of a shared tile") {
  xcub::device_buffer<int> out(W);
  check_planted({"shared-memory access out of bounds: " + thread(W - 1) + " reads 4 byte(s) at byte offset " +
                 std::to_string(W * 4) + " of XCUB_SHARED object 'tile' (" + std::to_string(W * 4) +
                 " bytes, declared in void xcub_emu_sanitizer::one_past_the_tile(int*, unsigned int)), past its end",
                 "kernel: xcub_emu_sanitizer::one_past_the_tile(int*, unsigned int)"},
                true, xcub::dim3(1), xcub::dim3(W), 0, ks::one_past_the_tile, out.data(), W);
  // past the launch's dynamic bytes: 100 ints
  xcub::device_buffer<int> out100(100);
  check_planted({"shared-memory access out of bounds: " + thread(99) + " reads 4 byte(s) at byte offset 400 of the "
                 "dynamic shared memory (400 bytes), past its end"},
                true, xcub::dim3(1), xcub::dim3(100), 400, ks::past_dynamic_shared, out100.data(), 100u);
}

TEST_CASE("emulator sanitizer: a read of shared memory that no thread wrote") {
  xcub::device_buffer<int> out(64);
  check_planted({"uninitialised shared-memory read: " + thread(0) + " reads 4 byte(s) at byte offset 252 of "
                 "XCUB_SHARED object 'buf' (256 bytes", "xcub::host::assume_initialized"},
                false, xcub::dim3(1), xcub::dim3(64), 0, ks::reads_unwritten, out.data(), false);
  check_clean(xcub::dim3(1), xcub::dim3(64), 0, ks::reads_unwritten, out.data(), true);  // marked deliberate
  // the check is optional per run
  const child_result r = launch_in_child("race,bounds", xcub::dim3(1), xcub::dim3(64), 0, ks::reads_unwritten,
                                         out.data(), false);
  CHECK(!r.died());
}

TEST_CASE("emulator sanitizer: a race hidden by lockstep execution (no sync_warp, only a vote)") {
  xcub::device_buffer<int> out(W);
  // in order, the last lane to reach the vote completes it and reads first
  check_planted({"shared-memory race (read-write): " + thread(W - 1) + " reads 4 byte(s) at byte offset " +
                 std::to_string((W - 2) * 4) + " of XCUB_SHARED object 'lanes'", "which " + thread(W - 2) + " wrote",
                 "(shuffles and votes do not)"},
                false, xcub::dim3(1), xcub::dim3(W), 0, ks::lockstep_exchange, out.data(), 0);
  check_clean(xcub::dim3(2), xcub::dim3(W), 0, ks::lockstep_exchange, out.data(), 1);
}

TEST_CASE("emulator sanitizer: an atomic release and acquire order shared memory") {
  xcub::device_buffer<int> out(1);
  check_clean(xcub::dim3(1), xcub::dim3(2 * W), 0, ks::publish_with_atomic, out.data());
}
