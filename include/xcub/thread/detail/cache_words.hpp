// xcub/thread/detail/cache_words.hpp: the words ThreadLoad and ThreadStore move, one
// cache-modified access each. Each backend's <xcub/backend/cache_ops.hpp> implements
// arch::load_word<MODIFIER> and arch::store_word<MODIFIER> on these five word types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace xcub::detail {

/// The 16-byte word (a vector access on GPUs).
struct alignas(16) cache_word16 {
  std::uint64_t lo, hi;
};

template <std::size_t Bytes> struct cache_word_of;
template <> struct cache_word_of<1> { using type = std::uint8_t; };
template <> struct cache_word_of<2> { using type = std::uint16_t; };
template <> struct cache_word_of<4> { using type = std::uint32_t; };
template <> struct cache_word_of<8> { using type = std::uint64_t; };
template <> struct cache_word_of<16> { using type = cache_word16; };

/// The widest word (16, 8, 4, 2 or 1 bytes) that divides both the size and the alignment of T,
/// so that every word of a T in memory is aligned (CUB's rule).
template <class T>
constexpr std::size_t cache_word_bytes() {
  std::size_t w = 16;
  while (w > 1 && (sizeof(T) % w != 0 || alignof(T) % w != 0)) w /= 2;
  return w;
}

template <class T>
using cache_word_t = typename cache_word_of<cache_word_bytes<T>()>::type;

/// A T seen as its words: same size as T, so the two convert with __builtin_bit_cast.
template <class T>
struct cache_words {
  static constexpr int count = static_cast<int>(sizeof(T) / sizeof(cache_word_t<T>));
  cache_word_t<T> w[count];
};

}  // namespace xcub::detail
