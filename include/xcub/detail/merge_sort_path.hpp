// xcub/detail/merge_sort_path.hpp: merge-path partitioning, which splits the merge of two sorted
// ranges into independent pieces, one per thread (merge_sort_strategy.hpp).
//
// merge_path(a, a_count, b, b_count, diag, compare) -> i
//   Of the first `diag` items of the stable merge of a[0, a_count) and b[0, b_count), i come from a
//   (a[0, i)) and diag - i from b (b[0, diag - i)). 0 <= diag <= a_count + b_count.
// - Stable merge: on ties a's items come first; an item of b goes before an item of a only when
//   compare(b_item, a_item). Both ranges are sorted by `compare` (a strict weak ordering).
// - A binary search along the diagonal: O(log(min(a_count, b_count))) calls of compare; reads only
//   a[0, a_count) and b[0, b_count).
// Host and device code (XCUB_HOST_DEVICE).
//
//   const int a[3] = {1, 3, 5}, b[3] = {2, 3, 4};   // merged: 1 2 3(a) 3(b) 4 5
//   int i = xcub::detail::merge_path(a, 3, b, 3, 3, less);  // 2: the first 3 are a[0], b[0], a[1]
//
// merge_path_n(a, a_count, b, b_count, diag, compare): the same search over any random-access
// iterators and any unsigned or signed offset type (the device merge sort's partitions search whole
// runs in global memory with 64-bit offsets); merge_path is this search on pointers and int.
#pragma once

#include <type_traits>

#include <xcub/config.hpp>

namespace xcub::detail {

XCUB_EXEC_CHECK_DISABLE
template <class KeyItA, class KeyItB, class OffsetT, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT merge_path_n(KeyItA a, OffsetT a_count, KeyItB b, OffsetT b_count,
                                                       OffsetT diag, CompareOp& compare) {
  // i lies in [lo, hi]: at least diag - b_count items must come from a, and at most min(diag, a_count).
  OffsetT lo = diag > b_count ? diag - b_count : OffsetT(0);
  OffsetT hi = diag < a_count ? diag : a_count;
  while (lo < hi) {
    // Taking a[mid] among the first diag items means taking b[0, diag - 1 - mid) with it at most,
    // which is right unless b[diag - 1 - mid] goes before a[mid]. hi > lo: no sign to round.
    const OffsetT mid = lo + static_cast<OffsetT>(static_cast<std::make_unsigned_t<OffsetT>>(hi - lo) >> 1);
    if (compare(b[diag - 1 - mid], a[mid])) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

XCUB_EXEC_CHECK_DISABLE
template <class KeyT, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE int merge_path(const KeyT* a, int a_count, const KeyT* b, int b_count, int diag,
                                                 CompareOp& compare) {
  return merge_path_n(a, a_count, b, b_count, diag, compare);
}

}  // namespace xcub::detail
