// Host: no single-instruction warp reduction; WarpReduce uses its shuffle or shared-memory version.
// The hook (see backends/cuda/include/xcub/backend/warp_reduce_intrinsics.hpp for its contract):
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub::arch {

template <class T, class ReduceOp, int LOGICAL_WARP_THREADS>
inline constexpr bool warp_reduce_intrinsic_available = false;

template <class T, class ReduceOp>
T warp_reduce_intrinsic(lane_mask_t, T value, ReduceOp) = delete;

/// No fused shuffle-scan step here (see the CUDA backend's warp_reduce_intrinsics.hpp).
template <class T, class ScanOp>
inline constexpr bool warp_scan_add_step_available = false;
#if XCUB_HAS_KERNELS
template <class T>
T warp_scan_add_step(lane_mask_t, T x, unsigned, int) = delete;
#endif

}  // namespace xcub::arch
