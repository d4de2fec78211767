// xcub/util/warp_shuffle.hpp: CUB's warp shuffles of any trivially copyable type within a logical
// warp (CUB's ShuffleUp, ShuffleDown, ShuffleIndex and WarpMask, with CUB's signatures), on the
// backend's shuffles (arch::shfl_*: types of any size travel in words).
//
//   // in a kernel: each lane of a 16-lane logical warp gets the value of the lane before it
//   float left = xcub::ShuffleUp<16>(x, 1, 0, 0xffffffffu);
//   float first = xcub::ShuffleIndex<16>(x, 0, 0xffffffffu);
//
// Contract (as CUB's: LOGICAL_WARP_THREADS a power of two up to 32; a logical warp is the lanes
// [k * L, (k + 1) * L); every lane named in member_mask calls the same shuffle):
//   ShuffleUp<L>(input, src_offset, first_thread, member_mask): the input of the logical lane
//     `lane - src_offset` when that is at least first_thread (0 is the logical warp's first lane),
//     else the caller's own input.
//   ShuffleDown<L>(input, src_offset, last_thread, member_mask): the input of the logical lane
//     `lane + src_offset` when that is at most last_thread (L - 1 for the whole logical warp), else
//     the caller's own input.
//   ShuffleIndex<L>(input, src_lane, member_mask): the input of logical lane src_lane % L.
//   WarpMask<L>(warp_id): the 32-bit mask of logical warp warp_id's lanes (L not a power of two:
//     lanes [0, L)), warp_id counted within a 32-lane group.
// member_mask is CUB's 32-bit mask: it names lanes of the caller's 32-lane group, which is the whole
// warp on 32-lane machines and lanes [32 * k, 32 * k + 32) of a 64-lane warp (AMD CDNA, the host
// emulator at 64): CUB code's 0xffffffff keeps meaning "my 32 lanes" there. Shuffles over 64 lanes:
// xcub::arch::shfl_idx / shfl_up / shfl_down with a mask as wide as the warp.
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub {

template <int LOGICAL_WARP_THREADS>
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr unsigned WarpMask(unsigned warp_id) {
  static_assert(LOGICAL_WARP_THREADS > 0 && LOGICAL_WARP_THREADS <= 32, "WarpMask: logical warps of 1 to 32 lanes");
  constexpr bool pow2 = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;
  constexpr unsigned lanes = 0xffffffffu >> (32 - LOGICAL_WARP_THREADS);
  return pow2 ? lanes << ((warp_id * static_cast<unsigned>(LOGICAL_WARP_THREADS)) & 31u) : lanes;
}

#if XCUB_HAS_KERNELS

namespace detail {
template <int L>
inline constexpr bool valid_shuffle_width = L > 0 && L <= 32 && L <= arch::warp_threads && (L & (L - 1)) == 0;

/// CUB's 32-bit member mask as a mask of the whole warp: the lanes it names in the caller's 32-lane group.
XCUB_DEVICE XCUB_FORCEINLINE arch::lane_mask_t warp_members(unsigned member_mask) {
  if constexpr (arch::warp_threads > 32) {
    return static_cast<arch::lane_mask_t>(static_cast<arch::lane_mask_t>(member_mask) << (arch::lane_id() & ~31u));
  } else {
    return static_cast<arch::lane_mask_t>(member_mask);
  }
}
}  // namespace detail

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleUp(T input, int src_offset, int first_thread, unsigned member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleUp: LOGICAL_WARP_THREADS must be a power of two up to 32");
  const int lane = static_cast<int>(arch::lane_id() & static_cast<unsigned>(LOGICAL_WARP_THREADS - 1));
  const T other = arch::shfl_up(detail::warp_members(member_mask), input, static_cast<unsigned>(src_offset),
                                LOGICAL_WARP_THREADS);
  return lane - src_offset >= first_thread ? other : input;
}

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleDown(T input, int src_offset, int last_thread, unsigned member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleDown: LOGICAL_WARP_THREADS must be a power of two up to 32");
  const int lane = static_cast<int>(arch::lane_id() & static_cast<unsigned>(LOGICAL_WARP_THREADS - 1));
  const T other = arch::shfl_down(detail::warp_members(member_mask), input, static_cast<unsigned>(src_offset),
                                  LOGICAL_WARP_THREADS);
  return lane + src_offset <= last_thread ? other : input;
}

template <int LOGICAL_WARP_THREADS, class T>
XCUB_DEVICE XCUB_FORCEINLINE T ShuffleIndex(T input, int src_lane, unsigned member_mask) {
  static_assert(detail::valid_shuffle_width<LOGICAL_WARP_THREADS>,
                "ShuffleIndex: LOGICAL_WARP_THREADS must be a power of two up to 32");
  return arch::shfl_idx(detail::warp_members(member_mask), input, src_lane & (LOGICAL_WARP_THREADS - 1),
                        LOGICAL_WARP_THREADS);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub
