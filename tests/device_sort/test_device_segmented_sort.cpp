// DeviceSegmentedSort: SortKeys, SortPairs, StableSortKeys, StableSortPairs and their Descending
// forms, with pointers and DoubleBuffers, against the oracle (CUB's radix order of the whole key,
// stable): segments around every path's bounds, contiguous and scattered; u32 pairs with many
// duplicates (stability), float keys with -0.0, NaN and inf; every bad input.
#include <cstdint>
#include <vector>

#include <xcub/device/device_segmented_sort.hpp>

#include "segmented_sort_test_support.hpp"

using namespace xcub_segsort_test;

namespace {

/// Logical warps of a whole warp with one item each, tiles of 2 warps x 2, 4-bit digits.
struct warp_tuning {
  template <class K>
  static constexpr xcub::detail::segmented_sort_policy policy(int) {
    return {2 * xcub::arch::warp_threads, 2, 4, xcub::arch::warp_threads, 1, 5};
  }
  static constexpr int oversubscription = 1;
};
using host_default = xcub::tuning::segmented_sort;

enum method { sort, stable_sort };

template <class Tuning, method M, bool PAIRS, bool DESC, class K>
void check(const std::vector<K>& keys, const layout& l, bool db, std::mt19937_64& rng) {
  using seg = xcub::DeviceSegmentedSortTuned<Tuning>;
  INFO((M == sort ? "Sort" : "StableSort") << (PAIRS ? "Pairs" : "Keys") << (DESC ? "Descending" : ""));
  const xcub::reference::radix_less<K> less(0, static_cast<int>(sizeof(K) * 8), DESC);
  check_sort<PAIRS>(keys, l, less, db, rng,
                    [&](void* t, std::size_t& bytes, auto& kdb, auto& vdb, std::size_t n, std::size_t s,
                        const int* b, const int* e) {
                      K* kin = kdb.Current();
                      K* kout = kdb.Alternate();
                      if constexpr (PAIRS) {
                        int* vin = vdb.Current();
                        int* vout = vdb.Alternate();
                        if constexpr (M == sort && !DESC)
                          return db ? seg::SortPairs(t, bytes, kdb, vdb, n, s, b, e)
                                    : seg::SortPairs(t, bytes, kin, kout, vin, vout, n, s, b, e);
                        else if constexpr (M == sort && DESC)
                          return db ? seg::SortPairsDescending(t, bytes, kdb, vdb, n, s, b, e)
                                    : seg::SortPairsDescending(t, bytes, kin, kout, vin, vout, n, s, b, e);
                        else if constexpr (!DESC)
                          return db ? seg::StableSortPairs(t, bytes, kdb, vdb, n, s, b, e)
                                    : seg::StableSortPairs(t, bytes, kin, kout, vin, vout, n, s, b, e);
                        else
                          return db ? seg::StableSortPairsDescending(t, bytes, kdb, vdb, n, s, b, e)
                                    : seg::StableSortPairsDescending(t, bytes, kin, kout, vin, vout, n, s, b, e);
                      } else {
                        if constexpr (M == sort && !DESC)
                          return db ? seg::SortKeys(t, bytes, kdb, n, s, b, e)
                                    : seg::SortKeys(t, bytes, kin, kout, n, s, b, e);
                        else if constexpr (M == sort && DESC)
                          return db ? seg::SortKeysDescending(t, bytes, kdb, n, s, b, e)
                                    : seg::SortKeysDescending(t, bytes, kin, kout, n, s, b, e);
                        else if constexpr (!DESC)
                          return db ? seg::StableSortKeys(t, bytes, kdb, n, s, b, e)
                                    : seg::StableSortKeys(t, bytes, kin, kout, n, s, b, e);
                        else
                          return db ? seg::StableSortKeysDescending(t, bytes, kdb, n, s, b, e)
                                    : seg::StableSortKeysDescending(t, bytes, kin, kout, n, s, b, e);
                      }
                    });
}

template <class Tuning>
std::vector<layout> layouts(std::mt19937_64& rng) {
  constexpr auto p = Tuning::template policy<std::uint32_t>(0);
  const std::size_t sw = static_cast<std::size_t>(p.small_items_max()), tile = static_cast<std::size_t>(p.tile_items());
  const std::vector<std::size_t> bounds = {0, 1, sw - 1, sw, sw + 1, tile - 1, tile, tile + 1, 4 * tile + 3, 2, 0};
  return {contiguous(bounds), scattered(bounds, rng), scattered(random_sizes(60, 2 * sw + 3, rng), rng),
          contiguous(random_sizes(17, 3 * tile, rng))};
}

}  // namespace

TEST_CASE_TEMPLATE("device segmented sort: u32 pairs and keys, every method and form", Tuning, host_default,
                   warp_tuning) {
  auto rng = xcub_test::rng_for("segmented sort u32");
  XCUB_TEST_CONTEXT();
  for (const layout& l : layouts<Tuning>(rng)) {
    const auto keys = random_keys<std::uint32_t>(l.items, rng, rng() % 2 ? 0 : 11);
    for (const bool db : {false, true}) {
      check<Tuning, stable_sort, true, false, std::uint32_t>(keys, l, db, rng);
      check<Tuning, stable_sort, true, true, std::uint32_t>(keys, l, db, rng);
      // Sort* run the same (stable) engine: the oracle is the stable one for them too
      check<Tuning, sort, true, false, std::uint32_t>(keys, l, db, rng);
      check<Tuning, sort, false, true, std::uint32_t>(keys, l, db, rng);
      if constexpr (every_method<Tuning, host_default>) {
        check<Tuning, sort, true, true, std::uint32_t>(keys, l, db, rng);
        check<Tuning, sort, false, false, std::uint32_t>(keys, l, db, rng);
        check<Tuning, stable_sort, false, false, std::uint32_t>(keys, l, db, rng);
        check<Tuning, stable_sort, false, true, std::uint32_t>(keys, l, db, rng);
      }
    }
  }
}

TEST_CASE("device segmented sort: float keys (-0.0, NaN, inf), i64 pairs") {
  auto rng = xcub_test::rng_for("segmented sort float");
  XCUB_TEST_CONTEXT();
  for (const layout& l : layouts<host_default>(rng)) {
    const auto keys = special_floats<float>(l.items, rng);
    check<host_default, stable_sort, true, false, float>(keys, l, false, rng);
    check<host_default, sort, false, true, float>(keys, l, true, rng);
    check<host_default, stable_sort, true, true, std::int64_t>(random_keys<std::int64_t>(l.items, rng, 40), l, true,
                                                              rng);
  }
}

TEST_CASE("device segmented sort: bad input returns error_invalid_value and writes nothing") {
  using seg = xcub::DeviceSegmentedSort;
  const std::vector<float> host_keys = {5, 3, 9, 1};
  const std::vector<int> host_offsets = {0, 2, 4};
  auto d_in = to_device(host_keys);
  auto d_off = to_device(host_offsets);
  auto d_out = to_device(std::vector<float>(4, -1.f));
  auto d_vin = to_device(std::vector<int>{0, 1, 2, 3});
  auto d_vout = to_device(std::vector<int>(4, -1));
  const float* in = d_in.data();
  float* out = d_out.data();
  const int* offs = d_off.data();
  const float* null_in = nullptr;
  float* null_out = nullptr;
  const int* null_offs = nullptr;
  int* null_values = nullptr;
  std::size_t bytes = 0;
  REQUIRE(seg::SortPairs(nullptr, bytes, in, out, d_vin.data(), d_vout.data(), 4, 2, offs, offs + 1) ==
          xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  std::size_t b = bytes;
  CHECK(seg::SortKeys(t, b, in, out, -4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::StableSortKeys(t, b, in, out, 4, -2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortKeysDescending(t, b, null_in, out, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::StableSortKeysDescending(t, b, in, null_out, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortPairs(t, b, in, out, d_vin.data(), null_values, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::StableSortPairs(t, b, in, out, static_cast<const int*>(nullptr), d_vout.data(), 4, 2, offs, offs + 1) ==
        xcub::error_invalid_value);
  CHECK(seg::SortPairsDescending(t, b, in, out, d_vin.data(), d_vout.data(), 4, 2, null_offs, offs + 1) ==
        xcub::error_invalid_value);
  CHECK(seg::StableSortPairsDescending(t, b, in, out, d_vin.data(), d_vout.data(), 4, 2, offs, null_offs) ==
        xcub::error_invalid_value);
  std::size_t small = bytes - 1;
  CHECK(seg::SortPairs(t, small, in, out, d_vin.data(), d_vout.data(), 4, 2, offs, offs + 1) ==
        xcub::error_invalid_value);
  xcub::DoubleBuffer<float> kdb(d_out.data(), d_out.data() + 0);
  xcub::DoubleBuffer<int> vdb(d_vout.data(), nullptr);
  CHECK(seg::SortPairs(t, b, kdb, vdb, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<float>(4, -1.f), "keys out untouched");
  xcub_test::check_equal(d_vout.download(), std::vector<int>(4, -1), "values out untouched");
}
