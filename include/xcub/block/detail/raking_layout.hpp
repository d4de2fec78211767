// xcub/block/detail/raking_layout.hpp: the shared-memory grid through which the raking variants
// of BlockReduce and BlockScan hand a block's per-thread partials to one raking warp.
//
// - Every thread deposits one partial at slot(rank). The first `raking_threads` lanes of warp 0
//   then each own one segment of `segment_length` consecutive ranks: lane l rakes ranks
//   [l * segment_length, (l + 1) * segment_length), the last segment cut short at the block's end
//   unless `unguarded` (ranks past it have no partial and must not be read).
// - segment_length = ceil(threads / warp_threads) and raking_threads = ceil(threads /
//   segment_length) (at most a warp), so one warp rakes the whole block.
// - Padding against bank conflicts: a raking lane walks its segment with a stride of
//   segment_length slots, so an even segment length would put several lanes in one bank (4-byte
//   banks; 2-way and worse). Where segment_length is even (and above 1), one unused slot follows each
//   segment, making the stride odd: lanes then hit distinct banks for 4-byte items, and the
//   deposits of a warp (consecutive ranks) still land in distinct slots.
// - The grid is raw bytes (see grid_bytes); the layout is compile-time only.
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

template <class T, int BLOCK_THREADS>
struct raking_layout {
  static_assert(BLOCK_THREADS >= 1, "xcub: a raking layout needs at least one thread");

  static constexpr int threads = BLOCK_THREADS;
  /// Partials raked by one lane.
  static constexpr int segment_length = (BLOCK_THREADS + arch::warp_threads - 1) / arch::warp_threads;
  /// Lanes of warp 0 that rake (1..warp_threads).
  static constexpr int raking_threads = (BLOCK_THREADS + segment_length - 1) / segment_length;
  /// Whether every segment is whole (no rank past the block's end in the last one).
  static constexpr bool unguarded = BLOCK_THREADS % segment_length == 0;
  /// One padding slot after each segment where the stride would otherwise be even.
  static constexpr int padding = (segment_length > 1 && segment_length % 2 == 0) ? 1 : 0;
  /// Distance between the first slots of two consecutive segments.
  static constexpr int segment_stride = segment_length + padding;
  /// Slots in the grid, padding included.
  static constexpr int grid_items = raking_threads * segment_stride;
  static constexpr unsigned long grid_bytes = sizeof(T) * grid_items;

  /// The slot of rank r's partial.
  static constexpr int slot(int r) { return padding ? r + r / segment_length : r; }
  /// The first slot of raking lane l's segment.
  static constexpr int segment_begin(int l) { return l * segment_stride; }
  /// Whether item i of raking lane l's segment holds a partial (rank l * segment_length + i exists).
  static constexpr bool in_block(int l, int i) { return unguarded || l * segment_length + i < BLOCK_THREADS; }
};

}  // namespace xcub::detail
