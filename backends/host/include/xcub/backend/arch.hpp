// Host implementation of the backend contract (xcub::arch), on the SIMT emulator.
// The warp width is the build option host_warp_threads (32 or 64): <xcub/backend/warp_threads.hpp>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#include <xcub/arch/scope.hpp>
#include <xcub/arch/lane_mask.hpp>  // warp_threads (<xcub/backend/warp_threads.hpp>), lane_mask_t
#include <xcub/backend/emulator_api.hpp>

namespace xcub::arch {

namespace detail {
inline const host::detail::thread_ids& ids() { return *host::detail::current_ids; }
}  // namespace detail

inline dim3 thread_idx() { return detail::ids().thread_idx; }
inline dim3 block_idx() { return detail::ids().block_idx; }
inline dim3 block_dim() { return detail::ids().block_dim; }
inline dim3 grid_dim() { return detail::ids().grid_dim; }
inline unsigned lane_id() { return detail::ids().lane; }

/// The lanes below the caller's.
inline lane_mask_t lanes_below() { return lane_range_mask(0, lane_id()); }

/// Number of lanes in a mask.
inline int lane_count(lane_mask_t mask) { return __builtin_popcountll(static_cast<unsigned long long>(mask)); }
/// The lowest lane of a non-empty mask.
inline unsigned lowest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(__builtin_ctzll(static_cast<unsigned long long>(mask)));
}
/// The highest lane of a non-empty mask.
inline unsigned highest_lane(lane_mask_t mask) {
  return static_cast<unsigned>(63 - __builtin_clzll(static_cast<unsigned long long>(mask)));
}


// ---- barriers --------------------------------------------------------------------------------
/// The call site identifies the barrier, so that threads waiting at different barriers are reported.
inline void sync_threads(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  host::detail::block_barrier(file, line);
}
inline void sync_warp(lane_mask_t mask = full_lane_mask) {
  host::detail::warp_collective(host::detail::warp_op::sync, mask, 0, 0, warp_threads);
}
/// Threads of the caller's warp that have not exited (the emulator runs lanes independently).
inline lane_mask_t active_mask() { return static_cast<lane_mask_t>(host::detail::warp_live_lanes()); }

// ---- warp exchange on 64-bit words: one rendezvous moves up to 8 bytes ---------------------------
using shuffle_word = std::uint64_t;
inline shuffle_word shfl_idx_word(lane_mask_t m, shuffle_word w, int src, int width) {
  return host::detail::warp_collective(host::detail::warp_op::shfl_idx, m, w, src, width);
}
inline shuffle_word shfl_up_word(lane_mask_t m, shuffle_word w, unsigned delta, int width) {
  return host::detail::warp_collective(host::detail::warp_op::shfl_up, m, w, static_cast<int>(delta), width);
}
inline shuffle_word shfl_down_word(lane_mask_t m, shuffle_word w, unsigned delta, int width) {
  return host::detail::warp_collective(host::detail::warp_op::shfl_down, m, w, static_cast<int>(delta), width);
}
inline shuffle_word shfl_xor_word(lane_mask_t m, shuffle_word w, int lanes, int width) {
  return host::detail::warp_collective(host::detail::warp_op::shfl_xor, m, w, lanes, width);
}
/// No bounds predicate from the shuffle: <xcub/arch/shuffle.hpp> computes it from the lane.
inline constexpr bool shuffles_report_bounds = false;

// ---- votes -------------------------------------------------------------------------------------
inline lane_mask_t ballot(lane_mask_t m, bool pred) {
  return static_cast<lane_mask_t>(host::detail::warp_collective(host::detail::warp_op::ballot, m, pred, 0, warp_threads));
}
inline bool any(lane_mask_t m, bool pred) {
  return host::detail::warp_collective(host::detail::warp_op::any, m, pred, 0, warp_threads) != 0;
}
inline bool all(lane_mask_t m, bool pred) {
  return host::detail::warp_collective(host::detail::warp_op::all, m, pred, 0, warp_threads) != 0;
}
/// Lanes of `m` whose `value & bits` is zero exactly when the caller's is (one vote), and the vote
/// itself in `votes`: the lanes of `m` whose `value & bits` is not zero.
inline lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits, lane_mask_t& votes) {
  const bool set = (value & bits) != 0;
  votes = ballot(m, set);
  return static_cast<lane_mask_t>((set ? votes : ~votes) & m);
}
/// Lanes of `m` whose `value & bits` is zero exactly when the caller's is (one vote).
inline lane_mask_t ballot_agree(lane_mask_t m, std::uint32_t value, std::uint32_t bits) {
  lane_mask_t votes;
  return ballot_agree(m, value, bits, votes);
}
inline lane_mask_t match_any(lane_mask_t m, std::uint32_t value) {
  return static_cast<lane_mask_t>(host::detail::warp_collective(host::detail::warp_op::match_any, m, value, 0, warp_threads));
}
inline lane_mask_t match_any(lane_mask_t m, std::uint64_t value) {
  return static_cast<lane_mask_t>(host::detail::warp_collective(host::detail::warp_op::match_any, m, value, 0, warp_threads));
}

// ---- atomics and fences ------------------------------------------------------------------------
// Real atomics (several OS threads may run grids at once); every one is a point where the random
// schedule may switch threads, so that inter-thread protocols meet other orders. Atomics that
// write count as progress for the spin-deadlock check (a thread that publishes is not stuck).
namespace detail {
template <class T, class Update>
inline T atomic_update(T* p, Update update) {
  host::detail::atomic_written();
  if constexpr (std::is_integral_v<T> || std::is_pointer_v<T>) {
    return update(p);
  } else {  // floating point and other trivially copyable types: compare-and-swap on the bits
    T old;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    T desired = update(&old);
    while (!__atomic_compare_exchange(p, &old, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
      desired = update(&old);
    }
    return old;
  }
}
}  // namespace detail

template <scope S = scope::device, class T>
inline T atomic_add(T* p, T v) {
  return detail::atomic_update(p, [v](T* a) {
    if constexpr (std::is_integral_v<T>) return __atomic_fetch_add(a, v, __ATOMIC_RELAXED);
    else return static_cast<T>(*a + v);
  });
}
template <scope S = scope::device, class T>
inline T atomic_min(T* p, T v) {
  host::detail::atomic_written();
  T old;
  __atomic_load(p, &old, __ATOMIC_RELAXED);
  while (v < old && !__atomic_compare_exchange(p, &old, &v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
}
template <scope S = scope::device, class T>
inline T atomic_max(T* p, T v) {
  host::detail::atomic_written();
  T old;
  __atomic_load(p, &old, __ATOMIC_RELAXED);
  while (old < v && !__atomic_compare_exchange(p, &old, &v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
}
template <scope S = scope::device, class T>
inline T atomic_or(T* p, T v) {
  host::detail::atomic_written();
  return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}
template <scope S = scope::device, class T>
inline T atomic_and(T* p, T v) {
  host::detail::atomic_written();
  return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}
template <scope S = scope::device, class T>
inline T atomic_exchange(T* p, T v) {
  host::detail::atomic_written();
  T old;
  __atomic_exchange(p, &v, &old, __ATOMIC_RELAXED);
  return old;
}
template <scope S = scope::device, class T>
inline T atomic_cas(T* p, T expected, T desired) {
  host::detail::atomic_written();
  __atomic_compare_exchange(p, &expected, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;
}
/// The widest word atomic_load_relaxed / atomic_store_relaxed move as one (wider GCC atomics would
/// take libatomic's locks).
inline constexpr int max_atomic_word_bytes = 8;

template <scope S = scope::device, class T>
inline T atomic_load_relaxed(const T* p) {
  host::detail::maybe_switch();
  T v;
  __atomic_load(p, &v, __ATOMIC_RELAXED);
  return v;
}
template <scope S = scope::device, class T>
inline void atomic_store_relaxed(T* p, T v) {
  host::detail::atomic_written();
  __atomic_store(p, &v, __ATOMIC_RELAXED);
}
template <scope S = scope::device, class T>
inline T atomic_load_acquire(const T* p) {
  host::detail::maybe_switch();
  T v;
  __atomic_load(p, &v, __ATOMIC_ACQUIRE);
  return v;
}
template <scope S = scope::device, class T>
inline void atomic_store_release(T* p, T v) {
  host::detail::atomic_written();
  __atomic_store(p, &v, __ATOMIC_RELEASE);
}
template <scope S = scope::device>
inline void thread_fence() {
  host::detail::maybe_switch();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// ---- overlapped launches: the emulator runs grids one after another (launch_overlapped = launch) -
inline void wait_for_previous_grid() {}
inline void release_next_grid() {}

// ---- spin-wait pause and dynamic shared memory -------------------------------------------------
/// Switches to another logical thread; the emulator reports a deadlock when every thread only spins.
inline void pause() { host::detail::spin_pause(); }
/// The emulator has no time to wait for: a backoff is one switch, as pause().
inline void pause_for(unsigned /*ns*/) { host::detail::spin_pause(); }
/// Stops the program: the emulator has no device error to report.
[[noreturn]] inline void trap() { __builtin_trap(); }
/// An L2 prefetch hint (arch.hpp's contract): the emulator's loads are the CPU's, nothing to warm.
inline void prefetch_l2(const void* /*p*/, std::size_t /*bytes*/) {}

template <class T = unsigned char>
inline T* dynamic_shared_memory() {
  return static_cast<T*>(host::detail::block_dynamic_shared());
}

}  // namespace xcub::arch
