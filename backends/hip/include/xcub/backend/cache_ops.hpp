// HIP cache-modified loads and stores for AMD GPUs: the machine part of xcub::ThreadLoad and
// ThreadStore. arch::load_word<M>(p) and arch::store_word<M>(p, w) move one word (1, 2, 4, 8 or
// 16 bytes, see <xcub/thread/detail/cache_words.hpp>).
//
// AMD has no per-access cache operators in C++; the compiler sets the cache-policy bits (glc, slc,
// dlc; sc0, sc1, nt on gfx94x) from what an access means, so each modifier is written as the
// access whose meaning matches, and each target gets its own bits (docs/cache-modifiers.md shows
// the gfx90a, gfx940 and gfx1030 assembly):
//
//   LOAD_DEFAULT, LOAD_CA   plain load: cached in L1 (the per-CU vector cache) and L2, CUDA's ld.ca.
//   LOAD_LDG                plain load: AMD has no separate read-only path for vector loads (HIP's
//                           own __ldg is a plain load); uniform loads may become scalar loads anyway.
//   LOAD_CG                 relaxed atomic load at agent (device) scope: coherent across the device,
//                           so the non-coherent L1 does not serve it; L2 does (gfx90a glc,
//                           gfx940 sc1, gfx10+ glc dlc).
//   LOAD_CS                 __builtin_nontemporal_load: streaming (gfx90a glc slc, gfx940 nt,
//                           gfx10+ slc).
//   LOAD_CV, LOAD_VOLATILE  volatile load: read again on every access, not from L1 (gfx90a glc,
//                           gfx940 sc0 sc1, gfx10+ glc dlc).
//   STORE_DEFAULT, STORE_WB plain store (L1 is write-through: every store reaches L2).
//   STORE_CG                relaxed atomic store at agent scope: visible device-wide (gfx940 sc1).
//   STORE_CS                __builtin_nontemporal_store: streaming (glc slc; gfx940 nt).
//   STORE_WT                relaxed atomic store at system scope: written through for the host
//                           (gfx940 sc0 sc1).
//   STORE_VOLATILE          volatile store.
//
// Atomic accesses exist up to 8 bytes: a 16-byte word under LOAD_CG, STORE_CG or STORE_WT is two
// 8-byte accesses, as volatile 16-byte words are (CUB moves volatile values in 8-byte words too).
#pragma once

#include <cstdint>

#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/thread/detail/volatile_words.hpp>

#if XCUB_HAS_KERNELS
namespace xcub::arch {
namespace detail {

using xcub::detail::cache_word16;
typedef std::uint64_t cache_u64x2 __attribute__((ext_vector_type(2)));

template <class W>
XCUB_DEVICE XCUB_FORCEINLINE W plain_load(const W* p) {
  W w;
  __builtin_memcpy(&w, p, sizeof(W));  // the word may alias a value of another type
  return w;
}
template <class W>
XCUB_DEVICE XCUB_FORCEINLINE void plain_store(W* p, W w) {
  __builtin_memcpy(p, &w, sizeof(W));
}


template <int Scope, class W>
XCUB_DEVICE XCUB_FORCEINLINE W atomic_load(const W* p) {
  if constexpr (sizeof(W) == 16) {
    const std::uint64_t* q = reinterpret_cast<const std::uint64_t*>(p);
    return W{atomic_load<Scope>(q), atomic_load<Scope>(q + 1)};
  } else {
    return __hip_atomic_load(p, __ATOMIC_RELAXED, Scope);
  }
}
template <int Scope, class W>
XCUB_DEVICE XCUB_FORCEINLINE void atomic_store(W* p, W w) {
  if constexpr (sizeof(W) == 16) {
    std::uint64_t* q = reinterpret_cast<std::uint64_t*>(p);
    atomic_store<Scope>(q, w.lo);
    atomic_store<Scope>(q + 1, w.hi);
  } else {
    __hip_atomic_store(p, w, __ATOMIC_RELAXED, Scope);
  }
}

template <class W>
XCUB_DEVICE XCUB_FORCEINLINE W nontemporal_load(const W* p) {
  if constexpr (sizeof(W) == 16) {  // one 16-byte vector access
    const cache_u64x2 v = __builtin_nontemporal_load(reinterpret_cast<const cache_u64x2*>(p));
    return W{v.x, v.y};
  } else {
    return __builtin_nontemporal_load(p);
  }
}
template <class W>
XCUB_DEVICE XCUB_FORCEINLINE void nontemporal_store(W* p, W w) {
  if constexpr (sizeof(W) == 16) {
    const cache_u64x2 v = {w.lo, w.hi};
    __builtin_nontemporal_store(v, reinterpret_cast<cache_u64x2*>(p));
  } else {
    __builtin_nontemporal_store(w, p);
  }
}

}  // namespace detail

template <CacheLoadModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE W load_word(const W* p) {
  if constexpr (M == LOAD_CG) return detail::atomic_load<__HIP_MEMORY_SCOPE_AGENT>(p);
  else if constexpr (M == LOAD_CS) return detail::nontemporal_load(p);
  else if constexpr (M == LOAD_CV || M == LOAD_VOLATILE) return detail::volatile_load(p);
  else return detail::plain_load(p);  // LOAD_DEFAULT, LOAD_CA, LOAD_LDG
}

template <CacheStoreModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE void store_word(W* p, W w) {
  if constexpr (M == STORE_CG) detail::atomic_store<__HIP_MEMORY_SCOPE_AGENT>(p, w);
  else if constexpr (M == STORE_CS) detail::nontemporal_store(p, w);
  else if constexpr (M == STORE_WT) detail::atomic_store<__HIP_MEMORY_SCOPE_SYSTEM>(p, w);
  else if constexpr (M == STORE_VOLATILE) detail::volatile_store(p, w);
  else detail::plain_store(p, w);  // STORE_DEFAULT, STORE_WB
}

}  // namespace xcub::arch
#endif  // XCUB_HAS_KERNELS
