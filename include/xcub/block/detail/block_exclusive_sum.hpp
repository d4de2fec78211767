// xcub/block/detail/block_exclusive_sum.hpp: the exclusive sum of one value per thread that xcub's
// own block collectives (the radix rankings) take over BlockScan's TempStorage, with the fold of
// the warps' totals chosen at the call site.
//
// block_exclusive_sum<FOLD, ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(storage, x, total):
// called by every thread of the block; `storage` is BlockScan<T, BLOCK_DIM_X, ALGORITHM, ...>'s
// TempStorage; returns the sum of x over the lower ranks (T{} in rank 0) and writes the block's sum
// to *total where total is not null. With WARP_SCANS and whole warps, block_scan_warp_scans with
// FOLD (its header says what each fold costs); otherwise BlockScan itself (FOLD has no meaning).
#pragma once

#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_scan_seed.hpp>
#include <xcub/block/detail/block_scan_warp_scans.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS
template <warp_totals_fold FOLD, BlockScanAlgorithm ALGORITHM, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z,
          class T>
XCUB_DEVICE XCUB_FORCEINLINE T block_exclusive_sum(
    typename BlockScan<T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>::TempStorage& storage, T x, T* total) {
  using block_scan = BlockScan<T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  if constexpr (ALGORITHM == BLOCK_SCAN_WARP_SCANS && !shape::has_partial_warp) {
    using fold_t = block_scan_warp_scans<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, FOLD>;
    static_assert(sizeof(typename fold_t::TempStorage) <= sizeof(typename block_scan::TempStorage),
                  "the warp-scans storage is the same with any fold");
    Sum op;
    value_seed<T> zero{T{}};
    return fold_t(*reinterpret_cast<typename fold_t::TempStorage*>(&storage)).template scan<false>(x, op, zero, total);
  } else {
    T out, sum;
    block_scan(storage).ExclusiveSum(x, out, sum);
    if (total) *total = sum;
    return out;
  }
}
#endif

}  // namespace xcub::detail
