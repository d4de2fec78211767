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
//
// Binding: a warp collective binds the caller's identity once, in its constructor (as CUB binds its
// linear tid), by holding a `logical_warp` object: rank() is the caller's lane in its logical warp,
// member_mask() its members, first_lane() the hardware lane of its rank 0. Only what varies between
// the logical warps of a hardware warp is stored (the member mask and first lane of power-of-two
// sub-warps); for the whole warp and for other widths both are constants of the type, so inlined
// code sees a literal mask. The static lane(), index() and caller_member_mask() read the hardware
// each call, for code that binds nothing.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

template <int LOGICAL_WARP_THREADS>
class logical_warp {
 public:
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= arch::warp_threads,
                "xcub: a logical warp has 1 to arch::warp_threads lanes");

  static constexpr int threads = LOGICAL_WARP_THREADS;
  static constexpr bool is_pow2 = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;
  static constexpr bool is_arch_warp = LOGICAL_WARP_THREADS == arch::warp_threads;
  /// Whether several logical warps share a hardware warp (then their masks differ).
  static constexpr bool is_sub_warp = is_pow2 && !is_arch_warp;

#if XCUB_HAS_KERNELS
  /// Binds the calling lane.
  XCUB_DEVICE XCUB_FORCEINLINE logical_warp() : logical_warp(arch::lane_id()) {}

  /// The caller's lane within its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE unsigned rank() const { return rank_; }

  /// The lanes of the caller's logical warp: the member mask of its collectives (a constant of the
  /// type except for power-of-two sub-warps).
  XCUB_DEVICE XCUB_FORCEINLINE arch::lane_mask_t member_mask() const {
    if constexpr (is_sub_warp) return place_.mask;
    else return constant_mask();
  }

  /// The hardware lane of the caller's logical warp's lane 0.
  XCUB_DEVICE XCUB_FORCEINLINE unsigned first_lane() const {
    if constexpr (is_sub_warp) return place_.first;
    else return 0;
  }

  // ---- unbound queries: each reads the hardware lane ---------------------------------------------
  /// The caller's logical warp within its hardware warp (always 0 for other widths than powers of two).
  XCUB_DEVICE XCUB_FORCEINLINE static unsigned index() {
    if constexpr (is_sub_warp) return arch::lane_id() / LOGICAL_WARP_THREADS;
    else return 0;
  }

  /// The caller's lane within its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE static unsigned lane() {
    if constexpr (is_sub_warp) return arch::lane_id() % LOGICAL_WARP_THREADS;
    else return arch::lane_id();
  }

  /// The lanes of the caller's logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE static arch::lane_mask_t caller_member_mask() {
    if constexpr (is_sub_warp) return arch::lane_range_mask(index() * LOGICAL_WARP_THREADS, LOGICAL_WARP_THREADS);
    else return constant_mask();
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE explicit logical_warp(unsigned hw_lane)
      : rank_(is_sub_warp ? hw_lane % LOGICAL_WARP_THREADS : hw_lane), place_(make_place(hw_lane)) {}

  XCUB_DEVICE XCUB_FORCEINLINE static constexpr arch::lane_mask_t constant_mask() {
    if constexpr (is_arch_warp) return arch::full_lane_mask;
    else return arch::lane_range_mask(0, LOGICAL_WARP_THREADS);
  }

  /// Where a sub-warp lies in its hardware warp; nothing for the other widths.
  struct sub_warp_place {
    arch::lane_mask_t mask;
    unsigned first;
  };
  struct no_place {};
  using place_t = std::conditional_t<is_sub_warp, sub_warp_place, no_place>;

  XCUB_DEVICE XCUB_FORCEINLINE static place_t make_place([[maybe_unused]] unsigned hw_lane) {
    if constexpr (is_sub_warp) {
      const unsigned first = hw_lane / LOGICAL_WARP_THREADS * LOGICAL_WARP_THREADS;
      return sub_warp_place{arch::lane_range_mask(first, LOGICAL_WARP_THREADS), first};
    } else {
      return no_place{};
    }
  }

  unsigned rank_;
  place_t place_;
#endif
};

/// The variant a warp collective takes for a logical warp of LOGICAL_WARP_THREADS lanes: Shfl for
/// power-of-two widths (shuffles split into independent segments), Smem for the others (through
/// shared memory, lanes [0, W) of each hardware warp). One rule for WarpReduce and WarpScan.
template <int LOGICAL_WARP_THREADS, class Shfl, class Smem>
using by_width_t = std::conditional_t<logical_warp<LOGICAL_WARP_THREADS>::is_pow2, Shfl, Smem>;

}  // namespace xcub::detail
