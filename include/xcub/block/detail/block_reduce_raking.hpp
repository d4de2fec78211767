// xcub/block/detail/block_reduce_raking.hpp: BlockReduce's RAKING variant, for any block size and
// any associative operator (commutative or not). Used through xcub::BlockReduce, which also
// routes RAKING_COMMUTATIVE_ONLY here where that variant cannot run.
//
// reduce<FULL>(x, op, num_valid): the fold of the partials of ranks [0, num_valid) (all of them
// when FULL) in rank order, valid in thread 0. num_valid <= 0: thread 0 gets its own partial back
// (the result is unspecified, as in CUB); no invalid partial is ever combined.
// - A block of at most one warp is one WarpReduce<T, threads>: no grid, no block barrier.
// - Larger blocks: every thread deposits its partial in the raking grid (raking_layout.hpp);
//   barrier; the raking lanes of warp 0 fold their segments (only ranks below num_valid) and warp
//   0, which is whole, reduces the segment totals of the raking lanes that hold valid ranks. One
//   block barrier.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/raking_layout.hpp>
#include <xcub/warp/warp_reduce.hpp>

namespace xcub::detail {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct block_reduce_raking {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using layout = raking_layout<T, shape::threads>;
  static constexpr bool single_warp = shape::threads <= arch::warp_threads;
  static constexpr int SEG = layout::segment_length;
  static constexpr int RT = layout::raking_threads;
  using warp_reduce = WarpReduce<T, single_warp ? shape::threads : arch::warp_threads>;

  struct grid_storage {
    alignas(T) unsigned char grid[layout::grid_bytes];
  };
  struct warp_storage {
    typename warp_reduce::TempStorage warp;
  };
  using TempStorage = std::conditional_t<single_warp, warp_storage, grid_storage>;

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE explicit block_reduce_raking(TempStorage& s) : storage(s) {}

  template <bool FULL, class Op>
  XCUB_DEVICE XCUB_FORCEINLINE T reduce(T x, Op& op, int num_valid) {
    if constexpr (single_warp) {
      warp_reduce wr(storage.warp);
      if constexpr (FULL) return wr.Reduce(x, op);
      else return wr.Reduce(x, op, num_valid);
    } else {
      T* const grid = reinterpret_cast<T*>(storage.grid);
      const int rank = shape::rank();
      grid[layout::slot(rank)] = x;  // invalid ranks deposit too: never read, keeps the grid defined
      arch::sync_threads();
      if (rank < arch::warp_threads) {
        const int lane = rank;
        const int rakers = FULL ? RT : (num_valid + SEG - 1) / SEG;  // lanes holding valid ranks
        const int l = lane < rakers ? lane : 0;  // the others fold segment 0: their result is not used
        const T* const seg = grid + layout::segment_begin(l);
        T raked = seg[0];
XCUB_UNROLL
        for (int i = 1; i < SEG; ++i) {
          const bool valid = FULL ? layout::in_block(l, i) : l * SEG + i < num_valid;
          if (valid) raked = static_cast<T>(op(raked, seg[i]));
        }
        typename warp_reduce::TempStorage none;
        warp_reduce wr(none);
        if constexpr (FULL && RT == arch::warp_threads) x = wr.Reduce(raked, op);
        else x = wr.Reduce(raked, op, rakers);
      }
      return x;
    }
  }
#endif
};

}  // namespace xcub::detail
