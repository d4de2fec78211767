// Host cache-modified loads and stores: the machine part of xcub::ThreadLoad and ThreadStore on the
// SIMT emulator. arch::load_word<M>(p) and arch::store_word<M>(p, w) move one word (1, 2, 4, 8 or
// 16 bytes, see <xcub/thread/detail/cache_words.hpp>).
//
// A CPU has no per-access cache hints worth emulating, so a modifier decides only whether the
// access may be optimised away:
//   plain (memcpy):      LOAD_DEFAULT, LOAD_CA, LOAD_CS, LOAD_LDG; STORE_DEFAULT, STORE_WB, STORE_CS
//   volatile:            LOAD_CG, LOAD_CV, LOAD_VOLATILE; STORE_CG, STORE_WT, STORE_VOLATILE
// The volatile ones are those GPU code uses to talk to other threads (CUB's look-back reads and
// writes tile status with LOAD_CG and STORE_CG): each happens on every call, and each is a point
// where the seeded random schedule may switch threads (before a load, after a store), so that such
// protocols meet other interleavings. A 16-byte word is two 8-byte accesses.
#pragma once

#include <cstdint>
#include <cstring>

#include <xcub/backend/emulator_api.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/thread/detail/volatile_words.hpp>

namespace xcub::arch {

template <CacheLoadModifier M, class W>
inline W load_word(const W* p) {
  if constexpr (M == LOAD_CG || M == LOAD_CV || M == LOAD_VOLATILE) {
    host::detail::maybe_switch();  // also a compiler barrier: earlier stores of other types are done
    return detail::volatile_load(p);
  } else {
    W w;
    std::memcpy(&w, p, sizeof(W));  // the word may alias a value of another type
    return w;
  }
}

template <CacheStoreModifier M, class W>
inline void store_word(W* p, W w) {
  if constexpr (M == STORE_CG || M == STORE_WT || M == STORE_VOLATILE) {
    detail::volatile_store(p, w);
    host::detail::maybe_switch();  // also a compiler barrier: later loads of other types see the store
  } else {
    std::memcpy(p, &w, sizeof(W));
  }
}

}  // namespace xcub::arch
