// xcub/block/block_reduce.hpp: BlockReduce, the reduction of a thread block's items (CUB's
// BlockReduce).
//
// BlockReduce<T, BLOCK_DIM_X, ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
// - Who calls: every thread of the block, together (the dimensions are the launch's; threads are
//   ranked row-major, x fastest), with the same operator and num_valid.
// - The result is valid in thread 0 only (others hold partial folds).
// - Sum(x) / Reduce(x, op): every thread's item. Sum(items) / Reduce(items, op): ITEMS_PER_THREAD
//   items per thread in the blocked arrangement (each thread folds its own first).
//   Sum(x, num_valid) / Reduce(x, op, num_valid): the items of ranks [0, num_valid) only; the
//   others' are never combined (they may hold anything). num_valid >= threads is a full tile;
//   num_valid <= 0 gives thread 0 an unspecified result (its own item, as CUB does).
// - Order: RAKING and WARP_REDUCTIONS fold in rank order (blocked items: tile order), so any
//   associative operator is right, commutative or not. RAKING_COMMUTATIVE_ONLY needs a commutative
//   operator; it runs only for full tiles of at least two whole warps and uses RAKING otherwise (a
//   partial last warp, a block of one warp or less, num_valid), as CUB does.
// - Algorithms: WARP_REDUCTIONS (a shuffle reduction per warp, a partial last warp reduced as a
//   logical warp of its own lanes, then thread 0 folds the warps' totals; usually the fastest),
//   RAKING (one raking warp over a padded grid of partials), RAKING_COMMUTATIVE_ONLY (warp 0 rakes
//   the other warps' partials, striped). One block barrier each; none for a block of one warp or
//   less. See block/detail/.
// - TempStorage: one item per warp (WARP_REDUCTIONS) or per thread (raking); use it in a union with
//   other collectives' TempStorage, with a barrier (arch::sync_threads()) between a reduction and
//   any other use of that memory, another reduction included.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void block_max(const float* in, float* out, int n) {   // blocks of 256 threads
//     using BlockReduce = xcub::BlockReduce<float, 256>;
//     XCUB_SHARED(BlockReduce::TempStorage, temp);
//     const int i = xcub::arch::block_idx().x * 256 + xcub::arch::thread_idx().x;
//     const int valid = n - xcub::arch::block_idx().x * 256;
//     const float top = BlockReduce(temp).Reduce(i < n ? in[i] : 0.f, xcub::Max{}, valid);
//     if (xcub::arch::thread_idx().x == 0) out[xcub::arch::block_idx().x] = top;  // thread 0 only
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_reduce_raking.hpp>
#include <xcub/block/detail/block_reduce_raking_commutative_only.hpp>
#include <xcub/block/detail/block_reduce_warp_reductions.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/thread_reduce.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockReduce {
  static_assert(ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS || ALGORITHM == BLOCK_REDUCE_RAKING ||
                    ALGORITHM == BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
                "xcub::BlockReduce: ALGORITHM must be a BlockReduceAlgorithm");
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockReduce: a block has 1 to 1024 threads");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using raking_t = detail::block_reduce_raking<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using commutative_t = detail::block_reduce_raking_commutative_only<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  /// COMMUTATIVE_ONLY with RAKING as its fallback (both may run, so both share the storage).
  static constexpr bool commutative = ALGORITHM == BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY && commutative_t::applies;
  using impl_t = std::conditional_t<ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS,
                                    detail::block_reduce_warp_reductions<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                                    raking_t>;
  union commutative_storage {
    typename commutative_t::TempStorage commutative;
    typename raking_t::TempStorage raking;
  };

 public:
  /// The shared memory a reduction needs (raw bytes; see the contract above for reuse).
  using TempStorage = std::conditional_t<commutative, commutative_storage, typename impl_t::TempStorage>;
  static_assert(std::is_trivially_default_constructible_v<TempStorage>, "xcub::BlockReduce: TempStorage must be raw");

#if XCUB_HAS_KERNELS
  /// Uses the block's private shared TempStorage (one per TempStorage type).
  XCUB_DEVICE XCUB_FORCEINLINE BlockReduce() : BlockReduce(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockReduce(TempStorage& temp_storage) : storage(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockReduce");
  }

  /// The fold of every thread's input with `op`; valid in thread 0.
  template <class ReductionOp>
  XCUB_DEVICE XCUB_FORCEINLINE T Reduce(T input, ReductionOp reduction_op) {
    if constexpr (commutative) return commutative_t(storage.commutative).reduce(input, reduction_op);
    else return impl().template reduce<true>(input, reduction_op, shape::threads);
  }

  /// The fold of every thread's blocked items with `op`; valid in thread 0.
  template <int ITEMS_PER_THREAD, class ReductionOp>
  XCUB_DEVICE XCUB_FORCEINLINE T Reduce(const T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
    return Reduce(static_cast<T>(ThreadReduce(inputs, reduction_op)), reduction_op);
  }

  /// The fold of the inputs of ranks [0, num_valid) with `op`; valid in thread 0.
  template <class ReductionOp>
  XCUB_DEVICE XCUB_FORCEINLINE T Reduce(T input, ReductionOp reduction_op, int num_valid) {
    if (num_valid >= shape::threads) return Reduce(input, reduction_op);
    return impl().template reduce<false>(input, reduction_op, num_valid);  // COMMUTATIVE_ONLY: RAKING
  }

  /// The sum of every thread's input; valid in thread 0.
  XCUB_DEVICE XCUB_FORCEINLINE T Sum(T input) { return Reduce(input, xcub::Sum{}); }
  /// The sum of every thread's blocked items; valid in thread 0.
  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE T Sum(const T (&inputs)[ITEMS_PER_THREAD]) {
    return Reduce(inputs, xcub::Sum{});
  }
  /// The sum of the inputs of ranks [0, num_valid); valid in thread 0.
  XCUB_DEVICE XCUB_FORCEINLINE T Sum(T input, int num_valid) { return Reduce(input, xcub::Sum{}, num_valid); }

 private:
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE impl_t impl() {
    if constexpr (commutative) return impl_t(storage.raking);
    else return impl_t(storage);
  }
#endif
};

}  // namespace xcub
