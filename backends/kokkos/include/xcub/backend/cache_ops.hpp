// Kokkos backend: cache-modified loads and stores are plain loads and stores (Kokkos has no
// portable cache hints); ThreadLoad / ThreadStore and the cache-modified iterators still compile.
#pragma once

#include <cstring>

#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>

namespace xcub::arch {

template <CacheLoadModifier M, class W>
KOKKOS_INLINE_FUNCTION W load_word(const W* p) {
  return *p;
}

template <CacheStoreModifier M, class W>
KOKKOS_INLINE_FUNCTION void store_word(W* p, W w) {
  *p = w;
}

}  // namespace xcub::arch
