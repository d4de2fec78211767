// CUDA implementation of the backend contract (xcub::arch): NVIDIA warps are 32 lanes wide.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#include <xcub/arch/scope.hpp>
#include <xcub/arch/lane_mask.hpp>  // warp_threads (<xcub/backend/warp_threads.hpp>), lane_mask_t

namespace xcub::arch {

/// Number of lanes in a mask (POPC on the device); host code may call it too.
XCUB_HOST_DEVICE XCUB_FORCEINLINE int lane_count(lane_mask_t mask) {
#if defined(__CUDA_ARCH__)
  return __popc(mask);
#else
  return __builtin_popcount(mask);
#endif
}

}  // namespace xcub::arch

// The rest is device code: a translation unit that the host compiler builds (nvcc hands .cpp
// files to it) sees only the warp width and the lane masks.
#if XCUB_HAS_KERNELS
#include <cuda/atomic>
#include <xcub/backend/gpu/builtin_ids.hpp>

namespace xcub::arch {

/// Lane of the calling thread in its warp (the %laneid register).
XCUB_DEVICE XCUB_FORCEINLINE unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

/// The lowest lane of a non-empty mask (__ffs: a bit reverse and FLO).
XCUB_DEVICE XCUB_FORCEINLINE unsigned lowest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(__ffs(static_cast<int>(mask)) - 1);
}

/// The highest lane of a non-empty mask (one FLO: 31 - __clz).
XCUB_DEVICE XCUB_FORCEINLINE unsigned highest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(31 - __clz(static_cast<int>(mask)));
}

// ---- barriers --------------------------------------------------------------------------------
XCUB_DEVICE XCUB_FORCEINLINE void sync_threads() { __syncthreads(); }
XCUB_DEVICE XCUB_FORCEINLINE void sync_warp(lane_mask_t mask = full_lane_mask) { __syncwarp(mask); }
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t active_mask() { return __activemask(); }

// ---- warp exchange on 32-bit words (typed versions: <xcub/arch/shuffle.hpp>) -----------------
using shuffle_word = std::uint32_t;
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_idx_word(lane_mask_t m, std::uint32_t w, int src, int width) {
  return __shfl_sync(m, w, src, width);
}
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_up_word(lane_mask_t m, std::uint32_t w, unsigned delta, int width) {
  return __shfl_up_sync(m, w, delta, width);
}
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_down_word(lane_mask_t m, std::uint32_t w, unsigned delta, int width) {
  return __shfl_down_sync(m, w, delta, width);
}
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_xor_word(lane_mask_t m, std::uint32_t w, int lanes, int width) {
  return __shfl_xor_sync(m, w, lanes, width);
}

// Bounded shuffles: the hardware reports whether the source lane was in range (the predicate of
// shfl.sync), which saves recomputing it (<xcub/arch/shuffle.hpp>: shfl_down_until, shfl_up_checked).
inline constexpr bool shuffles_report_bounds = true;
/// shfl.sync.down with the clamp at `last` (a lane of the caller's `width`-lane segment): `valid`
/// is (lane in segment + delta <= last).
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_down_word_until(lane_mask_t m, std::uint32_t w, unsigned delta,
                                                                unsigned last, int width, bool& valid) {
  const unsigned c = ((32u - static_cast<unsigned>(width)) << 8) | last;
  std::uint32_t r, in_range;
  asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %2, %3, %4, %5; selp.u32 %1, 1, 0, p; }"
               : "=r"(r), "=r"(in_range) : "r"(w), "r"(delta), "r"(c), "r"(m));
  valid = in_range != 0;
  return r;
}
/// shfl.sync.up within `width`-lane segments: `valid` is (lane in segment >= delta).
XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t shfl_up_word_checked(lane_mask_t m, std::uint32_t w, unsigned delta,
                                                                int width, bool& valid) {
  const unsigned c = (32u - static_cast<unsigned>(width)) << 8;
  std::uint32_t r, in_range;
  asm volatile("{ .reg .pred p; shfl.sync.up.b32 %0|p, %2, %3, %4, %5; selp.u32 %1, 1, 0, p; }"
               : "=r"(r), "=r"(in_range) : "r"(w), "r"(delta), "r"(c), "r"(m));
  valid = in_range != 0;
  return r;
}

// ---- votes -------------------------------------------------------------------------------------
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot(lane_mask_t m, bool pred) { return __ballot_sync(m, pred); }
XCUB_DEVICE XCUB_FORCEINLINE bool any(lane_mask_t m, bool pred) { return __any_sync(m, pred) != 0; }
XCUB_DEVICE XCUB_FORCEINLINE bool all(lane_mask_t m, bool pred) { return __all_sync(m, pred) != 0; }
/// Lanes of `m` whose `value & bits` is zero exactly when the caller's is (one vote; radix ranking
/// intersects one per digit bit). For a whole warp, the test, the vote and the complement for a
/// clear bit stay one predicate in inline PTX (in C++, nvcc recomputes the bit for the complement's
/// select: 9 PTX instructions instead of 4). Other masks take the C++ form: ptxas (CUDA 13.0) fails
/// its predicate allocation ("register count of '7'") on large kernels whose inline vote takes
/// its member mask from a register.
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits) {
  if (m == full_lane_mask) {
    std::uint32_t votes;
    asm("{ .reg .pred p; .reg .b32 t; and.b32 t, %1, %2; setp.ne.u32 p, t, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; "
        "@!p not.b32 %0, %0; }"
        : "=r"(votes) : "r"(value), "r"(bits));
    return votes;
  }
  const bool set = (value & bits) != 0;
  const lane_mask_t votes = __ballot_sync(m, set);
  return (set ? votes : ~votes) & m;
}
/// Lanes of `m` whose `value` equals the caller's.
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any(lane_mask_t m, std::uint32_t value) {
  return __match_any_sync(m, value);
}
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any(lane_mask_t m, std::uint64_t value) {
  return __match_any_sync(m, static_cast<unsigned long long>(value));
}

// ---- atomics (relaxed read-modify-writes, like atomicAdd) and fences ---------------------------
namespace detail {
template <scope S>
inline constexpr cuda::thread_scope cuda_scope = S == scope::block ? cuda::thread_scope_block : cuda::thread_scope_device;
template <scope S, class T>
XCUB_DEVICE XCUB_FORCEINLINE cuda::atomic_ref<T, cuda_scope<S>> atomic_at(T* p) {
  return cuda::atomic_ref<T, cuda_scope<S>>(*p);
}
}  // namespace detail

namespace detail {
/// The types that CUDA's atomicOr family takes natively.
template <class T>
inline constexpr bool native_atomic_int = std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                                          std::is_same_v<T, unsigned long long>;
/// The types that CUDA's atomicAdd family takes natively (exactly these: no conversions).
template <class T>
inline constexpr bool native_atomic_add = native_atomic_int<T> || std::is_same_v<T, float> || std::is_same_v<T, double>;
}  // namespace detail

// add (int, unsigned, unsigned long long, float, double) and or (the integers) go through CUDA's
// relaxed atomicAdd(_block) / atomicOr(_block): the same operations at the same scopes, but nvcc
// sees the address space of a __shared__ pointer and emits a shared atomic (atom.shared, 32-bit
// address), where cuda::atomic_ref's inline PTX is a generic atom on a 64-bit address (the
// early-counts ranking ran at 0.63x CUB's speed with it, BlockHistogram ATOMIC at 0.87-0.97x).
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_add(T* p, T v) {
  if constexpr (detail::native_atomic_add<T>) {
    if constexpr (S == scope::block) {
      return atomicAdd_block(p, v);
    } else {
      return atomicAdd(p, v);
    }
  } else {
    return detail::atomic_at<S>(p).fetch_add(v, cuda::std::memory_order_relaxed);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_min(T* p, T v) {
  return detail::atomic_at<S>(p).fetch_min(v, cuda::std::memory_order_relaxed);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_max(T* p, T v) {
  return detail::atomic_at<S>(p).fetch_max(v, cuda::std::memory_order_relaxed);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_or(T* p, T v) {
  if constexpr (detail::native_atomic_int<T>) {
    if constexpr (S == scope::block) {
      return atomicOr_block(p, v);
    } else {
      return atomicOr(p, v);
    }
  } else {
    return detail::atomic_at<S>(p).fetch_or(v, cuda::std::memory_order_relaxed);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_and(T* p, T v) {
  return detail::atomic_at<S>(p).fetch_and(v, cuda::std::memory_order_relaxed);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_exchange(T* p, T v) {
  return detail::atomic_at<S>(p).exchange(v, cuda::std::memory_order_relaxed);
}
/// Writes `desired` if `*p == expected`; returns the value `*p` held before.
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_cas(T* p, T expected, T desired) {
  detail::atomic_at<S>(p).compare_exchange_strong(expected, desired, cuda::std::memory_order_relaxed);
  return expected;
}
/// Acquire load and release store: the pair publishes data behind a flag.
/// The widest word atomic_load_relaxed / atomic_store_relaxed move as one: 16 bytes on CUDA, where
/// an aligned 16-byte vector access is one memory transaction on sm_70 and later (PTX does not
/// promise it for vectors; the hardware does it, and CUB's look-back relies on it as well).
inline constexpr int max_atomic_word_bytes = 16;

template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_relaxed(const T* p) {
  if constexpr (sizeof(T) == 16) {
    static_assert(alignof(T) >= 16, "xcub::arch::atomic_load_relaxed: 16-byte words must be 16-byte aligned");
    std::uint64_t lo, hi;
    if constexpr (S == scope::block)
      asm volatile("ld.relaxed.cta.v2.u64 {%0, %1}, [%2];" : "=l"(lo), "=l"(hi) : "l"(p) : "memory");
    else
      asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];" : "=l"(lo), "=l"(hi) : "l"(p) : "memory");
    struct {
      std::uint64_t lo, hi;
    } words{lo, hi};
    return __builtin_bit_cast(T, words);
  } else {
    return detail::atomic_at<S>(const_cast<T*>(p)).load(cuda::std::memory_order_relaxed);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_relaxed(T* p, T v) {
  if constexpr (sizeof(T) == 16) {
    static_assert(alignof(T) >= 16, "xcub::arch::atomic_store_relaxed: 16-byte words must be 16-byte aligned");
    struct words_t {
      std::uint64_t lo, hi;
    };
    const words_t w = __builtin_bit_cast(words_t, v);
    if constexpr (S == scope::block)
      asm volatile("st.relaxed.cta.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(w.lo), "l"(w.hi) : "memory");
    else
      asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(w.lo), "l"(w.hi) : "memory");
  } else {
    detail::atomic_at<S>(p).store(v, cuda::std::memory_order_relaxed);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_acquire(const T* p) {
  return detail::atomic_at<S>(const_cast<T*>(p)).load(cuda::std::memory_order_acquire);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_release(T* p, T v) {
  detail::atomic_at<S>(p).store(v, cuda::std::memory_order_release);
}
template <scope S = scope::device>
XCUB_DEVICE XCUB_FORCEINLINE void thread_fence() {
  cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, detail::cuda_scope<S>);
}

// ---- spin-wait pause and dynamic shared memory -------------------------------------------------
/// Called in every spin loop: backs off for a moment so the thread being waited on can run.
XCUB_DEVICE XCUB_FORCEINLINE void pause() { __nanosleep(32); }
/// A spin-wait backoff of about `ns` nanoseconds (one __nanosleep: the hardware sleeps up to
/// about twice that, and a loop of short sleeps would pay the wake-up latency every time).
XCUB_DEVICE XCUB_FORCEINLINE void pause_for(unsigned ns) { __nanosleep(ns); }

/// The launch's dynamic shared memory (the `shared_bytes` of xcub::launch), aligned to 16 bytes.
template <class T = unsigned char>
XCUB_DEVICE XCUB_FORCEINLINE T* dynamic_shared_memory() {
  extern __shared__ __align__(16) unsigned char xcub_dynamic_smem[];
  return reinterpret_cast<T*>(xcub_dynamic_smem);
}

}  // namespace xcub::arch

#endif  // XCUB_HAS_KERNELS
