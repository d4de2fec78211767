// DeviceTopK against the oracle (reference/topk.hpp): MaxKeys, MinKeys, MaxPairs, MinPairs; k = 0,
// 1, 100, n - 1, n and beyond n (clamped); sizes around warp and tile edges; the backend's tuning and
// tiny ones (few-bit digits: many rounds, many tiles and blocks, the candidate buffers' both paths);
// all-equal keys, many keys equal to the k-th, sorted and reversed inputs; u8, i32, u64, f32, f64
// keys with -0.0, infinities and NaNs of both signs; every bad-input error.
// The output order is unspecified and keys equal to the k-th may be any of them, so the checks are:
// exactly min(k, n) items, each an input item (keys: a sub-multiset of the input, bit for bit; pairs:
// the values are distinct input positions holding those very keys), and the keys' order images,
// sorted, equal the oracle's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <xcub/device/device_topk.hpp>
#include <xcub/reference/topk.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;
namespace ref = xcub::reference;

namespace {

/// One warp of one key per thread, 4-bit digits (8 rounds for 4-byte keys), a warp-wide scan.
struct tiny_topk_tuning {
  template <class K, class V>
  static constexpr xcub::detail::topk_policy policy(int) {
    return {xcub::arch::warp_threads, 1, 4, xcub::arch::warp_threads, 4, 1};
  }
};
/// 96 threads (a partial last warp on 64-lane warps) x 3 keys, 5-bit digits (a 2-bit last digit for
/// 4-byte keys), a 48-thread scan of 32 digits, oversubscribed blocks.
struct odd_topk_tuning {
  template <class K, class V>
  static constexpr xcub::detail::topk_policy policy(int) {
    return {96, 3, 5, 48, 3, 2};
  }
};
using tiny = xcub::DeviceTopKTuned<tiny_topk_tuning>;
using odd = xcub::DeviceTopKTuned<odd_topk_tuning>;

template <class K>
int key_bits() {
  return static_cast<int>(sizeof(K) * 8);
}

/// The keys sorted best first by the oracle's order.
template <class K>
std::vector<K> best_first(const std::vector<K>& keys, bool largest) {
  return ref::topk_keys(keys, keys.size(), largest);
}

/// Whether two keys have the same order image (the same key to the radix order: -0.0 == +0.0).
template <class K>
bool same_key(const K& a, const K& b) {
  return ref::compare_bits(ref::radix_image(a), ref::radix_image(b), 0, key_bits<K>()) == 0;
}

template <class K>
std::vector<std::uint64_t> raw_sorted(const std::vector<K>& keys) {
  std::vector<std::uint64_t> raw(keys.size(), 0);
  for (std::size_t i = 0; i < keys.size(); ++i) std::memcpy(&raw[i], &keys[i], sizeof(K));
  std::sort(raw.begin(), raw.end());
  return raw;
}

/// got (any order) holds the oracle's keys: the same order images, sorted.
template <class K>
void check_images(const std::vector<K>& got, const std::vector<K>& want, bool largest) {
  REQUIRE(got.size() == want.size());
  const std::vector<K> sorted = best_first(got, largest);
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < sorted.size(); ++i)
    if (!same_key(sorted[i], want[i]) && bad++ == 0) first = i;
  INFO("the " << first << "-th best key differs from the oracle's");
  CHECK(bad == 0);
}

/// Whether every byte of x is still the 0x5A the output was filled with.
template <class T>
bool untouched(const T& x) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &x, sizeof(T));
  return std::all_of(bytes, bytes + sizeof(T), [](unsigned char b) { return b == 0x5A; });
}

template <class Facade, bool LARGEST, class K, class KCount>
void check_keys(const std::vector<K>& in, KCount k, const char* what) {
  const std::size_t n = in.size();
  const std::size_t m = static_cast<std::size_t>(k) < n ? static_cast<std::size_t>(k) : n;
  INFO(what << ": n = " << n << ", k = " << +k << (LARGEST ? ", Max" : ", Min"));
  auto d_in = to_device(in);
  xcub::device_buffer<K> d_out(m + 1);
  d_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    if constexpr (LARGEST) return Facade::MaxKeys(t, b, d_in.data(), d_out.data(), n, k);
    else return Facade::MinKeys(t, b, d_in.data(), d_out.data(), n, k);
  });
  std::vector<K> got = d_out.download();
  CHECK(untouched(got[m]));  // nothing written past the k-th slot
  got.resize(m);
  check_images(got, ref::topk_keys(in, m, LARGEST), LARGEST);
  // Each output key is an input key, bit for bit (a sub-multiset of the input).
  const auto g = raw_sorted(got), a = raw_sorted(in);
  CHECK(std::includes(a.begin(), a.end(), g.begin(), g.end()));
}

template <class Facade, bool LARGEST, class K, class V = std::uint32_t>
void check_pairs(const std::vector<K>& in, std::size_t k, const char* what) {
  const std::size_t n = in.size();
  const std::size_t m = k < n ? k : n;
  INFO(what << ": pairs, n = " << n << ", k = " << k << (LARGEST ? ", Max" : ", Min"));
  std::vector<V> positions(n);
  for (std::size_t i = 0; i < n; ++i) positions[i] = static_cast<V>(i);
  auto d_keys = to_device(in);
  auto d_values = to_device(positions);
  xcub::device_buffer<K> d_keys_out(m + 1);
  xcub::device_buffer<V> d_values_out(m + 1);
  d_keys_out.fill_bytes(0x5A);
  d_values_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    if constexpr (LARGEST)
      return Facade::MaxPairs(t, b, d_keys.data(), d_keys_out.data(), d_values.data(), d_values_out.data(),
                              static_cast<long long>(n), k);
    else
      return Facade::MinPairs(t, b, d_keys.data(), d_keys_out.data(), d_values.data(), d_values_out.data(),
                              static_cast<long long>(n), k);
  });
  std::vector<K> keys = d_keys_out.download();
  std::vector<V> values = d_values_out.download();
  CHECK(untouched(keys[m]));
  CHECK(untouched(values[m]));
  keys.resize(m);
  values.resize(m);
  // Each pair is an input pair, and no input pair comes out twice.
  std::vector<char> seen(n, 0);
  std::size_t bad = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const auto at = static_cast<std::size_t>(values[j]);
    if (at >= n || seen[at] || std::memcmp(&keys[j], &in[at], sizeof(K)) != 0) {
      ++bad;
      continue;
    }
    seen[at] = 1;
  }
  INFO("output pairs that are not distinct input pairs");
  CHECK(bad == 0);
  check_images(keys, ref::topk_pairs(in, positions, m, LARGEST).first, LARGEST);
}

/// Random keys with the floating-point specials mixed in, or duplicates.
template <class K>
std::vector<K> keys_of(std::size_t n, std::mt19937_64& rng) {
  return xcub_test::random_keys_with_specials<K>(n, rng);
}

/// n keys drawn from `distinct` values (many equal to the k-th).
template <class K>
std::vector<K> few_values(std::size_t n, int distinct, std::mt19937_64& rng) {
  std::vector<K> v(n);
  for (auto& x : v) x = static_cast<K>(static_cast<int>(rng() % static_cast<unsigned>(distinct)) * 3 - 7);
  return v;
}

/// k = 0, 1, 100, n - 1, n, n + 5 (the ones that make sense for n).
std::vector<std::size_t> ks_for(std::size_t n) {
  std::vector<std::size_t> ks = {0, 1, n + 5};
  if (n > 100) ks.push_back(100);
  if (n > 1) ks.push_back(n - 1);
  if (n > 0) ks.push_back(n);
  return ks;
}

constexpr std::size_t sizes[] = {0, 1, 2, 31, 32, 33, 63, 64, 65, 287, 288, 289, 1000, 4097};

}  // namespace

TEST_CASE("device topk: MaxKeys and MinKeys over sizes and k, tiny and odd tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device topk keys");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : sizes) {
      const std::vector<int> in = xcub_test::random_vector<int>(n, r);
      for (const std::size_t k : ks_for(n)) {
        check_keys<tiny, true>(in, k, "tiny");
        check_keys<odd, false>(in, static_cast<int>(k), "odd");
        if (every_method<tiny_topk_tuning, xcub::tuning::topk>) {
          check_keys<tiny, false>(in, static_cast<long long>(k), "tiny");
          check_keys<odd, true>(in, static_cast<unsigned>(k), "odd");
        }
      }
    }
  });
  for (const std::size_t n : {255, 256, 257, 5000}) {
    const std::vector<int> in = xcub_test::random_vector<int>(n, rng);
    for (const std::size_t k : ks_for(n)) {
      check_keys<xcub::DeviceTopK, true>(in, k, "default");
      check_keys<xcub::DeviceTopK, false>(in, k, "default");
    }
  }
}

TEST_CASE("device topk: equal keys, many ties at the k-th, sorted and reversed inputs, 10^5 keys") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device topk ties");
  const std::size_t n = 100000;
  const std::vector<int> equal(n, 42);
  std::vector<int> ascending(n), descending(n);
  for (std::size_t i = 0; i < n; ++i) {
    ascending[i] = static_cast<int>(i) - 5000;
    descending[i] = 7 - static_cast<int>(i);
  }
  const std::vector<int> few = few_values<int>(n, 5, rng);
  const std::vector<int> random = xcub_test::random_vector<int>(n, rng);
  // The core matrix keeps two k (a top digit bucket and the whole input but one); k = 1 and 10^4
  // take the same paths at 10^5 keys and are covered at small sizes (emulation time: docs/testing.md).
#if XCUB_TEST_MATRIX_FULL
  const std::size_t ks[] = {1, 100, 10000, n - 1};
#else
  const std::size_t ks[] = {100, n - 1};
#endif
  for (const std::size_t k : ks) {
    check_keys<odd, true>(equal, k, "all equal");
    check_keys<odd, false>(few, k, "five values");
    check_keys<tiny, true>(few, k, "five values");
    check_keys<odd, true>(ascending, k, "ascending");
    check_keys<odd, false>(descending, k, "descending");
    check_pairs<odd, false>(equal, k, "all equal");
    check_pairs<tiny, true>(random, k, "random");
    check_keys<xcub::DeviceTopK, true>(few, k, "five values");
    check_pairs<xcub::DeviceTopK, false>(random, k, "random");
  }
}

TEST_CASE("device topk: key types with -0.0, infinities and NaNs; pairs") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device topk types");
  for (const std::size_t n : {1, 100, 3001}) {
    const auto u8 = keys_of<std::uint8_t>(n, rng);
    const auto u64 = keys_of<std::uint64_t>(n, rng);
    const auto f32 = keys_of<float>(n, rng);
    const auto f64 = keys_of<double>(n, rng);
    for (const std::size_t k : ks_for(n)) {
      check_keys<odd, true>(u8, k, "u8");
      check_keys<tiny, false>(u64, k, "u64");
      check_keys<odd, true>(f32, k, "f32");
      check_keys<tiny, false>(f32, k, "f32");
      check_keys<xcub::DeviceTopK, true>(f64, k, "f64");
      check_pairs<odd, true>(f32, k, "f32");
      check_pairs<tiny, false, float, long long>(f32, k, "f32");
      check_pairs<xcub::DeviceTopK, false, std::uint64_t, std::uint64_t>(u64, k, "u64");
#if XCUB_TEST_MATRIX_FULL
      check_keys<xcub::DeviceTopK, false>(u8, k, "u8");
      check_keys<odd, false>(f64, k, "f64");
      check_keys<odd, true>(keys_of<std::int8_t>(n, rng), k, "i8");
      check_keys<odd, false>(keys_of<std::uint16_t>(n, rng), k, "u16");
      check_keys<tiny, true>(keys_of<std::int64_t>(n, rng), k, "i64");
      check_pairs<odd, true, double, std::uint16_t>(f64, k, "f64");
#endif
    }
  }
  // Zeros of both signs and NaNs at the k-th key: any of the tied keys may come out.
  std::vector<float> zeros(500, 0.0f);
  for (std::size_t i = 0; i < zeros.size(); i += 2) zeros[i] = -0.0f;
  for (std::size_t i = 0; i < 40; ++i) zeros[i * 7] = std::numeric_limits<float>::quiet_NaN();
  for (const std::size_t k : {1, 39, 40, 41, 250, 499}) {
    check_keys<odd, true>(zeros, k, "zeros and NaNs");
    check_pairs<tiny, false>(zeros, k, "zeros and NaNs");
  }
}

#if XCUB_BACKEND_CUDA || XCUB_BACKEND_HIP  // 8 GB and minutes on a CPU: not on host or kokkos
TEST_CASE("device topk: more than 2^31 u8 keys, GPU only (large)") {
  XCUB_TEST_CONTEXT();
  const std::size_t n = (std::size_t{1} << 31) + 1000;
  std::vector<std::uint8_t> keys(n);
  std::uint64_t x = xcub_test::seed() | 1;
  for (auto& key : keys) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    key = static_cast<std::uint8_t>((x >> 56) % 201);  // 0..200
  }
  // 50 distinct keys above every other, past 2^31, and a second 201 near the start: the top 50 are
  // 201..250 (one of the two 201s).
  for (int v = 201; v <= 250; ++v) keys[n - 1 - static_cast<std::size_t>(v - 201) * 7] = static_cast<std::uint8_t>(v);
  keys[5] = 201;
  auto d_keys = to_device(keys);
  xcub::device_buffer<std::uint8_t> d_out(50);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceTopK::MaxKeys(t, b, d_keys.data(), d_out.data(), static_cast<long long>(n), 50);
  });
  std::vector<std::uint8_t> got = d_out.download(), want;
  std::sort(got.begin(), got.end());
  for (int v = 201; v <= 250; ++v) want.push_back(static_cast<std::uint8_t>(v));
  xcub_test::check_equal(got, want, "top 50");
}
#endif

TEST_CASE("device topk: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const std::vector<int> in = {5, 1, 4, 2, 3};
  auto d_in = to_device(in);
  auto d_values = to_device(std::vector<int>{0, 1, 2, 3, 4});
  xcub::device_buffer<int> d_out(5), d_values_out(5);
  d_out.fill_bytes(0x5A);
  d_values_out.fill_bytes(0x5A);
  std::size_t bytes = 0;
  REQUIRE(xcub::DeviceTopK::MaxPairs(nullptr, bytes, d_in.data(), d_out.data(), d_values.data(), d_values_out.data(),
                                     5, 3) == xcub::success);
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  int* null_int = nullptr;
  const auto e = xcub::error_invalid_value;
  using T = xcub::DeviceTopK;
  CHECK(T::MaxKeys(t, bytes, d_in.data(), d_out.data(), -1, 3) == e);
  CHECK(T::MaxKeys(t, bytes, d_in.data(), d_out.data(), 5, -1) == e);
  CHECK(T::MinKeys(t, bytes, d_in.data(), d_out.data(), std::int64_t{-5}, 3) == e);
  CHECK(T::MinKeys(t, bytes, d_in.data(), d_out.data(), 5, std::int64_t{-1}) == e);
  CHECK(T::MaxKeys(t, bytes, null_int, d_out.data(), 5, 3) == e);
  CHECK(T::MinKeys(t, bytes, d_in.data(), null_int, 5, 3) == e);
  CHECK(T::MaxPairs(t, bytes, d_in.data(), d_out.data(), null_int, d_values_out.data(), 5, 3) == e);
  CHECK(T::MinPairs(t, bytes, d_in.data(), d_out.data(), d_values.data(), null_int, 5, 3) == e);
  CHECK(T::MinPairs(t, bytes, null_int, d_out.data(), d_values.data(), d_values_out.data(), 5, 30) == e);
  CHECK(T::MaxPairs(t, bytes, d_in.data(), d_out.data(), d_values.data(), d_values_out.data(), -3, 3) == e);
  std::size_t small = bytes - 1;
  CHECK(T::MaxPairs(t, small, d_in.data(), d_out.data(), d_values.data(), d_values_out.data(), 5, 3) == e);
  small = 0;
  CHECK(T::MinKeys(t, small, d_in.data(), d_out.data(), 5, 1) == e);
  // No work: null pointers are fine with k = 0 or no items, and nothing is written.
  std::size_t no_work = 0;
  CHECK(T::MaxKeys(nullptr, no_work, null_int, null_int, 5, 0) == xcub::success);
  CHECK(no_work >= 1);
  CHECK(T::MaxKeys(t, bytes, null_int, null_int, 0, 3) == xcub::success);
  CHECK(T::MinPairs(t, bytes, d_in.data(), d_out.data(), d_values.data(), d_values_out.data(), 5, 0) == xcub::success);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>(5, 0x5A5A5A5A), "keys untouched");
  xcub_test::check_equal(d_values_out.download(), std::vector<int>(5, 0x5A5A5A5A), "values untouched");
}
