// HIP's warp-reduction specialisation, the hook xcub::WarpReduce takes where a backend has a better
// instruction (contract: backends/cuda/include/xcub/backend/warp_reduce_intrinsics.hpp).
//
// Here: Sum of int32_t / uint32_t over a whole 64-lane wavefront on GFX9 (CDNA: gfx90a, gfx942),
// with DPP (data-parallel primitives: the ALU reads a neighbouring lane's register directly) instead
// of the 6 ds_bpermute_b32 (LDS-crossbar permutes) that the shuffle version compiles to
// (docs/warp-reduce-isa.md). Each step below becomes one v_add_u32_dpp:
//   row_shr:1, 2, 4, 8   Hillis-Steele within each 16-lane row: lane 15 of a row holds the row's sum
//                        (a lane with no source in its row adds 0: update_dpp's `old`, bound_ctrl)
//   row_bcast:15, rows 1 and 3   add the last lane of the row below (rows 0 and 2 keep their value)
//   row_bcast:31, rows 2 and 3   add lane 31 (the sum of rows 0 and 1): lane 63 holds the total
//   readlane 63          the total, in every lane
// Integer addition wraps, so the regrouping gives the same result as the shuffle version.
// Every lane of a calling logical warp exists (WarpReduce's contract), so each DPP source lane holds
// a value (a DPP read of an inactive lane is not defined to be 0). Not run on hardware in this repository (no AMD GPU); compiled for gfx90a.
#pragma once

#include <xcub/arch/arch.hpp>

#include <cstdint>
#include <type_traits>

#include <xcub/thread/thread_operators.hpp>

namespace xcub::arch {

template <class T, class ReduceOp, int LOGICAL_WARP_THREADS>
inline constexpr bool warp_reduce_intrinsic_available =
#if defined(__GFX9__) && defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64
    LOGICAL_WARP_THREADS == 64 && (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>) &&
    xcub::detail::is_sum_op_v<ReduceOp, T>;
#else
    false;
#endif

#if XCUB_HAS_KERNELS
namespace detail {
/// x + (x of the DPP source lane given by CTRL, or 0 where it has none); rows outside ROW_MASK keep x.
template <int CTRL, int ROW_MASK = 0xf>
XCUB_DEVICE XCUB_FORCEINLINE int dpp_add(int x) {
  return x + __builtin_amdgcn_update_dpp(0, x, CTRL, ROW_MASK, 0xf, false);
}
}  // namespace detail

template <class T, class ReduceOp>
XCUB_DEVICE XCUB_FORCEINLINE T warp_reduce_intrinsic(lane_mask_t, T value, ReduceOp) {
  int x = static_cast<int>(value);
  x = detail::dpp_add<0x111>(x);       // row_shr:1
  x = detail::dpp_add<0x112>(x);       // row_shr:2
  x = detail::dpp_add<0x114>(x);       // row_shr:4
  x = detail::dpp_add<0x118>(x);       // row_shr:8
  x = detail::dpp_add<0x142, 0xa>(x);  // row_bcast:15 into rows 1 and 3
  x = detail::dpp_add<0x143, 0xc>(x);  // row_bcast:31 into rows 2 and 3
  return static_cast<T>(__builtin_amdgcn_readlane(x, 63));
}
#endif

/// No fused shuffle-scan step here (see the CUDA backend's warp_reduce_intrinsics.hpp).
template <class T, class ScanOp>
inline constexpr bool warp_scan_add_step_available = false;
#if XCUB_HAS_KERNELS
template <class T>
T warp_scan_add_step(lane_mask_t, T x, unsigned, int) = delete;
#endif

}  // namespace xcub::arch
