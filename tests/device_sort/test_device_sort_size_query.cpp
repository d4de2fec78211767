// The two-phase contract with null data pointers for the sorts and merges, as CUB's: the size query
// (d_temp_storage == nullptr) answers with null key, value and offset pointers (and empty
// DoubleBuffers), and gives the size that the query with the real pointers gives; the second call
// with null data pointers returns error_invalid_value and writes nothing; with the real pointers and
// that size it succeeds and matches the oracle (backends/host/reference) on random inputs. Also the
// zero rule of descending float sorts by a bit subrange (docs/radix-keys.md): both zeros sort as
// +0.0's image.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/segmented_sort.hpp>
#include <xcub/reference/sort.hpp>
#include <xcub/util/device_buffer.hpp>

#include "test_support.hpp"
#include "size_query_checks.hpp"

namespace {
using xcub_test::check_two_phases;
using xcub_test::or_null;


template <class T>
xcub::device_buffer<T> to_device(const std::vector<T>& host) {
  xcub::device_buffer<T> d(host.size());
  if (!host.empty()) d.upload(host);
  return d;
}
template <class T>
xcub::device_buffer<T> filled(std::size_t n, T value) {
  return to_device(std::vector<T>(n, value));
}
/// The keys' raw bits (NaNs compare equal to themselves).
std::vector<std::uint32_t> raw_bits(const std::vector<float>& keys) {
  std::vector<std::uint32_t> out(keys.size());
  if (!keys.empty()) std::memcpy(out.data(), keys.data(), keys.size() * sizeof(float));
  return out;
}

std::vector<int> iota(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
  return v;
}

const std::vector<std::size_t> sizes = {1, 3000, 70001};

}  // namespace

TEST_CASE("DeviceRadixSort: the size query takes null keys and values; the sort then matches the oracle") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceRadixSort");
  for (const std::size_t n : sizes) {
    for (const auto& bits : {std::pair<int, int>{0, 32}, {3, 17}}) {
      INFO("n = " << n << ", bits [" << bits.first << ", " << bits.second << ")");
      const auto keys = xcub_test::random_keys_with_specials<float>(n, rng);
      const auto values = iota(n);
      auto d_keys = to_device(keys);
      auto d_values = to_device(values);
      auto d_keys_out = filled<float>(n, -7.0f);
      auto d_values_out = filled<int>(n, -7);
      check_two_phases(
          [&](void* t, std::size_t& b, bool real) {
            return xcub::DeviceRadixSort::SortPairsDescending(
                t, b, or_null(real, d_keys.data()), or_null(real, d_keys_out.data()), or_null(real, d_values.data()),
                or_null(real, d_values_out.data()), n, bits.first, bits.second);
          },
          [&] { CHECK(d_values_out.download() == std::vector<int>(n, -7)); });
      const auto want = xcub::reference::stable_sort_pairs(
          keys, values, xcub::reference::radix_less<float>(bits.first, bits.second, true));
      xcub_test::check_equal(d_values_out.download(), want.second, "SortPairsDescending values");

      // the DoubleBuffer form: empty buffers in the query
      auto d_a = to_device(keys);
      auto d_b = filled<float>(n, -7.0f);
      xcub::DoubleBuffer<float> buffers(d_a.data(), d_b.data());
      check_two_phases(
          [&](void* t, std::size_t& b, bool real) {
            xcub::DoubleBuffer<float> none;
            return real ? xcub::DeviceRadixSort::SortKeys(t, b, buffers, n, bits.first, bits.second)
                        : xcub::DeviceRadixSort::SortKeys(t, b, none, n, bits.first, bits.second);
          },
          [&] { CHECK(d_b.download() == std::vector<float>(n, -7.0f)); });
      const auto sorted =
          xcub::reference::stable_sort(keys, xcub::reference::radix_less<float>(bits.first, bits.second));
      std::vector<float> got(n);
      XCUB_TEST_CALL(xcub::memcpy(got.data(), buffers.Current(), n * sizeof(float)));
      xcub_test::check_equal(raw_bits(got), raw_bits(sorted), "SortKeys (DoubleBuffer), bitwise");
    }
  }
}

TEST_CASE("DeviceSegmentedRadixSort and DeviceSegmentedSort: the size query takes null keys, values and offsets") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: segmented sorts");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
    const auto values = iota(n);
    std::vector<int> begins, ends;
    for (std::size_t i = 0; i < n; i += 1 + rng() % 900) {
      begins.push_back(static_cast<int>(i));
      ends.push_back(static_cast<int>(std::min(n, i + 1 + rng() % 1000)));
    }
    // segments must not overlap: end each at the next one's begin at most
    for (std::size_t s = 0; s + 1 < begins.size(); ++s) ends[s] = std::min(ends[s], begins[s + 1]);
    const int segments = static_cast<int>(begins.size());
    auto d_keys = to_device(keys);
    auto d_values = to_device(values);
    auto d_begins = to_device(begins);
    auto d_ends = to_device(ends);
    auto d_keys_out = filled<std::uint32_t>(n, 7u);
    auto d_values_out = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceSegmentedRadixSort::SortPairs(
              t, b, or_null(real, d_keys.data()), or_null(real, d_keys_out.data()), or_null(real, d_values.data()),
              or_null(real, d_values_out.data()), n, segments, or_null(real, d_begins.data()),
              or_null(real, d_ends.data()));
        },
        [&] { CHECK(d_values_out.download() == std::vector<int>(n, -7)); });
    const auto want = xcub::reference::segmented_stable_sort_pairs(
        keys, values, std::vector<std::uint32_t>(n, 7u), std::vector<int>(n, -7), begins, ends, std::less<>{});
    xcub_test::check_equal(d_keys_out.download(), want.first, "SegmentedRadixSort keys");
    xcub_test::check_equal(d_values_out.download(), want.second, "SegmentedRadixSort values");

    auto d_sorted = filled<std::uint32_t>(n, 7u);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceSegmentedSort::StableSortKeys(t, b, or_null(real, d_keys.data()),
                                                           or_null(real, d_sorted.data()), n, segments,
                                                           or_null(real, d_begins.data()), or_null(real,
                                                               d_ends.data()));
        },
        [&] { CHECK(d_sorted.download() == std::vector<std::uint32_t>(n, 7u)); });
    xcub_test::check_equal(d_sorted.download(),
                           xcub::reference::segmented_stable_sort(keys, std::vector<std::uint32_t>(n, 7u), begins, ends,
                                                                  std::less<>{}),
                           "SegmentedSort::StableSortKeys");
  }
}

TEST_CASE("DeviceMergeSort and DeviceMerge: the size query takes null keys and items") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: merge sort");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto keys = xcub_test::random_vector<std::int64_t>(n, rng);
    const auto values = iota(n);
    auto d_keys = to_device(keys);
    auto d_values = to_device(values);
    auto d_keys_out = filled<std::int64_t>(n, -7);
    auto d_values_out = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceMergeSort::SortPairsCopy(t, b, or_null(real, d_keys.data()), or_null(real,
                                                      d_values.data()),
                                                      or_null(real, d_keys_out.data()),
                                                      or_null(real, d_values_out.data()), static_cast<int>(n),
                                                      std::less<>{});
        },
        [&] { CHECK(d_values_out.download() == std::vector<int>(n, -7)); });
    const auto want = xcub::reference::stable_sort_pairs(keys, values, std::less<>{});
    xcub_test::check_equal(d_keys_out.download(), want.first, "SortPairsCopy keys");
    xcub_test::check_equal(d_values_out.download(), want.second, "SortPairsCopy values");

    // DeviceMerge::MergeKeys of the sorted keys with a sorted run of 777
    auto other = xcub_test::random_vector<std::int64_t>(777, rng);
    other = xcub::reference::stable_sort(other, std::less<>{});
    auto d_sorted = to_device(want.first);
    auto d_other = to_device(other);
    auto d_merged = filled<std::int64_t>(n + other.size(), -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceMerge::MergeKeys(t, b, or_null(real, d_sorted.data()), static_cast<int>(n),
                                              or_null(real, d_other.data()), static_cast<int>(other.size()),
                                              or_null(real, d_merged.data()));
        },
        [&] { CHECK(d_merged.download() == std::vector<std::int64_t>(n + other.size(), -7)); });
    std::vector<std::int64_t> all = want.first;
    all.insert(all.end(), other.begin(), other.end());
    xcub_test::check_equal(d_merged.download(), xcub::reference::stable_sort(all, std::less<>{}), "MergeKeys");
  }
}

TEST_CASE("DeviceRadixSort: descending float and double sorts by a bit subrange read both zeros as +0.0") {
  // -0.0 and +0.0 have one image, +0.0's (docs/radix-keys.md), in every direction and bit range: the
  // zeros, and the keys whose bits in the range equal +0.0's (the smallest positive subnormals, whose
  // image differs from +0.0's only in low bits), are equal keys and keep their input order.
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("descending zeros");
  const std::size_t n = 5000;
  std::vector<float> keys(n);
  const float choices[] = {0.0f, -0.0f, std::numeric_limits<float>::denorm_min(),
                           2 * std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(),
                           1.0f, -1.0f};
  for (auto& k : keys) k = choices[rng() % 7];
  const auto values = iota(n);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  for (const auto& bits : {std::pair<int, int>{16, 32}, {8, 31}, {0, 32}}) {
    INFO("bits [" << bits.first << ", " << bits.second << ")");
    xcub::device_buffer<float> d_keys_out(n);
    xcub::device_buffer<int> d_values_out(n);
    std::size_t bytes = 0;
    REQUIRE(xcub::DeviceRadixSort::SortPairsDescending(nullptr, bytes, d_keys.data(), d_keys_out.data(),
                                                       d_values.data(), d_values_out.data(), n, bits.first,
                                                       bits.second) == xcub::success);
    xcub::device_buffer<unsigned char> temp(bytes);
    XCUB_TEST_CALL(xcub::DeviceRadixSort::SortPairsDescending(temp.data(), bytes, d_keys.data(), d_keys_out.data(),
                                                              d_values.data(), d_values_out.data(), n, bits.first,
                                                              bits.second));
    XCUB_TEST_CALL(xcub::device_synchronize());
    const auto got = d_values_out.download();
    const auto want =
        xcub::reference::stable_sort_pairs(keys, values, xcub::reference::radix_less<float>(bits.first, bits.second,
            true));
    xcub_test::check_equal(got, want.second, "SortPairsDescending values");
    // the rule itself, independently of the oracle: the zeros appear in input order, the one after the other
    std::vector<int> zeros_in, zeros_out;
    for (std::size_t i = 0; i < n; ++i)
      if (keys[i] == 0.0f) zeros_in.push_back(static_cast<int>(i));
    for (const int v : got)
      if (keys[static_cast<std::size_t>(v)] == 0.0f) zeros_out.push_back(v);
    CHECK(zeros_out == zeros_in);
  }
  // double, all bits and the top half
  std::vector<double> dkeys(n);
  for (auto& k : dkeys) k = (rng() % 3 == 0) ? 0.0 : (rng() % 2 ? -0.0 : std::numeric_limits<double>::denorm_min());
  auto d_dkeys = to_device(dkeys);
  for (const auto& bits : {std::pair<int, int>{32, 64}, {0, 64}}) {
    INFO("double bits [" << bits.first << ", " << bits.second << ")");
    xcub::device_buffer<double> d_out(n);
    xcub::device_buffer<int> d_values_out(n);
    std::size_t bytes = 0;
    REQUIRE(xcub::DeviceRadixSort::SortPairsDescending(nullptr, bytes, d_dkeys.data(), d_out.data(), d_values.data(),
                                                       d_values_out.data(), n, bits.first, bits.second) ==
            xcub::success);
    xcub::device_buffer<unsigned char> temp(bytes);
    XCUB_TEST_CALL(xcub::DeviceRadixSort::SortPairsDescending(temp.data(), bytes, d_dkeys.data(), d_out.data(),
                                                              d_values.data(), d_values_out.data(), n, bits.first,
                                                              bits.second));
    XCUB_TEST_CALL(xcub::device_synchronize());
    const auto want = xcub::reference::stable_sort_pairs(
        dkeys, values, xcub::reference::radix_less<double>(bits.first, bits.second, true));
    xcub_test::check_equal(d_values_out.download(), want.second, "SortPairsDescending (double) values");
  }
}
