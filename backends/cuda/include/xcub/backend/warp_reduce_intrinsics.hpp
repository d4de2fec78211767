// CUDA's single-instruction warp reductions (redux.sync, sm_80+), the hook that xcub::WarpReduce
// takes where a backend has one:
//   warp_reduce_intrinsic_available<T, ReduceOp, LOGICAL_WARP_THREADS>
//       true where warp_reduce_intrinsic can fold T with ReduceOp across a logical warp of that width
//       (a compile-time constant of the compilation target; false on the host pass)
//   warp_reduce_intrinsic(mask, value, op)
//       every lane of `mask` calls it; returns the fold of their values, valid in every lane of the
//       mask. Used for Sum(x) and Reduce(x, op) only.
// A backend without such an instruction defines the flag false and declares the function anyway.
// Here: int32_t and uint32_t with xcub::Sum, Min, Max over logical warps of any power-of-two width,
// as __reduce_add_sync, __reduce_min_sync, __reduce_max_sync (integer sums wrap, as the shuffle
// version). redux.sync folds exactly the lanes of its mask, so a sub-warp (lanes [k*W, (k+1)*W))
// passes its member mask as is.
#pragma once

#include <xcub/arch/arch.hpp>

#include <cstdint>
#include <type_traits>

#include <xcub/thread/thread_operators.hpp>

namespace xcub::arch {

template <class T, class ReduceOp, int LOGICAL_WARP_THREADS>
inline constexpr bool warp_reduce_intrinsic_available =
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0 && (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>) &&
    (xcub::detail::is_sum_op_v<ReduceOp, T> || xcub::detail::is_min_op_v<ReduceOp, T> ||
     xcub::detail::is_max_op_v<ReduceOp, T>);
#else
    false;
#endif

#if XCUB_HAS_KERNELS
template <class T, class ReduceOp>
XCUB_DEVICE XCUB_FORCEINLINE T warp_reduce_intrinsic(lane_mask_t mask, T value, ReduceOp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (xcub::detail::is_sum_op_v<ReduceOp, T>) return __reduce_add_sync(mask, value);
  else if constexpr (xcub::detail::is_min_op_v<ReduceOp, T>) return __reduce_min_sync(mask, value);
  else return __reduce_max_sync(mask, value);
#else
  (void)mask;
  return value;  // never called: warp_reduce_intrinsic_available is false here
#endif
}
#endif

// ---- the shuffle-scan step: shuffle up and add in one asm block ---------------------------------
// warp_scan_add_step_available<T, ScanOp>: true where warp_scan_add_step does one step of WarpScan's
// shuffle scan with ScanOp: here 32-bit integers and float with xcub::Sum.
// warp_scan_add_step(mask, x, offset, width): x + (the value of lane `lane - offset` of the caller's
// `width`-lane segment) where that lane exists, else x. One shfl.sync.up whose bounds predicate
// guards the add directly (@p add), as CUB's scan steps do: the generic path materialises the
// predicate and selects (SEL) after the add, two more dependent instructions per step.
template <class T, class ScanOp>
inline constexpr bool warp_scan_add_step_available =
    xcub::detail::is_sum_op_v<ScanOp, T> &&
    (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> || std::is_same_v<T, float>);

#if XCUB_HAS_KERNELS
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T warp_scan_add_step(lane_mask_t mask, T x, unsigned offset, int width) {
  const unsigned c = (32u - static_cast<unsigned>(width)) << 8;
  if constexpr (std::is_same_v<T, float>) {
    float r;
    asm volatile("{ .reg .f32 s; .reg .pred p; shfl.sync.up.b32 s|p, %1, %2, %3, %4; @p add.f32 s, s, %1; mov.f32 %0, s; }"
                 : "=f"(r) : "f"(x), "r"(offset), "r"(c), "r"(mask));
    return r;
  } else {
    std::uint32_t r;
    asm volatile("{ .reg .u32 s; .reg .pred p; shfl.sync.up.b32 s|p, %1, %2, %3, %4; @p add.u32 s, s, %1; mov.u32 %0, s; }"
                 : "=r"(r) : "r"(static_cast<std::uint32_t>(x)), "r"(offset), "r"(c), "r"(mask));
    return static_cast<T>(r);
  }
}
#endif

}  // namespace xcub::arch
