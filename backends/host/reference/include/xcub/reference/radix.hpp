// xcub/reference/radix.hpp: the oracle for radix key order (CUB's radix sorts), as a comparator for
// stable_sort and stable_sort_pairs (sort.hpp). Sequential, host only, sharing no code with xcub's
// key handling (include/xcub/detail/radix): the images are computed here with other formulas.
//
// - radix_image(key): the key's order image, an unsigned number of sizeof(key) * 8 bits whose order
//   is the key order: unsigned keys as they are; signed keys plus 2^(n-1) (wrapping); floating-point
//   keys (float, double, float16_bits) from their raw bits b: sign clear b + 2^(n-1), sign set
//   2^n - 1 - b, and both zeros read as +0.0 (so -0.0 and +0.0 are equal keys, as in CUB's sorts).
//   NaNs with the sign bit clear come after +inf; NaNs with the sign bit set before -inf.
// - radix_less<K>(begin_bit, end_bit, descending): a < b when bits [begin_bit, end_bit) of a's image
//   are below b's (above, descending). Keys whose bits are equal are equivalent: a stable sort keeps
//   them in input order, in both directions.
// - radix_less_decomposed<K, D>(decomposer, begin_bit, end_bit, descending): the same on the image
//   of a struct through a decomposer (a functor returning a std::tuple of references to members):
//   the members' images concatenated, the first member most significant (bit 0 = the last member's
//   least significant bit). Images up to 512 bits.
// - float16_bits: a 16-bit float (binary16 or bfloat16) given by its raw bits, for backends that have
//   such types.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>

namespace xcub::reference {

/// A 16-bit floating-point key by its raw bits (sign, exponent, mantissa from the top bit down).
struct float16_bits {
  std::uint16_t bits;
};

/// An unsigned number of up to 512 bits: words[0] holds bits 0..63.
struct wide_image {
  std::array<std::uint64_t, 8> words{};
  int width = 0;
};

namespace radix_detail {

inline void set_bit(wide_image& w, int i) { w.words[static_cast<std::size_t>(i / 64)] |= std::uint64_t{1} << (i % 64); }
inline bool get_bit(const wide_image& w, int i) { return (w.words[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1u; }

/// The raw bytes of a key as a wide number (little-endian host).
template <class K>
wide_image raw(const K& key) {
  static_assert(sizeof(K) <= 16, "xcub::reference: radix keys have at most 128 bits");
  wide_image w;
  std::memcpy(w.words.data(), &key, sizeof(K));
  w.width = static_cast<int>(sizeof(K) * 8);
  return w;
}

/// w + 2^(width-1), modulo 2^width.
inline wide_image add_half(wide_image w) {
  const int top = w.width - 1;
  if (get_bit(w, top)) w.words[static_cast<std::size_t>(top / 64)] &= ~(std::uint64_t{1} << (top % 64));
  else set_bit(w, top);
  return w;
}

/// 2^width - 1 - w (no borrow: every bit of the width flips), width a multiple of 16.
inline wide_image all_ones_minus(wide_image w) {
  for (int word = 0; word * 64 < w.width; ++word) {
    const int bits = w.width - word * 64 < 64 ? w.width - word * 64 : 64;
    const std::uint64_t ones = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    w.words[static_cast<std::size_t>(word)] = ones - w.words[static_cast<std::size_t>(word)];
  }
  return w;
}

template <class F>
bool float_is_zero(const F& v) {
  if constexpr (std::is_same_v<F, float16_bits>) return (v.bits & 0x7fffu) == 0;
  else return std::fpclassify(v) == FP_ZERO;
}
template <class F>
bool float_sign(const F& v) {
  if constexpr (std::is_same_v<F, float16_bits>) return (v.bits >> 15) != 0;
  else return std::signbit(v);
}

template <class K>
constexpr bool is_float_key = std::is_floating_point_v<K> || std::is_same_v<K, float16_bits>;

template <class K>
constexpr bool is_signed_key() {
#ifdef __SIZEOF_INT128__
  if constexpr (__extension__ std::is_same_v<K, __int128>) return true;
#endif
  if constexpr (std::is_integral_v<K>) return std::is_signed_v<K>;
  return false;
}
template <class K>
constexpr bool is_unsigned_key() {
#ifdef __SIZEOF_INT128__
  if constexpr (__extension__ std::is_same_v<K, unsigned __int128>) return true;
#endif
  if constexpr (std::is_integral_v<K>) return std::is_unsigned_v<K>;
  return false;
}

}  // namespace radix_detail

/// The order image of a plain radix key (see above).
template <class K>
wide_image radix_image(const K& key) {
  using namespace radix_detail;
  if constexpr (is_float_key<K>) {
    if (float_is_zero(key)) {  // both zeros: +0.0's image, 2^(n-1)
      wide_image w;
      w.width = static_cast<int>(sizeof(K) * 8);
      set_bit(w, w.width - 1);
      return w;
    }
    return float_sign(key) ? all_ones_minus(raw(key)) : add_half(raw(key));
  } else if constexpr (is_signed_key<K>()) {
    return add_half(raw(key));
  } else {
    static_assert(is_unsigned_key<K>(), "xcub::reference::radix_image: not a radix key");
    wide_image w = raw(key);
    if constexpr (std::is_same_v<K, bool>) w.words[0] = key ? 1 : 0;
    return w;
  }
}

/// a's bits [begin_bit, end_bit) compared with b's: -1, 0 or 1.
inline int compare_bits(const wide_image& a, const wide_image& b, int begin_bit, int end_bit) {
  for (int word = 7; word >= 0; --word) {
    const int lo = word * 64, hi = lo + 64;
    const int from = begin_bit > lo ? begin_bit : lo, to = end_bit < hi ? end_bit : hi;
    if (from >= to) continue;
    std::uint64_t mask = to - from == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (to - from)) - 1);
    mask <<= (from - lo);
    const std::uint64_t x = a.words[static_cast<std::size_t>(word)] & mask;
    const std::uint64_t y = b.words[static_cast<std::size_t>(word)] & mask;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

/// The strict weak order of CUB's radix sort on bits [begin_bit, end_bit) of plain keys.
template <class K>
struct radix_less {
  int begin_bit = 0;
  int end_bit = static_cast<int>(sizeof(K) * 8);
  bool descending = false;

  radix_less() = default;
  radix_less(int begin, int end, bool desc = false) : begin_bit(begin), end_bit(end), descending(desc) {}

  bool operator()(const K& a, const K& b) const {
    const int c = compare_bits(radix_image(a), radix_image(b), begin_bit, end_bit);
    return descending ? c > 0 : c < 0;
  }
};

/// The order image of a struct key through its decomposer: member images concatenated, first most
/// significant.
template <class K, class D>
wide_image radix_image_decomposed(K key, const D& decomposer) {
  wide_image out;
  std::apply(
      [&](auto&... member) {
        // Members from last to first: each one's image lands above those already placed.
        int at = 0;
        wide_image parts[] = {radix_image(member)...};
        for (int m = static_cast<int>(sizeof...(member)) - 1; m >= 0; --m) {
          for (int i = 0; i < parts[m].width; ++i)
            if (radix_detail::get_bit(parts[m], i)) radix_detail::set_bit(out, at + i);
          at += parts[m].width;
        }
        out.width = at;
      },
      decomposer(key));
  return out;
}

/// The strict weak order of CUB's radix sort on bits [begin_bit, end_bit) of decomposed keys.
template <class K, class D>
struct radix_less_decomposed {
  D decomposer;
  int begin_bit;
  int end_bit;
  bool descending = false;

  bool operator()(const K& a, const K& b) const {
    const int c = compare_bits(radix_image_decomposed(a, decomposer), radix_image_decomposed(b, decomposer),
                               begin_bit, end_bit);
    return descending ? c > 0 : c < 0;
  }
};

/// The width of a decomposed key's image.
template <class K, class D>
int decomposed_width(const D& decomposer) {
  return radix_image_decomposed(K{}, decomposer).width;
}

}  // namespace xcub::reference
