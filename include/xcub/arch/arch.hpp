// xcub/arch/arch.hpp: the backend contract. Every algorithm reaches the machine only
// through these names; each backend (backends/<name>/include/xcub/backend/arch.hpp)
// implements them, and the rest is derived here once.
//
// In namespace xcub::arch, callable from kernels (XCUB_DEVICE):
//   ids        thread_idx() block_idx() block_dim() grid_dim()       -> xcub::dim3
//              lane_id() warp_id() linear_thread_id() block_threads() block_warps() linear_block_id()
//   warp       warp_threads (constexpr: 32 on CUDA and gfx10+, 64 on gfx9, the build option on host)
//              lane_mask_t (as wide as the warp), full_lane_mask, lane_range_mask(), lane_count() (also
//              from host code), lowest_lane(), highest_lane(), lanes_below() (the lanes under the caller's)
//   barriers   sync_threads()          every thread of the block, same call site
//              sync_warp(mask)         the lanes of mask
//              active_mask()
//   exchange   shfl_idx/up/down/xor(mask, value, ..., width) on any trivially copyable type
//              ballot(mask, p) any(mask, p) all(mask, p) match_any(mask, value)
//              ballot_agree(mask, value, bits): lanes whose value & bits is zero exactly when the caller's is
//              (an overload with a fourth argument also gives the vote: the lanes whose value & bits is set)
//   atomics    atomic_add/min/max/or/and/exchange/cas<scope>(ptr, ...)   relaxed, return the old value
//              atomic_load_acquire<scope>(ptr), atomic_store_release<scope>(ptr, v), thread_fence<scope>()
//              atomic_load_relaxed<scope>(ptr), atomic_store_relaxed<scope>(ptr, v)   (atomic, unordered;
//              words of up to max_atomic_word_bytes: 16 on CUDA, 8 on HIP and the host)
//              scope::block or scope::device (default)
//   waiting    pause()                 call it in every spin loop (the host emulator switches threads there)
//              pause_for(ns)           the same with a backoff of about ns nanoseconds (tuned look-back delays)
//   errors     trap()                  stops the kernel with an error (code that must never run)
//   caches     prefetch_l2(p, bytes)   a hint from one thread: fetch that global range into L2 (CUDA
//                                      sm_90: a bulk prefetch; elsewhere nothing)
//   shared     XCUB_SHARED(T, name)    static per-block storage (<xcub/config.hpp>)
//              dynamic_shared_memory<T>()  the launch's dynamic shared bytes, 16-byte aligned
//   stages     <xcub/arch/stage_barrier.hpp>: barriers that one warp arrives at and another waits
//              on, phase after phase, and whole-stage copies (bulk on CUDA sm_90), for
//              warp-specialized pipelines (a generic form there for backends without their own)
#pragma once

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#include <xcub/arch/scope.hpp>
#include <xcub/backend/arch.hpp>
#if XCUB_HAS_KERNELS  // host-compiler TUs of GPU builds see only the constants and types
#include <xcub/arch/ids.hpp>
#include <xcub/arch/shuffle.hpp>
#endif
