// xcub/warp/warp_reduce.hpp: WarpReduce, the reduction of one value per lane across a logical warp
// (CUB's WarpReduce).
//
// Contract:
//   WarpReduce<T, LOGICAL_WARP_THREADS = arch::warp_threads>; W = LOGICAL_WARP_THREADS, 1..warp_threads.
//   - Who calls: every lane of a logical warp calls the same method with the same arguments that are
//     meant to be uniform (op, valid_items). A power-of-two width splits each hardware warp into
//     independent logical warps of consecutive lanes (lanes [k*W, (k+1)*W)), which may call at
//     different times. Any other width uses only the first LOGICAL_WARP_THREADS lanes of each
//     hardware warp (the lanes past it must not call), as in CUB.
//   - Where the result is valid: Sum/Reduce, in lane 0 of each logical warp (other lanes hold
//     partial folds). Segmented ones: in the first lane of each segment (lane 0 always is one).
//   - Order: the result is the left-to-right fold in lane order, op(op(x0, x1), x2)..., regrouped
//     but never reordered, so any associative operator is right, commutative or not. Partial results
//     are converted to T.
//   - TempStorage: one per logical warp that may call at the same time (an array indexed by warp for
//     a block of warps); may be reused after the call returns, by the same logical warp. Powers of
//     two need no shared memory (TempStorage is empty); other widths hold LOGICAL_WARP_THREADS items.
//   - Sum(x) / Reduce(x, op)             the fold of every lane
//     Sum(x, valid_items) / Reduce(x, op, valid_items)
//                                        the fold of lanes [0, valid_items), 1 <= valid_items <= W;
//                                        the other lanes still call, their x is not read
//     HeadSegmentedSum/Reduce(x, head_flag[, op])  a lane with a true flag starts a segment
//     TailSegmentedSum/Reduce(x, tail_flag[, op])  a lane with a true flag ends a segment
//   - Every lane of a calling logical warp must exist (as in CUB): where a block's size is not a
//     multiple of the warp, a logical warp that the block's end cuts short must not call (the host
//     emulator reports one that does). Use valid_items to leave lanes out.
//   - Specialised where a backend has a better instruction, for Sum(x) / Reduce(x, op): CUDA sm_80+,
//     Sum/Min/Max of 32-bit integers over any power-of-two logical warp, one __reduce_*_sync;
//     HIP GFX9 wave64, Sum of 32-bit integers over 64 lanes, DPP steps
//     (<xcub/backend/warp_reduce_intrinsics.hpp>, docs/warp-reduce-isa.md).
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void warp_sums(const int* in, int* out) {          // blocks of 128 threads
//     using WarpReduce = xcub::WarpReduce<int>;
//     using storage_t = WarpReduce::TempStorage[128 / xcub::arch::warp_threads];
//     XCUB_SHARED(storage_t, storage);
//     const unsigned t = xcub::arch::linear_thread_id(), w = xcub::arch::warp_id();
//     const int sum = WarpReduce(storage[w]).Sum(in[t]);
//     if (xcub::arch::lane_id() == 0) out[w] = sum;                 // valid in lane 0
//     // 8-lane logical warps (empty TempStorage), the largest of each one's first 5 items, in its lane 0:
//     xcub::WarpReduce<int, 8>::TempStorage none;
//     const int top = xcub::WarpReduce<int, 8>(none).Reduce(in[t], xcub::Max{}, 5);
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/detail/warp_reduce_shfl.hpp>
#include <xcub/warp/detail/warp_reduce_smem.hpp>
#include <xcub/backend/warp_reduce_intrinsics.hpp>

namespace xcub {

template <class T, int LOGICAL_WARP_THREADS = arch::warp_threads>
class WarpReduce {
  using warp = detail::logical_warp<LOGICAL_WARP_THREADS>;
  using impl_t = detail::by_width_t<LOGICAL_WARP_THREADS, detail::warp_reduce_shfl<T, LOGICAL_WARP_THREADS>,
                                    detail::warp_reduce_smem<T, LOGICAL_WARP_THREADS>>;

 public:
  /// The shared memory one logical warp needs (empty for power-of-two widths).
  using TempStorage = typename impl_t::TempStorage;

#if XCUB_HAS_KERNELS
  /// Binds the calling lane's logical warp (its lane and member mask) for every call that follows.
  XCUB_DEVICE XCUB_FORCEINLINE WarpReduce(TempStorage& temp_storage) : impl_(temp_storage) {}

  /// The sum of every lane's input; valid in lane 0.
  XCUB_DEVICE XCUB_FORCEINLINE T Sum(T input) { return Reduce(input, xcub::Sum{}); }

  /// The sum of the inputs of lanes [0, valid_items); valid in lane 0.
  XCUB_DEVICE XCUB_FORCEINLINE T Sum(T input, int valid_items) { return Reduce(input, xcub::Sum{}, valid_items); }

  /// The fold of every lane's input with `op` in lane order; valid in lane 0.
  template <class ReduceOp>
  XCUB_DEVICE XCUB_FORCEINLINE T Reduce(T input, ReduceOp op) {
    if constexpr (arch::warp_reduce_intrinsic_available<T, ReduceOp, LOGICAL_WARP_THREADS>) {
      return arch::warp_reduce_intrinsic(impl_.warp_.member_mask(), input, op);
    } else {
      return impl_.reduce(input, LOGICAL_WARP_THREADS - 1, op);
    }
  }

  /// The fold of the inputs of lanes [0, valid_items) with `op` in lane order; valid in lane 0.
  template <class ReduceOp>
  XCUB_DEVICE XCUB_FORCEINLINE T Reduce(T input, ReduceOp op, int valid_items) {
    const int last = (valid_items < LOGICAL_WARP_THREADS ? valid_items : LOGICAL_WARP_THREADS) - 1;
    return impl_.reduce(input, last < 0 ? 0u : static_cast<unsigned>(last), op);
  }

  /// Per segment (a true head_flag starts one), the sum; valid in the first lane of each segment.
  template <class FlagT>
  XCUB_DEVICE XCUB_FORCEINLINE T HeadSegmentedSum(T input, FlagT head_flag) {
    return HeadSegmentedReduce(input, head_flag, xcub::Sum{});
  }

  /// Per segment (a true tail_flag ends one), the sum; valid in the first lane of each segment.
  template <class FlagT>
  XCUB_DEVICE XCUB_FORCEINLINE T TailSegmentedSum(T input, FlagT tail_flag) {
    return TailSegmentedReduce(input, tail_flag, xcub::Sum{});
  }

  /// Per segment (a true head_flag starts one), the fold with `op`; valid in the first lane of each segment.
  template <class ReduceOp, class FlagT>
  XCUB_DEVICE XCUB_FORCEINLINE T HeadSegmentedReduce(T input, FlagT head_flag, ReduceOp op) {
    return segmented_reduce<true>(input, static_cast<bool>(head_flag), op);
  }

  /// Per segment (a true tail_flag ends one), the fold with `op`; valid in the first lane of each segment.
  template <class ReduceOp, class FlagT>
  XCUB_DEVICE XCUB_FORCEINLINE T TailSegmentedReduce(T input, FlagT tail_flag, ReduceOp op) {
    return segmented_reduce<false>(input, static_cast<bool>(tail_flag), op);
  }

 private:
  impl_t impl_;

  /// Each lane folds lanes [lane, end of its segment]: the segment ends are the lanes whose next lane
  /// has a head flag, or that have a tail flag, and the last lane.
  template <bool HEAD, class ReduceOp>
  XCUB_DEVICE XCUB_FORCEINLINE T segmented_reduce(T input, bool flag, ReduceOp& op) {
    const warp& w = impl_.warp_;
    const arch::lane_mask_t mask = w.member_mask();
    arch::lane_mask_t ends = (arch::ballot(mask, flag) & mask) >> w.first_lane();
    if constexpr (HEAD) ends >>= 1;
    ends |= arch::lane_mask_t{1} << (LOGICAL_WARP_THREADS - 1);
    ends &= arch::lane_range_mask(w.rank(), arch::warp_threads);  // the first end at or after the caller
    return impl_.reduce(input, arch::lowest_lane(ends), op);
  }
#endif
};

}  // namespace xcub
