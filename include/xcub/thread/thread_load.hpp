// xcub/thread/thread_load.hpp: ThreadLoad<MODIFIER>(it), one thread's load with a cache modifier
// (CUB's ThreadLoad).
//
// Contract: returns the value `*it` as its iterator's value_type (without const or volatile); the
// modifier only hints where the data should be cached (see <xcub/thread/cache_modifier.hpp>,
// docs/cache-modifiers.md).
// - `it` a pointer (any trivially copyable type, user structs included): the value is read in the
//   widest words (16, 8, 4, 2 or 1 bytes) that its size and alignment allow, each word with the
//   modifier's instruction. LOAD_DEFAULT is a plain `*it`. Any memory space: where a modifier
//   means nothing (CUDA shared memory), the backend reads plainly (volatile for LOAD_CV).
// - any other iterator: a plain `*it`, whatever the modifier (as CUB).
// - LOAD_LDG: the data must not change while the kernel runs.
// Device code (XCUB_DEVICE); on the host backend, any code.
//
//   XCUB_KERNEL void k(const int* in, Pair* pairs, int* out) {
//     int a = xcub::ThreadLoad<xcub::LOAD_CG>(in + i);     // CUDA: ld.global.cg.u32, AMD: glc
//     Pair p = xcub::ThreadLoad<xcub::LOAD_CS>(pairs + i); // struct: one streaming load per word
//   }
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/backend/cache_ops.hpp>

namespace xcub {

namespace detail {
/// What ThreadLoad returns (libstdc++'s C++17 traits keep `volatile` for `const volatile T*`).
template <class InputIt>
using thread_load_t = std::remove_cv_t<typename std::iterator_traits<InputIt>::value_type>;

/// dst[i] = the word at src + i, each loaded with the modifier; unrolled by construction.
template <CacheLoadModifier MODIFIER, class W, std::size_t... I>
XCUB_DEVICE XCUB_FORCEINLINE void load_words(const W* src, W* dst, std::index_sequence<I...>) {
  ((dst[I] = arch::load_word<MODIFIER>(src + I)), ...);
}
}  // namespace detail

template <CacheLoadModifier MODIFIER, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE detail::thread_load_t<InputIt> ThreadLoad(InputIt it) {
  if constexpr (!std::is_pointer_v<InputIt> || MODIFIER == LOAD_DEFAULT) {
    return *it;
  } else {
    using T = std::remove_cv_t<std::remove_pointer_t<InputIt>>;
    static_assert(std::is_trivially_copyable_v<T>,
                  "xcub::ThreadLoad with a cache modifier reads trivially copyable types");
    using words_t = detail::cache_words<T>;
    using word = detail::cache_word_t<T>;
    words_t words;
    detail::load_words<MODIFIER>(reinterpret_cast<const word*>(const_cast<const T*>(it)), words.w,
                                 std::make_index_sequence<words_t::count>{});
    return __builtin_bit_cast(T, words);
  }
}

}  // namespace xcub
