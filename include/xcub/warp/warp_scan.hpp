// xcub/warp/warp_scan.hpp: WarpScan<T, LOGICAL_WARP_THREADS>, prefix scans and a broadcast across
// a logical warp (CUB's WarpScan).
//
// Who calls: every lane of a logical warp, together, each with one item. A logical warp has
// LOGICAL_WARP_THREADS lanes, 1 to arch::warp_threads (default: the hardware warp):
// - a power of two splits each hardware warp into independent logical warps (lanes [k*W, (k+1)*W)),
//   all of which may scan at once, each with its own TempStorage; they scan by shuffles;
// - any other width: lanes [0, W) of a hardware warp form its one logical warp, and lanes past it
//   must not call; they scan through the TempStorage in shared memory.
// Every lane of a calling logical warp must exist (as in CUB): where a block's size is not a
// multiple of the warp, a logical warp that the block's end cuts short must not call.
//
// TempStorage: one per logical warp scanning at once (empty for powers of two, else one T per
// lane). Calls in a row on the same TempStorage need no barrier; using its memory for something
// else afterwards needs a warp or block barrier first (as in CUB).
//
// Results are valid in every lane, the warp aggregate too (the reduction of all the logical
// warp's inputs, without any initial value). The scan is the left-to-right fold in lane order:
// operators need to be associative, not commutative. Without an initial value the exclusive
// output of lane 0 is unspecified; ExclusiveSum gives it T{} (zero).
//
//   using WarpScan = xcub::WarpScan<int>;              // logical warp = the hardware warp
//   XCUB_KERNEL void k(int* data) {                     // blocks of up to 256 threads
//     using storage_t = WarpScan::TempStorage[256 / xcub::arch::warp_threads];
//     XCUB_SHARED(storage_t, temp);
//     const unsigned i = xcub::arch::linear_thread_id();
//     int x = data[i], total;
//     WarpScan(temp[xcub::arch::warp_id()]).ExclusiveSum(x, x, total);  // {1, 1, 1, ...} -> {0, 1, 2, ...}
//     data[i] = x;                                       // total: the warp's sum, in every lane
//   }
//
//   // logical warps of 8 lanes, one TempStorage each:
//   //   xcub::WarpScan<float, 8>(temp8[i / 8]).InclusiveScan(v, v, xcub::Max{});
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/detail/warp_scan_shfl.hpp>
#include <xcub/warp/detail/warp_scan_smem.hpp>

namespace xcub {

template <class T, int LOGICAL_WARP_THREADS = arch::warp_threads>
class WarpScan {
  using impl_t = detail::by_width_t<LOGICAL_WARP_THREADS, detail::warp_scan_shfl<T, LOGICAL_WARP_THREADS>,
                                    detail::warp_scan_smem<T, LOGICAL_WARP_THREADS>>;

 public:
  /// The shared memory one logical warp's scans need (empty where shuffles do all the work).
  using TempStorage = typename impl_t::TempStorage;

#if XCUB_HAS_KERNELS
  /// Binds the calling lane's logical warp (its lane and member mask) for every call that follows.
  XCUB_DEVICE XCUB_FORCEINLINE WarpScan(TempStorage& temp_storage) : impl(temp_storage) {}

  // ---- sums ------------------------------------------------------------------------------------
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(T input, T& inclusive_output) {
    InclusiveScan(input, inclusive_output, Sum{});
  }
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(T input, T& inclusive_output, T& warp_aggregate) {
    InclusiveScan(input, inclusive_output, Sum{}, warp_aggregate);
  }
  /// Lane 0 gets T{} (zero).
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(T input, T& exclusive_output) {
    Sum op;
    const T inclusive = impl.inclusive(input, op);
    exclusive_output = zero_based_exclusive(input, inclusive, op);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(T input, T& exclusive_output, T& warp_aggregate) {
    Sum op;
    const T inclusive = impl.inclusive(input, op);
    warp_aggregate = impl.aggregate_of(inclusive);
    exclusive_output = zero_based_exclusive(input, inclusive, op);
  }

  // ---- inclusive scans -------------------------------------------------------------------------
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, ScanOp scan_op) {
    inclusive_output = impl.inclusive(input, scan_op);
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, ScanOp scan_op, T& warp_aggregate) {
    const T inclusive = impl.inclusive(input, scan_op);
    warp_aggregate = impl.aggregate_of(inclusive);
    inclusive_output = inclusive;
  }
  /// Seeded: lane i gets op(initial_value, fold of lanes [0, i]).
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, T initial_value, ScanOp scan_op) {
    inclusive_output = static_cast<T>(scan_op(initial_value, impl.inclusive(input, scan_op)));
  }
  /// Seeded; warp_aggregate leaves initial_value out.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, T initial_value, ScanOp scan_op,
                                                  T& warp_aggregate) {
    const T inclusive = impl.inclusive(input, scan_op);
    warp_aggregate = impl.aggregate_of(inclusive);
    inclusive_output = static_cast<T>(scan_op(initial_value, inclusive));
  }

  // ---- exclusive scans -------------------------------------------------------------------------
  /// Lane 0's output is unspecified.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, ScanOp scan_op) {
    const T inclusive = impl.inclusive(input, scan_op);
    exclusive_output = unseeded_exclusive(input, inclusive, scan_op);
  }
  /// Lane 0's output is unspecified.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, ScanOp scan_op, T& warp_aggregate) {
    const T inclusive = impl.inclusive(input, scan_op);
    warp_aggregate = impl.aggregate_of(inclusive);
    exclusive_output = unseeded_exclusive(input, inclusive, scan_op);
  }
  /// Lane 0 gets initial_value; lane i > 0 gets op(initial_value, fold of lanes [0, i)).
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp scan_op) {
    const T inclusive = impl.inclusive(input, scan_op);
    exclusive_output = seeded_exclusive(input, inclusive, initial_value, scan_op);
  }
  /// Seeded; warp_aggregate leaves initial_value out.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp scan_op,
                                                  T& warp_aggregate) {
    const T inclusive = impl.inclusive(input, scan_op);
    warp_aggregate = impl.aggregate_of(inclusive);
    exclusive_output = seeded_exclusive(input, inclusive, initial_value, scan_op);
  }

  // ---- both at once ----------------------------------------------------------------------------
  /// Lane 0's exclusive_output is unspecified.
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Scan(T input, T& inclusive_output, T& exclusive_output, ScanOp scan_op) {
    const T inclusive = impl.inclusive(input, scan_op);
    exclusive_output = unseeded_exclusive(input, inclusive, scan_op);
    inclusive_output = inclusive;
  }
  /// Both seeded with initial_value (lane 0's exclusive_output is initial_value).
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Scan(T input, T& inclusive_output, T& exclusive_output, T initial_value,
                                         ScanOp scan_op) {
    const T inclusive = impl.inclusive(input, scan_op);
    exclusive_output = seeded_exclusive(input, inclusive, initial_value, scan_op);
    inclusive_output = static_cast<T>(scan_op(initial_value, inclusive));
  }

  // ---- broadcast -------------------------------------------------------------------------------
  /// The input of lane src_lane of the logical warp (a lane that exists), in every lane.
  XCUB_DEVICE XCUB_FORCEINLINE T Broadcast(T input, unsigned src_lane) { return impl.broadcast(input, src_lane); }

 private:
  /// Integer sums recover the exclusive prefix without a shuffle: inclusive - input.
  template <class ScanOp>
  static constexpr bool subtracts = std::is_integral_v<T> && !std::is_same_v<T, bool> && detail::is_sum_op_v<ScanOp, T>;

  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE T unseeded_exclusive(const T& input, const T& inclusive, ScanOp&) const {
    if constexpr (subtracts<ScanOp>) return static_cast<T>(inclusive - input);
    else return impl.exclusive_of(inclusive);
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE T zero_based_exclusive(const T& input, const T& inclusive, ScanOp& op) const {
    if constexpr (subtracts<ScanOp>) return static_cast<T>(inclusive - input);
    else {
      const T below = unseeded_exclusive(input, inclusive, op);
      return impl.rank() == 0 ? T{} : below;
    }
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE T seeded_exclusive(const T& input, const T& inclusive, const T& initial_value,
                                                  ScanOp& op) const {
    const T below = unseeded_exclusive(input, inclusive, op);
    return impl.rank() == 0 ? initial_value : static_cast<T>(op(initial_value, below));
  }

  impl_t impl;
#endif
};

}  // namespace xcub
