// xcub/detail/radix/radix_key.hpp: what a radix sorter needs of its key type, plain or decomposed,
// in one place: the image type the passes carry, the conversions in and out (once each per sort),
// the default end_bit, and each pass's digit extractor.
//
// Contract:
//   radix_key<KeyT, Decomposer = identity_decomposer>
//     image_t                   key_traits<KeyT>::bits_t for a plain key; KeyT itself (members in
//                               bit-ordered form) for a decomposed one
//     to_image(key, d)          the bit-ordered image (key_codec.hpp / decomposer.hpp)
//     from_image(image, d)      the key back, bit for bit
//     default_end_bit           the image's width: sizeof(KeyT) * 8, or the members' total
//     extractor(bit, radix_bits, end_bit, d)   the digit of bits [bit, min(bit + radix_bits, end_bit))
//   A KeyT that is neither a radix key nor decomposed by Decomposer fails with a static_assert.
//   Descending sorts rank descending (BlockRadixRank's IS_DESCENDING) on the same image.
// Host and device (XCUB_HOST_DEVICE).
#pragma once

#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/detail/radix/decomposer.hpp>
#include <xcub/detail/radix/digit_extractor.hpp>
#include <xcub/detail/radix/key_codec.hpp>

namespace xcub::detail::radix {

template <class KeyT, class Decomposer = identity_decomposer>
struct radix_key {
  static constexpr bool decomposed = !std::is_same_v<Decomposer, identity_decomposer>;
  static_assert(decomposed || is_radix_key_v<KeyT>,
                "xcub: this key type cannot be radix-sorted: use bool, an integer of 8 to 128 bits, float, double, "
                "a 16-bit float of the backend, or pass a decomposer (a functor returning a std::tuple of "
                "references to the key's arithmetic members)");
  static_assert(!decomposed || is_decomposer_v<KeyT, Decomposer>,
                "xcub: a decomposer must be callable as decomposer(key) with a KeyT& and return a std::tuple of "
                "non-const references to radix keys (bool, integers, float, double), e.g. "
                "std::tuple<float&, int&>{key.f, key.i}");

  template <class K, bool = decomposed>
  struct image_of {
    using type = K;
  };
  template <class K>
  struct image_of<K, false> {
    using type = typename key_traits<K>::bits_t;
  };
  using image_t = typename image_of<KeyT>::type;

  template <bool D = decomposed>
  static constexpr int end_bit_of() {
    if constexpr (D) return total_bits<KeyT, Decomposer>;
    else return key_traits<KeyT>::bits;
  }
  static constexpr int default_end_bit = end_bit_of();

  XCUB_HOST_DEVICE XCUB_FORCEINLINE static image_t to_image(KeyT key, const Decomposer& d = {}) {
    if constexpr (decomposed) {
      to_bit_ordered_members(key, d);
      return key;
    } else {
      (void)d;
      return to_bit_ordered<KeyT>(bits_of(key));
    }
  }

  XCUB_HOST_DEVICE XCUB_FORCEINLINE static KeyT from_image(image_t image, const Decomposer& d = {}) {
    if constexpr (decomposed) {
      from_bit_ordered_members(image, d);
      return image;
    } else {
      (void)d;
      return from_bits<KeyT>(from_bit_ordered<KeyT>(image));
    }
  }

  XCUB_HOST_DEVICE XCUB_FORCEINLINE static digit_extractor_for<KeyT, Decomposer> extractor(int bit, int radix_bits,
                                                                                         int end_bit,
                                                                                         const Decomposer& d = {}) {
    return for_pass<KeyT, Decomposer>(bit, radix_bits, end_bit, d);
  }
};

}  // namespace xcub::detail::radix
