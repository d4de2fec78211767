// xcub/warp/detail/logical_warp.hpp: where a logical warp of LOGICAL_WARP_THREADS lanes lies in
// its hardware warp, and which lanes take part in its collectives. Shared by the warp collectives.
//
// - A power-of-two width splits each hardware warp into warp_threads / LOGICAL_WARP_THREADS
//   independent logical warps: lanes [k * W, (k + 1) * W) form logical warp k.
// - Any other width has one logical warp per hardware warp: lanes [0, W). Lanes past it must not call.
// - The member mask names only lanes that exist: in the partial last hardware warp of a block, a
//   logical warp that the block cuts short holds only its existing lanes (always a prefix of it).
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

  /// Lanes of the caller's hardware warp that exist in its block (all but in a partial last warp).
  XCUB_DEVICE XCUB_FORCEINLINE static arch::lane_mask_t existing_lanes() {
    const unsigned first_thread = arch::linear_thread_id() - arch::lane_id();
    return arch::lane_range_mask(0, arch::block_threads() - first_thread);
  }

  /// The lanes of the caller's logical warp that exist: the member mask of its collectives.
  XCUB_DEVICE XCUB_FORCEINLINE static arch::lane_mask_t member_mask() {
    return arch::lane_range_mask(index() * LOGICAL_WARP_THREADS, LOGICAL_WARP_THREADS) & existing_lanes();
  }

  /// Runs `body(mask)` with the caller's member mask and returns what it returns. Where the logical
  /// warp is the hardware warp and the block has no partial warp (block size a multiple of
  /// warp_threads: a test that is uniform across the block), `mask` is the compile-time constant
  /// full_lane_mask. A mask in a register costs a convergence check on CUDA (the compiler guards
  /// each .sync collective with MATCH/REDUX.OR and a divergent-path fallback); a constant one does
  /// not, so the common case costs what CUB's full-warp collectives cost.
  template <class Body>
  XCUB_DEVICE XCUB_FORCEINLINE static decltype(auto) with_member_mask(Body&& body) {
    if constexpr (is_arch_warp) {
      if (arch::block_threads() % arch::warp_threads == 0) return body(arch::full_lane_mask);
    }
    return body(member_mask());
  }
#endif
};

}  // namespace xcub::detail
