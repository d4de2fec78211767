// Test support: a seeded source of random inputs (seed printed, replayable with XCUB_TEST_SEED),
// device-call checks, and comparison of whole arrays with the reference.
#pragma once

#include <doctest/doctest.h>
#include <xcub/xcub.hpp>
#include <xcub/reference/groups.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

/// 1 (the default, -Dtest_matrix=full): every (algorithm, tuning, value type) combination the tests
/// name is built; 0 (-Dtest_matrix=core): the combinations under `#if XCUB_TEST_MATRIX_FULL` are
/// left out, keeping every algorithm, path and tuning (docs/testing.md).
#ifndef XCUB_TEST_MATRIX_FULL
#define XCUB_TEST_MATRIX_FULL 1
#endif

namespace xcub_test {

/// The run's seed: XCUB_TEST_SEED if set, else drawn at start; printed by the test main.
std::uint64_t seed();

/// A generator for one test, derived from the run's seed and a name, so that tests do not share
/// a stream and one test replays alone.
std::mt19937_64 rng_for(const char* name);

/// Puts the seed into every failure message of the enclosing scope.
#define XCUB_TEST_CONTEXT() INFO("replay with XCUB_TEST_SEED=" << ::xcub_test::seed())

template <class T>
T random_value(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    return rng() & 1;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rng());
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(std::uniform_real_distribution<double>(-1000.0, 1000.0)(rng));
  } else {  // any trivially copyable struct: random bytes
    static_assert(std::is_trivially_copyable_v<T>);
    T v;
    unsigned char bytes[sizeof(T)];
    for (auto& b : bytes) b = static_cast<unsigned char>(rng());
    std::memcpy(&v, bytes, sizeof(T));
    return v;
  }
}

template <class T>
std::vector<T> random_vector(std::size_t n, std::mt19937_64& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = random_value<T>(rng);
  return v;
}

/// Random sort keys with the special values of floating-point types mixed in (every third key:
/// -0.0, +0.0, infinities and NaNs of both signs, the smallest subnormal, -max), or, for other
/// types, duplicates (every fourth key repeats a random one).
template <class K>
std::vector<K> random_keys_with_specials(std::size_t n, std::mt19937_64& rng) {
  auto keys = random_vector<K>(n, rng);
  if constexpr (std::is_floating_point_v<K>) {
    const K specials[] = {K(0), -K(0), std::numeric_limits<K>::infinity(), -std::numeric_limits<K>::infinity(),
                          std::numeric_limits<K>::quiet_NaN(), -std::numeric_limits<K>::quiet_NaN(),
                          std::numeric_limits<K>::denorm_min(), -std::numeric_limits<K>::max()};
    for (std::size_t i = 0; i < n; i += 3) keys[i] = specials[rng() % 8];
  } else {
    for (std::size_t i = 0; i < n; i += 4) keys[i] = keys[rng() % n];
  }
  return keys;
}

#if XCUB_BACKEND_HOST
/// Host emulator only: the grids launched in this scope run under the seeded random schedule.
struct random_schedule {
  explicit random_schedule(std::uint64_t seed) { xcub::host::detail::set_schedule_seed(true, seed); }
  ~random_schedule() { xcub::host::detail::set_schedule_seed(false, 0); }
  random_schedule(const random_schedule&) = delete;
  random_schedule& operator=(const random_schedule&) = delete;
};
#endif

/// Runs `check(rng)` under the in-order schedule and, on the host emulator, once more under a
/// seeded random schedule (threads, warps and blocks reordered at every switch point).
template <class Check>
void on_each_schedule(std::mt19937_64& rng, Check check) {
  check(rng);
#if XCUB_BACKEND_HOST
  const std::uint64_t seed = rng();
  INFO("under XCUB_HOST_SCHEDULE_SEED=" << seed);
  random_schedule schedule(seed);
  check(rng);
#endif
}

/// Requires a device call to have succeeded, naming the backend's error otherwise.
#define XCUB_TEST_CALL(expr)                                                                   \
  do {                                                                                         \
    const ::xcub::error_t xcub_test_err = (expr);                                              \
    INFO(#expr << " -> " << ::xcub::error_string(xcub_test_err));                              \
    REQUIRE(xcub_test_err == ::xcub::success);                                                 \
  } while (0)

/// The hardware warp's lanes (32 or 64), unsigned for the tests' index arithmetic.
inline constexpr unsigned warp_lanes = static_cast<unsigned>(xcub::arch::warp_threads);

/// The largest block the warp tests launch: it sizes their per-logical-warp TempStorage arrays.
inline constexpr unsigned max_block_threads = 256;

/// Whether a logical warp width is a power of two (shuffles) or not (shared memory, first lanes only).
XCUB_HOST_DEVICE constexpr bool is_pow2(unsigned w) { return w != 0 && (w & (w - 1)) == 0; }

/// Every power of two from 1 to the warp: the logical widths that split a hardware warp.
using pow2_widths = std::conditional_t<warp_lanes == 64, std::integer_sequence<int, 1, 2, 4, 8, 16, 32, 64>,
                                       std::integer_sequence<int, 1, 2, 4, 8, 16, 32>>;

/// Whether thread `t` of a block of `threads` belongs to a logical warp of `width` lanes that may
/// call the warp collectives (the oracle's model, xcub/reference/groups.hpp, on this warp width).
inline bool in_whole_logical_warp(unsigned t, unsigned threads, unsigned width) {
  return xcub::reference::in_whole_logical_warp(t, threads, width, warp_lanes);
}

/// Where the calling thread sits in the grid: what kernels that index global arrays per thread and
/// per hardware warp need (filled by this_thread_place() in a kernel).
struct thread_place {
  unsigned threads;              ///< the block's threads
  unsigned long long n;          ///< the grid's threads
  unsigned long long gid;        ///< this thread's rank in the grid (block-major)
  unsigned long long warps;      ///< the grid's hardware warps
  unsigned long long gwarp;      ///< this thread's hardware warp's rank in the grid
  unsigned lane;                 ///< this thread's lane in its hardware warp
};

#if XCUB_HAS_KERNELS
/// The calling thread's place in the grid.
XCUB_DEVICE inline thread_place this_thread_place() {
  thread_place p;
  p.threads = xcub::arch::block_threads();
  p.n = p.threads * (1ull * xcub::arch::grid_dim().x * xcub::arch::grid_dim().y * xcub::arch::grid_dim().z);
  p.gid = xcub::arch::linear_block_id() * p.threads + xcub::arch::linear_thread_id();
  p.warps = p.n / p.threads * xcub::arch::block_warps();
  p.gwarp = xcub::arch::linear_block_id() * xcub::arch::block_warps() + xcub::arch::warp_id();
  p.lane = xcub::arch::lane_id();
  return p;
}

/// Whether the calling thread calls the warp collectives of a logical warp of WIDTH lanes, in a
/// kernel (the same model as the host side; tests/reference pins both to hand-written tables).
template <int WIDTH>
XCUB_DEVICE bool in_whole_logical_warp() {
  constexpr unsigned width = WIDTH;
  const unsigned lane = xcub::arch::lane_id();
  const bool pow2 = (width & (width - 1)) == 0;
  if (!pow2 && lane >= width) return false;
  const unsigned first = xcub::arch::linear_thread_id() - (pow2 ? lane % width : lane);
  return first + width <= xcub::arch::block_threads();
}

/// Launches and waits, requiring both to succeed.
template <class... Params, class... Args>
void launch_and_wait(xcub::dim3 grid, xcub::dim3 block, std::size_t shared, void (*kernel)(Params...), Args&&... args) {
  XCUB_TEST_CALL(xcub::launch(grid, block, shared, nullptr, kernel, std::forward<Args>(args)...));
  XCUB_TEST_CALL(xcub::device_synchronize());
}
#endif

/// Compares bytewise (exact for integers and for floats produced by the same operations) and
/// reports the first differing index and the number of differences.
template <class T>
void check_equal(const std::vector<T>& got, const std::vector<T>& want, const std::string& what = "") {
  REQUIRE(got.size() == want.size());
  std::size_t bad = 0, first = got.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      if (bad++ == 0) first = i;
    }
  }
  if (bad) {
    std::ostringstream s;
    s << what << ": " << bad << " of " << got.size() << " items differ, the first at index " << first;
    if constexpr (std::is_arithmetic_v<T>) s << " (got " << +got[first] << ", expected " << +want[first] << ")";
    FAIL_CHECK(s.str());
  }
}

}  // namespace xcub_test
