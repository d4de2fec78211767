// xcub/util/warp_shuffle.hpp: CUB's warp shuffles of any trivially copyable type within a logical
// warp (CUB's ShuffleUp, ShuffleDown, ShuffleIndex and WarpMask, with CUB's signatures), on the
// backend's shuffles (arch::shfl_*: types of any size travel in words).
//
//   // in a kernel: each lane of a 16-lane logical warp gets the value of the lane before it
//   float left = xcub::ShuffleUp<16>(x, 1, 0, xcub::arch::full_lane_mask);
//   float first = xcub::ShuffleIndex<16>(x, 0, xcub::arch::full_lane_mask);
//
// Contract (LOGICAL_WARP_THREADS a power of two up to arch::warp_threads; every lane named in
// member_mask calls the same shuffle; a logical warp is the lanes [k * L, (k + 1) * L)):
//   ShuffleUp<L>(input, src_offset, first_thread, member_mask): the input of the logical lane
//     `lane - src_offset` when that is at least first_thread (0 is the logical warp's first lane),
//     else the caller's own input.
//   ShuffleDown<L>(input, src_offset, last_thread, member_mask): the input of the logical lane
//     `lane + src_offset` when that is at most last_thread (L - 1 for the whole logical warp), else
//     the caller's own input.
//   ShuffleIndex<L>(input, src_lane, member_mask): the input of logical lane src_lane % L.
//   WarpMask<L>(warp_id): the lanes of logical warp warp_id (L not a power of two: lanes [0, L)).
// The member mask is as wide as the warp (arch::lane_mask_t): CUB code that passes 0xffffffff names
// only 32 lanes, which on 64-lane warps (AMD CDNA, the host emulator at 64) leaves out lanes 32 to
// 63; pass arch::full_lane_mask for a whole warp.
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub {

template <int LOGICAL_WARP_THREADS>
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr arch::lane_mask_t WarpMask(unsigned warp_id) {
  constexpr bool pow2 = LOGICAL_WARP_THREADS > 0 && (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;
  constexpr unsigned width = static_cast<unsigned>(LOGICAL_WARP_THREADS);
  return pow2 ? arch::lane_range_mask(width * warp_id, width) : arch::lane_range_mask(0, width);
}

#if XCUB_HAS_KERNELS

namespace detail {
template <int L>
inline constexpr bool valid_shuffle_width = L > 0 && L <= arch::warp_threads && (L & (L - 1)) == 0;
}  // namespace detail

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleUp(T input, int src_offset, int first_thread, arch::lane_mask_t member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleUp: LOGICAL_WARP_THREADS must be a power of two up to the warp's width");
  const int lane = static_cast<int>(arch::lane_id() & static_cast<unsigned>(LOGICAL_WARP_THREADS - 1));
  const T other = arch::shfl_up(member_mask, input, static_cast<unsigned>(src_offset), LOGICAL_WARP_THREADS);
  return lane - src_offset >= first_thread ? other : input;
}

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleDown(T input, int src_offset, int last_thread, arch::lane_mask_t member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleDown: LOGICAL_WARP_THREADS must be a power of two up to the warp's width");
  const int lane = static_cast<int>(arch::lane_id() & static_cast<unsigned>(LOGICAL_WARP_THREADS - 1));
  const T other = arch::shfl_down(member_mask, input, static_cast<unsigned>(src_offset), LOGICAL_WARP_THREADS);
  return lane + src_offset <= last_thread ? other : input;
}

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleIndex(T input, int src_lane, arch::lane_mask_t member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleIndex: LOGICAL_WARP_THREADS must be a power of two up to the warp's width");
  return arch::shfl_idx(member_mask, input, src_lane & (LOGICAL_WARP_THREADS - 1), LOGICAL_WARP_THREADS);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub
