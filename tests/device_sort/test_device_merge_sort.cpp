// DeviceMergeSort: every method (SortKeys, SortPairs, SortKeysCopy, SortPairsCopy and the Stable
// forms) against the oracle's stable sorts, with tiles of 9 and 120 items (many tiles and merge
// passes), block-sort tiles unlike the merge's, and the backend's tuning; int, float, a 16-byte key
// with its own order, pairs whose values are positions (stability over many duplicate keys),
// descending, sorted and reverse-sorted inputs, iterator inputs, 32- and 64-bit counts, the random
// schedule and every bad input.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

#include <xcub/device/device_merge_sort.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/reference/sort.hpp>

#include "merge_sort_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_merge_test;

namespace {

using host_default = xcub::tuning::merge_sort;

/// Keys in [0, range): many duplicates when range is small.
std::vector<int> int_keys(std::size_t n, std::mt19937_64& rng, int range) {
  std::vector<int> v(n);
  for (auto& x : v) x = static_cast<int>(rng() % static_cast<std::uint64_t>(range)) - range / 2;
  return v;
}

/// Every keys-only form on `keys`, compared with the oracle's stable sort.
template <class Tuning, class K, class Less, class CountT = int>
void check_keys(const std::vector<K>& keys, Less less) {
  using sort = xcub::DeviceMergeSortTuned<Tuning>;
  const auto want = xcub::reference::stable_sort(keys, less);
  const auto n = static_cast<CountT>(keys.size());
  INFO("n = " << keys.size());
  {
    auto d = to_device(keys);
    two_phase([&](void* t, std::size_t& b) { return sort::SortKeys(t, b, d.data(), n, less); });
    xcub_test::check_equal(d.download(), want, "SortKeys");
  }
  {
    auto d = to_device(keys);
    two_phase([&](void* t, std::size_t& b) { return sort::StableSortKeys(t, b, d.data(), n, less); });
    xcub_test::check_equal(d.download(), want, "StableSortKeys");
  }
  auto d_in = to_device(keys);
  xcub::device_buffer<K> d_out(keys.size());
  two_phase([&](void* t, std::size_t& b) { return sort::SortKeysCopy(t, b, d_in.data(), d_out.data(), n, less); });
  xcub_test::check_equal(d_out.download(), want, "SortKeysCopy");
  xcub_test::check_equal(d_in.download(), keys, "SortKeysCopy's input untouched");
  xcub::device_buffer<K> d_out2(keys.size());
  two_phase([&](void* t, std::size_t& b) {
    return sort::StableSortKeysCopy(t, b, d_in.data(), d_out2.data(), n, less);
  });
  xcub_test::check_equal(d_out2.download(), want, "StableSortKeysCopy");
}

/// Every pairs form on `keys` with values = input positions: stability shows in the values.
template <class Tuning, class K, class Less>
void check_pairs(const std::vector<K>& keys, Less less) {
  using sort = xcub::DeviceMergeSortTuned<Tuning>;
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  const auto want = xcub::reference::stable_sort_pairs(keys, values, less);
  const auto n = static_cast<std::int64_t>(keys.size());
  INFO("n = " << keys.size());
  for (int form = 0; form < 2; ++form) {
    auto dk = to_device(keys);
    auto dv = to_device(values);
    two_phase([&](void* t, std::size_t& b) {
      return form == 0 ? sort::SortPairs(t, b, dk.data(), dv.data(), n, less)
                       : sort::StableSortPairs(t, b, dk.data(), dv.data(), n, less);
    });
    xcub_test::check_equal(dk.download(), want.first, form == 0 ? "SortPairs keys" : "StableSortPairs keys");
    xcub_test::check_equal(dv.download(), want.second, form == 0 ? "SortPairs values" : "StableSortPairs values");
  }
  auto dk = to_device(keys);
  auto dv = to_device(values);
  xcub::device_buffer<K> ok(keys.size());
  xcub::device_buffer<std::uint32_t> ov(keys.size());
  two_phase([&](void* t, std::size_t& b) {
    return sort::SortPairsCopy(t, b, dk.data(), dv.data(), ok.data(), ov.data(), n, less);
  });
  xcub_test::check_equal(ok.download(), want.first, "SortPairsCopy keys");
  xcub_test::check_equal(ov.download(), want.second, "SortPairsCopy values");
  xcub_test::check_equal(dk.download(), keys, "SortPairsCopy's keys untouched");
}

/// Sizes around the tiles of `tile` items and their powers of two.
std::vector<std::size_t> sizes_for(std::size_t tile, std::size_t large) {
  std::vector<std::size_t> s = {0, 1, 2, tile - 1, tile, tile + 1, 2 * tile, 3 * tile - 1, 4 * tile + 1,
                                8 * tile, 13 * tile + 5};
  s.push_back(large);
  return s;
}

}  // namespace

TEST_CASE("device merge sort: int keys, every keys-only form, tiles of 9, 120 and the backend's") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort int keys");
  for (const std::size_t n : sizes_for(9, 1000))
    check_keys<tiny>(int_keys(n, rng, n % 2 ? 10 : 1 << 30), std::less<>{});
  for (const std::size_t n : sizes_for(120, 3001)) check_keys<odd>(int_keys(n, rng, 1 << 20), std::less<>{});
  constexpr std::size_t tile = host_default::policy<int>(0).tile_items();
  for (const std::size_t n : sizes_for(tile, 100000)) check_keys<host_default>(int_keys(n, rng, 1000), std::less<>{});
}

TEST_CASE("device merge sort: block-sort tiles other than the merge's (20 against 8)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort split tiles");
  for (const std::size_t n : {std::size_t(1), std::size_t(8), std::size_t(19), std::size_t(20), std::size_t(21),
                              std::size_t(161), std::size_t(2000)}) {
    check_keys<split>(int_keys(n, rng, 1 << 20), std::less<>{});
    check_pairs<split>(int_keys(n, rng, 6), std::less<>{});
  }
}

TEST_CASE("device merge sort: a tuning with other shapes for pairs than for keys") {
  XCUB_TEST_CONTEXT();
  static_assert(by_kind::policy<int>(0).sort_tile_items() != by_kind::policy<int, int>(0).sort_tile_items(),
                "the tuning must tell keys from pairs");
  auto rng = xcub_test::rng_for("device merge sort tuning by kind");
  for (const std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(18), std::size_t(24), std::size_t(25),
                              std::size_t(200), std::size_t(3001)}) {
    check_keys<by_kind>(int_keys(n, rng, 1 << 20), std::less<>{});
    check_pairs<by_kind>(int_keys(n, rng, 6), std::less<>{});
  }
}

TEST_CASE("device merge sort: descending (std::greater), float keys, 64-bit and unsigned counts") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort descending");
  for (const std::size_t n : {std::size_t(0), std::size_t(7), std::size_t(500), std::size_t(4099)}) {
    check_keys<tiny, int, std::greater<>, std::int64_t>(int_keys(n, rng, 50), std::greater<>{});
    check_keys<host_default, float, std::greater<>, std::uint32_t>(xcub_test::random_vector<float>(n, rng),
                                                                  std::greater<>{});
  }
}

TEST_CASE("device merge sort: pairs keep equivalent keys in input order (values = positions)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort pairs");
  for (const std::size_t n : sizes_for(9, 700)) check_pairs<tiny>(int_keys(n, rng, 8), std::less<>{});
  constexpr std::size_t tile = host_default::policy<int>(0).tile_items();
  for (const std::size_t n : sizes_for(tile, 60000)) check_pairs<host_default>(int_keys(n, rng, 16), std::less<>{});
}

TEST_CASE("device merge sort: a 16-byte key with a custom order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort wide keys");
  for (const std::size_t n : {std::size_t(1), std::size_t(10), std::size_t(333), std::size_t(2000)}) {
    std::vector<wide_key> keys(n);
    for (std::size_t i = 0; i < n; ++i)
      keys[i] = {static_cast<std::int64_t>(rng() % 20) - 10, static_cast<std::int32_t>(rng()),
                 static_cast<std::int32_t>(i)};
    check_keys<tiny>(keys, wide_later_first{});
    check_pairs<odd>(keys, wide_later_first{});
  }
}

TEST_CASE("device merge sort: sorted, reverse-sorted and constant inputs") {
  XCUB_TEST_CONTEXT();
  for (const std::size_t n : {std::size_t(100), std::size_t(1025), std::size_t(5000)}) {
    std::vector<int> up(n), down(n), same(n, 3);
    std::iota(up.begin(), up.end(), -7);
    std::iota(down.rbegin(), down.rend(), 0);
    check_keys<tiny>(up, std::less<>{});
    check_keys<tiny>(down, std::less<>{});
    check_pairs<tiny>(down, std::less<>{});
    check_pairs<tiny>(same, std::less<>{});
  }
}

namespace {
struct mod_ten {
  XCUB_HOST_DEVICE int operator()(int x) const { return x % 10; }
};
}  // namespace

TEST_CASE("device merge sort: iterator inputs to the Copy forms") {
  XCUB_TEST_CONTEXT();
  using sort = xcub::DeviceMergeSortTuned<tiny>;
  const int n = 777;
  std::vector<int> counting(n);
  std::iota(counting.begin(), counting.end(), 5);
  // Counting keys, sorted descending.
  xcub::CountingInputIterator<int> count_from(5);
  xcub::device_buffer<int> out(n);
  two_phase([&](void* t, std::size_t& b) {
    return sort::SortKeysCopy(t, b, count_from, out.data(), n, std::greater<>{});
  });
  xcub_test::check_equal(out.download(), xcub::reference::stable_sort(counting, std::greater<>{}), "counting keys");
  // Transformed keys (x % 10: many duplicates) with counting values: a stable sort by last digit.
  xcub::TransformInputIterator<int, mod_ten, xcub::CountingInputIterator<int>> digits(count_from, mod_ten{});
  std::vector<int> digit_keys(n);
  for (int i = 0; i < n; ++i) digit_keys[i] = counting[i] % 10;
  const auto want = xcub::reference::stable_sort_pairs(digit_keys, counting, std::less<>{});
  xcub::device_buffer<int> ok(n), ov(n);
  two_phase([&](void* t, std::size_t& b) {
    return sort::StableSortKeysCopy(t, b, digits, ok.data(), n, std::less<>{});
  });
  xcub_test::check_equal(ok.download(), want.first, "transformed keys");
  two_phase([&](void* t, std::size_t& b) {
    return sort::SortPairsCopy(t, b, digits, count_from, ok.data(), ov.data(), n, std::less<>{});
  });
  xcub_test::check_equal(ok.download(), want.first, "transformed keys, counting values: keys");
  xcub_test::check_equal(ov.download(), want.second, "transformed keys, counting values: values");
}

TEST_CASE("device merge sort: under the random schedule") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge sort schedule");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_keys<odd>(int_keys(1000, r, 30), std::less<>{});
    check_pairs<tiny>(int_keys(300, r, 5), std::less<>{});
  });
}

TEST_CASE("device merge sort: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  using sort = xcub::DeviceMergeSort;
  const std::vector<int> keys = {3, 1, 2};
  auto dk = to_device(keys);
  auto dv = to_device(keys);
  xcub::device_buffer<int> out(std::vector<int>{-7, -7, -7});
  int* null_int = nullptr;
  const std::less<> less;
  std::size_t bytes = 0;
  CHECK(sort::SortKeys(nullptr, bytes, dk.data(), -1, less) == xcub::error_invalid_value);
  CHECK(sort::StableSortKeys(nullptr, bytes, dk.data(), std::int64_t{-5}, less) == xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(sort::SortKeys(second.data(), second.bytes, null_int, 3, less) == xcub::error_invalid_value);
  CHECK(sort::SortPairs(second.data(), second.bytes, dk.data(), null_int, 3, less) == xcub::error_invalid_value);
  CHECK(sort::StableSortPairs(second.data(), second.bytes, null_int, dv.data(), 3, less) == xcub::error_invalid_value);
  CHECK(sort::SortPairs(nullptr, bytes, dk.data(), dv.data(), -1, less) == xcub::error_invalid_value);
  CHECK(sort::SortKeysCopy(second.data(), second.bytes, null_int, out.data(), 3, less) == xcub::error_invalid_value);
  CHECK(sort::StableSortKeysCopy(second.data(), second.bytes, dk.data(), null_int, 3,
      less) == xcub::error_invalid_value);
  CHECK(sort::SortPairsCopy(second.data(), second.bytes, dk.data(), dv.data(), out.data(), null_int, 3, less) ==
        xcub::error_invalid_value);
  CHECK(sort::SortPairsCopy(second.data(), second.bytes, dk.data(), null_int, out.data(), out.data(), 3, less) ==
        xcub::error_invalid_value);
  // Temp storage one byte short (sized for a sort of many tiles, so that it is more than one byte).
  const int many = 5000;
  xcub::device_buffer<int> big(static_cast<std::size_t>(many));
  XCUB_TEST_CALL(sort::SortKeys(nullptr, bytes, big.data(), many, less));
  REQUIRE(bytes > 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  xcub::device_buffer<int> big_out(std::vector<int>(static_cast<std::size_t>(many), -7));
  std::size_t short_bytes = bytes - 1;
  CHECK(sort::SortKeysCopy(temp.data(), short_bytes, big.data(), big_out.data(), many, less) ==
        xcub::error_invalid_value);
  std::size_t no_bytes = 0;
  CHECK(sort::SortKeys(temp.data(), no_bytes, dk.data(), 3, less) == xcub::error_invalid_value);
  CHECK(sort::SortPairs(temp.data(), no_bytes, dk.data(), dv.data(), 3, less) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(out.download(), std::vector<int>{-7, -7, -7}, "untouched output");
  xcub_test::check_equal(dk.download(), keys, "untouched keys");
  xcub_test::check_equal(big_out.download(), std::vector<int>(static_cast<std::size_t>(many), -7), "untouched copy");
  // No items: null pointers are fine.
  two_phase([&](void* t, std::size_t& b) { return sort::SortPairs(t, b, null_int, null_int, 0, less); });
  two_phase([&](void* t, std::size_t& b) { return sort::SortKeysCopy(t, b, null_int, null_int, 0, less); });
}
