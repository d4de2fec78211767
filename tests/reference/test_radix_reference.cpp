// The radix-order oracle (xcub/reference/radix.hpp) pinned to hand-written cases and to the values'
// own order: floats by classification (std::isnan, std::signbit) and <, integers by <, subranges by
// hand-computed bits, the decomposer by the members' lexicographic order.
#include "test_support.hpp"

#include <xcub/reference/radix.hpp>
#include <xcub/reference/sort.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

namespace ref = xcub::reference;

namespace {
/// The expected full-width order of two floats from their values: -NaN < -inf < ... < +inf < +NaN,
/// -0 == +0; NaNs of one sign compared by payload is left out here (by raw bits below).
template <class F>
int value_class(F v) {
  if (std::isnan(v)) return std::signbit(v) ? -2 : 2;
  return 0;
}
template <class F>
bool value_less(F a, F b) {
  const int ca = value_class(a), cb = value_class(b);
  if (ca != cb) return ca < cb;
  if (ca != 0) return false;
  return a < b;
}

struct pair_key {
  std::int16_t hi;
  float lo;
};
struct pair_decomposer {
  std::tuple<std::int16_t&, float&> operator()(pair_key& k) const { return {k.hi, k.lo}; }
};
}  // namespace

TEST_CASE("reference radix: integer keys in value order, subranges by their bits") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("reference radix integers");
  const ref::radix_less<std::int32_t> full;
  for (int k = 0; k < 2000; ++k) {
    const auto a = xcub_test::random_value<std::int32_t>(rng), b = xcub_test::random_value<std::int32_t>(rng);
    CHECK(full(a, b) == (a < b));
  }
  CHECK(full(std::numeric_limits<std::int32_t>::min(), -1));
  CHECK(full(-1, 0));
  CHECK(ref::radix_less<std::int8_t>()(-128, 127));
  CHECK(ref::radix_less<std::uint8_t>()(127, 128));
  CHECK(ref::radix_less<bool>()(false, true));
  // Bits [4, 12) of 0x0ab5 are 0xab, of 0xf1c0 0x1c: equal outside the window does not matter.
  const ref::radix_less<std::uint16_t> mid(4, 12);
  CHECK(mid(0xf1c0, 0x0ab5));
  CHECK(!mid(0x0ab5, 0xf1c0));
  CHECK(!mid(0x1ab0, 0x2ab7));  // equal window: neither is less
  CHECK(!mid(0x2ab7, 0x1ab0));
  // One bit: bit 3 (after the sign flip of a signed key, bit 7 of -1 is 0, of 0 is 1).
  CHECK(ref::radix_less<std::int8_t>(7, 8)(-1, 0));
  CHECK(ref::radix_less<std::int8_t>(3, 4)(0x17, 0x08));
  // Descending: the reverse, equal keys still equivalent.
  const ref::radix_less<std::int32_t> desc(0, 32, true);
  CHECK(desc(5, -5));
  CHECK(!desc(-5, 5));
  CHECK(!desc(3, 3));
#ifdef __SIZEOF_INT128__
  const __int128 big = static_cast<__int128>(1) << 100;
  CHECK(ref::radix_less<__int128>()(-big, big));
  CHECK(ref::radix_less<unsigned __int128>()(static_cast<unsigned __int128>(big), ~static_cast<unsigned __int128>(0)));
  CHECK(ref::radix_less<__int128>(100, 101)(0, big));  // bit 100 only
#endif
}

TEST_CASE("reference radix: floats by classification, -0.0 equal to +0.0, NaNs outside the infinities") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("reference radix floats");
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> specials = {-nan, -inf, -1e300, -1.0, -std::numeric_limits<double>::denorm_min(), -0.0,
                                        0.0, std::numeric_limits<double>::denorm_min(), 1.0, 1e300, inf, nan};
  std::vector<double> values = specials;
  for (int k = 0; k < 200; ++k) values.push_back(xcub_test::random_value<double>(rng));
  const ref::radix_less<double> less;
  const ref::radix_less<float> less_f;
  for (double a : values) {
    for (double b : values) {
      INFO(a << " vs " << b);
      CHECK(less(a, b) == value_less(a, b));
      CHECK(less_f(static_cast<float>(a), static_cast<float>(b)) ==
            value_less(static_cast<float>(a), static_cast<float>(b)));
    }
  }
  CHECK(!less(-0.0, 0.0));
  CHECK(!less(0.0, -0.0));
  // Stable: -0.0 and +0.0 keep their input order.
  const auto sorted = ref::stable_sort(std::vector<double>{0.0, 1.0, -0.0, -1.0}, less);
  CHECK(sorted[0] == -1.0);
  CHECK(sorted[1] == 0.0);
  CHECK(!std::signbit(sorted[1]));
  CHECK(sorted[2] == 0.0);
  CHECK(std::signbit(sorted[2]));
  // float16 bits: 0x3c00 = 1.0, 0xbc00 = -1.0, 0x8000 = -0.0, 0x7c00 = +inf, 0x7e00 = NaN.
  const ref::radix_less<ref::float16_bits> h;
  CHECK(h({0xbc00}, {0x3c00}));
  CHECK(!h({0x8000}, {0x0000}));
  CHECK(!h({0x0000}, {0x8000}));
  CHECK(h({0x7c00}, {0x7e00}));
  CHECK(h({0xfe00}, {0xfc00}));  // -NaN before -inf
  // A window of a float: the top bit of the image is 1 for every non-negative value.
  const ref::radix_less<float> top(31, 32);
  CHECK(top(-2.0f, 3.0f));
  CHECK(!top(0.0f, 3.0f));
  CHECK(!top(-0.0f, 3.0f));  // -0.0 reads as +0.0
}

TEST_CASE("reference radix: decomposed keys are the members' images concatenated, first most significant") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("reference radix decomposer");
  const ref::radix_less_decomposed<pair_key, pair_decomposer> full{pair_decomposer{}, 0, 48};
  CHECK(ref::decomposed_width<pair_key>(pair_decomposer{}) == 48);
  for (int k = 0; k < 2000; ++k) {
    pair_key a{static_cast<std::int16_t>(rng() % 5), static_cast<float>(static_cast<int>(rng() % 7) - 3)};
    pair_key b{static_cast<std::int16_t>(rng() % 5), static_cast<float>(static_cast<int>(rng() % 7) - 3)};
    const bool lex = a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
    CHECK(full(a, b) == lex);
  }
  // Bits [28, 36): the top 4 bits of the float's image and the low 4 of the int16's.
  const ref::radix_less_decomposed<pair_key, pair_decomposer> across{pair_decomposer{}, 28, 36};
  CHECK(across({0x10, 5.0f}, {0x01, -5.0f}));   // low nibble of hi: 0 < 1
  CHECK(across({0x01, -5.0f}, {0x01, 5.0f}));   // equal nibble; float image top nibble 0x3 < 0xc
  CHECK(!across({0x21, 5.0f}, {0x01, 6.0f}));   // same nibbles: equivalent
  CHECK(!across({0x01, 6.0f}, {0x21, 5.0f}));
  const ref::radix_less_decomposed<pair_key, pair_decomposer> desc{pair_decomposer{}, 0, 48, true};
  CHECK(desc({1, 0.0f}, {0, 9.0f}));
}
