// xcub/block/block_adjacent_difference.hpp: BlockAdjacentDifference, combining each item of a
// blocked tile with its left or right neighbour (x[i] - x[i-1], or any binary operator), as CUB's
// BlockAdjacentDifference.
//
// Contract:
//   BlockAdjacentDifference<T, BLOCK_DIM_X, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>; any block shape
//   (1..1024 threads, ranked row-major, x fastest), the dimensions being the launch's.
//   - The tile: every thread of the block holds ITEMS_PER_THREAD items, blocked: rank r holds tile
//     positions [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD). Every thread calls, together,
//     the same method (each contains one block barrier). Outputs are valid in every thread when the
//     call returns; `output` may be `input` itself (in place) or an array of another type OutputT
//     that difference_op's result (and, where an item is copied, T) converts to by assignment.
//   - difference_op(a, b) is called with a the item and b its neighbour:
//     SubtractLeft(input, output, difference_op[, tile_predecessor_item])
//       output[i] = difference_op(item, item before); the tile's first item is copied, or combined
//       with tile_predecessor_item (needed by rank 0 only).
//     SubtractLeftPartialTile(input, output, difference_op, valid_items[, tile_predecessor_item])
//       the same over the first valid_items tile positions; items at or past valid_items are copied
//       (all of them where valid_items <= 0, the predecessor then unused).
//     SubtractRight(input, output, difference_op[, tile_successor_item])
//       output[i] = difference_op(item, item after); the tile's last item is copied, or combined with
//       tile_successor_item (needed by the last rank only).
//     SubtractRightPartialTile(input, output, difference_op, valid_items)
//       the same over the first valid_items positions: the last valid item and those past it are copied.
//     valid_items past the tile's size count as the whole tile.
//   - TempStorage: two items per thread (2 * BLOCK_THREADS * sizeof(T) bytes); a call reads it after
//     its barrier, so reusing it (another call included) needs arch::sync_threads() first.
// Device code (XCUB_DEVICE).
//
//   struct Minus { XCUB_DEVICE int operator()(int a, int b) const { return a - b; } };
//   XCUB_KERNEL void deltas(int* data) {                       // blocks of 128 threads
//     using Adj = xcub::BlockAdjacentDifference<int, 128>;
//     XCUB_SHARED(Adj::TempStorage, storage);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     int items[4];
//     for (int i = 0; i < 4; ++i) items[i] = data[t * 4 + i];    // {1,3,6,10}, {15,21,28,36}, ...
//     Adj(storage).SubtractLeft(items, items, Minus{});            // {1,2,3,4}, {5,6,7,8}, ...
//     for (int i = 0; i < 4; ++i) data[t * 4 + i] = items[i];
//   }
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_neighbours.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockAdjacentDifference {
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int BLOCK_THREADS = shape::threads;
  using neighbours = detail::block_neighbours<T, shape>;

 public:
  /// Each thread's edge items, for its neighbours' differences (layout: detail/block_neighbours.hpp).
  struct TempStorage : neighbours::storage {};

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockAdjacentDifference()
      : BlockAdjacentDifference(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockAdjacentDifference(TempStorage& temp_storage)
      : nb_(temp_storage), rank_(nb_.rank()) { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockAdjacentDifference"); }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractLeft(const T (&input)[ITEMS_PER_THREAD],
                                                 OutputT (&output)[ITEMS_PER_THREAD], DifferenceOpT difference_op) {
    left(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, nullptr);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractLeft(const T (&input)[ITEMS_PER_THREAD],
                                                 OutputT (&output)[ITEMS_PER_THREAD], DifferenceOpT difference_op,
                                                 T tile_predecessor_item) {
    left(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_predecessor_item);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractLeftPartialTile(const T (&input)[ITEMS_PER_THREAD],
                                                            OutputT (&output)[ITEMS_PER_THREAD],
                                                            DifferenceOpT difference_op, int valid_items) {
    left(input, output, difference_op, valid_items, nullptr);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractLeftPartialTile(const T (&input)[ITEMS_PER_THREAD],
                                                            OutputT (&output)[ITEMS_PER_THREAD],
                                                            DifferenceOpT difference_op, int valid_items,
                                                            T tile_predecessor_item) {
    left(input, output, difference_op, valid_items, &tile_predecessor_item);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractRight(const T (&input)[ITEMS_PER_THREAD],
                                                  OutputT (&output)[ITEMS_PER_THREAD], DifferenceOpT difference_op) {
    right(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, nullptr);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractRight(const T (&input)[ITEMS_PER_THREAD],
                                                  OutputT (&output)[ITEMS_PER_THREAD], DifferenceOpT difference_op,
                                                  T tile_successor_item) {
    right(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_successor_item);
  }

  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void SubtractRightPartialTile(const T (&input)[ITEMS_PER_THREAD],
                                                             OutputT (&output)[ITEMS_PER_THREAD],
                                                             DifferenceOpT difference_op, int valid_items) {
    right(input, output, difference_op, valid_items, nullptr);
  }

 private:
  /// Left differences over the first `valid` tile positions. Items are written from the last to
  /// the first, each reading only itself and the one before, so that output may alias input.
  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void left(const T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                         DifferenceOpT& difference_op, int valid, const T* tile_predecessor) {
    nb_.publish(input, false, true);
    const int base = rank_ * ITEMS_PER_THREAD;
    for (int i = ITEMS_PER_THREAD - 1; i > 0; --i) {
      if (base + i < valid) output[i] = difference_op(input[i], input[i - 1]);
      else output[i] = input[i];
    }
    if (base >= valid) {
      output[0] = input[0];
    } else if (rank_ != 0) {
      output[0] = difference_op(input[0], nb_.previous_last());
    } else if (tile_predecessor != nullptr) {
      output[0] = difference_op(input[0], *tile_predecessor);
    } else {
      output[0] = input[0];
    }
  }

  /// Right differences over the first `valid` tile positions (the successor, if any, follows the
  /// whole tile). Items are written from the first to the last, so that output may alias input.
  template <int ITEMS_PER_THREAD, class OutputT, class DifferenceOpT>
  XCUB_DEVICE XCUB_FORCEINLINE void right(const T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                          DifferenceOpT& difference_op, int valid, const T* tile_successor) {
    nb_.publish(input, true, false);
    const int base = rank_ * ITEMS_PER_THREAD;
    constexpr int last = ITEMS_PER_THREAD - 1;
    for (int i = 0; i < last; ++i) {
      if (base + i + 1 < valid) output[i] = difference_op(input[i], input[i + 1]);
      else output[i] = input[i];
    }
    if (rank_ + 1 < BLOCK_THREADS && base + last + 1 < valid) {  // the next rank's first item is valid
      output[last] = difference_op(input[last], nb_.next_first());
    } else if (rank_ == BLOCK_THREADS - 1 && tile_successor != nullptr) {  // full tiles only
      output[last] = difference_op(input[last], *tile_successor);
    } else {
      output[last] = input[last];
    }
  }

  neighbours nb_;
  int rank_;
#endif
};

}  // namespace xcub
