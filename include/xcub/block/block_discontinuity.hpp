// xcub/block/block_discontinuity.hpp: BlockDiscontinuity, flagging the items of a blocked tile
// that differ from their neighbour (heads: from the item before, tails: from the item after), as
// CUB's BlockDiscontinuity.
//
// Contract:
//   BlockDiscontinuity<T, BLOCK_DIM_X, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>; any block shape (1..1024
//   threads, ranked row-major, x fastest), the dimensions being the launch's.
//   - The tile: every thread of the block holds ITEMS_PER_THREAD items, blocked: rank r holds tile
//     positions [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD). Every thread calls, together,
//     the same method (each method contains one block barrier).
//   - flag_op(a, b) returns whether a and b (a before b in the tile) are discontinuous; if it can be
//     called as flag_op(a, b, b_index) (with an int; the trait `flag_op_takes_index` tells, as CUB's
//     detection does), it is called so, b_index being b's tile position (the tile's size
//     BLOCK_THREADS * ITEMS_PER_THREAD for a tile_successor_item). Flags are FlagT (an integer type;
//     bool works) set to 1 or 0 in every thread when the call returns.
//   - FlagHeads(head_flags, input, flag_op[, tile_predecessor_item])
//       head_flags[i] = flag_op(item before, input[i]); the first item of the tile is flagged 1, or
//       compared with tile_predecessor_item (needed by rank 0 only, ignored elsewhere).
//     FlagHeads(head_flags, input, preds, flag_op[, tile_predecessor_item])
//       the same, and preds[i] = the item before input[i] that head_flags[i] compared it with
//       (rank 0's preds[0]: tile_predecessor_item, or, without one, left as it was).
//     FlagTails(tail_flags, input, flag_op[, tile_successor_item])
//       tail_flags[i] = flag_op(input[i], item after); the last item of the tile is flagged 1, or
//       compared with tile_successor_item (needed by the last rank only).
//     FlagHeadsAndTails(head_flags, [tile_predecessor_item,] tail_flags, [tile_successor_item,] input,
//       flag_op): both, in one barrier (the four combinations CUB has).
//   - TempStorage: two items per thread (2 * BLOCK_THREADS * sizeof(T) bytes); a call reads it after
//     its barrier, so reusing it (another call included) needs arch::sync_threads() first.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void segment_heads(const int* keys, int* heads) {      // blocks of 128 threads
//     using Disc = xcub::BlockDiscontinuity<int, 128>;
//     XCUB_SHARED(Disc::TempStorage, storage);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     int items[4], flags[4];
//     for (int i = 0; i < 4; ++i) items[i] = keys[t * 4 + i];       // {0,0,1,1}, {1,2,2,2}, ...
//     Disc(storage).FlagHeads(flags, items, xcub::Inequality{});      // {1,0,1,0}, {0,1,0,0}, ...
//     for (int i = 0; i < 4; ++i) heads[t * 4 + i] = flags[i];
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_neighbours.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

/// Whether a flag predicate takes the second item's tile position: callable as op(a, b, int).
template <class FlagOp, class T>
inline constexpr bool flag_op_takes_index =
    std::is_invocable_v<FlagOp&, const T&, const T&, int>;

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockDiscontinuity {
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int BLOCK_THREADS = shape::threads;
  using neighbours = detail::block_neighbours<T, shape>;

 public:
  /// Each thread's edge items, compared by its neighbours' flags (layout: detail/block_neighbours.hpp).
  struct TempStorage : neighbours::storage {};

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockDiscontinuity()
      : BlockDiscontinuity(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockDiscontinuity(TempStorage& temp_storage)
      : nb_(temp_storage), rank_(nb_.rank()) { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockDiscontinuity"); }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, false, true);
    heads(head_flags, input, flag_op, nullptr);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                                              T tile_predecessor_item) {
    nb_.publish(input, false, true);
    heads(head_flags, input, flag_op, &tile_predecessor_item);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], T (&preds)[ITEMS_PER_THREAD],
                                              FlagOp flag_op) {
    nb_.publish(input, false, true);
    predecessors(preds, input, nullptr);
    heads(head_flags, input, flag_op, nullptr);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], T (&preds)[ITEMS_PER_THREAD],
                                              FlagOp flag_op, T tile_predecessor_item) {
    nb_.publish(input, false, true);
    predecessors(preds, input, &tile_predecessor_item);
    heads(head_flags, input, flag_op, &tile_predecessor_item);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, true, false);
    tails(tail_flags, input, flag_op, nullptr);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                              const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                                              T tile_successor_item) {
    nb_.publish(input, true, false);
    tails(tail_flags, input, flag_op, &tile_successor_item);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                                      FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                                      const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, true, true);
    heads(head_flags, input, flag_op, nullptr);
    tails(tail_flags, input, flag_op, nullptr);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                                      FlagT (&tail_flags)[ITEMS_PER_THREAD], T tile_successor_item,
                                                      const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, true, true);
    heads(head_flags, input, flag_op, nullptr);
    tails(tail_flags, input, flag_op, &tile_successor_item);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                                                      FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                                      const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, true, true);
    heads(head_flags, input, flag_op, &tile_predecessor_item);
    tails(tail_flags, input, flag_op, nullptr);
  }

  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                                                      FlagT (&tail_flags)[ITEMS_PER_THREAD], T tile_successor_item,
                                                      const T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    nb_.publish(input, true, true);
    heads(head_flags, input, flag_op, &tile_predecessor_item);
    tails(tail_flags, input, flag_op, &tile_successor_item);
  }

 private:
  /// flag_op(a, b[, b_index]) as a flag: with the index where the predicate takes one.
  template <class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE static bool apply(FlagOp& flag_op, const T& a, const T& b, int b_index) {
    if constexpr (flag_op_takes_index<FlagOp, T>) {
      return static_cast<bool>(flag_op(a, b, b_index));
    } else {
      return static_cast<bool>(flag_op(a, b));
    }
  }

  /// Each item's predecessor, after publish(last); rank 0's first only where there is one.
  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void predecessors(T (&preds)[ITEMS_PER_THREAD], const T (&input)[ITEMS_PER_THREAD],
                                                 const T* tile_predecessor) const {
    if (rank_ != 0) preds[0] = nb_.previous_last();
    else if (tile_predecessor != nullptr) preds[0] = *tile_predecessor;
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) preds[i] = input[i - 1];
  }

  /// Head flags, after publish(last): the previous rank's last item precedes input[0].
  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void heads(FlagT (&flags)[ITEMS_PER_THREAD], const T (&input)[ITEMS_PER_THREAD],
                                          FlagOp& flag_op, const T* tile_predecessor) const {
    const int base = rank_ * ITEMS_PER_THREAD;
    if (rank_ != 0) {
      flags[0] = apply(flag_op, nb_.previous_last(), input[0], base);
    } else if (tile_predecessor != nullptr) {
      flags[0] = apply(flag_op, *tile_predecessor, input[0], 0);
    } else {
      flags[0] = 1;
    }
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) flags[i] = apply(flag_op, input[i - 1], input[i], base + i);
  }

  /// Tail flags, after publish(first): the next rank's first item follows input[ITEMS_PER_THREAD - 1].
  template <int ITEMS_PER_THREAD, class FlagT, class FlagOp>
  XCUB_DEVICE XCUB_FORCEINLINE void tails(FlagT (&flags)[ITEMS_PER_THREAD], const T (&input)[ITEMS_PER_THREAD],
                                          FlagOp& flag_op, const T* tile_successor) const {
    const int base = rank_ * ITEMS_PER_THREAD;
    for (int i = 0; i + 1 < ITEMS_PER_THREAD; ++i) flags[i] = apply(flag_op, input[i], input[i + 1], base + i + 1);
    constexpr int last = ITEMS_PER_THREAD - 1;
    if (rank_ != BLOCK_THREADS - 1) {
      flags[last] = apply(flag_op, input[last], nb_.next_first(), base + ITEMS_PER_THREAD);
    } else if (tile_successor != nullptr) {
      flags[last] = apply(flag_op, input[last], *tile_successor, base + ITEMS_PER_THREAD);
    } else {
      flags[last] = 1;
    }
  }

  neighbours nb_;
  int rank_;
#endif
};

}  // namespace xcub
