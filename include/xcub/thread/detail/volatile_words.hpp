// xcub/thread/detail/volatile_words.hpp: volatile accesses of the words of <cache_words.hpp>, the
// same on every backend (a 16-byte word is two 8-byte volatile accesses, as CUB moves volatile
// data), and the declarations of the per-backend cache-modified word accesses.
#pragma once

#include <cstdint>

#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>

namespace xcub::arch {

/// Implemented by each backend's <xcub/backend/cache_ops.hpp>.
template <CacheLoadModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE W load_word(const W* p);
template <CacheStoreModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE void store_word(W* p, W w);

namespace detail {

template <class W>
XCUB_DEVICE XCUB_FORCEINLINE W volatile_load(const W* p) {
  if constexpr (sizeof(W) == 16) {
    const volatile std::uint64_t* q = reinterpret_cast<const volatile std::uint64_t*>(p);
    return W{q[0], q[1]};
  } else {
    return *static_cast<const volatile W*>(p);
  }
}

template <class W>
XCUB_DEVICE XCUB_FORCEINLINE void volatile_store(W* p, W w) {
  if constexpr (sizeof(W) == 16) {
    volatile std::uint64_t* q = reinterpret_cast<volatile std::uint64_t*>(p);
    q[0] = w.lo;
    q[1] = w.hi;
  } else {
    *static_cast<volatile W*>(p) = w;
  }
}

}  // namespace detail
}  // namespace xcub::arch
