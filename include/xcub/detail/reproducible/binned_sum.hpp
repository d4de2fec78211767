// xcub/detail/reproducible/binned_sum.hpp: binned_sum<T>, the accumulator of the reproducible sum
// of floats or doubles (docs/reproducible-sum.md), and the functor pair that runs it through a
// reduction: transform each x with to_binned<T>, reduce with merge_binned, then finalize().
//
// Contract:
//   - The grid: every finite value's bits sit on integer positions 0..max_position (float_format.hpp);
//     bin b holds positions [b*W, (b+1)*W), W = bin_bits = 30, the same bins everywhere.
//   - A binned_sum keeps `top` (its highest bin) and folds[k] = the exact integer sum of the parts of
//     the added values (with their signs) that lie in bin top-k, k < K = 3. Parts below bin top-2 are
//     dropped (truncation toward zero of each value at a bin boundary). `top` is the largest bin of
//     the significands of the finite values added so far (from the exponent only: (position +
//     significand_bits - 1) / W), at least 0. So the dropped parts depend only on the whole input,
//     and add and merge are exactly associative and commutative: any order of adds and any tree of
//     merges gives the same bits. Carries stay in their fold (folds are never renormalized).
//   - Once a flag (inf or NaN) is set, it alone decides the result; folds and top may then hold
//     anything (add(items) does not keep them exact past an inf or NaN).
//   - Identity: binned_sum<T>{} (all zero: empty, top 0). Trivially copyable, 32 bytes.
//   - Item limit: max_items = 2^(63-W) = 2^33 values in one sum (each adds < 2^W to a fold, and a
//     fold is an int64). More overflows the folds silently: a dispatch checks n <= max_items.
//   - finalize(): the represented value rounded once to T (nearest, ties to even); any NaN, or +inf
//     and -inf both -> the quiet NaN (positive sign, no payload); +inf -> +inf; -inf -> -inf; finite
//     sums past T's range -> +-inf; a zero sum -> +0.0 (also for -0.0 alone, unlike a plain sum).
//   - Accuracy: |finalize() - exact sum| <= 0.5 ulp(result) + n * 2^-60 * max|x| (each value loses
//     less than 2^-60 of the largest one's leading power of two; K-1 = 2 whole bins lie below it).
//   - Everything is integer arithmetic on the IEEE bits, XCUB_HOST_DEVICE and constexpr.
//
//   binned_sum<float> acc{};                  // per thread
//   for (...) acc.add(x);                     // or acc.add(items) for a thread's items[N]
//   acc = merge_binned{}(acc, other);         // across threads, warps, blocks, in any shape
//   float sum = acc.finalize();               // bitwise the same on every backend and launch shape
#pragma once

#include <xcub/config.hpp>
#include <xcub/detail/reproducible/float_format.hpp>
#include <xcub/detail/reproducible/wide_round.hpp>

#include <cstdint>
#include <type_traits>

namespace xcub::detail::reproducible {

template <class T>
struct binned_sum {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "xcub::binned_sum: T must be float or double");
  using format = float_format<T>;
  using bits_t = typename format::bits_t;
  static constexpr int bin_bits = 30;  ///< W
  static constexpr int folds_kept = 3; ///< K
  static constexpr unsigned long long max_items = 1ull << (63 - bin_bits);
  /// Bins a significand spans: 2 for float, 3 for double.
  static constexpr int parts = (format::significand_bits + bin_bits - 2) / bin_bits + 1;
  static constexpr std::uint32_t pos_inf = 1, neg_inf = 2, nan = 4;  ///< flags
  static_assert((folds_kept - 1) * bin_bits < 64, "xcub::binned_sum: finalize combines folds in 128 bits");
  static_assert(folds_kept == 3 && parts <= 3 && bin_bits < 31, "xcub::binned_sum: add_parts is written for K = 3 folds and int32 parts");

  std::int64_t folds[folds_kept];  ///< folds[k]: the sum of the parts in bin top - k
  std::int32_t top;                ///< the highest kept bin
  std::uint32_t flags;             ///< pos_inf | neg_inf | nan seen

  /// The highest bin of a finite value's significand (exponent only); 0 for zeros and subnormals
  /// of float (and 1 for double).
  XCUB_HOST_DEVICE static constexpr int bin_of(int position) {
    return static_cast<int>(static_cast<unsigned>(position + format::significand_bits - 1) / bin_bits);
  }

  /// The highest bin of x's significand; 0 for inf and NaN (which never move top).
  XCUB_HOST_DEVICE static constexpr int bin_of_value(T x) {
    const auto f = fields_of(x);
    return f.special() ? 0 : bin_of(f.position());
  }

  /// Moves the folds to a higher top (t > top), dropping the bins that fall out of the window.
  XCUB_HOST_DEVICE constexpr void raise(int t) {
    const int d = t - top;
    for (int k = folds_kept - 1; k >= 0; --k) {
      std::int64_t moved = 0;
      for (int j = 0; j < k; ++j) moved = (k - j == d) ? folds[j] : moved;
      folds[k] = d == 0 ? folds[k] : moved;
    }
    top = t;
  }

  /// The flag of an inf or NaN, 0 for a finite value.
  XCUB_HOST_DEVICE static constexpr std::uint32_t flag_of(T x) {
    const auto f = fields_of(x);
    return !f.special() ? 0u : f.fraction != 0 ? nan : f.negative() ? neg_inf : pos_inf;
  }

  /// Adds the parts of a value whose bin does not exceed top, without checking top and without
  /// looking for inf and NaN: their bits may land in the folds, which no longer matter once the
  /// caller has set their flag.
  XCUB_HOST_DEVICE constexpr void add_parts(T x) {
    const auto f = fields_of(x);
    const bits_t m = f.significand();
    const auto position = static_cast<unsigned>(f.position());
    const unsigned low_bin = position / bin_bits, offset = position - low_bin * bin_bits;
    const int k0 = top - static_cast<int>(low_bin);  // the fold of bin low_bin; part j goes to fold k0 - j
    constexpr bits_t mask = (bits_t{1} << bin_bits) - 1;
    // Each part is < 2^W: an int32, multiplied by the sign (+-1) into its int64 fold (one wide
    // multiply-add on GPUs).
    const std::int32_t sign = f.negative() ? -1 : 1;
    const auto p0 = static_cast<std::int32_t>((m << offset) & mask);
    const auto p1 = static_cast<std::int32_t>((m >> (bin_bits - offset)) & mask);
    const auto p2 = static_cast<std::int32_t>(parts > 2 ? m >> (2 * bin_bits - offset) : 0);
    // Fold k takes part k0 - k. Written as selects on shared conditions (not an indexed array,
    // which GPU compilers turn into local memory).
    const bool at0 = k0 == 0, at1 = k0 == 1, at2 = k0 == 2, at3 = k0 == 3, at4 = k0 == 4;
    folds[0] += std::int64_t{at0 ? p0 : at1 ? p1 : at2 ? p2 : 0} * sign;
    folds[1] += std::int64_t{at1 ? p0 : at2 ? p1 : at3 ? p2 : 0} * sign;
    folds[2] += std::int64_t{at2 ? p0 : at3 ? p1 : at4 ? p2 : 0} * sign;
  }

  /// The fast path of add(items) for float (a significand spans at most 2 bins), once top covers
  /// every item: adds the items to folds 0 and 1 if no nonzero item has bits below bin top - 1,
  /// and returns whether it did; otherwise it changes nothing and the caller adds the items the
  /// general way. Each item is placed relative to the start of bin top - 1: m << shift with
  /// 0 <= shift <= 36 (top covers it), so the low 30 bits of that 60-bit integer are its part in
  /// bin top - 1 and the rest its part in bin top: no division by W and no select per fold.
  template <int N>
  XCUB_HOST_DEVICE constexpr bool add_near_top(const T (&items)[N]) {
    static_assert(parts == 2, "xcub::binned_sum: the two-fold fast path is for float");
    constexpr std::uint64_t mask = (std::uint64_t{1} << bin_bits) - 1;
    const int base = (top - 1) * bin_bits;  // the position of bin top - 1's bit 0
    std::int64_t near0 = 0, near1 = 0;
    int lowest = 0;  // the smallest shift of a nonzero item: below 0, it has bits under bin top - 1
    for (int i = 0; i < N; ++i) {
      const auto f = fields_of(items[i]);
      const bits_t m = f.significand();
      const int shift = f.position() - base;
      // (& 63 keeps the shift defined for the items this path gives back, and for inf and NaN,
      // whose stray parts no longer matter)
      const std::uint64_t placed = std::uint64_t{m} << (static_cast<unsigned>(shift) & 63u);
      const std::int32_t sign = f.negative() ? -1 : 1;
      near0 += std::int64_t{static_cast<std::int32_t>(placed >> bin_bits)} * sign;
      near1 += std::int64_t{static_cast<std::int32_t>(placed & mask)} * sign;
      const int s = m != 0 ? shift : 0;
      lowest = s < lowest ? s : lowest;
    }
    if (lowest < 0) return false;
    folds[0] += near0;
    folds[1] += near1;
    return true;
  }

  /// Adds one value.
  XCUB_HOST_DEVICE constexpr void add(T x) {
    const int b = bin_of_value(x);
    if (b > top) raise(b);
    flags |= flag_of(x);
    add_parts(x);
  }

  /// Adds a thread's items: raises top once for all of them (from the largest magnitude's bits:
  /// bin_of is monotonic in them), looks for inf and NaN only if that magnitude is one, then adds
  /// each item's parts. (With an inf or NaN among the items, top may stay below a finite item's bin
  /// and its parts go astray: harmless, the flag decides the result from then on.)
  template <int N>
  XCUB_HOST_DEVICE constexpr void add(const T (&items)[N]) {
    constexpr bits_t magnitude_mask = ~bits_t{0} >> 1;
    constexpr bits_t inf_bits = bits_t(format::exponent_all_ones) << format::fraction_bits;
    bits_t largest = 0;
    for (int i = 0; i < N; ++i) {
      const bits_t a = __builtin_bit_cast(bits_t, items[i]) & magnitude_mask;
      largest = a > largest ? a : largest;
    }
    if (largest >= inf_bits) {
      for (int i = 0; i < N; ++i) flags |= flag_of(items[i]);
    }
    const int t = bin_of_value(from_bits<T>(largest));
    if (t > top) raise(t);
    if constexpr (parts == 2) {
      if (add_near_top(items)) return;
    }
    for (int i = 0; i < N; ++i) add_parts(items[i]);
  }

  /// The sum of two accumulators: both aligned to the higher top, folds added, flags joined.
  XCUB_HOST_DEVICE friend constexpr binned_sum merge(binned_sum a, binned_sum b) {
    const int t = a.top > b.top ? a.top : b.top;
    if (a.top < t) a.raise(t);
    if (b.top < t) b.raise(t);
    for (int k = 0; k < folds_kept; ++k) a.folds[k] += b.folds[k];
    a.flags |= b.flags;
    return a;
  }

  /// The represented value, rounded once to T (see the contract above for inf, NaN and zero).
  XCUB_HOST_DEVICE constexpr T finalize() const {
    if ((flags & nan) != 0 || (flags & (pos_inf | neg_inf)) == (pos_inf | neg_inf)) {
      return from_bits<T>(format::quiet_nan);
    }
    constexpr bits_t inf_bits = bits_t(format::exponent_all_ones) << format::fraction_bits;
    constexpr bits_t sign_bit = bits_t{1} << (8 * sizeof(bits_t) - 1);
    if (flags != 0) return from_bits<T>(flags == pos_inf ? inf_bits : sign_bit | inf_bits);
    wide128 s{0, 0};
    for (int k = 0; k < folds_kept; ++k) s.add_shifted(folds[k], (folds_kept - 1 - k) * bin_bits);
    return round_to<T>(s.negative(), s.magnitude(), (top - (folds_kept - 1)) * bin_bits);
  }
};

/// x -> the accumulator holding x alone (the transform of a reproducible reduction).
template <class T>
struct to_binned {
  XCUB_HOST_DEVICE constexpr binned_sum<T> operator()(T x) const {
    binned_sum<T> a{};  // empty folds: setting top is the raise
    a.top = binned_sum<T>::bin_of_value(x);
    a.flags = binned_sum<T>::flag_of(x);
    a.add_parts(x);
    return a;
  }
};

/// The reduction operator of a reproducible reduction: associative and commutative, exactly.
struct merge_binned {
  template <class T>
  XCUB_HOST_DEVICE constexpr binned_sum<T> operator()(const binned_sum<T>& a, const binned_sum<T>& b) const {
    return merge(a, b);
  }
};

}  // namespace xcub::detail::reproducible
