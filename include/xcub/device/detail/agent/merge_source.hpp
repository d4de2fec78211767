// xcub/device/detail/agent/merge_source.hpp: where a merge pass reads its pairs of sorted runs.
//
// A source maps an output position to the pair of runs that fills it: pair_at(pos) gives the pair's
// first output position and its runs' lengths; keys_a/values_a/keys_b/values_b(pair) point at the
// runs. Offsets are 64-bit (pairs of runs pass 2^32 items long before the tiles do).
//   run_pairs<KeyIt, ValueIt>      DeviceMergeSort's pass: consecutive runs of `run` items of one
//                                  array, paired (0, 1), (2, 3), ...; the last run may be short or
//                                  alone (then it is copied).
//   two_runs<KeyA, ValueA, KeyB, ValueB>  DeviceMerge: one pair, two arrays.
// ValueIt is no_values when only keys move. Host and device code.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/config.hpp>
#include <xcub/device/detail/no_values.hpp>

namespace xcub::detail {

struct run_pair {
  std::uint64_t first;    // the pair's first output position
  std::uint64_t a_count;  // the first run's length
  std::uint64_t b_count;  // the second run's length (0: no second run)
};

template <class KeyIt, class ValueIt>
struct run_pairs {
  KeyIt keys;
  ValueIt values;
  std::uint64_t count;  // items in all
  std::uint64_t run;    // items per sorted run (the last one may be shorter)

  XCUB_HOST_DEVICE XCUB_FORCEINLINE run_pair pair_at(std::uint64_t pos) const {
    const std::uint64_t first = pos / (2 * run) * (2 * run);
    const std::uint64_t left = count - first;
    const std::uint64_t a = left < run ? left : run;
    const std::uint64_t b = left - a < run ? left - a : run;
    return {first, a, b};
  }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE KeyIt keys_a(const run_pair& p) const { return keys + offset(p.first); }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE KeyIt keys_b(const run_pair& p) const { return keys + offset(p.first + p.a_count); }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE ValueIt values_a(const run_pair& p) const { return values + offset(p.first); }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE ValueIt values_b(const run_pair& p) const {
    return values + offset(p.first + p.a_count);
  }

 private:
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static std::ptrdiff_t offset(std::uint64_t i) {
    return static_cast<std::ptrdiff_t>(i);
  }
};

template <class KeyA, class ValueA, class KeyB, class ValueB>
struct two_runs {
  KeyA a_keys;
  ValueA a_values;
  KeyB b_keys;
  ValueB b_values;
  std::uint64_t a_count, b_count;

  XCUB_HOST_DEVICE XCUB_FORCEINLINE run_pair pair_at(std::uint64_t) const { return {0, a_count, b_count}; }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE KeyA keys_a(const run_pair&) const { return a_keys; }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE KeyB keys_b(const run_pair&) const { return b_keys; }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE ValueA values_a(const run_pair&) const { return a_values; }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE ValueB values_b(const run_pair&) const { return b_values; }
};

}  // namespace xcub::detail
