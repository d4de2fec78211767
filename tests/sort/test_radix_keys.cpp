// Radix key handling (include/xcub/detail/radix): for every key type, in a kernel, the bit-ordered
// image, its round trip, and digits of several windows; on the host, the order of the images (with
// -0.0 folded as the digit extractor folds it) against the oracle's radix order
// (xcub/reference/radix.hpp), on random values plus the special ones (-0.0, +0.0, +-inf, NaNs of
// both signs, min, max, denormals); a decomposed struct's digits across member boundaries; and the
// compile-time checks of what is a radix key and a decomposer.
#include "mixed_key.hpp"
#include "test_support.hpp"

#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/sort.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#if XCUB_BACKEND_CUDA
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

namespace arch = xcub::arch;
namespace ref = xcub::reference;
namespace radix = xcub::detail::radix;

namespace {

/// The decomposer cases' struct key (mixed_key.hpp).
using xcub_test::mixed_key;
using xcub_test::mixed_decomposer;
constexpr int mixed_bits = 16 + 64 + 8;

// Compile-time rules.
static_assert(radix::is_radix_key_v<int> && radix::is_radix_key_v<const double> && radix::is_radix_key_v<bool>);
static_assert(!radix::is_radix_key_v<long double> && !radix::is_radix_key_v<int*> && !radix::is_radix_key_v<mixed_key>);
static_assert(radix::is_decomposer_v<mixed_key, mixed_decomposer>);
struct const_member_decomposer {  // declarations only: the checks look at the result type
  std::tuple<const std::int16_t&> operator()(mixed_key& k) const;
};
struct value_decomposer {
  std::tuple<std::int16_t> operator()(mixed_key& k) const;
};
struct bad_member_decomposer {
  struct inner {
    int x;
  };
  std::tuple<inner&> operator()(mixed_key&) const;
};
static_assert(!radix::is_decomposer_v<mixed_key, const_member_decomposer>);
static_assert(!radix::is_decomposer_v<mixed_key, value_decomposer>);
static_assert(!radix::is_decomposer_v<mixed_key, bad_member_decomposer>);
static_assert(!radix::is_decomposer_v<mixed_key, int>);
static_assert(radix::radix_key<mixed_key, mixed_decomposer>::default_end_bit == mixed_bits);
static_assert(radix::radix_key<std::int64_t>::default_end_bit == 64);
static_assert(radix::to_bit_ordered<std::int8_t>(0x80) == 0x00 && radix::to_bit_ordered<std::int8_t>(0x7f) == 0xff);
static_assert(radix::to_bit_ordered<float>(0x80000000u) == 0x7fffffffu);  // -0.0 just below +0.0
static_assert(radix::to_bit_ordered<float>(0x00000000u) == 0x80000000u);
static_assert(radix::fold_minus_zero<float>(0x7fffffffu) == 0x80000000u);
static_assert(radix::from_bit_ordered<double>(radix::to_bit_ordered<double>(0xfff8000000000001ull)) ==
              0xfff8000000000001ull);

struct window {
  int bit, bits;
};
constexpr int max_windows = 16;

/// Per item: the image, the key back from it, and the digit of each window.
template <class K, class D>
XCUB_KERNEL void image_kernel(const K* in, K* back, typename radix::radix_key<K, D>::image_t* images,
                              std::uint32_t* digits, const window* windows, int num_windows, int n) {
  using rk = radix::radix_key<K, D>;
  const int i = static_cast<int>(arch::linear_block_id() * arch::block_threads() + arch::linear_thread_id());
  if (i >= n) return;
  const auto image = rk::to_image(in[i], D{});
  images[i] = image;
  back[i] = rk::from_image(image, D{});
  for (int w = 0; w < num_windows; ++w) {
    const auto extract = rk::extractor(windows[w].bit, windows[w].bits, windows[w].bit + windows[w].bits, D{});
    digits[i * max_windows + w] = extract.Digit(image);
  }
}

/// Bits [bit, bit + bits) of an oracle image.
std::uint32_t window_of(const ref::wide_image& w, int bit, int bits) {
  std::uint32_t d = 0;
  for (int k = 0; k < bits; ++k) {
    const int b = bit + k;
    d |= static_cast<std::uint32_t>((w.words[static_cast<std::size_t>(b / 64)] >> (b % 64)) & 1u) << k;
  }
  return d;
}

template <class K>
std::vector<K> special_values() {
  std::vector<K> v;
  using lim = std::numeric_limits<K>;
  if constexpr (std::is_floating_point_v<K>) {
    v = {K(-0.0), K(0.0), lim::infinity(), -lim::infinity(), lim::quiet_NaN(), -lim::quiet_NaN(), lim::min(),
         -lim::min(), lim::max(), lim::lowest(), lim::denorm_min(), -lim::denorm_min(), K(1), K(-1), K(0.5)};
    K payload_nan;
    auto b = radix::bits_of(lim::quiet_NaN());
    b = static_cast<decltype(b)>(b | 1u);
    std::memcpy(&payload_nan, &b, sizeof(K));
    v.push_back(payload_nan);
  } else if constexpr (radix::key_traits<K>::kind == radix::key_kind::floating_point) {  // 16-bit floats
    for (std::uint16_t b : {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7f80, 0xff80, 0x7e00, 0xfe00, 0x7fc1, 0x0001, 0x8001,
                            0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7f7f, 0xff7f})
      v.push_back(radix::from_bits<K>(b));
  } else {
    K lo, hi;  // min and max by bits (numeric_limits of __int128 is not there in strict modes)
    const auto all = radix::key_traits<K>::all_ones;
    const bool is_signed = radix::key_traits<K>::kind == radix::key_kind::signed_integer;
    const auto top = radix::key_traits<K>::high_bit;
    const decltype(top) lo_bits = is_signed ? top : 0, hi_bits = is_signed ? static_cast<decltype(top)>(all ^ top) : all;
    std::memcpy(&lo, &lo_bits, sizeof(K));
    std::memcpy(&hi, &hi_bits, sizeof(K));
    v = {lo, hi, K(0), K(1), static_cast<K>(lo + 1), static_cast<K>(hi - 1)};
    if (is_signed) v.push_back(static_cast<K>(0 - 1));
  }
  return v;
}

/// The items as byte arrays, so that check_equal compares any key type bytewise.
template <class K>
std::vector<std::array<unsigned char, sizeof(K)>> as_bytes(const std::vector<K>& v) {
  std::vector<std::array<unsigned char, sizeof(K)>> out(v.size());
  if (!v.empty()) std::memcpy(out.data(), v.data(), v.size() * sizeof(K));
  return out;
}

/// One key type: images, round trip, digits and order against the oracle.
template <class K, class OracleK = K>
void check_key_type(const char* name, std::mt19937_64& rng) {
  INFO("key type " << name);
  using rk = radix::radix_key<K>;
  using image_t = typename rk::image_t;
  constexpr int width = rk::default_end_bit;
  std::vector<K> keys = special_values<K>();
  const std::vector<K> randoms = xcub_test::random_vector<K>(300, rng);
  keys.insert(keys.end(), randoms.begin(), randoms.end());
  for (std::size_t k = 0; k < 40; ++k) keys.push_back(keys[rng() % keys.size()]);  // duplicates
  const int n = static_cast<int>(keys.size());

  std::vector<window> windows = {{0, 1}, {width - 1, 1}, {0, width < 8 ? width : 8}, {width - 8, 8}, {3, 5}};
  for (int b = 0; b + 8 <= width && windows.size() < max_windows - 2; b += (width > 64 ? 16 : 8)) windows.push_back({b, 8});
  windows.push_back({width > 32 ? width - 32 : 0, width > 32 ? 32 : width});
  windows.push_back({5, 0});
  const int nw = static_cast<int>(windows.size());

  xcub::device_buffer<K> d_in(keys), d_back(keys.size());
  xcub::device_buffer<image_t> d_images(keys.size());
  xcub::device_buffer<std::uint32_t> d_digits(keys.size() * max_windows);
  xcub::device_buffer<window> d_windows(windows);
  xcub_test::launch_and_wait(xcub::dim3((n + 127) / 128), xcub::dim3(128), 0, image_kernel<K, radix::identity_decomposer>,
                             d_in.data(), d_back.data(), d_images.data(), d_digits.data(), d_windows.data(), nw, n);
  xcub_test::check_equal(as_bytes(d_back.download()), as_bytes(keys), "round trip");
  const std::vector<image_t> images = d_images.download();
  const std::vector<std::uint32_t> digits = d_digits.download();

  std::vector<OracleK> oracle_keys(keys.size());
  std::memcpy(oracle_keys.data(), keys.data(), keys.size() * sizeof(K));
  for (int i = 0; i < n; ++i) {
    INFO("item " << i);
    const ref::wide_image want = ref::radix_image(oracle_keys[static_cast<std::size_t>(i)]);
    // The folded image (what the digits see) equals the oracle's image bit for bit.
    const image_t folded = radix::fold_minus_zero<K>(images[static_cast<std::size_t>(i)]);
    ref::wide_image got;
    std::memcpy(got.words.data(), &folded, sizeof(folded));
    CHECK(ref::compare_bits(got, want, 0, width) == 0);
    for (int w = 0; w < nw; ++w) {
      INFO("window [" << windows[w].bit << ", +" << windows[w].bits << ")");
      CHECK(digits[static_cast<std::size_t>(i * max_windows + w)] == window_of(want, windows[w].bit, windows[w].bits));
    }
  }
  // Order: keys stably sorted by their folded images equal the oracle's stable radix sort.
  std::vector<std::size_t> by_image(keys.size());
  for (std::size_t i = 0; i < by_image.size(); ++i) by_image[i] = i;
  by_image = ref::stable_sort(by_image, [&](std::size_t a, std::size_t b) {
    return radix::fold_minus_zero<K>(images[a]) < radix::fold_minus_zero<K>(images[b]);
  });
  std::vector<OracleK> got_order;
  for (std::size_t i : by_image) got_order.push_back(oracle_keys[i]);
  xcub_test::check_equal(as_bytes(got_order), as_bytes(ref::stable_sort(oracle_keys, ref::radix_less<OracleK>())),
                         "order");
  // -0.0's image sits just below +0.0's, so that unfolded images still order every other key alike.
  if constexpr (std::is_floating_point_v<K>) {
    CHECK(rk::to_image(K(-0.0)) + 1 == rk::to_image(K(0.0)));
  }
}

}  // namespace

TEST_CASE("radix keys: integers of 8 to 128 bits and bool, image, round trip, digits and order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix keys integers");
  {  // bool (host side: a vector<bool> has no data() to copy to a device)
    using rk = radix::radix_key<bool>;
    CHECK(rk::to_image(false) == 0u);
    CHECK(rk::to_image(true) == 1u);
    CHECK(rk::from_image(rk::to_image(true)) == true);
    CHECK(rk::extractor(0, 4, 8).Digit(rk::to_image(true)) == 1u);
    CHECK(ref::radix_less<bool>()(false, true));
  }
  check_key_type<std::int8_t>("int8", rng);
  check_key_type<std::uint8_t>("uint8", rng);
  check_key_type<char>("char", rng);
  check_key_type<std::int16_t>("int16", rng);
  check_key_type<std::uint16_t>("uint16", rng);
  check_key_type<std::int32_t>("int32", rng);
  check_key_type<std::uint32_t>("uint32", rng);
  check_key_type<std::int64_t>("int64", rng);
  check_key_type<std::uint64_t>("uint64", rng);
  check_key_type<long>("long", rng);
  check_key_type<unsigned long long>("unsigned long long", rng);
#ifdef __SIZEOF_INT128__
  check_key_type<__int128>("int128", rng);
  check_key_type<unsigned __int128>("uint128", rng);
#endif
}

TEST_CASE("radix keys: float and double with -0.0, +0.0, infinities, NaNs of both signs, denormals") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix keys floats");
  check_key_type<float>("float", rng);
  check_key_type<double>("double", rng);
}

#if XCUB_BACKEND_CUDA
TEST_CASE("radix keys: __half and __nv_bfloat16 (CUDA)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix keys half");
  check_key_type<__half, ref::float16_bits>("__half", rng);
  check_key_type<__nv_bfloat16, ref::float16_bits>("__nv_bfloat16", rng);
}
#endif

TEST_CASE("radix keys: a decomposed struct, digits across member boundaries, round trip, order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix keys decomposer");
  using rk = radix::radix_key<mixed_key, mixed_decomposer>;
  std::vector<mixed_key> keys;
  const double specials[] = {0.0, -0.0, 1.5, -1.5, std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::quiet_NaN()};
  for (int k = 0; k < 300; ++k) {
    mixed_key m{};
    m.hi = static_cast<std::int16_t>(static_cast<int>(rng() % 7) - 3);
    m.ignored = static_cast<std::uint8_t>(rng());
    m.mid = rng() % 3 == 0 ? specials[rng() % 6] : xcub_test::random_value<double>(rng);
    m.lo = static_cast<std::uint8_t>(rng());
    keys.push_back(m);
  }
  // Windows that cross the lo|mid boundary (bit 8) and the mid|hi boundary (bit 72), and the whole width.
  const std::vector<window> windows = {{4, 8},  {7, 2},  {0, 8},  {68, 8}, {71, 1}, {72, 1}, {66, 12},
                                       {8, 32}, {40, 32}, {2, 30}, {80, 8}, {64, 16}, {60, 20}, {87, 1}};
  const int n = static_cast<int>(keys.size()), nw = static_cast<int>(windows.size());
  xcub::device_buffer<mixed_key> d_in(keys), d_back(keys.size()), d_images(keys.size());
  xcub::device_buffer<std::uint32_t> d_digits(keys.size() * max_windows);
  xcub::device_buffer<window> d_windows(windows);
  xcub_test::launch_and_wait(xcub::dim3((n + 127) / 128), xcub::dim3(128), 0, image_kernel<mixed_key, mixed_decomposer>,
                             d_in.data(), d_back.data(), d_images.data(), d_digits.data(), d_windows.data(), nw, n);
  const std::vector<mixed_key> back = d_back.download();
  const std::vector<std::uint32_t> digits = d_digits.download();
  for (int i = 0; i < n; ++i) {
    INFO("item " << i);
    const mixed_key& k = keys[static_cast<std::size_t>(i)];
    const mixed_key& b = back[static_cast<std::size_t>(i)];
    CHECK((b.hi == k.hi && b.lo == k.lo && b.ignored == k.ignored && std::memcmp(&b.mid, &k.mid, 8) == 0));
    const ref::wide_image want = ref::radix_image_decomposed(k, mixed_decomposer{});
    REQUIRE(want.width == mixed_bits);
    for (int w = 0; w < nw; ++w) {
      INFO("window [" << windows[w].bit << ", +" << windows[w].bits << ")");
      CHECK(digits[static_cast<std::size_t>(i * max_windows + w)] == window_of(want, windows[w].bit, windows[w].bits));
    }
  }
  // Host side too: the extractor and conversions are host-callable.
  const mixed_key probe{-2, 7, -0.0, 0xa5};
  const mixed_key image = rk::to_image(probe, mixed_decomposer{});
  CHECK(rk::extractor(0, 8, mixed_bits, mixed_decomposer{}).Digit(image) == 0xa5u);
  CHECK(rk::extractor(8, 8, mixed_bits, mixed_decomposer{}).Digit(image) == 0u);     // -0.0 reads as +0.0: low byte 0
  CHECK(rk::extractor(64, 8, mixed_bits, mixed_decomposer{}).Digit(image) == 0x80u); // its top byte 0x80
  CHECK(rk::extractor(72, 16, mixed_bits, mixed_decomposer{}).Digit(image) == 0x7ffeu);
  CHECK(rk::extractor(84, 8, mixed_bits, mixed_decomposer{}).Digit(image) == 0x7u);  // clipped at end_bit: 4 bits
}
