// xcub/detail/radix/digit_extractor.hpp: one radix digit of a bit-ordered key, the functor that a
// sorter hands to BlockRadixRank (its DigitExtractorT).
//
// Contract:
//   digit_extractor<KeyT, Decomposer = identity_decomposer>(bit_start, num_bits[, decomposer])
//   - Digit(image) returns bits [bit_start, bit_start + num_bits) of the key's radix image as a value
//     in [0, 2^num_bits), num_bits from 0 to 32. `image` is the key's bit-ordered form:
//       plain keys         key_bits_t<KeyT>, from to_bit_ordered (key_codec.hpp)
//       decomposed keys    a KeyT whose members went through to_bit_ordered_members (decomposer.hpp);
//                          the window indexes the members' concatenation and may span two or more.
//     The bits must lie inside the image (bit_start + num_bits <= its width); num_bits = 0 gives 0.
//   - Floating-point keys and members: the image of -0.0 reads as +0.0's (fold_minus_zero), so both
//     zeros have every digit equal, as in CUB's sorts.
//   - for_pass(current_bit, radix_bits, end_bit): the window of one sorting pass, num_bits clipped
//     so that it stops at end_bit.
// Host and device (XCUB_HOST_DEVICE).
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/detail/radix/decomposer.hpp>
#include <xcub/detail/radix/key_codec.hpp>

namespace xcub::detail::radix {

/// The low n bits set, n from 0 to 32.
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr std::uint32_t low_mask(std::uint32_t n) {
  return n >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1u;
}

template <class KeyT, class Decomposer = identity_decomposer>
struct digit_extractor {
  using image_t = typename key_traits<KeyT>::bits_t;

  std::uint32_t bit_start;
  std::uint32_t mask;

  XCUB_HOST_DEVICE XCUB_FORCEINLINE digit_extractor(std::uint32_t start, std::uint32_t num_bits,
                                                    Decomposer = {})
      : bit_start(num_bits == 0 ? 0u : start), mask(low_mask(num_bits)) {}  // no shift by the full width

  XCUB_HOST_DEVICE XCUB_FORCEINLINE std::uint32_t Digit(image_t image) const {
    return static_cast<std::uint32_t>(fold_minus_zero<KeyT>(image) >> bit_start) & mask;
  }
};

/// Decomposed keys: the window over the members' concatenated images.
template <class KeyT, class Decomposer>
struct decomposed_digit_extractor {
  using image_t = KeyT;

  Decomposer decomposer;
  std::uint32_t bit_start;
  std::uint32_t num_bits;

  XCUB_HOST_DEVICE XCUB_FORCEINLINE decomposed_digit_extractor(std::uint32_t start, std::uint32_t n, Decomposer d)
      : decomposer(d), bit_start(start), num_bits(n) {}

  XCUB_HOST_DEVICE XCUB_FORCEINLINE std::uint32_t Digit(KeyT image) const {
    std::uint32_t digit = 0;
    const int start = static_cast<int>(bit_start), end = start + static_cast<int>(num_bits);
    for_each_member(image, decomposer, [&](auto& m, int lo) {
      using M = std::remove_reference_t<decltype(m)>;
      constexpr int width = key_traits<M>::bits;
      // The window relative to this member: [s, e), clipped to [0, width).
      const int s = start - lo, e = end - lo;
      if (e <= 0 || s >= width) return;
      const auto b = fold_minus_zero<M>(bits_of(m));
      const int from = s > 0 ? s : 0, to = e < width ? e : width;
      const auto piece = static_cast<std::uint32_t>(b >> from) & low_mask(static_cast<std::uint32_t>(to - from));
      digit |= piece << (from - s);  // the member's bit `from` is the digit's bit from - s
    });
    return digit;
  }
};

template <class KeyT, class Decomposer>
using digit_extractor_for = std::conditional_t<std::is_same_v<Decomposer, identity_decomposer>,
                                               digit_extractor<KeyT>, decomposed_digit_extractor<KeyT, Decomposer>>;

/// The extractor of one sorting pass: digits of radix_bits bits from current_bit, stopping at end_bit.
template <class KeyT, class Decomposer = identity_decomposer>
XCUB_HOST_DEVICE XCUB_FORCEINLINE digit_extractor_for<KeyT, Decomposer> for_pass(int current_bit, int radix_bits,
                                                                                 int end_bit, Decomposer d = {}) {
  const int left = end_bit - current_bit;
  const int n = left < radix_bits ? (left > 0 ? left : 0) : radix_bits;
  return digit_extractor_for<KeyT, Decomposer>(static_cast<std::uint32_t>(current_bit), static_cast<std::uint32_t>(n),
                                               d);
}

}  // namespace xcub::detail::radix
