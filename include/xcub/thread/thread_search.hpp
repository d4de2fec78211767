// xcub/thread/thread_search.hpp: one thread's binary searches in a sorted range (CUB's LowerBound and
// UpperBound of <cub/thread/thread_search.cuh>).
//
//   const int sorted[5] = {1, 3, 3, 5, 8};
//   int lo = xcub::LowerBound(sorted, 5, 3);   // 1: the first item not less than 3
//   int hi = xcub::UpperBound(sorted, 5, 3);   // 3: the first item greater than 3
//
// LowerBound(input, num_items, val): the first index i in [0, num_items) with !(input[i] < val), or
// num_items. UpperBound(input, num_items, val): the first i with val < input[i], or num_items. The range
// is sorted by operator<; any random-access iterator and integer offset type. Host and device code.
#pragma once

#include <xcub/config.hpp>

namespace xcub {

XCUB_EXEC_CHECK_DISABLE
template <class InputIteratorT, class OffsetT, class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT LowerBound(InputIteratorT input, OffsetT num_items, T val) {
  OffsetT first = 0, count = num_items;
  while (count > 0) {
    const OffsetT half = count / 2;
    if (input[first + half] < val) {
      first += half + 1;
      count -= half + 1;
    } else {
      count = half;
    }
  }
  return first;
}

XCUB_EXEC_CHECK_DISABLE
template <class InputIteratorT, class OffsetT, class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT UpperBound(InputIteratorT input, OffsetT num_items, T val) {
  OffsetT first = 0, count = num_items;
  while (count > 0) {
    const OffsetT half = count / 2;
    if (val < input[first + half]) {
      count = half;
    } else {
      first += half + 1;
      count -= half + 1;
    }
  }
  return first;
}

}  // namespace xcub
