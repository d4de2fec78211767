// CUDA implementation of the backend contract (xcub::arch): NVIDIA warps are 32 lanes wide.
#pragma once

#include <cstddef>
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
#include <xcub/backend/gpu/builtin_ids.hpp>

namespace xcub::arch {

/// Lane of the calling thread in its warp (the %laneid register).
XCUB_DEVICE XCUB_FORCEINLINE unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

/// The lanes below the caller's, active or not (the %lanemask_lt register: one read, where
/// computing the mask from the lane costs a shift and, in the Match ranking, registers).
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t lanes_below() {
  lane_mask_t mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
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
/// The same, and the vote itself in `votes`: the lanes of `m` whose `value & bits` is not zero.
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits,
                                                      lane_mask_t& votes) {
  if (m == full_lane_mask) {
    std::uint32_t agree;
    asm("{ .reg .pred p; .reg .b32 t; and.b32 t, %2, %3; setp.ne.u32 p, t, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; "
        "mov.b32 %1, %0; @!p not.b32 %1, %0; }"
        : "=r"(votes), "=r"(agree) : "r"(value), "r"(bits));
    return agree;
  }
  const bool set = (value & bits) != 0;
  votes = __ballot_sync(m, set);
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
// CUDA's atomic built-ins (atomicAdd, atomicAdd_block, ...: relaxed, at device or block scope) for
// read-modify-writes, inline PTX (ld/st.relaxed, ld.acquire, st.release at .cta or .gpu scope) for
// loads and stores, and __threadfence(_block) (fence.sc) for fences. Not cuda::atomic_ref: <cuda/atomic>
// costs about 2.8 s of nvcc time in every translation unit that includes xcub (three quarters of the
// device layer's header cost), and the built-ins let nvcc see a __shared__ pointer's address space
// and emit atom.shared on a 32-bit address where atomic_ref's inline PTX is a generic atom (with
// that, the early-counts ranking runs at 0.63x CUB's speed, BlockHistogram ATOMIC at 0.87-0.97x).
// Types: integers of 4 or 8 bytes (any signedness; min/max compare by the type's signedness),
// float and double for add, any trivially copyable 4- or 8-byte type for exchange, cas, loads and
// stores (and 16-byte words for atomic_load_relaxed / atomic_store_relaxed).
namespace detail {
/// The unsigned word of T's size that the built-ins and the PTX below take.
template <class T>
using atomic_word_t = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
/// The built-ins' signed word of T's size (atomicMin / atomicMax on signed integers).
template <class T>
using atomic_signed_word_t = std::conditional_t<sizeof(T) == 4, int, long long>;
template <class T>
inline constexpr bool atomic_word_size = sizeof(T) == 4 || sizeof(T) == 8;
template <class T>
inline constexpr bool atomic_integer = std::is_integral_v<T> && atomic_word_size<T>;

template <class T>
XCUB_DEVICE XCUB_FORCEINLINE atomic_word_t<T>* word_ptr(T* p) {
  return reinterpret_cast<atomic_word_t<T>*>(p);
}
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE atomic_word_t<T> word_of(T v) {
  return __builtin_bit_cast(atomic_word_t<T>, v);
}
}  // namespace detail

template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_add(T* p, T v) {
  static_assert(detail::atomic_integer<T> || std::is_same_v<T, float> || std::is_same_v<T, double>,
                "xcub::arch::atomic_add (CUDA): T must be a 4- or 8-byte integer, float or double");
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (S == scope::block) return atomicAdd_block(p, v);
    else return atomicAdd(p, v);
  } else {  // two's complement: one unsigned add serves every signedness
    const auto w = detail::word_of(v);
    if constexpr (S == scope::block) return static_cast<T>(atomicAdd_block(detail::word_ptr(p), w));
    else return static_cast<T>(atomicAdd(detail::word_ptr(p), w));
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_min(T* p, T v) {
  static_assert(detail::atomic_integer<T>, "xcub::arch::atomic_min (CUDA): T must be a 4- or 8-byte integer");
  using W = std::conditional_t<std::is_signed_v<T>, detail::atomic_signed_word_t<T>, detail::atomic_word_t<T>>;
  if constexpr (S == scope::block) return static_cast<T>(atomicMin_block(reinterpret_cast<W*>(p), static_cast<W>(v)));
  else return static_cast<T>(atomicMin(reinterpret_cast<W*>(p), static_cast<W>(v)));
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_max(T* p, T v) {
  static_assert(detail::atomic_integer<T>, "xcub::arch::atomic_max (CUDA): T must be a 4- or 8-byte integer");
  using W = std::conditional_t<std::is_signed_v<T>, detail::atomic_signed_word_t<T>, detail::atomic_word_t<T>>;
  if constexpr (S == scope::block) return static_cast<T>(atomicMax_block(reinterpret_cast<W*>(p), static_cast<W>(v)));
  else return static_cast<T>(atomicMax(reinterpret_cast<W*>(p), static_cast<W>(v)));
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_or(T* p, T v) {
  static_assert(detail::atomic_integer<T>, "xcub::arch::atomic_or (CUDA): T must be a 4- or 8-byte integer");
  if constexpr (S == scope::block) return static_cast<T>(atomicOr_block(detail::word_ptr(p), detail::word_of(v)));
  else return static_cast<T>(atomicOr(detail::word_ptr(p), detail::word_of(v)));
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_and(T* p, T v) {
  static_assert(detail::atomic_integer<T>, "xcub::arch::atomic_and (CUDA): T must be a 4- or 8-byte integer");
  if constexpr (S == scope::block) return static_cast<T>(atomicAnd_block(detail::word_ptr(p), detail::word_of(v)));
  else return static_cast<T>(atomicAnd(detail::word_ptr(p), detail::word_of(v)));
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_exchange(T* p, T v) {
  static_assert(detail::atomic_word_size<T> && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_exchange (CUDA): T must be trivially copyable, of 4 or 8 bytes");
  detail::atomic_word_t<T> old;
  if constexpr (S == scope::block) old = atomicExch_block(detail::word_ptr(p), detail::word_of(v));
  else old = atomicExch(detail::word_ptr(p), detail::word_of(v));
  return __builtin_bit_cast(T, old);
}
/// Writes `desired` if `*p == expected` (bitwise); returns the value `*p` held before.
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_cas(T* p, T expected, T desired) {
  static_assert(detail::atomic_word_size<T> && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_cas (CUDA): T must be trivially copyable, of 4 or 8 bytes");
  detail::atomic_word_t<T> old;
  if constexpr (S == scope::block)
    old = atomicCAS_block(detail::word_ptr(p), detail::word_of(expected), detail::word_of(desired));
  else old = atomicCAS(detail::word_ptr(p), detail::word_of(expected), detail::word_of(desired));
  return __builtin_bit_cast(T, old);
}
/// Acquire load and release store: the pair publishes data behind a flag.
/// The widest word atomic_load_relaxed / atomic_store_relaxed move as one: 16 bytes on CUDA, where
/// an aligned 16-byte vector access is one memory transaction on sm_70 and later (PTX does not
/// promise it for vectors; the hardware does it, and CUB's look-back relies on it as well).
inline constexpr int max_atomic_word_bytes = 16;

// One PTX load or store of a 4- or 8-byte word with the given semantics (relaxed, acquire,
// release) at .cta (block) or .gpu (device) scope, on a generic address.
#define XCUB_DETAIL_PTX_LOAD(SEM, T, p)                                                                   \
  [&]() {                                                                                                 \
    detail::atomic_word_t<T> w;                                                                           \
    if constexpr (sizeof(T) == 4) {                                                                       \
      if constexpr (S == scope::block) asm volatile("ld." SEM ".cta.b32 %0, [%1];" : "=r"(w) : "l"(p) : "memory"); \
      else asm volatile("ld." SEM ".gpu.b32 %0, [%1];" : "=r"(w) : "l"(p) : "memory");                    \
    } else {                                                                                              \
      if constexpr (S == scope::block) asm volatile("ld." SEM ".cta.b64 %0, [%1];" : "=l"(w) : "l"(p) : "memory"); \
      else asm volatile("ld." SEM ".gpu.b64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");                    \
    }                                                                                                     \
    return __builtin_bit_cast(T, w);                                                                      \
  }()
#define XCUB_DETAIL_PTX_STORE(SEM, T, p, v)                                                                \
  do {                                                                                                     \
    const auto w = detail::word_of(v);                                                                     \
    if constexpr (sizeof(T) == 4) {                                                                        \
      if constexpr (S == scope::block) asm volatile("st." SEM ".cta.b32 [%0], %1;" : : "l"(p), "r"(w) : "memory"); \
      else asm volatile("st." SEM ".gpu.b32 [%0], %1;" : : "l"(p), "r"(w) : "memory");                     \
    } else {                                                                                               \
      if constexpr (S == scope::block) asm volatile("st." SEM ".cta.b64 [%0], %1;" : : "l"(p), "l"(w) : "memory"); \
      else asm volatile("st." SEM ".gpu.b64 [%0], %1;" : : "l"(p), "l"(w) : "memory");                     \
    }                                                                                                      \
  } while (false)

template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_relaxed(const T* p) {
  static_assert((detail::atomic_word_size<T> || sizeof(T) == 16) && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_load_relaxed (CUDA): T must be trivially copyable, of 4, 8 or 16 bytes");
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
    return XCUB_DETAIL_PTX_LOAD("relaxed", T, p);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_relaxed(T* p, T v) {
  static_assert((detail::atomic_word_size<T> || sizeof(T) == 16) && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_store_relaxed (CUDA): T must be trivially copyable, of 4, 8 or 16 bytes");
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
    XCUB_DETAIL_PTX_STORE("relaxed", T, p, v);
  }
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_acquire(const T* p) {
  static_assert(detail::atomic_word_size<T> && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_load_acquire (CUDA): T must be trivially copyable, of 4 or 8 bytes");
  return XCUB_DETAIL_PTX_LOAD("acquire", T, p);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_release(T* p, T v) {
  static_assert(detail::atomic_word_size<T> && std::is_trivially_copyable_v<T>,
                "xcub::arch::atomic_store_release (CUDA): T must be trivially copyable, of 4 or 8 bytes");
  XCUB_DETAIL_PTX_STORE("release", T, p, v);
}
#undef XCUB_DETAIL_PTX_LOAD
#undef XCUB_DETAIL_PTX_STORE
/// A sequentially consistent fence at the scope (fence.sc.cta / fence.sc.gpu: membar.cta / membar.gl).
template <scope S = scope::device>
XCUB_DEVICE XCUB_FORCEINLINE void thread_fence() {
  if constexpr (S == scope::block) __threadfence_block();
  else __threadfence();
}

// ---- spin-wait pause and dynamic shared memory -------------------------------------------------
/// Called in every spin loop: backs off for a moment so the thread being waited on can run.
XCUB_DEVICE XCUB_FORCEINLINE void pause() { __nanosleep(32); }
/// A spin-wait backoff of about `ns` nanoseconds (one __nanosleep: the hardware sleeps up to
/// about twice that, and a loop of short sleeps would pay the wake-up latency every time).
XCUB_DEVICE XCUB_FORCEINLINE void pause_for(unsigned ns) { __nanosleep(ns); }
/// Stops the kernel with an error (the launch's next synchronisation reports it).
XCUB_DEVICE XCUB_FORCEINLINE void trap() { __trap(); }

// ---- L2 prefetch ---------------------------------------------------------------------------------
/// A hint, called by one thread for a whole range: start fetching the global memory [p, p + bytes)
/// into L2, so that the loads that come for it later find it there. sm_90 and up: one bulk prefetch
/// (cp.async.bulk.prefetch.L2) of the range's whole 16-byte words; earlier architectures: nothing.
/// It neither waits nor changes what any load returns; [p, p + bytes) must lie in one allocation.
XCUB_DEVICE XCUB_FORCEINLINE void prefetch_l2(const void* p, std::size_t bytes) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const std::size_t at = __cvta_generic_to_global(p);
  const std::size_t begin = (at + 15) & ~std::size_t{15}, end = (at + bytes) & ~std::size_t{15};
  if (end <= begin) return;
  // The instruction's size operand is 32 bits: a range past 4 GiB is prefetched in part.
  const std::size_t span = end - begin < std::size_t{0xFFFFFFF0u} ? end - begin : std::size_t{0xFFFFFFF0u};
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(begin), "r"(static_cast<unsigned>(span)) : "memory");
#else
  (void)p;
  (void)bytes;
#endif
}

// ---- overlapped launches (programmatic dependent launch, sm_90 and up) ---------------------------
/// In a kernel started by xcub::launch_overlapped: waits until the grid launched before it in the
/// stream has finished and its writes are visible (griddepcontrol.wait). Every thread calls it before
/// touching anything that grid writes. Returns at once in a kernel launched the ordinary way, and
/// compiles to nothing below sm_90 (where launch_overlapped launches the ordinary way).
XCUB_DEVICE XCUB_FORCEINLINE void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
/// Lets the grid launched after this one by xcub::launch_overlapped start before this one ends
/// (griddepcontrol.launch_dependents; the next grid still waits in wait_for_previous_grid() for all
/// of this one's writes). Nothing below sm_90.
XCUB_DEVICE XCUB_FORCEINLINE void release_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/// The launch's dynamic shared memory (the `shared_bytes` of xcub::launch), aligned to 16 bytes.
template <class T = unsigned char>
XCUB_DEVICE XCUB_FORCEINLINE T* dynamic_shared_memory() {
  extern __shared__ __align__(16) unsigned char xcub_dynamic_smem[];
  return reinterpret_cast<T*>(xcub_dynamic_smem);
}

}  // namespace xcub::arch

#endif  // XCUB_HAS_KERNELS
