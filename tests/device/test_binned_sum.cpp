// The reproducible sum's accumulator (xcub/detail/reproducible/binned_sum.hpp) against its oracle
// (xcub/reference/reproducible_sum.hpp): for every input class (binned_sum_inputs.hpp) and sizes
// 0 .. 10^5, sequential adds, random permutations and random merge trees of random chunks all give
// bitwise the oracle's result, on float and double; plus hand-checked values (zeros, ties, inf, NaN,
// overflow, subnormals), the item limit, constexpr use, and accuracy against the exact sum.
#include "binned_sum_inputs.hpp"

#include <xcub/device/reproducible.hpp>
#include <xcub/reference/reproducible_sum.hpp>

#include <type_traits>

using namespace binned_test;

static_assert(sizeof(binned_sum<float>) == 32 && sizeof(binned_sum<double>) == 32);
static_assert(std::is_trivially_copyable_v<binned_sum<float>> && std::is_trivial_v<binned_sum<double>>);
static_assert(binned_sum<float>::max_items == (1ull << 33));
static_assert(std::is_empty_v<xcub::reproducible_t>);

// constexpr: 1.5 + 2.25 - 0.125 and the float tie 1 + 2^-24 (to even: 1).
static_assert([] {
  binned_sum<float> a{};
  a.add(1.5f), a.add(2.25f), a.add(-0.125f);
  return a.finalize();
}() == 3.625f);
static_assert([] {
  binned_sum<float> a{}, b{};
  a.add(1.0f), b.add(5.9604644775390625e-8f);
  return merge(a, b).finalize();
}() == 1.0f);

TEST_CASE_TEMPLATE("binned sum: adds, permutations and merge trees give the oracle's bits", T, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(sizeof(T) == 4 ? "binned float" : "binned double");
  for (const std::size_t n : {0ul, 1ul, 2ul, 31ul, 1000ul, 100000ul}) {
    for (const kind k : kinds) {
      const std::vector<T> x = make_input<T>(k, n, rng);
      INFO("input " << name(k) << ", " << n << " items");
      const T want = xcub::reference::reproducible_sum(x);
      check_same_bits(add_all(x, 0, n).finalize(), want, "sequential adds");
      std::vector<T> y = x;
      const int rounds = n > 1000 ? 1 : 3;
      for (int r = 0; r < rounds; ++r) {
        std::shuffle(y.begin(), y.end(), rng);
        check_same_bits(add_all(y, 0, n).finalize(), want, "a permutation, sequential adds");
        check_same_bits(random_tree(y, r == 0 ? 3 : r == 1 ? 64 : 1000, rng).finalize(), want,
                        "a permutation, a merge tree");
      }
      check_same_bits(random_tree(x, n > 1000 ? 5000 : 40, rng).finalize(), want, "in order, a merge tree");
    }
  }
}

TEST_CASE("binned sum: hand-checked values") {
  using lim = std::numeric_limits<float>;
  const float maxf = lim::max(), inf = lim::infinity(), tiny = lim::denorm_min(), nan = lim::quiet_NaN();
  const float nan_bits = from_bits<float>(0x7FC00000u);
  struct example {
    std::vector<float> in;
    float want;
    const char* what;
  };
  const example examples[] = {
      {{}, 0.0f, "empty: +0"},
      {{-0.0f}, 0.0f, "-0.0 alone: +0 (a plain sum gives -0.0)"},
      {{-0.0f, -0.0f, 0.0f}, 0.0f, "zeros: +0"},
      {{2.5f, -2.5f}, 0.0f, "exact cancellation: +0"},
      {{1.0f, 0x1p-24f}, 1.0f, "a tie rounds to even (down)"},
      {{1.0f + 0x1p-23f, 0x1p-24f}, 1.0f + 0x1p-22f, "a tie rounds to even (up)"},
      {{1.0f, 0x1p-24f, 0x1p-60f}, 1.0f + 0x1p-23f, "just above a tie rounds up"},
      {{1.0f, 0x1p-24f, -0x1p-60f}, 1.0f, "just below a tie rounds down"},
      {{-1.0f, -0x1p-24f}, -1.0f, "a negative tie"},
      {{maxf, maxf}, inf, "finite values past the range: +inf"},
      {{-maxf, -maxf}, -inf, "finite values past the range: -inf"},
      {{maxf, maxf, -maxf}, maxf, "no intermediate overflow"},
      {{maxf, 0x1p103f}, inf, "max + half an ulp: a tie to even, which is past max: +inf"},
      {{maxf, 0x1p102f}, maxf, "max + a quarter ulp: max"},
      {{inf, 1.0f}, inf, "+inf"},
      {{-inf, maxf, maxf}, -inf, "-inf wins over a finite overflow"},
      {{inf, -inf}, nan_bits, "+inf and -inf: NaN"},
      {{-nan, 1.0f}, nan_bits, "NaN: the positive quiet NaN"},
      {{from_bits<float>(0xFFC01234u)}, nan_bits, "a NaN payload is dropped"},
      {{tiny, tiny}, 2 * tiny, "subnormals add exactly"},
      {{lim::min() - tiny, tiny}, lim::min(), "subnormals reach the smallest normal"},
      {{0x1p100f, 1.0f, -0x1p100f}, 0.0f, "1.0 lies below the kept bins of 2^100: dropped (truncation)"},
      {{0x1p40f, 1.0f, -0x1p40f}, 1.0f, "1.0 lies in the kept bins of 2^40: kept"},
      {{0x1.fffffep-60f, tiny, -0x1.fffffep-60f}, tiny, "below 2^-59 nothing is dropped"},
      {{0x1p-59f, tiny, -0x1p-59f}, 0.0f, "2^-59 reaches bin 3: the smallest subnormal is dropped"},
  };
  for (const auto& e : examples) {
    INFO(e.what);
    check_same_bits(add_all(e.in, 0, e.in.size()).finalize(), e.want, "accumulator");
    check_same_bits(xcub::reference::reproducible_sum(e.in), e.want, "oracle");
  }
  // double: the same rules, and a value half below the kept bins is cut at the bin edge.
  const double d_in[] = {1.0, 0x1p-84 + 0x1p-85, -1.0};  // bins of 1.0: positions >= 990 = 2^-84 kept
  binned_sum<double> d{};
  for (const double v : d_in) d.add(v);
  check_same_bits(d.finalize(), 0x1p-84, "double: truncated at the lowest kept bin's edge");
  check_same_bits(xcub::reference::reproducible_sum(std::vector<double>(d_in, d_in + 3)), 0x1p-84, "oracle");
}

TEST_CASE_TEMPLATE("binned sum: max_items values fit (folds near 2^63)", T, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("binned headroom");
  // Merging an accumulator with itself 33 times sums 2^33 = max_items copies; with every
  // significand bit set, each fold is within 2^33 of its int64 limit.
  for (int trial = 0; trial < 20; ++trial) {
    T x = random_bits_value<T>(rng, 1, exponent_max<T> - 40);
    if (trial % 2) x = from_bits<T>(bits_of(x) | ((bits_t<T>{1} << fraction_bits<T>) - 1));
    auto acc = to_binned<T>{}(x);
    for (int i = 0; i < 33; ++i) acc = merge(acc, acc);
    INFO("x = " << x);
    check_same_bits(acc.finalize(), std::ldexp(x, 33), "2^33 copies");
  }
}

TEST_CASE_TEMPLATE("binned sum: at least as accurate as a plain sum", T, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("binned accuracy");
  long double binned_total = 0, plain_total = 0;  // errors in ulps of the exact sum, over all inputs
  int measured = 0;
  for (const std::size_t n : {100ul, 10000ul, 100000ul}) {
    for (const kind k : {kind::uniform, kind::clustered, kind::cancel}) {
      const std::vector<T> x = make_input<T>(k, n, rng);
      INFO("input " << name(k) << ", " << n << " items");
      const T exact = xcub::reference::reproducible_sum(x, false);  // the exact sum, rounded once
      const T binned = add_all(x, 0, n).finalize();
      T plain = 0, max_abs = 0;
      for (const T v : x) plain += v, max_abs = std::max(max_abs, std::fabs(v));
      // Errors are measured on finite sums away from the overflow threshold ("clustered" may draw
      // the largest exponents; the overflow rules have their own tests).
      if (!std::isfinite(plain) || !(std::fabs(exact) < std::numeric_limits<T>::max() / 4)) continue;
      const long double err = std::fabs(static_cast<long double>(binned) - exact);
      const long double plain_err = std::fabs(static_cast<long double>(plain) - exact);
      const long double ulp =
          std::fabs(static_cast<long double>(std::nextafter(exact, std::numeric_limits<T>::infinity())) - exact);
      // The documented bound, measured from the rounded exact sum: one ulp + n * 2^-60 * max|x|.
      CHECK(err <= ulp + static_cast<long double>(n) * std::ldexp(static_cast<long double>(max_abs), -60));
      binned_total += err / ulp, plain_total += plain_err / ulp, ++measured;
    }
  }
  INFO("total error in ulps: binned " << static_cast<double>(binned_total) << ", plain " << static_cast<double>(plain_total));
  CHECK(binned_total <= plain_total);
  // float: the truncation term (2^-60 max|x| per item) is far below an ulp, so the result is almost
  // always the correctly rounded sum; double: a few ulps can come from truncation (within the bound).
  if (sizeof(T) == 4) CHECK(binned_total <= 2);
  CHECK(measured >= 6);      // uniform and cancel always count
}
