// xcub/block/detail/block_exchange_time_sliced.hpp: BlockExchange with one warp's share of the tile
// in shared memory (WARP_TIME_SLICING = true), the warps taking turns. Used through xcub::BlockExchange.
//
// The tile is cut into slices of warp_threads * ITEMS_PER_THREAD positions; slice s is where warp s's
// blocked items lie. For each slice in turn: every thread writes those of its items whose source
// position falls in the slice, a block barrier, every thread reads those of its items whose target
// position falls in it, and a block barrier before the next slice reuses the buffer. Items are
// collected in registers and handed out at the end, so that input and output may be one array.
// A warp-striped exchange keeps to its warp's slice: warp s exchanges alone in turn s, with a warp
// barrier inside and a block barrier between turns. No barrier is taken before the first slice: as in
// CUB, the caller puts one between two uses of the same TempStorage.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/sanitizer_hints.hpp>
#include <xcub/block/detail/block_exchange_layout.hpp>

namespace xcub::detail {

template <class T, int ITEMS_PER_THREAD, int BLOCK_THREADS>
struct block_exchange_time_sliced {
  using layout = block_exchange_layout<T, ITEMS_PER_THREAD, BLOCK_THREADS, true>;
  using TempStorage = typename layout::TempStorage;

#if XCUB_HAS_KERNELS
  T* buffer;
  int rank;

  template <arrangement FROM, arrangement TO, class OutputT, class Ranks, class Keep>
  XCUB_DEVICE XCUB_FORCEINLINE void exchange(const T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                             const Ranks& ranks, Keep keep) const {
    constexpr int W = layout::warp_threads, S = layout::slice_items;
    const int warp = rank / W, lane = rank % W;
    T collected[ITEMS_PER_THREAD];  // every item is read in some slice; a copy of the input until then
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) collected[i] = input[i];
XCUB_UNROLL
    for (int s = 0; s < layout::slices; ++s) {
      if (s > 0) arch::sync_threads();  // the previous slice has been read
      if constexpr (FROM == arrangement::blocked) {
        if (warp == s) {
XCUB_UNROLL
          for (int i = 0; i < ITEMS_PER_THREAD; ++i) buffer[layout::slot(lane * ITEMS_PER_THREAD + i)] = input[i];
        }
      } else {
XCUB_UNROLL
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          const int p = layout::template position<FROM>(rank, i, ranks) - s * S;
          if (p >= 0 && p < S && keep(i)) buffer[layout::slot(p)] = input[i];
        }
      }
      arch::sync_threads();
      if constexpr (TO == arrangement::blocked) {
        if (warp == s) {
XCUB_UNROLL
          for (int i = 0; i < ITEMS_PER_THREAD; ++i) collected[i] = buffer[layout::slot(lane * ITEMS_PER_THREAD + i)];
        }
      } else {
XCUB_UNROLL
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          const int p = layout::template position<TO>(rank, i, ranks) - s * S;
          if (p >= 0 && p < S) {
            // A dropped item leaves its slot unwritten: that output is unspecified, read on purpose.
            if constexpr (!std::is_same_v<Keep, keep_all>) arch::assume_initialized(&buffer[layout::slot(p)], sizeof(T));
            collected[i] = buffer[layout::slot(p)];
          }
        }
      }
    }
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) output[i] = collected[i];
  }

  /// Within each (whole) warp, in turns: warp-striped to blocked (TO_BLOCKED) or back.
  template <bool TO_BLOCKED, class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void warp_exchange(const T (&input)[ITEMS_PER_THREAD],
                                                  OutputT (&output)[ITEMS_PER_THREAD]) const {
    constexpr int W = layout::warp_threads;
    const int warp = rank / W, lane = rank % W;
    if constexpr (layout::slices > 1) {
      // Written in the warp's turn only; set here first so that no path leaves it visibly unset.
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) output[i] = input[i];
    }
XCUB_UNROLL
    for (int s = 0; s < layout::slices; ++s) {
      if (s > 0) arch::sync_threads();  // the previous warp is done with the buffer
      if (warp == s) {
XCUB_UNROLL
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          const int p = TO_BLOCKED ? i * W + lane : lane * ITEMS_PER_THREAD + i;
          buffer[layout::slot(p)] = input[i];
        }
        arch::sync_warp(arch::full_lane_mask);
XCUB_UNROLL
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          const int p = TO_BLOCKED ? lane * ITEMS_PER_THREAD + i : i * W + lane;
          output[i] = buffer[layout::slot(p)];
        }
      }
    }
  }
#endif
};

}  // namespace xcub::detail
