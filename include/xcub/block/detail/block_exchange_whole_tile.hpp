// xcub/block/detail/block_exchange_whole_tile.hpp: BlockExchange with the whole tile in shared
// memory (WARP_TIME_SLICING = false). Used through xcub::BlockExchange.
//
// A block-wide exchange is one permutation: every thread writes its items at their positions in the
// source arrangement, one block barrier, every thread reads its items from their positions in the
// target arrangement. A warp-striped exchange stays inside each warp's segment of the tile, so a
// warp barrier suffices. No barrier is taken first: as in CUB, the caller puts one between two uses
// of the same TempStorage.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/sanitizer_hints.hpp>
#include <xcub/block/detail/block_exchange_layout.hpp>

namespace xcub::detail {

template <class T, int ITEMS_PER_THREAD, int BLOCK_THREADS>
struct block_exchange_whole_tile {
  using layout = block_exchange_layout<T, ITEMS_PER_THREAD, BLOCK_THREADS, false>;
  using TempStorage = typename layout::TempStorage;

  /// Whether a padded blocked read takes the thread's slots as one base plus constant offsets (the
  /// padding falls between threads' runs: slot(r * N + i) = slot(r * N) + i for N a power of two up to
  /// 32) instead of padding each position. Only for runs of at most 8 bytes (8 one-byte items):
  /// without the run nvcc keeps the 8 padded indices live across a loop over tiles (BlockHistogram
  /// SORT, 128 x 8 uint8 samples on sm_90: 64 registers against 48, about 3% slower), while with 16
  /// items the run costs time (about 2.5%) and 4-byte items take more registers in some
  /// BlockRadixSort kernels (docs/block-sorting.md).
  static constexpr bool blocked_run_reads = layout::padded && sizeof(T) * ITEMS_PER_THREAD <= 8;
  static_assert(!blocked_run_reads || (ITEMS_PER_THREAD <= 32 && (ITEMS_PER_THREAD & (ITEMS_PER_THREAD - 1)) == 0),
                "xcub: a blocked run crosses a padding slot");

#if XCUB_HAS_KERNELS
  T* buffer;
  int rank;

  /// Items go from arrangement FROM to TO; `keep(i)` says whether item i is written at all (the
  /// guarded and flagged scatters), `ranks` gives the scattered positions.
  template <arrangement FROM, arrangement TO, class OutputT, class Ranks, class Keep>
  XCUB_DEVICE XCUB_FORCEINLINE void exchange(const T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                             const Ranks& ranks, Keep keep) const {
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (keep(i)) buffer[layout::slot(layout::template position<FROM>(rank, i, ranks))] = input[i];
    }
    arch::sync_threads();
    if constexpr (TO == arrangement::blocked && blocked_run_reads) {
      // The thread's items lie in one run of slots (a run never crosses a padding slot here).
      const T* const run = &buffer[layout::slot(rank * ITEMS_PER_THREAD)];
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        if constexpr (!std::is_same_v<Keep, keep_all>) arch::assume_initialized(run + i, sizeof(T));
        output[i] = run[i];
      }
    } else {
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        T* const slot = &buffer[layout::slot(layout::template position<TO>(rank, i, ranks))];
        // A dropped item leaves its slot unwritten: that output is unspecified, read on purpose.
        if constexpr (!std::is_same_v<Keep, keep_all>) arch::assume_initialized(slot, sizeof(T));
        output[i] = *slot;
      }
    }
  }

  /// Within each (whole) warp: warp-striped to blocked (TO_BLOCKED) or back.
  template <bool TO_BLOCKED, class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void warp_exchange(const T (&input)[ITEMS_PER_THREAD],
                                                  OutputT (&output)[ITEMS_PER_THREAD]) const {
    constexpr int W = layout::warp_threads;
    const int lane = rank % W;
    const int base = (rank / W) * W * ITEMS_PER_THREAD;  // the warp's segment (padded as the whole tile)
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const int p = TO_BLOCKED ? i * W + lane : lane * ITEMS_PER_THREAD + i;
      buffer[layout::slot(base + p)] = input[i];
    }
    arch::sync_warp(arch::full_lane_mask);
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const int p = TO_BLOCKED ? lane * ITEMS_PER_THREAD + i : i * W + lane;
      output[i] = buffer[layout::slot(base + p)];
    }
  }
#endif
};

}  // namespace xcub::detail
