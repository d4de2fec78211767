// xcub/thread/cache_modifier.hpp: the cache modifiers of ThreadLoad and ThreadStore (CUB's names
// and values), and so of CacheModifiedInputIterator and CacheModifiedOutputIterator.
//
// A modifier is a hint about where the data should live in the cache hierarchy; the value read or
// written is the same whatever the modifier. What each one becomes on CUDA, AMD and the host is
// measured in docs/cache-modifiers.md.
#pragma once

namespace xcub {

/// How a load treats the caches (CUDA's PTX names in brackets).
enum CacheLoadModifier {
  LOAD_DEFAULT,   ///< no hint: a plain load
  LOAD_CA,        ///< cache at all levels [ld.ca]
  LOAD_CG,        ///< cache in L2 only, bypassing the per-SM/per-CU L1 [ld.cg]
  LOAD_CS,        ///< streaming: likely read once, evict first [ld.cs]
  LOAD_CV,        ///< volatile in the cache: fetch again on every load [ld.cv]
  LOAD_LDG,       ///< read-only (non-coherent) path: the data must not change during the kernel [ld.global.nc]
  LOAD_VOLATILE,  ///< a volatile load, in any memory space [ld.volatile]
};

/// How a store treats the caches (CUDA's PTX names in brackets).
enum CacheStoreModifier {
  STORE_DEFAULT,   ///< no hint: a plain store
  STORE_WB,        ///< write back through all coherent levels [st.wb]
  STORE_CG,        ///< cache in L2 only, bypassing L1 [st.cg]
  STORE_CS,        ///< streaming: likely written once, evict first [st.cs]
  STORE_WT,        ///< write through to system memory [st.wt]
  STORE_VOLATILE,  ///< a volatile store, in any memory space [st.volatile]
};

}  // namespace xcub
