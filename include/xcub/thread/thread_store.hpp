// xcub/thread/thread_store.hpp: ThreadStore<MODIFIER>(it, value), one thread's store with a cache
// modifier (CUB's ThreadStore).
//
// Contract: does `*it = value`; the modifier only hints where the data should be cached (see
// <xcub/thread/cache_modifier.hpp>, docs/cache-modifiers.md).
// - `it` a pointer (any trivially copyable type, user structs included): `value` is converted to
//   the pointee type and written in the widest words (16, 8, 4, 2 or 1 bytes) that its size and
//   alignment allow, each word with the modifier's instruction. STORE_DEFAULT is a plain
//   `*it = value`. Any memory space: where a modifier means nothing (CUDA shared memory), the
//   backend writes plainly (volatile for STORE_WT).
// - any other iterator: a plain `*it = value`, whatever the modifier (as CUB).
// Device code (XCUB_DEVICE); on the host backend, any code.
//
//   XCUB_KERNEL void k(int* out, Pair* pairs) {
//     xcub::ThreadStore<xcub::STORE_CS>(out + i, 42);      // CUDA: st.global.cs.u32, AMD: glc slc
//     xcub::ThreadStore<xcub::STORE_CG>(pairs + i, p);     // struct: one L2-only store per word
//   }
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/backend/cache_ops.hpp>

namespace xcub {

namespace detail {
/// The word at dst + i = src[i], each stored with the modifier; unrolled by construction.
template <CacheStoreModifier MODIFIER, class W, std::size_t... I>
XCUB_DEVICE XCUB_FORCEINLINE void store_words(W* dst, const W* src, std::index_sequence<I...>) {
  (arch::store_word<MODIFIER>(dst + I, src[I]), ...);
}
}  // namespace detail

template <CacheStoreModifier MODIFIER, class OutputIt, class T>
XCUB_DEVICE XCUB_FORCEINLINE void ThreadStore(OutputIt it, T value) {
  if constexpr (!std::is_pointer_v<OutputIt> || MODIFIER == STORE_DEFAULT) {
    *it = value;
  } else {
    using U = std::remove_volatile_t<std::remove_pointer_t<OutputIt>>;
    static_assert(!std::is_const_v<U>, "xcub::ThreadStore through a pointer to const");
    static_assert(std::is_trivially_copyable_v<U>,
                  "xcub::ThreadStore with a cache modifier writes trivially copyable types");
    using words_t = detail::cache_words<U>;
    using word = detail::cache_word_t<U>;
    const U item = value;
    const words_t words = __builtin_bit_cast(words_t, item);
    detail::store_words<MODIFIER>(reinterpret_cast<word*>(const_cast<U*>(it)), words.w,
                                  std::make_index_sequence<words_t::count>{});
  }
}

}  // namespace xcub
