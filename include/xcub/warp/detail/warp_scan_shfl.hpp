// xcub/warp/detail/warp_scan_shfl.hpp: the scan of a logical warp whose width is a power of two,
// by shuffles alone (no shared memory). Used through xcub::WarpScan.
//
// inclusive(x, op): log2(W) rounds; in round k each lane combines the partial of the lane 2^k
// below it on the left (op(lower, own)), so the result is the left-to-right fold in lane order and
// non-commutative operators are safe. Where the backend fuses a step for the operator
// (arch::warp_scan_add_step: CUDA, Sum of 32-bit integers and float), the step is that instruction pair.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/backend/warp_reduce_intrinsics.hpp>

namespace xcub::detail {

template <class T, int LOGICAL_WARP_THREADS>
struct warp_scan_shfl {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;
  static_assert(warp::is_pow2, "warp_scan_shfl: the width must be a power of two");

  struct TempStorage {};  // shuffles need no shared memory

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_scan_shfl(TempStorage&) {}

  /// The caller's lane in its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE unsigned rank() const { return warp_.rank(); }

  /// The caller's inclusive prefix: the fold of lanes [0, lane] of its logical warp.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE T inclusive(T x, ScanOp& op) const {
XCUB_UNROLL
    for (unsigned offset = 1; offset < static_cast<unsigned>(LOGICAL_WARP_THREADS); offset *= 2) {
      if constexpr (arch::warp_scan_add_step_available<T, ScanOp>) {  // a backend's fused step
        x = arch::warp_scan_add_step(warp_.member_mask(), x, offset, LOGICAL_WARP_THREADS);
      } else {
        bool lower_exists;  // lane >= offset
        const T lower = arch::shfl_up_checked(warp_.member_mask(), x, offset, LOGICAL_WARP_THREADS, lower_exists);
        if (lower_exists) x = static_cast<T>(op(lower, x));
      }
    }
    return x;
  }

  /// After inclusive(): the inclusive prefix of the lane below (lane 0 gets its own argument back).
  XCUB_DEVICE XCUB_FORCEINLINE T exclusive_of(const T& inclusive) const {
    return arch::shfl_up(warp_.member_mask(), inclusive, 1u, LOGICAL_WARP_THREADS);
  }

  /// After inclusive(): the inclusive prefix of the last lane, in every lane.
  XCUB_DEVICE XCUB_FORCEINLINE T aggregate_of(const T& inclusive) const {
    return arch::shfl_idx(warp_.member_mask(), inclusive, LOGICAL_WARP_THREADS - 1, LOGICAL_WARP_THREADS);
  }

  /// The value of lane `src_lane` of the logical warp, in every lane.
  XCUB_DEVICE XCUB_FORCEINLINE T broadcast(const T& x, unsigned src_lane) const {
    return arch::shfl_idx(warp_.member_mask(), x, static_cast<int>(src_lane), LOGICAL_WARP_THREADS);
  }
#endif
};

}  // namespace xcub::detail
