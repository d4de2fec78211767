// Shared helpers of the device-layer tests: the two-phase call, device vectors, tiny tunings.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include <xcub/arch/lane_mask.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/util/device_buffer.hpp>

#include "test_support.hpp"

namespace xcub_device_test {

/// Whether tests with tuning `Tuning` call every method of the algorithm: always in the full test
/// matrix; in the core one (XCUB_TEST_MATRIX_FULL 0, docs/testing.md) only with the backend's own
/// tuning `Default`, and the test tunings call a subset that still takes every path of the agent
/// (each test says which).
template <class Tuning, class Default>
constexpr bool every_method = XCUB_TEST_MATRIX_FULL || std::is_same_v<Tuning, Default>;

/// Input sizes for the pipelined agents' tests with small rings (tiles of 256 or 512 items, deep
/// rings of 768 or 1536): empty, one item, around one and two tiles, past a deep ring, several ring
/// wraps (4000) and, in the full test matrix, many (20001). The core matrix's builds (warp width 64
/// under the shared-memory sanitizer, CI's second stage) leave 20001 out: the same wraps at five
/// times the cost (a minute a test there), and those tests' random-schedule checks run 9000 and
/// 7001 items anyway.
inline std::vector<std::size_t> pipelined_sizes() {
  std::vector<std::size_t> sizes = {0, 1, 255, 256, 257, 511, 512, 513, 1537, 4000};
  if (XCUB_TEST_MATRIX_FULL) sizes.push_back(20001);
  return sizes;
}

/// Calls `call(d_temp, bytes)` twice, as the two-phase API is used: first to size the temp storage
/// (which must report at least one byte), then with that much device memory; both must succeed.
/// The temp storage is filled with 0xA5 first, so that code relying on zeroed temp storage fails.
template <class Call>
void two_phase(Call call) {
  void* d_temp = nullptr;
  std::size_t bytes = 0;
  XCUB_TEST_CALL(call(d_temp, bytes));
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  XCUB_TEST_CALL(xcub::memset(temp.data(), 0xA5, bytes));
  XCUB_TEST_CALL(call(static_cast<void*>(temp.data()), bytes));
  XCUB_TEST_CALL(xcub::device_synchronize());
}

/// Temp storage for the second call of a bad-input check, where null data pointers are refused (the
/// size query accepts them, as CUB's): 1 MiB, more than the small inputs of those checks need. The
/// size is passed by reference, as the entry points take it: `second.bytes` stays 1 MiB on refusal.
struct second_call {
  static constexpr std::size_t size = std::size_t{1} << 20;
  xcub::device_buffer<unsigned char> temp{size};
  std::size_t bytes = size;
  void* data() { return temp.data(); }
};

/// A device copy of `host`.
template <class T>
xcub::device_buffer<T> to_device(const std::vector<T>& host) {
  xcub::device_buffer<T> d(host.size());
  if (!host.empty()) d.upload(host);
  return d;
}

/// Random integers in [lo, hi] as T (exact sums in every type for moderate sizes).
template <class T>
std::vector<T> small_values(std::size_t n, std::mt19937_64& rng, int lo = -100, int hi = 100) {
  std::uniform_int_distribution<int> pick(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(pick(rng));
  return v;
}

/// Reduce tunings that the tests force on every backend (DeviceReduceTuned<...>):
/// one warp per block and one item per thread, so that small inputs cross many tiles and blocks;
struct tiny_reduce_tuning {
  template <class T>
  static constexpr xcub::detail::reduce_policy policy(int) {
    return {xcub::arch::warp_threads, 1, 1, xcub::BLOCK_REDUCE_RAKING, xcub::LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 1;
};
/// 96 threads (a partial last warp on 64-lane warps) and 3 items per thread;
struct odd_reduce_tuning {
  template <class T>
  static constexpr xcub::detail::reduce_policy policy(int) {
    return {96, 3, 1, xcub::BLOCK_REDUCE_WARP_REDUCTIONS, xcub::LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 3;
};
/// 64 threads x 4 items read as vectors of 4 where the input is an aligned pointer.
struct vector_reduce_tuning {
  template <class T>
  static constexpr xcub::detail::reduce_policy policy(int) {
    return {64, 4, 4, xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, xcub::LOAD_LDG};
  }
  static constexpr int oversubscription = 2;
};

}  // namespace xcub_device_test
