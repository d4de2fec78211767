// xcub/warp/detail/logical_warp.hpp: where a logical warp of LOGICAL_WARP_THREADS lanes lies in
// its hardware warp, and which lanes take part in its collectives. Shared by the warp collectives.
//
// - A power-of-two width splits each hardware warp into warp_threads / LOGICAL_WARP_THREADS
//   independent logical warps: lanes [k * W, (k + 1) * W) form logical warp k.
// - Any other width has one logical warp per hardware warp: lanes [0, W). Lanes past it must not call.
// - Every lane of a logical warp that calls must exist (as in CUB): in a block whose size is not a
//   multiple of the warp, a logical warp that the block's end cuts short must not call. The member
//   mask is therefore known without reading the block's shape; for the whole hardware warp it is
//   the compile-time constant full_lane_mask, which spares CUDA the convergence check (MATCH /
//   REDUX.OR and a divergent fallback) that a mask in a register costs before every .sync
//   collective. The host emulator names a collective whose mask holds a lane that does not exist.
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

template <int LOGICAL_WARP_THREADS>
struct logical_warp {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= arch::warp_threads,
                "xcub: a logical warp has 1 to arch::warp_threads lanes");

  static constexpr int threads = LOGICAL_WARP_THREADS;
  static constexpr bool is_pow2 = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;
  static constexpr bool is_arch_warp = LOGICAL_WARP_THREADS == arch::warp_threads;

#if XCUB_HAS_KERNELS
  /// The caller's logical warp within its hardware warp (always 0 for other widths than powers of two).
  XCUB_DEVICE XCUB_FORCEINLINE static unsigned index() {
    if constexpr (is_pow2 && !is_arch_warp) return arch::lane_id() / LOGICAL_WARP_THREADS;
    else return 0;
  }

  /// The caller's lane within its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE static unsigned lane() {
    if constexpr (is_pow2 && !is_arch_warp) return arch::lane_id() % LOGICAL_WARP_THREADS;
    else return arch::lane_id();
  }

  /// The lanes of the caller's logical warp: the member mask of its collectives.
  XCUB_DEVICE XCUB_FORCEINLINE static arch::lane_mask_t member_mask() {
    if constexpr (is_arch_warp) return arch::full_lane_mask;
    else if constexpr (is_pow2) return arch::lane_range_mask(index() * LOGICAL_WARP_THREADS, LOGICAL_WARP_THREADS);
    else return arch::lane_range_mask(0, LOGICAL_WARP_THREADS);
  }
#endif
};

}  // namespace xcub::detail
