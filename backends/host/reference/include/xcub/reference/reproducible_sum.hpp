// xcub/reference/reproducible_sum.hpp: the oracle of the reproducible float / double sum
// (docs/reproducible-sum.md). Sequential and written another way than the accumulator it checks:
// it decodes values with frexp, finds the kept window from the whole input first, sums each
// value's kept bits exactly in an arbitrary-width integer, and rounds once, bit by bit, with
// ldexp. It shares no code with xcub.
//
// The value it computes: bins of 30 bits on one grid (position 0 = the smallest subnormal's bit);
// top = the largest bin that a finite value's significand reaches (a subnormal or zero counts as
// reaching the top of a normal significand of the smallest exponent), at least 0; every finite
// value keeps its bits at positions >= (top - 2) * 30 (truncated toward zero), the kept values are
// summed exactly and rounded once to nearest, ties to even. Any NaN, or +inf and -inf -> quiet NaN;
// +inf -> +inf; -inf -> -inf; past T's range -> +-inf; a zero sum (also of -0.0 alone) -> +0.0.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace xcub::reference {

namespace reproducible_detail {

/// An unsigned integer of any width, 32-bit limbs, least significant first.
struct big_unsigned {
  std::vector<std::uint32_t> limbs;

  /// this += m * 2^shift.
  void add(std::uint64_t m, int shift) {
    const std::size_t first = static_cast<std::size_t>(shift / 32);
    const int within = shift % 32;
    // m * 2^within as three 32-bit pieces (m < 2^64, within < 32: at most 96 bits).
    const std::uint32_t pieces[3] = {static_cast<std::uint32_t>(m << within),
                                     static_cast<std::uint32_t>(within == 0 ? m >> 32 : (m >> (32 - within))),
                                     static_cast<std::uint32_t>(within == 0 ? 0 : (m >> 32) >> (32 - within))};
    if (limbs.size() < first + 4) limbs.resize(first + 4, 0);
    std::uint64_t carry = 0;
    for (std::size_t i = first; i < limbs.size(); ++i) {
      const std::uint64_t piece = i - first < 3 ? pieces[i - first] : 0;
      if (piece == 0 && carry == 0 && i - first >= 3) break;
      const std::uint64_t s = std::uint64_t{limbs[i]} + piece + carry;
      limbs[i] = static_cast<std::uint32_t>(s);
      carry = s >> 32;
      if (i + 1 == limbs.size() && carry != 0) limbs.push_back(0);
    }
  }

  bool bit(long i) const {
    if (i < 0 || static_cast<std::size_t>(i / 32) >= limbs.size()) return false;
    return (limbs[static_cast<std::size_t>(i / 32)] >> (i % 32)) & 1u;
  }

  /// The index of the highest set bit, -1 for zero.
  long top_bit() const {
    for (std::size_t i = limbs.size(); i-- > 0;) {
      if (limbs[i] != 0) {
        long b = 31;
        while (((limbs[i] >> b) & 1u) == 0) --b;
        return static_cast<long>(i) * 32 + b;
      }
    }
    return -1;
  }

  int compare(const big_unsigned& o) const {
    const std::size_t n = limbs.size() > o.limbs.size() ? limbs.size() : o.limbs.size();
    for (std::size_t i = n; i-- > 0;) {
      const std::uint32_t a = i < limbs.size() ? limbs[i] : 0, b = i < o.limbs.size() ? o.limbs[i] : 0;
      if (a != b) return a < b ? -1 : 1;
    }
    return 0;
  }

  /// this - o, for this >= o.
  big_unsigned minus(const big_unsigned& o) const {
    big_unsigned r = *this;
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < r.limbs.size(); ++i) {
      const std::int64_t d = std::int64_t{r.limbs[i]} - (i < o.limbs.size() ? o.limbs[i] : 0) - borrow;
      borrow = d < 0 ? 1 : 0;
      r.limbs[i] = static_cast<std::uint32_t>(d + (borrow << 32));
    }
    return r;
  }
};

/// A finite nonzero value as integer * 2^(position - grid_bias), position >= 0.
struct grid_value {
  std::uint64_t integer;
  long position;
};

template <class T>
constexpr int grid_bias = -(std::numeric_limits<T>::min_exponent - 1) + (std::numeric_limits<T>::digits - 1);

template <class T>
grid_value on_grid(T x) {
  int e = 0;
  const T f = std::frexp(std::fabs(x), &e);  // |x| = f * 2^e, 0.5 <= f < 1
  constexpr int digits = std::numeric_limits<T>::digits;
  auto integer = static_cast<std::uint64_t>(std::ldexp(f, digits));  // exact: digits bits
  long position = static_cast<long>(e) - digits + grid_bias<T>;
  if (position < 0) {  // a subnormal: its low bits are zero, move them down to position 0
    integer >>= -position;
    position = 0;
  }
  return {integer, position};
}

}  // namespace reproducible_detail

/// The reproducible sum's value (see above); with truncate = false, the exact sum rounded once
/// (the accuracy tests' reference).
template <class T>
T reproducible_sum(const std::vector<T>& in, bool truncate = true) {
  using namespace reproducible_detail;
  constexpr int digits = std::numeric_limits<T>::digits, bin = 30;
  bool nan = false, pos_inf = false, neg_inf = false;
  long top = 0;
  for (const T x : in) {
    if (std::isnan(x)) nan = true;
    else if (std::isinf(x)) (x > 0 ? pos_inf : neg_inf) = true;
    else {
      int e = 0;
      std::frexp(x, &e);  // the leading bit's grid position, or that of a smallest normal's top
      const long lead = x == 0 ? digits - 1 : std::max<long>(e - 1 + grid_bias<T>, digits - 1);
      top = std::max(top, lead / bin);
    }
  }
  if (nan || (pos_inf && neg_inf)) return std::numeric_limits<T>::quiet_NaN();
  if (pos_inf) return std::numeric_limits<T>::infinity();
  if (neg_inf) return -std::numeric_limits<T>::infinity();
  const long cut = truncate ? std::max<long>((top - 2) * bin, 0) : 0;  // the lowest kept position
  big_unsigned plus, minus;
  for (const T x : in) {
    if (x == 0) continue;
    grid_value v = on_grid(x);
    if (v.position < cut) {  // drop the bits below cut
      const long drop = cut - v.position;
      v.integer = drop >= 64 ? 0 : v.integer >> drop;
      v.position = cut;
    }
    (x < 0 ? minus : plus).add(v.integer, static_cast<int>(v.position - cut));
  }
  const int order = plus.compare(minus);
  if (order == 0) return T(0);
  const big_unsigned d = order > 0 ? plus.minus(minus) : minus.minus(plus);
  // d * 2^cut: round to digits bits, or to position 0 for a subnormal.
  const long lead = d.top_bit() + cut;
  const long low = std::max<long>(lead - (digits - 1), 0);
  std::uint64_t significand = 0;
  for (long p = lead; p >= low; --p) significand = significand * 2 + (d.bit(p - cut) ? 1 : 0);
  const bool half = d.bit(low - 1 - cut);
  bool sticky = false;
  for (long p = low - 2; p >= cut && !sticky; --p) sticky = d.bit(p - cut);
  if (half && (sticky || (significand & 1) != 0)) ++significand;
  const T magnitude = std::ldexp(static_cast<T>(significand), static_cast<int>(low - grid_bias<T>));
  return order > 0 ? magnitude : -magnitude;
}

}  // namespace xcub::reference
