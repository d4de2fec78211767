// xcub/util/merge_path.hpp: MergePath, the merge-path search with CUB's signature (CUB declares it in
// <cub/block/block_merge_sort.cuh>; xcub's <xcub/block/block_merge_sort.hpp> users include this).
//
//   const int a[3] = {1, 3, 5}, b[3] = {2, 3, 4};              // merged: 1 2 3(a) 3(b) 4 5
//   int i = xcub::MergePath(a, b, 3, 3, 3, std::less<>{});     // 2: the first 3 are a[0], b[0], a[1]
//
// MergePath(keys1, keys2, keys1_count, keys2_count, diag, binary_pred): of the first `diag` items of
// the stable merge of keys1[0, keys1_count) and keys2[0, keys2_count), how many come from keys1 (ties:
// keys1's first). 0 <= diag <= keys1_count + keys2_count; both ranges sorted by binary_pred; any
// random-access iterators, any integer offset type. Host and device code
// (detail/merge_sort_path.hpp's search).
#pragma once

#include <xcub/config.hpp>
#include <xcub/detail/merge_sort_path.hpp>

namespace xcub {

XCUB_EXEC_CHECK_DISABLE
template <class KeyIt1, class KeyIt2, class OffsetT, class BinaryPred>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT MergePath(KeyIt1 keys1, KeyIt2 keys2, OffsetT keys1_count,
                                                    OffsetT keys2_count, OffsetT diag, BinaryPred binary_pred) {
  return detail::merge_path_n(keys1, keys1_count, keys2, keys2_count, diag, binary_pred);
}

}  // namespace xcub
