// xcub/detail/reproducible/float_format.hpp: the IEEE-754 binary32/binary64 layout that the
// reproducible sum reads and writes with integer operations only (no floating-point arithmetic,
// so nothing a compiler may contract into an FMA or evaluate in another precision).
//
// Positions: a finite value is m * 2^(pos - bias) with m an integer significand (the hidden bit
// included for normals) and pos the "position" of m's bit 0 counted from the smallest subnormal's
// bit (pos = max(biased exponent, 1) - 1 >= 0). So every finite value's bits lie on one grid of
// integer positions [0, max_position], the same for subnormals and normals.
#pragma once

#include <xcub/config.hpp>

#include <cstdint>
#include <type_traits>

namespace xcub::detail::reproducible {

template <class T>
struct float_format;

template <>
struct float_format<float> {
  using bits_t = std::uint32_t;
  static constexpr int fraction_bits = 23;                 ///< stored fraction bits
  static constexpr int significand_bits = 24;              ///< with the hidden bit
  static constexpr int exponent_all_ones = 255;            ///< inf / NaN
  static constexpr int max_position = 253 + 23;            ///< the largest finite value's top bit
  static constexpr bits_t quiet_nan = 0x7FC00000u;         ///< the NaN that finalize returns
};

template <>
struct float_format<double> {
  using bits_t = std::uint64_t;
  static constexpr int fraction_bits = 52;
  static constexpr int significand_bits = 53;
  static constexpr int exponent_all_ones = 2047;
  static constexpr int max_position = 2045 + 52;
  static constexpr bits_t quiet_nan = 0x7FF8000000000000ull;
};

/// One value's fields: sign, biased exponent, significand with the hidden bit, bit-0 position.
template <class T>
struct float_fields {
  using format = float_format<T>;
  using bits_t = typename format::bits_t;
  bits_t bits;
  int exponent;      ///< biased exponent; exponent_all_ones for inf and NaN
  bits_t fraction;   ///< the stored fraction bits
  XCUB_HOST_DEVICE constexpr bool negative() const { return (bits >> (8 * sizeof(bits_t) - 1)) != 0; }
  XCUB_HOST_DEVICE constexpr bool special() const { return exponent == format::exponent_all_ones; }
  /// m: the integer significand (hidden bit for normals; none for subnormals and zeros).
  XCUB_HOST_DEVICE constexpr bits_t significand() const {
    return fraction | (exponent != 0 ? bits_t{1} << format::fraction_bits : bits_t{0});
  }
  /// The position of m's bit 0: max(exponent, 1) - 1.
  XCUB_HOST_DEVICE constexpr int position() const { return exponent - (exponent != 0 ? 1 : 0); }
};

template <class T>
XCUB_HOST_DEVICE constexpr float_fields<T> fields_of(T x) {
  using format = float_format<T>;
  using bits_t = typename format::bits_t;
  const auto bits = __builtin_bit_cast(bits_t, x);
  constexpr bits_t fraction_mask = (bits_t{1} << format::fraction_bits) - 1;
  return {bits, static_cast<int>((bits >> format::fraction_bits) & format::exponent_all_ones),
          static_cast<bits_t>(bits & fraction_mask)};
}

template <class T>
XCUB_HOST_DEVICE constexpr T from_bits(typename float_format<T>::bits_t bits) {
  return __builtin_bit_cast(T, bits);
}

}  // namespace xcub::detail::reproducible
