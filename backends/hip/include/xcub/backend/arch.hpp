// HIP implementation of the backend contract (xcub::arch) for AMD GPUs: wavefronts of 64 lanes
// on gfx9 (CDNA) and 32 on gfx10+ (RDNA), fixed per compilation target.
//
// HIP (ROCm 5.2) has no *_sync warp intrinsics: a wavefront runs its active lanes together, so
// masks only select which lanes' votes count; shuffles read any lane of the wavefront.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#include <xcub/arch/scope.hpp>
#include <xcub/arch/lane_mask.hpp>  // warp_threads (<xcub/backend/warp_threads.hpp>), lane_mask_t

namespace xcub::arch {

/// Number of lanes in a mask (s_bcnt1 / v_bcnt on the device); host code may call it too.
XCUB_HOST_DEVICE XCUB_FORCEINLINE int lane_count(lane_mask_t mask) {
  return __builtin_popcountll(static_cast<unsigned long long>(mask));
}

}  // namespace xcub::arch

#if XCUB_HAS_KERNELS
#include <xcub/backend/gpu/builtin_ids.hpp>

namespace xcub::arch {

XCUB_DEVICE XCUB_FORCEINLINE unsigned lane_id() { return __lane_id(); }

/// The lanes below the caller's, active or not (HIP's __lanemask_lt keeps only the active ones, by
/// a ballot).
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t lanes_below() { return lane_range_mask(0, lane_id()); }

/// The lowest lane of a non-empty mask (s_ff1 on a uniform mask).
XCUB_DEVICE XCUB_FORCEINLINE unsigned lowest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(__builtin_ctzll(static_cast<unsigned long long>(mask)));
}

/// The highest lane of a non-empty mask.
XCUB_DEVICE XCUB_FORCEINLINE unsigned highest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(63 - __builtin_clzll(static_cast<unsigned long long>(mask)));
}

// ---- barriers --------------------------------------------------------------------------------
XCUB_DEVICE XCUB_FORCEINLINE void sync_threads() { __syncthreads(); }
/// Orders the wavefront's memory accesses around a wave barrier (the lanes already run together).
XCUB_DEVICE XCUB_FORCEINLINE void sync_warp(lane_mask_t = full_lane_mask) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t active_mask() { return static_cast<lane_mask_t>(__ballot(1)); }

// ---- warp exchange on 32-bit words ------------------------------------------------------------
using shuffle_word = std::uint32_t;
XCUB_DEVICE XCUB_FORCEINLINE shuffle_word shfl_idx_word(lane_mask_t, shuffle_word w, int src, int width) {
  return static_cast<shuffle_word>(__shfl(static_cast<int>(w), src, width));
}
XCUB_DEVICE XCUB_FORCEINLINE shuffle_word shfl_up_word(lane_mask_t, shuffle_word w, unsigned delta, int width) {
  return static_cast<shuffle_word>(__shfl_up(static_cast<int>(w), delta, width));
}
XCUB_DEVICE XCUB_FORCEINLINE shuffle_word shfl_down_word(lane_mask_t, shuffle_word w, unsigned delta, int width) {
  return static_cast<shuffle_word>(__shfl_down(static_cast<int>(w), delta, width));
}
XCUB_DEVICE XCUB_FORCEINLINE shuffle_word shfl_xor_word(lane_mask_t, shuffle_word w, int lanes, int width) {
  return static_cast<shuffle_word>(__shfl_xor(static_cast<int>(w), lanes, width));
}
/// No bounds predicate from the shuffle: <xcub/arch/shuffle.hpp> computes it from the lane.
inline constexpr bool shuffles_report_bounds = false;

// ---- votes -------------------------------------------------------------------------------------
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot(lane_mask_t m, bool pred) {
  return static_cast<lane_mask_t>(__ballot(pred)) & m;
}
XCUB_DEVICE XCUB_FORCEINLINE bool any(lane_mask_t m, bool pred) { return ballot(m, pred) != 0; }
XCUB_DEVICE XCUB_FORCEINLINE bool all(lane_mask_t m, bool pred) { return ballot(m, pred) == m; }
/// Lanes of `m` whose `value & bits` is zero exactly when the caller's is (one vote), and the vote
/// itself in `votes`: the lanes of `m` whose `value & bits` is not zero.
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits,
                                                      lane_mask_t& votes) {
  const bool set = (value & bits) != 0;
  votes = ballot(m, set);
  return static_cast<lane_mask_t>((set ? votes : ~votes) & m);
}
/// Lanes of `m` whose `value & bits` is zero exactly when the caller's is (one vote).
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits) {
  lane_mask_t votes;
  return ballot_agree(m, value, bits, votes);
}

}  // namespace xcub::arch

#include <xcub/backend/gpu/match_by_ballot.hpp>

namespace xcub::arch {

XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any(lane_mask_t m, std::uint32_t value) {
  return detail::match_any_by_ballot(m, value);
}
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any(lane_mask_t m, std::uint64_t value) {
  return detail::match_any_by_ballot(m, value);
}

// ---- atomics (relaxed read-modify-writes) and fences -------------------------------------------
namespace detail {
template <scope S>
inline constexpr int hip_scope = S == scope::block ? __HIP_MEMORY_SCOPE_WORKGROUP : __HIP_MEMORY_SCOPE_AGENT;
}  // namespace detail

template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_add(T* p, T v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_min(T* p, T v) {
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_max(T* p, T v) {
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_or(T* p, T v) {
  return __hip_atomic_fetch_or(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_and(T* p, T v) {
  return __hip_atomic_fetch_and(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_exchange(T* p, T v) {
  return __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_cas(T* p, T expected, T desired) {
  __hip_atomic_compare_exchange_strong(p, &expected, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                       detail::hip_scope<S>);
  return expected;
}
/// The widest word atomic_load_relaxed / atomic_store_relaxed move as one.
inline constexpr int max_atomic_word_bytes = 8;

template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_relaxed(const T* p) {
  return __hip_atomic_load(p, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_relaxed(T* p, T v) {
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE T atomic_load_acquire(const T* p) {
  return __hip_atomic_load(p, __ATOMIC_ACQUIRE, detail::hip_scope<S>);
}
template <scope S = scope::device, class T>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store_release(T* p, T v) {
  __hip_atomic_store(p, v, __ATOMIC_RELEASE, detail::hip_scope<S>);
}
template <scope S = scope::device>
XCUB_DEVICE XCUB_FORCEINLINE void thread_fence() {
  if constexpr (S == scope::block) __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
  else __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
}

// ---- overlapped launches: HIP has none (launch_overlapped launches the ordinary way) -------------
XCUB_DEVICE XCUB_FORCEINLINE void wait_for_previous_grid() {}
XCUB_DEVICE XCUB_FORCEINLINE void release_next_grid() {}

// ---- spin-wait pause and dynamic shared memory -------------------------------------------------
XCUB_DEVICE XCUB_FORCEINLINE void pause() { __builtin_amdgcn_s_sleep(1); }
/// Stops the kernel with an error (the launch's next synchronisation reports it).
XCUB_DEVICE XCUB_FORCEINLINE void trap() { __builtin_trap(); }
/// An L2 prefetch hint (arch.hpp's contract): nothing on HIP, where no tuning asks for it.
XCUB_DEVICE XCUB_FORCEINLINE void prefetch_l2(const void* /*p*/, std::size_t /*bytes*/) {}
/// A spin-wait backoff of about `ns` nanoseconds: s_sleep counts units of 64 clocks (about 30-60
/// ns), at most 127 per instruction.
XCUB_DEVICE XCUB_FORCEINLINE void pause_for(unsigned ns) {
  for (unsigned waited = 0; waited < ns; waited += 64 * 30) __builtin_amdgcn_s_sleep(30);
  __builtin_amdgcn_s_sleep(1);
}

template <class T = unsigned char>
XCUB_DEVICE XCUB_FORCEINLINE T* dynamic_shared_memory() {
  extern __shared__ __attribute__((aligned(16))) unsigned char xcub_dynamic_smem[];
  return reinterpret_cast<T*>(xcub_dynamic_smem);
}

}  // namespace xcub::arch

#endif  // XCUB_HAS_KERNELS
