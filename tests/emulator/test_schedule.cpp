// The emulator's schedules: the in-order schedule is deterministic, a seeded random schedule
// replays exactly and differs between seeds, correct kernels stay correct under many seeds, and
// the blocks of the resident window are interleaved so that one block can wait for another.
#include "test_support.hpp"
#include "schedule_scope.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

namespace xcub_emu_schedule {
namespace arch = xcub::arch;

XCUB_DEVICE unsigned global_id() {
  return static_cast<unsigned>(arch::linear_block_id()) * arch::block_threads() + arch::linear_thread_id();
}

/// Each thread takes a ticket after passing a warp shuffle, a block barrier, a vote and an atomic
/// (the points where threads switch), and writes its id at its ticket: the global order.
XCUB_KERNEL void record_order(unsigned* counter, unsigned* order) {
  const unsigned tid = arch::linear_thread_id();
  unsigned v = arch::shfl_xor(arch::full_lane_mask, tid, 1);
  arch::sync_threads();
  v += arch::ballot(arch::full_lane_mask, v % 3 == 0) != 0;
  arch::atomic_add(&counter[1], v);
  order[arch::atomic_add(&counter[0], 1u)] = global_id();
}

/// No switch point but the atomic itself.
XCUB_KERNEL void take_ticket(unsigned* counter, unsigned* order) { order[arch::atomic_add(counter, 1u)] = global_id(); }

constexpr unsigned exchange_threads = 128;

/// Shared-memory exchange across a block barrier, twice, plus a warp shuffle.
XCUB_KERNEL void exchange(const int* in, int* out) {
  using ints = int[exchange_threads];
  XCUB_SHARED(ints, tile);
  const unsigned tid = arch::linear_thread_id(), n = exchange_threads;
  tile[tid] = in[global_id()];
  arch::sync_threads();
  int v = tile[(tid + 1) % n] + 2 * tile[n - 1 - tid];
  arch::sync_threads();  // everyone has read before anyone overwrites
  tile[tid] = v + arch::shfl_down(arch::full_lane_mask, v, 1);
  arch::sync_threads();
  out[global_id()] = tile[(tid + 5) % n];
}

/// An inclusive scan over the grid: blocks chain their totals through flags, each waiting for
/// its predecessor (which is resident or done: blocks are admitted in order).
XCUB_KERNEL void chained_scan(const int* in, long long* out, long long* inclusive, int* flags) {
  using sums = long long[exchange_threads];
  XCUB_SHARED(sums, scan);
  XCUB_SHARED(long long, offset);
  const unsigned tid = arch::linear_thread_id();
  const unsigned long long b = arch::linear_block_id();
  scan[tid] = in[global_id()];
  arch::sync_threads();
  if (tid == 0) {
    for (unsigned i = 1; i < exchange_threads; ++i) scan[i] += scan[i - 1];
    offset = 0;
    if (b > 0) {
      while (arch::atomic_load_acquire(&flags[b - 1]) == 0) arch::pause();
      offset = inclusive[b - 1];
    }
    inclusive[b] = offset + scan[exchange_threads - 1];
    arch::atomic_store_release(&flags[b], 1);
  }
  arch::sync_threads();
  out[global_id()] = offset + scan[tid];
}

/// Block 0 waits for a flag that block 1 writes; the other blocks do nothing.
XCUB_KERNEL void first_waits_for_second(int* flag, int* seen) {
  const unsigned b = arch::block_idx().x;
  if (b == 0 && arch::linear_thread_id() == 0) {
    int v;
    while ((v = arch::atomic_load_acquire(flag)) == 0) arch::pause();
    *seen = v;
  } else if (b == 1) {
    arch::sync_threads();
    if (arch::linear_thread_id() == 0) arch::atomic_store_release(flag, 42);
  }
}

}  // namespace xcub_emu_schedule

namespace {
namespace arch = xcub::arch;
namespace k = xcub_emu_schedule;

using xcub_test::schedule_scope;
using xcub_test::seed_or_in_order;

constexpr unsigned order_blocks = 4, order_threads = 64, order_total = order_blocks * order_threads;

/// The global order in which the threads of record_order (or another such kernel) took tickets.
std::vector<unsigned> order_under(std::optional<std::uint64_t> seed,
                                  void (*kernel)(unsigned*, unsigned*) = k::record_order) {
  schedule_scope scope(seed);
  xcub::device_buffer<unsigned> counter(std::vector<unsigned>{0, 0});
  xcub::device_buffer<unsigned> order(order_total);
  xcub_test::launch_and_wait(xcub::dim3(order_blocks), xcub::dim3(order_threads), 0, kernel, counter.data(),
                             order.data());
  std::vector<unsigned> got = order.download();
  std::vector<unsigned> sorted = got;
  std::sort(sorted.begin(), sorted.end());
  std::vector<unsigned> ids(order_total);
  std::iota(ids.begin(), ids.end(), 0u);
  REQUIRE(sorted == ids);  // every thread took exactly one ticket
  return got;
}
}  // namespace

TEST_CASE("emulator: schedule: the in-order schedule repeats itself") {
  const std::vector<unsigned> first = order_under(std::nullopt);
  CHECK(order_under(std::nullopt) == first);
  // without switch points the threads run one after another, in block and thread order
  std::vector<unsigned> ids(order_total);
  std::iota(ids.begin(), ids.end(), 0u);
  CHECK(order_under(std::nullopt, k::take_ticket) == ids);
}

TEST_CASE("emulator: schedule: a seed replays its order, and other seeds give other orders") {
  const std::vector<unsigned> in_order = order_under(std::nullopt);
  const std::uint64_t seeds[] = {1, 2, 0x9e3779b97f4a7c15ull};
  std::vector<std::vector<unsigned>> orders;
  for (const std::uint64_t seed : seeds) {
    CAPTURE(seed);
    orders.push_back(order_under(seed));
    CHECK(order_under(seed) == orders.back());  // replay
    CHECK(orders.back() != in_order);
  }
  CHECK(orders[0] != orders[1]);
  CHECK(orders[0] != orders[2]);
  CHECK(orders[1] != orders[2]);
  // the random schedule switches at atomics too: even the ticket-only kernel is shuffled
  std::vector<unsigned> ids(order_total);
  std::iota(ids.begin(), ids.end(), 0u);
  CHECK(order_under(seeds[0], k::take_ticket) != ids);
}

TEST_CASE("emulator: schedule: correct kernels stay correct under many seeds") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("emulator schedule");
  xcub_test::env_scope window("XCUB_HOST_RESIDENT_BLOCKS", "4");  // fewer than the blocks: slots are reused
  const unsigned blocks = 12, n = blocks * k::exchange_threads;
  std::vector<int> in(n);
  for (int& x : in) x = static_cast<int>(rng() % 2001) - 1000;

  std::vector<int> want_exchange(n);
  std::vector<long long> want_scan(n);
  for (unsigned b = 0; b < blocks; ++b) {
    const int* tile = &in[b * k::exchange_threads];
    const unsigned t = k::exchange_threads;
    std::vector<int> v(t);
    for (unsigned i = 0; i < t; ++i) v[i] = tile[(i + 1) % t] + 2 * tile[t - 1 - i];
    std::vector<int> w(t);
    for (unsigned i = 0; i < t; ++i) {
      // shfl_down by 1 within a warp: the last lane of a warp reads its own value
      const bool last_lane = i % arch::warp_threads == arch::warp_threads - 1;
      w[i] = v[i] + (last_lane ? v[i] : v[i + 1]);
    }
    for (unsigned i = 0; i < t; ++i) want_exchange[b * t + i] = w[(i + 5) % t];
  }
  std::partial_sum(in.begin(), in.end(), want_scan.begin(), [](long long a, long long b) { return a + b; });

  xcub::device_buffer<int> d_in(in), d_exchange(n);
  xcub::device_buffer<long long> d_scan(n), d_inclusive(blocks);
  xcub::device_buffer<int> d_flags(blocks);
  for (std::uint64_t seed = 0; seed <= 40; ++seed) {
    CAPTURE(seed);
    schedule_scope scope(seed_or_in_order(seed));
    XCUB_TEST_CALL(xcub::memset(d_flags.data(), 0, blocks * sizeof(int)));
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(k::exchange_threads), 0, k::exchange, d_in.data(),
                               d_exchange.data());
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(k::exchange_threads), 0, k::chained_scan, d_in.data(),
                               d_scan.data(), d_inclusive.data(), d_flags.data());
    xcub_test::check_equal(d_exchange.download(), want_exchange, "exchange");
    xcub_test::check_equal(d_scan.download(), want_scan, "chained scan");
  }
}

TEST_CASE("emulator: schedule: resident blocks are interleaved, so a block can wait for a later one") {
  // the window must hold blocks 0 and 1 (the default holds 8): see the resident-window deadlock
  // in test_checks.cpp for what happens when it does not
  xcub_test::env_scope window("XCUB_HOST_RESIDENT_BLOCKS", "2");
  xcub::device_buffer<int> flag(1), seen(1);
  for (std::uint64_t seed = 0; seed <= 10; ++seed) {
    CAPTURE(seed);
    schedule_scope scope(seed_or_in_order(seed));
    XCUB_TEST_CALL(xcub::memset(flag.data(), 0, sizeof(int)));
    XCUB_TEST_CALL(xcub::memset(seen.data(), 0, sizeof(int)));
    xcub_test::launch_and_wait(xcub::dim3(4), xcub::dim3(64), 0, k::first_waits_for_second, flag.data(), seen.data());
    CHECK(seen.download()[0] == 42);
  }
}
