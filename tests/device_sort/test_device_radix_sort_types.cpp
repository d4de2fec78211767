// DeviceRadixSort over every key type against the oracle: integers of 8 to 128 bits, float and
// double with -0.0, +0.0, infinities and NaNs of both signs (CUB's order), a struct through a
// decomposer (bit ranges that span members), 16-byte values; and, on GPUs, more than 2^31 keys.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "../sort/mixed_key.hpp"
#include "radix_sort_support.hpp"

namespace {

using namespace xcub_radix_test;
using xcub::NullType;

/// Random keys with the floating-point specials mixed in, or duplicates.
template <class K>
std::vector<K> keys_of(std::size_t n, std::mt19937_64& rng) {
  return xcub_test::random_keys_with_specials<K>(n, rng);
}

struct wide_value {
  std::uint64_t a, b;
};

template <class Tuning, class K>
void check_type(const char* name) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(name);
  constexpr int bits = static_cast<int>(sizeof(K) * 8);
  for (std::size_t n : {std::size_t{1}, std::size_t{250}, std::size_t{3000}}) {
    INFO("n = " << n);
    const auto keys = keys_of<K>(n, rng);
    const auto values = positions(n);
    for (bool desc : {false, true}) {
      INFO("descending " << desc);
      const auto order = expected_order(keys, 0, bits, desc);
      const auto got = desc ? device_sort<Tuning, true>(keys, values, form::pointers)
                            : device_sort<Tuning, false>(keys, values, form::double_buffer);
      xcub_test::check_equal(got.first, xcub::reference::permuted(keys, order), "keys");
      xcub_test::check_equal(got.second, to_u32(order), "values");
    }
  }
}

// The core matrix (docs/testing.md) keeps one tuning per key type: the test tunings' paths are
// covered by test_device_radix_sort.cpp.
TEST_CASE("DeviceRadixSort: float keys (-0.0, +0.0, inf, NaN of both signs)") {
  check_type<xcub::tuning::radix_sort, float>("radix float");
#if XCUB_TEST_MATRIX_FULL
  check_type<odd_radix_tuning, float>("radix float odd");
#endif
}
TEST_CASE("DeviceRadixSort: 64-bit keys (u64, double)") {
  check_type<xcub::tuning::radix_sort, std::uint64_t>("radix u64");
#if XCUB_TEST_MATRIX_FULL
  check_type<tiny_radix_tuning, double>("radix double tiny");
#endif
}
TEST_CASE("DeviceRadixSort: 8- and 16-bit keys (one and two passes)") {
  check_type<xcub::tuning::radix_sort, std::int8_t>("radix i8");
#if XCUB_TEST_MATRIX_FULL
  check_type<odd_radix_tuning, std::uint16_t>("radix u16 odd");
#endif
}
#if XCUB_TEST_MATRIX_FULL
TEST_CASE("DeviceRadixSort: more key types (i16, i32, i64, u8)") {
  check_type<xcub::tuning::radix_sort, std::int16_t>("radix i16");
  check_type<xcub::tuning::radix_sort, std::int32_t>("radix i32");
  check_type<odd_radix_tuning, std::int64_t>("radix i64 odd");
  check_type<xcub::tuning::radix_sort, std::uint8_t>("radix u8");
}
#ifdef __SIZEOF_INT128__
TEST_CASE("DeviceRadixSort: 128-bit keys") {
  check_type<xcub::tuning::radix_sort, __int128>("radix i128");
  check_type<odd_radix_tuning, unsigned __int128>("radix u128 odd");
}
#endif
#endif

TEST_CASE("DeviceRadixSort: 16-byte values move with their keys") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix wide values");
  const std::size_t n = 2000;
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = static_cast<std::uint32_t>(rng() % 50);
  std::vector<wide_value> values(n);
  for (std::size_t i = 0; i < n; ++i) values[i] = {i, ~std::uint64_t{i}};
  const auto order = expected_order(keys, 0, 32, false);
  const auto got = device_sort<odd_radix_tuning, false>(keys, values, form::pointers);
  xcub_test::check_equal(got.first, xcub::reference::permuted(keys, order), "keys");
  xcub_test::check_equal(got.second, xcub::reference::permuted(values, order), "values");
}

TEST_CASE("DeviceRadixSort: a struct key through a decomposer, whole and over a bit range across members") {
  XCUB_TEST_CONTEXT();
  using xcub_test::mixed_decomposer;
  using xcub_test::mixed_key;
  namespace ref = xcub::reference;
  auto rng = xcub_test::rng_for("radix decomposer");
  const int width = ref::decomposed_width<mixed_key>(mixed_decomposer{});  // 16 + 64 + 8
  for (std::size_t n : {std::size_t{100}, std::size_t{2500}}) {
    std::vector<mixed_key> keys(n);
    for (auto& k : keys) {
      k.hi = static_cast<std::int16_t>(static_cast<int>(rng() % 7) - 3);
      k.ignored = static_cast<std::uint8_t>(rng());
      k.mid = static_cast<double>(static_cast<int>(rng() % 9) - 4) * 0.5;
      k.lo = static_cast<std::uint8_t>(rng());
    }
    const auto values = positions(n);
    for (int range = 0; range < 2; ++range) {
      const int begin = range == 0 ? 0 : 4, end = range == 0 ? width : 70;  // [4, 70): lo's top, mid's low bits
      for (bool desc : {false, true}) {
        INFO("n = " << n << ", bits [" << begin << ", " << end << "), descending " << desc);
        const auto order =
            expected_order(keys, ref::radix_less_decomposed<mixed_key, mixed_decomposer>{{}, begin, end, desc});
        const auto got = desc ? device_sort<xcub::tuning::radix_sort, true>(keys, values, form::double_buffer,
                                                                            mixed_decomposer{}, begin, end)
                              : device_sort<xcub::tuning::radix_sort, false>(keys, values, form::pointers,
                                                                             mixed_decomposer{}, begin, end);
        CHECK(got.second == to_u32(order));  // the values name each key's input position
      }
    }
    // The decomposer-only overload sorts by every member bit.
    const auto order = expected_order(keys, ref::radix_less_decomposed<mixed_key, mixed_decomposer>{{}, 0, width, false});
    const auto got = device_sort<tiny_radix_tuning, false>(keys, values, form::pointers, mixed_decomposer{});
    CHECK(got.second == to_u32(order));
  }
}

// GPUs only: on the host emulator and on kokkos (a CPU reference in CI: Serial) 2^31 keys take minutes and
// about 8 GB of memory.
#if XCUB_BACKEND_CUDA || XCUB_BACKEND_HIP
TEST_CASE("DeviceRadixSort: more than 2^31 u8 keys, GPU only (large)") {
  XCUB_TEST_CONTEXT();
  const std::size_t n = (std::size_t{1} << 31) + 1000;
  std::vector<std::uint8_t> keys(n);
  std::uint64_t x = xcub_test::seed() | 1;
  std::vector<std::size_t> count(256, 0);
  for (auto& k : keys) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    k = static_cast<std::uint8_t>(x >> 56);
    ++count[k];
  }
  auto d_keys = to_device(keys);
  xcub::device_buffer<std::uint8_t> d_out(n);
  xcub_device_test::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceRadixSort::SortKeys(t, b, d_keys.data(), d_out.data(), static_cast<long long>(n));
  });
  const auto got = d_out.download();
  std::size_t at = 0, bad = 0;
  for (int v = 0; v < 256; ++v)
    for (std::size_t i = 0; i < count[static_cast<std::size_t>(v)]; ++i) bad += got[at++] != v;
  CHECK(bad == 0);
}
#endif

}  // namespace
