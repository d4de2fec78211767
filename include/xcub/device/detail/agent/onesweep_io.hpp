// xcub/device/detail/agent/onesweep_io.hpp: where a onesweep pass reads its keys from and writes
// them to (docs/device-radix-sort.md, "Pairs packed into words").
//
// A pass sorts "tile keys": the keys' bit-ordered images, or, for pairs packed into words, one
// unsigned word per pair holding the key's image in its high half and the value's bits in its low
// half. Sorting those words by the digits of their high half, stably, is sorting the pairs, so the
// passes between the first and the last move one word per pair instead of a key and a value through
// two arrays (one 8-byte store per pair, one exchange through shared memory).
//   onesweep_key_source / onesweep_key_sink     a tile key per KeyT element: its image (radix_key)
//   packed_pair_source / packed_pair_sink       a word per pair: from / to a key array and a value
//                                               array (the first and last passes), or words
// Each has load<Modifier>(i) -> tile key, or store<Modifier>(i, tile key), the global access
// with the policy's cache operator, and advanced(by), the same from element `by` on (a thread's
// row: its items' offsets from there are small constants, which the loads and stores take as
// immediates instead of a 64-bit address computation each); a source also has
// prefetch_l2(first, count) (its tile keys' input into L2, arch::prefetch_l2) and gives each
// pass's digit extractor over its tile
// keys (for words: the key's digits of their high half, so that -0.0 counts as +0.0 as the
// histogram of the keys counted it). pair_words<KeyT, ValueT, Decomposer> says whether a pair type
// packs: a plain key whose image is an unsigned integer as wide as the value (1, 2 or 4 bytes), the
// value trivially copyable; the word is the unsigned integer of twice that width.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/arch/arch.hpp>  // prefetch_l2
#endif
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// Whether pairs of KeyT and ValueT travel as one word between passes, that word, and its parts.
template <class KeyT, class ValueT, class Decomposer = radix::identity_decomposer>
struct pair_words {
  using image_t = typename radix::radix_key<KeyT, Decomposer>::image_t;
  static constexpr bool possible = !std::is_same_v<ValueT, NullType> && std::is_same_v<Decomposer, radix::identity_decomposer> &&
                                   std::is_unsigned_v<image_t> && sizeof(image_t) == sizeof(ValueT) &&
                                   sizeof(ValueT) <= 4 && std::is_trivially_copyable_v<ValueT>;
  using word_t = typename radix::unsigned_of_size<possible ? 2 * sizeof(ValueT) : 8>::type;  // (any word where none packs)
  static constexpr std::size_t word_bytes = possible ? 2 * sizeof(ValueT) : 0;
  /// The value's bits sit below the key's image.
  static constexpr int shift = static_cast<int>(8 * sizeof(ValueT));

  XCUB_HOST_DEVICE XCUB_FORCEINLINE static word_t pack(image_t image, const ValueT& value) {
    image_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    return static_cast<word_t>(static_cast<word_t>(static_cast<word_t>(image) << shift) | static_cast<word_t>(bits));
  }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static image_t image(word_t word) { return static_cast<image_t>(word >> shift); }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static ValueT value(word_t word) {
    const auto bits = static_cast<image_t>(word);
    ValueT v;
    __builtin_memcpy(&v, &bits, sizeof(v));
    return v;
  }

  /// A pass's digit of a word: the key's digit (radix::digit_extractor, -0.0 read as +0.0) of its
  /// image, so that words and keys count alike.
  struct digit_extractor {
    radix::digit_extractor_for<KeyT, radix::identity_decomposer> key;
    XCUB_HOST_DEVICE XCUB_FORCEINLINE std::uint32_t Digit(word_t word) const { return key.Digit(image(word)); }
  };
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static digit_extractor extractor(int bit, int radix_bits, int end_bit,
                                                                     radix::identity_decomposer = {}) {
    return {radix::radix_key<KeyT>::extractor(bit, radix_bits, end_bit)};
  }
};

/// Keys in: their images.
template <class KeyT, class Decomposer>
struct onesweep_key_source {
  using rk = radix::radix_key<KeyT, Decomposer>;
  using tile_key_t = typename rk::image_t;
  const KeyT* keys;
  Decomposer decomposer;
  template <CacheLoadModifier M, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE tile_key_t load(OffsetT i) const {
    return rk::to_image(ThreadLoad<M>(keys + i), decomposer);
  }
  /// The same source from key `by` on.
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE onesweep_key_source advanced(OffsetT by) const {
    return {keys + by, decomposer};
  }
#if XCUB_HAS_KERNELS
  /// Asks for the tile keys [first, first + count) in L2 (arch::prefetch_l2).
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void prefetch_l2(OffsetT first, OffsetT count) const {
    arch::prefetch_l2(keys + first, static_cast<std::size_t>(count) * sizeof(KeyT));
  }
#endif
  /// The digits a pass ranks the tile keys by.
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static auto extractor(int bit, int radix_bits, int end_bit, const Decomposer& d) {
    return rk::extractor(bit, radix_bits, end_bit, d);
  }
};

/// Keys out: back from their images.
template <class KeyT, class Decomposer>
struct onesweep_key_sink {
  using rk = radix::radix_key<KeyT, Decomposer>;
  using tile_key_t = typename rk::image_t;
  KeyT* keys;
  Decomposer decomposer;
  template <CacheStoreModifier M, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, tile_key_t image) const {
    ThreadStore<M>(keys + i, rk::from_image(image, decomposer));
  }
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE onesweep_key_sink advanced(OffsetT by) const {
    return {keys + by, decomposer};
  }
};

/// Pairs in: from a key array and a value array (SPLIT), or as words.
template <class KeyT, class ValueT, bool SPLIT>
struct packed_pair_source {
  using words = pair_words<KeyT, ValueT>;
  using tile_key_t = typename words::word_t;
  const KeyT* keys;      // SPLIT
  const ValueT* values;  // SPLIT
  const tile_key_t* in;  // !SPLIT
  template <CacheLoadModifier M, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE tile_key_t load(OffsetT i) const {
    if constexpr (SPLIT) return words::pack(radix::radix_key<KeyT>::to_image(ThreadLoad<M>(keys + i)), ThreadLoad<M>(values + i));
    else return ThreadLoad<M>(in + i);
  }
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE packed_pair_source advanced(OffsetT by) const {
    if constexpr (SPLIT) return {keys + by, values + by, in};
    else return {keys, values, in + by};
  }
#if XCUB_HAS_KERNELS
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void prefetch_l2(OffsetT first, OffsetT count) const {
    if constexpr (SPLIT) {
      arch::prefetch_l2(keys + first, static_cast<std::size_t>(count) * sizeof(KeyT));
      arch::prefetch_l2(values + first, static_cast<std::size_t>(count) * sizeof(ValueT));
    } else {
      arch::prefetch_l2(in + first, static_cast<std::size_t>(count) * sizeof(tile_key_t));
    }
  }
#endif
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static auto extractor(int bit, int radix_bits, int end_bit,
                                                          radix::identity_decomposer = {}) {
    return words::extractor(bit, radix_bits, end_bit);
  }
};

/// Pairs out: to a key array and a value array (SPLIT), or as words.
template <class KeyT, class ValueT, bool SPLIT>
struct packed_pair_sink {
  using words = pair_words<KeyT, ValueT>;
  using tile_key_t = typename words::word_t;
  KeyT* keys;      // SPLIT
  ValueT* values;  // SPLIT
  tile_key_t* out;  // !SPLIT
  template <CacheStoreModifier M, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, tile_key_t word) const {
    if constexpr (SPLIT) {
      ThreadStore<M>(keys + i, radix::radix_key<KeyT>::from_image(words::image(word)));
      ThreadStore<M>(values + i, words::value(word));
    } else {
      ThreadStore<M>(out + i, word);
    }
  }
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE packed_pair_sink advanced(OffsetT by) const {
    if constexpr (SPLIT) return {keys + by, values + by, out};
    else return {keys, values, out + by};
  }
};

/// What a onesweep launch sorts (the agent's key, value and decomposer) and through which source
/// and sink: the keys and values as they are ...
template <class KeyT, class ValueT, class Decomposer>
struct onesweep_plain_io {
  static constexpr bool packed = false;
  using tile_key_t = KeyT;
  using tile_value_t = ValueT;
  using decomposer_t = Decomposer;
  using source = onesweep_key_source<KeyT, Decomposer>;
  using sink = onesweep_key_sink<KeyT, Decomposer>;
};

/// ... or pairs as words (no values beside them), made in the first pass (SPLIT_IN) and split in the
/// last (SPLIT_OUT); the passes between read and write words.
template <class KeyT, class ValueT, bool SPLIT_IN, bool SPLIT_OUT>
struct onesweep_packed_io {
  static constexpr bool packed = true;
  using word_t = typename pair_words<KeyT, ValueT>::word_t;
  using tile_key_t = word_t;
  using tile_value_t = NullType;
  using decomposer_t = radix::identity_decomposer;
  using source = packed_pair_source<KeyT, ValueT, SPLIT_IN>;
  using sink = packed_pair_sink<KeyT, ValueT, SPLIT_OUT>;
};

}  // namespace xcub::detail
