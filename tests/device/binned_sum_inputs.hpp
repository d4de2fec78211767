// Inputs for the reproducible-sum tests (test_binned_sum*.cpp): value classes that stress the
// scheme (exponents over the whole range, subnormals, exact cancellation, rounding ties, +-0.0,
// inf, -inf, NaN, sums past the range), and the ways to combine accumulators that emulate any
// tile, block and grid shape (sequential adds, permutations, random merge trees of random chunks).
#pragma once

#include "test_support.hpp"

#include <xcub/detail/reproducible/binned_sum.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace binned_test {

using xcub::detail::reproducible::binned_sum;
using xcub::detail::reproducible::merge_binned;
using xcub::detail::reproducible::to_binned;

template <class T>
using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
bits_t<T> bits_of(T x) {
  bits_t<T> b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

template <class T>
T from_bits(bits_t<T> b) {
  T x;
  std::memcpy(&x, &b, sizeof b);
  return x;
}

template <class T>
constexpr int fraction_bits = std::numeric_limits<T>::digits - 1;
template <class T>
constexpr int exponent_max = sizeof(T) == 4 ? 255 : 2047;

/// A finite value with a random sign, biased exponent in [lo, hi] (0: subnormal or zero) and fraction.
template <class T>
T random_bits_value(std::mt19937_64& rng, int lo, int hi) {
  const auto e = static_cast<bits_t<T>>(lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)));
  const bits_t<T> fraction = static_cast<bits_t<T>>(rng()) & ((bits_t<T>{1} << fraction_bits<T>) - 1);
  const bits_t<T> sign = static_cast<bits_t<T>>(rng() & 1) << (8 * sizeof(T) - 1);
  return from_bits<T>(sign | (e << fraction_bits<T>) | fraction);
}

/// The input classes; each test runs them all.
enum class kind { uniform, wide, clustered, cancel, ties, sticky, zeros, specials, overflow };
constexpr kind kinds[] = {kind::uniform, kind::wide,  kind::clustered, kind::cancel,  kind::ties,
                          kind::sticky,  kind::zeros, kind::specials,  kind::overflow};
inline std::string name(kind k) {
  const char* names[] = {"uniform", "wide", "clustered", "cancel", "ties", "sticky", "zeros", "specials", "overflow"};
  return names[static_cast<int>(k)];
}

template <class T>
std::vector<T> make_input(kind k, std::size_t n, std::mt19937_64& rng) {
  using lim = std::numeric_limits<T>;
  const int emax = exponent_max<T> - 1;  // the largest finite biased exponent
  std::vector<T> v;
  switch (k) {
    case kind::uniform:  // the usual case: one magnitude range
      v = xcub_test::random_vector<T>(n, rng);
      break;
    case kind::wide:  // exponents over the whole finite range, subnormals included
      for (std::size_t i = 0; i < n; ++i) v.push_back(random_bits_value<T>(rng, 0, emax));
      break;
    case kind::clustered: {  // a band of exponents about 1.5 windows wide: values straddle the cut
      const int lo = static_cast<int>(rng() % static_cast<unsigned>(emax - 130));
      for (std::size_t i = 0; i < n; ++i) v.push_back(random_bits_value<T>(rng, lo, lo + 130));
      break;
    }
    case kind::cancel:  // pairs x, -x over the whole range plus a few small values
      for (std::size_t i = 0; i < n / 2; ++i) {
        const T x = random_bits_value<T>(rng, 0, emax);
        v.push_back(x), v.push_back(-x);
      }
      if (n % 2) v.push_back(random_bits_value<T>(rng, 0, 40));
      break;
    case kind::ties: {  // b + half an ulp of b (a tie), then pairs that cancel exactly
      const T b = random_bits_value<T>(rng, 60, emax - 60);
      const T half_ulp = std::fabs(std::nextafter(b, b * 2) - b) / 2;
      if (n >= 1) v.push_back(b);
      if (n >= 2) v.push_back(rng() % 2 ? half_ulp : -half_ulp);
      while (v.size() + 1 < n) {
        const T x = std::ldexp(random_bits_value<T>(rng, 40, 80) , static_cast<int>(rng() % 40));
        v.push_back(x), v.push_back(-x);
      }
      if (v.size() < n) v.push_back(rng() % 4 == 0 ? lim::denorm_min() : T(0));
      break;
    }
    case kind::sticky: {  // a tie b + half an ulp, decided by small values around and below the cut
      constexpr int digits = std::numeric_limits<T>::digits;
      const int e = digits + 141 + static_cast<int>(rng() % static_cast<unsigned>(emax - 10 - digits - 141));
      const T b = random_bits_value<T>(rng, e, e);
      const T half_ulp = std::fabs(std::nextafter(b, b * 2) - b) / 2;
      if (n >= 1) v.push_back(b);
      if (n >= 2) v.push_back(rng() % 2 ? half_ulp : -half_ulp);
      while (v.size() < n) {  // binades digits + 30 .. digits + 110 below b: straddling the cut or under it
        const int d = digits + 30 + static_cast<int>(rng() % 81);
        v.push_back(random_bits_value<T>(rng, e - d, e - d));
      }
      break;
    }
    case kind::zeros: {  // +-0.0, sometimes a few subnormals; sometimes only -0.0
      const bool only_negative_zeros = rng() % 3 == 0;
      for (std::size_t i = 0; i < n; ++i) {
        const unsigned r = static_cast<unsigned>(rng() % 16);
        v.push_back(only_negative_zeros ? -T(0) : r < 7 ? T(0) : r < 14 ? -T(0) : random_bits_value<T>(rng, 0, 0));
      }
      break;
    }
    case kind::specials: {  // wide values and a few of +inf, -inf or NaN (with payloads and signs)
      v = make_input<T>(kind::wide, n, rng);
      const unsigned which = static_cast<unsigned>(rng() % 4);  // +inf, -inf, both, NaN
      for (std::size_t c = 0; c < 1 + n / 300 && n > 0; ++c) {
        T s = which == 0 ? lim::infinity() : which == 1 ? -lim::infinity() : c % 2 ? lim::infinity() : -lim::infinity();
        if (which == 3) s = from_bits<T>(bits_of(lim::quiet_NaN()) | static_cast<bits_t<T>>(rng() % 1000 + 1) |
                                         (static_cast<bits_t<T>>(rng() & 1) << (8 * sizeof(T) - 1)));
        v[rng() % n] = s;
      }
      break;
    }
    case kind::overflow: {  // near the largest finite values: all one sign (-> +-inf), or mixed
      const unsigned mode = static_cast<unsigned>(rng() % 3);
      for (std::size_t i = 0; i < n; ++i) {
        const T x = std::fabs(random_bits_value<T>(rng, emax - 2, emax));
        v.push_back(mode == 0 ? x : mode == 1 ? -x : (i % 2 ? x : -x));
      }
      break;
    }
  }
  return v;
}

/// The accumulator of x[begin, end) by sequential adds.
template <class T>
binned_sum<T> add_all(const std::vector<T>& x, std::size_t begin, std::size_t end) {
  binned_sum<T> acc{};
  for (std::size_t i = begin; i < end; ++i) acc.add(x[i]);
  return acc;
}

/// Cuts x into chunks of random sizes (0 to max_chunk, as tiles and thread rows of any shape would),
/// makes each chunk's accumulator (sequential adds, batches of 7 through add(items), or to_binned
/// per item merged with merge_binned), then merges them pairwise in a random tree with random
/// operand order.
template <class T>
binned_sum<T> random_tree(const std::vector<T>& x, std::size_t max_chunk, std::mt19937_64& rng) {
  std::vector<binned_sum<T>> accs;
  for (std::size_t begin = 0; begin < x.size() || accs.empty();) {
    const std::size_t end = std::min(x.size(), begin + static_cast<std::size_t>(rng() % (max_chunk + 1)));
    switch (rng() % 3) {
      case 0: accs.push_back(add_all(x, begin, end)); break;
      case 1: {
        binned_sum<T> acc{};
        std::size_t i = begin;
        for (; i + 7 <= end; i += 7) {
          T items[7];
          std::copy(x.begin() + static_cast<std::ptrdiff_t>(i), x.begin() + static_cast<std::ptrdiff_t>(i + 7), items);
          acc.add(items);
        }
        for (; i < end; ++i) acc.add(x[i]);
        accs.push_back(acc);
        break;
      }
      default: {
        binned_sum<T> acc{};
        for (std::size_t i = begin; i < end; ++i) acc = merge_binned{}(acc, to_binned<T>{}(x[i]));
        accs.push_back(acc);
      }
    }
    begin = end;
  }
  while (accs.size() > 1) {
    const std::size_t i = rng() % accs.size();
    std::swap(accs[i], accs.back());
    const binned_sum<T> a = accs.back();
    accs.pop_back();
    const std::size_t j = rng() % accs.size();
    accs[j] = rng() % 2 ? merge_binned{}(a, accs[j]) : merge_binned{}(accs[j], a);
  }
  return accs[0];
}

/// Requires the same bits, printing both values and their bits otherwise.
template <class T>
void check_same_bits(T got, T want, const std::string& what) {
  INFO(what << ": got " << got << " (bits 0x" << std::hex << +bits_of(got) << "), expected " << want << " (bits 0x"
            << +bits_of(want) << std::dec << ")");
  CHECK(bits_of(got) == bits_of(want));
}

}  // namespace binned_test
