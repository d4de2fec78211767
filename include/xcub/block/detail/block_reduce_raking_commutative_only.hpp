// xcub/block/detail/block_reduce_raking_commutative_only.hpp: BlockReduce's
// RAKING_COMMUTATIVE_ONLY variant: raking for commutative (and associative) operators. Used
// through xcub::BlockReduce.
//
// reduce(x, op): the fold of every thread's partial, in some order, valid in thread 0.
// - Runs only for full tiles of a block of at least two warps, all of them whole (`applies`);
//   everywhere else (a partial last warp, one warp or less, num_valid) BlockReduce uses RAKING,
//   which keeps rank order, as CUB does.
// - Warp 0 keeps its partials in registers; every other thread deposits its partial striped
//   (rank r at slot r - warp_threads), so lane l of warp 0 folds slots l, l + warp_threads, ...:
//   consecutive lanes read consecutive slots, conflict-free without padding. Barrier; warp 0
//   reduces the lanes' folds by shuffles. One block barrier, no raking grid padding.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/warp/warp_reduce.hpp>

namespace xcub::detail {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct block_reduce_raking_commutative_only {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int W = arch::warp_threads;
  /// Whether this variant runs (else BlockReduce uses RAKING).
  static constexpr bool applies = !shape::has_partial_warp && shape::warps >= 2;
  static constexpr int SHARING = applies ? shape::threads - W : 1;
  static constexpr int PER_LANE = SHARING / W;

  struct TempStorage {
    alignas(T) unsigned char shared[sizeof(T) * SHARING];
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE explicit block_reduce_raking_commutative_only(TempStorage& s) : storage(s) {}

  template <class Op>
  XCUB_DEVICE XCUB_FORCEINLINE T reduce(T x, Op& op) {
    static_assert(applies, "block_reduce_raking_commutative_only: whole warps, two at least");
    T* const shared = reinterpret_cast<T*>(storage.shared);
    const int rank = shape::rank();
    if (rank >= W) shared[rank - W] = x;
    arch::sync_threads();
    if (rank < W) {
XCUB_UNROLL
      for (int i = 0; i < PER_LANE; ++i) x = static_cast<T>(op(x, shared[rank + i * W]));
      typename WarpReduce<T>::TempStorage none;
      x = WarpReduce<T>(none).Reduce(x, op);
    }
    return x;
  }
#endif
};

}  // namespace xcub::detail
