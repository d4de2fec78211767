// Shared pieces of the DeviceScan tests: tunings that force many tiles, a 4-byte non-commutative
// type (packed tile status) beside xcub_test::affine (8 bytes: split tile status).
#pragma once

#include <cstdint>
#include <random>

#include <xcub/device/detail/policy.hpp>

#include "test_types.hpp"

namespace xcub_scan_test {

/// One warp per block, one item per thread, direct loads and stores, RAKING: the smallest tiles.
struct tiny_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int) {
    return {xcub::arch::warp_threads, 1,           xcub::BLOCK_LOAD_DIRECT, xcub::LOAD_DEFAULT, xcub::BLOCK_STORE_DIRECT,
            xcub::BLOCK_SCAN_RAKING,  0, 0, 0};
  }
};

/// 96 threads (a partial last warp on 64-lane warps: the warp transposes and WARP_SCANS fall back
/// to the block-wide forms), 3 items.
struct odd_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int) {
    return {96, 3, xcub::BLOCK_LOAD_WARP_TRANSPOSE, xcub::LOAD_DEFAULT, xcub::BLOCK_STORE_WARP_TRANSPOSE,
            xcub::BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
};

/// 64 threads x 5 items, striped-exchanged loads, vectorized stores, RAKING_MEMOIZE, LDG loads, a
/// look-back delay between polls and a settle wait before the first, from 4 tiles up (scans of
/// fewer tiles take the pause()-only path), and 3 tiles per look-back poll from 8 tiles up.
struct mixed_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int) {
    return {64, 5, xcub::BLOCK_LOAD_TRANSPOSE, xcub::LOAD_LDG, xcub::BLOCK_STORE_VECTORIZE,
            xcub::BLOCK_SCAN_RAKING_MEMOIZE, 100, 50, 4, 3, 8};
  }
};

/// The pipelined agent (agent_scan_pipelined.hpp) from 2 tiles up, with the smallest ring: 2
/// stages, 2 consumer warps of one row (warp x 16 bytes) each, 3 tiles per look-ahead poll; the
/// scans it does not take (other types and operators, too few tiles) run tiny_tuning's tiles.
struct pipelined_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int arch) {
    return tiny_tuning::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    return {2, 2 * xcub::arch::warp_threads * static_cast<int>(16 / sizeof(T)), 2, 2, 3, 0};
  }
};

/// A deeper ring with longer segments: 4 stages, 3 consumer warps of 2 rows each, whole-warp
/// look-ahead polls with a delay, from 5 tiles up (smaller scans: odd_tuning's tiles).
struct pipelined_deep_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int arch) {
    return odd_tuning::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    return {4, 3 * 2 * xcub::arch::warp_threads * static_cast<int>(16 / sizeof(T)), 3, 5, 0, 50};
  }
};

/// x -> a * x + b (mod 2^16): 4 bytes, so the look-back packs it with its status.
struct affine16 {
  std::uint16_t a, b;
  XCUB_HOST_DEVICE friend bool operator==(const affine16& l, const affine16& r) { return l.a == r.a && l.b == r.b; }
};
/// (f then g), associative and not commutative.
struct compose16 {
  XCUB_HOST_DEVICE affine16 operator()(const affine16& f, const affine16& g) const {
    return affine16{static_cast<std::uint16_t>(g.a * f.a), static_cast<std::uint16_t>(g.a * f.b + g.b)};
  }
};
inline affine16 random_affine16(std::mt19937_64& rng) {
  return affine16{static_cast<std::uint16_t>(rng() | 1u), static_cast<std::uint16_t>(rng())};
}

/// A 12-byte non-commutative value: an affine map and a counter. Too wide for any packed tile
/// status, so it always takes the split layout (8-byte values pack into 16-byte words on CUDA).
struct affine12 {
  std::uint32_t a, b, count;
  XCUB_HOST_DEVICE friend bool operator==(const affine12& l, const affine12& r) {
    return l.a == r.a && l.b == r.b && l.count == r.count;
  }
};
struct compose12 {
  XCUB_HOST_DEVICE affine12 operator()(const affine12& f, const affine12& g) const {
    return affine12{g.a * f.a, g.a * f.b + g.b, f.count + g.count};
  }
};
inline affine12 random_affine12(std::mt19937_64& rng) {
  return affine12{static_cast<std::uint32_t>(rng()) | 1u, static_cast<std::uint32_t>(rng()),
                  static_cast<std::uint32_t>(rng() % 7)};
}

}  // namespace xcub_scan_test
