// xcub/detail/radix/key_codec.hpp: the bit-ordered image of a radix key, shared by every radix
// sorter (BlockRadixSort now, the device radix sort later).
//
// Contract:
//   - Radix keys (is_radix_key_v<T>): bool, every integer type of 8 to 64 bits, __int128 and
//     unsigned __int128 where the compiler has them, float, double, and the backend's 16-bit floats
//     (on CUDA __half and __nv_bfloat16, <xcub/backend/float16_types.hpp>). A key's image has the
//     width of the key: key_bits_t<T> is the unsigned integer of that size.
//   - to_bit_ordered(bits) maps a key's raw bits to an image whose unsigned order is CUB's key order
//     (BaseTraits::TwiddleIn in CUB 3.0.1); from_bit_ordered undoes it exactly (every bit pattern,
//     NaN payloads and -0.0 included, comes back unchanged). Both are constexpr on the raw bits;
//     bits_of / from_bits convert between a key and its raw bits (std::memcpy, no aliasing).
//       unsigned    the identity
//       signed      the sign bit flipped: INT_MIN first, INT_MAX last
//       floating    sign clear: the sign bit set; sign set: every bit flipped. Ascending order is
//                   then: NaNs with the sign bit set (in reverse payload order), -inf, the negative
//                   numbers, -0.0, +0.0, the positive numbers, +inf, NaNs with the sign bit clear
//                   (the usual quiet NaN), by payload.
//   - -0.0 and +0.0: their images differ (-0.0 just below +0.0), but CUB's sorts treat them as equal
//     keys: the digit extractor reads both as +0.0's image (fold_minus_zero), so a stable sort keeps
//     them in input order, and each comes out with its own sign.
//   - Descending order is the exact reverse: the bit complement of the image (or a descending rank).
//   - A type that is not a radix key fails with a readable static_assert where it is used
//     (key_traits<T>::bits_t); structs are sorted through a decomposer (decomposer.hpp).
// Host and device (XCUB_HOST_DEVICE).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/backend/float16_types.hpp>

namespace xcub::detail::radix {

/// How a key's bits map to its order.
enum class key_kind { not_a_key, unsigned_integer, signed_integer, floating_point };

/// The unsigned integer of `bytes` bytes (void where there is none).
template <std::size_t bytes>
struct unsigned_of_size {
  using type = void;
};
template <> struct unsigned_of_size<1> { using type = std::uint8_t; };
template <> struct unsigned_of_size<2> { using type = std::uint16_t; };
template <> struct unsigned_of_size<4> { using type = std::uint32_t; };
template <> struct unsigned_of_size<8> { using type = std::uint64_t; };
#ifdef __SIZEOF_INT128__
template <> struct unsigned_of_size<16> { __extension__ using type = unsigned __int128; };
#endif

template <class T>
constexpr key_kind kind_of() {
  if constexpr (std::is_same_v<T, bool>) return key_kind::unsigned_integer;
#ifdef __SIZEOF_INT128__
  else if constexpr (__extension__ std::is_same_v<T, __int128>) return key_kind::signed_integer;
  else if constexpr (__extension__ std::is_same_v<T, unsigned __int128>) return key_kind::unsigned_integer;
#endif
  else if constexpr (std::is_integral_v<T>) return std::is_signed_v<T> ? key_kind::signed_integer : key_kind::unsigned_integer;
  else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return key_kind::floating_point;
  else if constexpr (backend::is_float16_type<T>) return key_kind::floating_point;
  else return key_kind::not_a_key;
}

/// Whether T (cv-qualifiers ignored) is a radix key.
template <class T>
inline constexpr bool is_radix_key_v =
    kind_of<std::remove_cv_t<T>>() != key_kind::not_a_key &&
    !std::is_void_v<typename unsigned_of_size<sizeof(T)>::type>;

template <class T>
struct key_traits {
  static_assert(is_radix_key_v<T>,
                "xcub: this key type cannot be radix-sorted: use bool, an integer of 8 to 128 bits, float, double, "
                "a 16-bit float of the backend, or a struct with a decomposer");
  using key_t = std::remove_cv_t<T>;
  using bits_t = typename unsigned_of_size<sizeof(T)>::type;
  static constexpr key_kind kind = kind_of<key_t>();
  static constexpr int bits = static_cast<int>(sizeof(T) * 8);
  static constexpr bits_t high_bit = static_cast<bits_t>(bits_t{1} << (bits - 1));
  static constexpr bits_t all_ones = static_cast<bits_t>(~bits_t{0});
};

/// The image of raw key bits whose unsigned order is the key order.
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr typename key_traits<T>::bits_t to_bit_ordered(
    typename key_traits<T>::bits_t b) {
  using tr = key_traits<T>;
  if constexpr (tr::kind == key_kind::signed_integer) {
    return static_cast<typename tr::bits_t>(b ^ tr::high_bit);
  } else if constexpr (tr::kind == key_kind::floating_point) {
    return static_cast<typename tr::bits_t>(b ^ ((b & tr::high_bit) ? tr::all_ones : tr::high_bit));
  } else {
    return b;
  }
}

/// The raw key bits of an image: the inverse of to_bit_ordered.
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr typename key_traits<T>::bits_t from_bit_ordered(
    typename key_traits<T>::bits_t b) {
  using tr = key_traits<T>;
  if constexpr (tr::kind == key_kind::signed_integer) {
    return static_cast<typename tr::bits_t>(b ^ tr::high_bit);
  } else if constexpr (tr::kind == key_kind::floating_point) {
    return static_cast<typename tr::bits_t>(b ^ ((b & tr::high_bit) ? tr::high_bit : tr::all_ones));
  } else {
    return b;
  }
}

/// A floating-point image of -0.0 read as +0.0's (every other image unchanged): what the digit
/// extractor sees, so that both zeros are one key.
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr typename key_traits<T>::bits_t fold_minus_zero(
    typename key_traits<T>::bits_t image) {
  using tr = key_traits<T>;
  if constexpr (tr::kind == key_kind::floating_point) {
    constexpr auto minus_zero = static_cast<typename tr::bits_t>(tr::all_ones ^ tr::high_bit);  // ~0x80..0
    return image == minus_zero ? tr::high_bit : image;
  } else {
    return image;
  }
}

/// The raw bits of a key.
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE typename key_traits<T>::bits_t bits_of(const T& key) {
  typename key_traits<T>::bits_t b;
  __builtin_memcpy(&b, static_cast<const void*>(&key), sizeof(b));
  return b;
}

/// The key with these raw bits.
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE std::remove_cv_t<T> from_bits(typename key_traits<T>::bits_t b) {
  std::remove_cv_t<T> key;
  __builtin_memcpy(static_cast<void*>(&key), &b, sizeof(b));  // void*: class types such as __half too
  return key;
}

}  // namespace xcub::detail::radix
