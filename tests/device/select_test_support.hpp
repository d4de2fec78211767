// Shared helpers of the DeviceSelect, DevicePartition and DeviceRunLengthEncode tests: tiny select
// tunings (many tiles from small inputs), predicates, inputs with controlled selection and runs.
#pragma once

#include <cstddef>
#include <random>
#include <vector>

#include <xcub/device/detail/policy.hpp>

#include "device_test_support.hpp"

namespace xcub_select_test {

/// One warp, one item per thread, direct loads: a tile per warp of items.
struct tiny_select_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int) {
    return {xcub::arch::warp_threads, 1, xcub::BLOCK_LOAD_DIRECT, xcub::LOAD_DEFAULT, xcub::BLOCK_SCAN_WARP_SCANS};
  }
};
/// 96 threads (a partial last warp on 64-lane warps), 3 items each, warp transposes, raking scans.
struct odd_select_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int) {
    return {96, 3, xcub::BLOCK_LOAD_WARP_TRANSPOSE, xcub::LOAD_DEFAULT, xcub::BLOCK_SCAN_RAKING};
  }
};

/// The pipelined agent for If and Unique (agent_select_pipelined.hpp) from 2 tiles up, with the
/// smallest ring: 2 stages, 2 consumer warps of one row (warp x 16 bytes) each, 3 tiles per
/// look-ahead poll; the calls it does not take run tiny_select_tuning's tiles.
struct pipelined_select_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int arch) {
    return tiny_select_tuning::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    if (sizeof(T) != 4 && sizeof(T) != 8) return {};
    return {2, 2 * xcub::arch::warp_threads * static_cast<int>(16 / sizeof(T)), 2, 2, 3, 0};
  }
};
/// A deeper ring with longer segments: 4 stages, 3 consumer warps of 2 rows each, whole-warp
/// look-ahead polls with a delay, from 5 tiles up (smaller calls: odd_select_tuning's tiles).
struct pipelined_deep_select_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int arch) {
    return odd_select_tuning::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    if (sizeof(T) != 4 && sizeof(T) != 8) return {};
    return {4, 3 * 2 * xcub::arch::warp_threads * static_cast<int>(16 / sizeof(T)), 3, 5, 0, 50};
  }
};

/// x < bound (as int): with items drawn from [0, 100), bound is the selected percentage.
struct below {
  int bound;
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& x) const { return static_cast<int>(x) < bound; }
};
/// x >= bound.
struct at_least {
  int bound;
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& x) const { return static_cast<int>(x) >= bound; }
};
/// Keys equal when they fall in the same bucket of 4.
struct same_bucket {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const { return a / 4 == b / 4; }
};

/// n items drawn from [0, 100) as T.
template <class T>
std::vector<T> percent_values(std::size_t n, std::mt19937_64& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(rng() % 100);
  return v;
}

/// n items in runs of lengths 1..max_run, consecutive runs differing (values stay within int8).
template <class T>
std::vector<T> run_values(std::size_t n, std::size_t max_run, std::mt19937_64& rng) {
  std::vector<T> v;
  int value = static_cast<int>(rng() % 50);
  while (v.size() < n) {
    const std::size_t len = 1 + rng() % max_run;
    for (std::size_t i = 0; i < len && v.size() < n; ++i) v.push_back(static_cast<T>(value));
    value = (value + 1 + static_cast<int>(rng() % 5)) % 100;
  }
  return v;
}

/// Whether every byte of x is still the 0x5A a test filled its output with.
template <class T>
bool untouched(const T& x) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&x);
  for (std::size_t b = 0; b < sizeof(T); ++b)
    if (bytes[b] != 0x5A) return false;
  return true;
}

/// The first `count` items of a device buffer.
template <class T>
std::vector<T> head(const xcub::device_buffer<T>& d, std::size_t count) {
  std::vector<T> all = d.download();
  all.resize(count);
  return all;
}

}  // namespace xcub_select_test
