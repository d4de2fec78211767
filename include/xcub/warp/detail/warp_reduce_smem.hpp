// xcub/warp/detail/warp_reduce_smem.hpp: the reduction of a logical warp of any width (used for
// widths that are not powers of two, where shuffles cannot be split into segments), through
// LOGICAL_WARP_THREADS items of shared memory. Used through xcub::WarpReduce.
//
// reduce(x, last, op): lane i ends with the fold of lanes [i, last], as warp_reduce_shfl does, but
// the partials travel through shared memory with a warp barrier on each side of every read.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub::detail {

template <class T, int LOGICAL_WARP_THREADS>
struct warp_reduce_smem {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;

  /// One item per lane; uninitialised bytes so that T need not be default-constructible.
  struct TempStorage {
    alignas(T) unsigned char bytes[LOGICAL_WARP_THREADS * sizeof(T)];
  };

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction
  T* items;

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_reduce_smem(TempStorage& storage)
      : items(reinterpret_cast<T*>(storage.bytes)) {}

  /// The fold of lanes [rank, last] of the caller's logical warp.
  template <class ReduceOp>
  XCUB_DEVICE XCUB_FORCEINLINE T reduce(T x, unsigned last, ReduceOp& op) const {
    const arch::lane_mask_t mask = warp_.member_mask();
    const unsigned lane = warp_.rank();
XCUB_UNROLL
    for (unsigned offset = 1; offset < static_cast<unsigned>(LOGICAL_WARP_THREADS); offset *= 2) {
      items[lane] = x;
      arch::sync_warp(mask);
      if (lane + offset <= last) x = static_cast<T>(op(x, items[lane + offset]));
      arch::sync_warp(mask);  // every read is done before the next round (or call) writes
    }
    return x;
  }
#endif
};

}  // namespace xcub::detail
