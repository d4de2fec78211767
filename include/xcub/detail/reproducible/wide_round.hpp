// xcub/detail/reproducible/wide_round.hpp: a two-word 128-bit integer (portable: no __int128,
// which MSVC lacks) and the one rounding step of the reproducible sum: a signed 128-bit integer
// times a power of two, to float or double, round to nearest even, in integer arithmetic only.
#pragma once

#include <xcub/config.hpp>
#include <xcub/detail/reproducible/float_format.hpp>

#include <cstdint>

namespace xcub::detail::reproducible {

/// A 128-bit two's complement integer as two words (hi holds bits 64..127).
struct wide128 {
  std::uint64_t hi, lo;

  XCUB_HOST_DEVICE constexpr bool negative() const { return (hi >> 63) != 0; }
  XCUB_HOST_DEVICE constexpr bool zero() const { return (hi | lo) == 0; }

  /// this += v * 2^shift, for a signed 64-bit v and 0 <= shift < 64 (the sum must fit).
  XCUB_HOST_DEVICE constexpr void add_shifted(std::int64_t v, int shift) {
    const auto u = static_cast<std::uint64_t>(v);
    const std::uint64_t extension = v < 0 ? ~std::uint64_t{0} : 0;  // the sign-extended high word
    const std::uint64_t add_lo = u << shift;
    const std::uint64_t add_hi = shift == 0 ? extension : (extension << shift) | (u >> (64 - shift));
    lo += add_lo;
    hi += add_hi + (lo < add_lo ? 1 : 0);
  }

  /// The magnitude (this must not be -2^127).
  XCUB_HOST_DEVICE constexpr wide128 magnitude() const {
    if (!negative()) return *this;
    const std::uint64_t l = ~lo + 1;
    return {~hi + (l == 0 ? 1 : 0), l};
  }

  /// The number of significant bits of a non-negative value (0 for 0).
  XCUB_HOST_DEVICE constexpr int bit_length() const {
    std::uint64_t w = hi != 0 ? hi : lo;
    int n = hi != 0 ? 64 : 0;
    for (int step = 32; step > 0; step /= 2) {
      if ((w >> step) != 0) w >>= step, n += step;  // the binary search of the top bit
    }
    return n + (w != 0 ? 1 : 0);
  }

  /// Bit i (0 <= i < 128).
  XCUB_HOST_DEVICE constexpr bool bit(int i) const { return ((i < 64 ? lo >> i : hi >> (i - 64)) & 1) != 0; }

  /// Whether any bit below bit i is set (0 <= i <= 128).
  XCUB_HOST_DEVICE constexpr bool any_below(int i) const {
    if (i <= 0) return false;
    if (i < 64) return (lo & ((std::uint64_t{1} << i) - 1)) != 0;
    if (i == 64) return lo != 0;
    if (i < 128) return lo != 0 || (hi & ((std::uint64_t{1} << (i - 64)) - 1)) != 0;
    return !zero();
  }

  /// The low 64 bits of this >> shift, for 0 <= shift < 128.
  XCUB_HOST_DEVICE constexpr std::uint64_t low_word_shifted_right(int shift) const {
    if (shift == 0) return lo;
    if (shift < 64) return (lo >> shift) | (hi << (64 - shift));
    return hi >> (shift - 64);
  }
};

/// (-1)^negative * magnitude * 2^(scale - bias of T's smallest subnormal), rounded once to the
/// nearest T, ties to even; +-inf past T's range (as IEEE rounding gives); +0.0 for a zero magnitude.
/// `scale` is the grid position (float_format) of the magnitude's bit 0 and may be negative, as
/// long as the bits below position 0 are zero.
template <class T>
XCUB_HOST_DEVICE constexpr T round_to(bool negative, const wide128& magnitude, int scale) {
  using format = float_format<T>;
  using bits_t = typename format::bits_t;
  constexpr int width = 8 * sizeof(bits_t);
  constexpr bits_t inf_bits = bits_t(format::exponent_all_ones) << format::fraction_bits;
  const bits_t sign = negative ? bits_t{1} << (width - 1) : 0;
  if (magnitude.zero()) return from_bits<T>(0);
  const int top = magnitude.bit_length() - 1 + scale;  // the grid position of the leading bit
  if (top > format::max_position) return from_bits<T>(sign | inf_bits);
  // The result's bit 0 sits at `low` (a normal's significand has significand_bits bits; a
  // subnormal's bit 0 is at position 0); `shift` moves the magnitude's bit 0 there.
  const int low = top - (format::significand_bits - 1) > 0 ? top - (format::significand_bits - 1) : 0;
  const int shift = low - scale;
  bits_t q = 0;
  if (shift <= 0) {
    q = static_cast<bits_t>(magnitude.lo << -shift);  // exact: fits in significand_bits
  } else {
    q = static_cast<bits_t>(magnitude.low_word_shifted_right(shift));
    const bool half = magnitude.bit(shift - 1), sticky = magnitude.any_below(shift - 1);
    if (half && (sticky || (q & 1) != 0)) ++q;  // a carry into the next binade lands in the exponent
  }
  // low << fraction_bits + q: the hidden bit adds one to the exponent field; a subnormal (low == 0,
  // q < 2^fraction_bits) gets exponent 0; a rounding carry to 2^significand_bits raises it once more.
  const bits_t bits = (static_cast<bits_t>(low) << format::fraction_bits) + q;
  return from_bits<T>(sign | (bits >= inf_bits ? inf_bits : bits));
}

}  // namespace xcub::detail::reproducible
