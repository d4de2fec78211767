// xcub/warp/detail/warp_reduce_shfl.hpp: the reduction of a logical warp whose width is a power of
// two, by shuffles alone (no shared memory). Used through xcub::WarpReduce.
//
// reduce(x, last, op): lane i ends with the fold of lanes [i, last] (every lane of a segment passes
// the same `last`). log2(W) rounds; in round k lane i takes the partial of lane i + 2^k on the
// right (op(own, upper)) while that lane is at or below `last`, so the result is the left-to-right
// fold in lane order and non-commutative operators are safe.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub::detail {

template <class T, int LOGICAL_WARP_THREADS>
struct warp_reduce_shfl {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;
  static_assert(warp::is_pow2, "warp_reduce_shfl: the width must be a power of two");

  struct TempStorage {};  // shuffles need no shared memory

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_reduce_shfl(TempStorage&) {}

  /// The fold of lanes [rank, last] of the caller's logical warp.
  template <class ReduceOp>
  XCUB_DEVICE XCUB_FORCEINLINE T reduce(T x, unsigned last, ReduceOp& op) const {
    const arch::lane_mask_t mask = warp_.member_mask();
XCUB_UNROLL
    for (unsigned offset = 1; offset < static_cast<unsigned>(LOGICAL_WARP_THREADS); offset *= 2) {
      bool upper_in_range;  // lane + offset <= last
      const T upper = arch::shfl_down_until(mask, x, offset, last, LOGICAL_WARP_THREADS, upper_in_range);
      if (upper_in_range) x = static_cast<T>(op(x, upper));
    }
    return x;
  }
#endif
};

}  // namespace xcub::detail
