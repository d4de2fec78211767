// DeviceSegmentedRadixSort: SortKeys, SortPairs and their Descending forms, with pointers and
// DoubleBuffers, against the oracle: segments of 0, 1, small, around the logical-warp and tile
// bounds, several tiles and one huge; contiguous and scattered (gaps, any order, ends before
// begins); keys u8 / i32 / u32 / u64 / float / double (-0.0, NaN, inf) with many duplicates;
// values = positions (stability); bit subranges (begin_bit == end_bit: an error); tunings that send short
// segments down every path; every bad input.
#include <cstdint>
#include <vector>

#include <xcub/device/device_segmented_radix_sort.hpp>

#include "segmented_sort_test_support.hpp"

using namespace xcub_segsort_test;

namespace {

/// Logical warps of 2 lanes x 2 items (segments up to 4), tiles of one warp, 3-bit digits (11
/// passes for 32 bits), groups of 3 segments.
struct tiny_tuning {
  template <class K>
  static constexpr xcub::detail::segmented_sort_policy policy(int) {
    return {xcub::arch::warp_threads, 1, 3, 2, 2, 3};
  }
  static constexpr int oversubscription = 1;
};
using host_default = xcub::tuning::segmented_sort;

/// One sort of `keys` on layout `l` by bits [bb, eb): pairs or keys, ascending or descending,
/// pointers or DoubleBuffer, through DeviceSegmentedRadixSortTuned<Tuning>.
template <class Tuning, bool PAIRS, bool DESC, class K>
void check(const std::vector<K>& keys, const layout& l, bool db, std::mt19937_64& rng, int bb = 0,
           int eb = static_cast<int>(sizeof(K) * 8)) {
  using seg = xcub::DeviceSegmentedRadixSortTuned<Tuning>;
  INFO("bits [" << bb << ", " << eb << ")" << (DESC ? " descending" : "") << (PAIRS ? " pairs" : " keys"));
  const xcub::reference::radix_less<K> less(bb, eb, DESC);
  check_sort<PAIRS>(keys, l, less, db, rng,
                    [&](void* t, std::size_t& bytes, auto& kdb, auto& vdb, std::size_t n, std::size_t s,
                        const int* b, const int* e) {
                      if constexpr (PAIRS && !DESC) {
                        return db ? seg::SortPairs(t, bytes, kdb, vdb, n, s, b, e, bb, eb)
                                  : seg::SortPairs(t, bytes, kdb.Current(), kdb.Alternate(), vdb.Current(),
                                                   vdb.Alternate(), n, s, b, e, bb, eb);
                      } else if constexpr (PAIRS && DESC) {
                        return db ? seg::SortPairsDescending(t, bytes, kdb, vdb, n, s, b, e, bb, eb)
                                  : seg::SortPairsDescending(t, bytes, kdb.Current(), kdb.Alternate(), vdb.Current(),
                                                             vdb.Alternate(), n, s, b, e, bb, eb);
                      } else if constexpr (!DESC) {
                        return db ? seg::SortKeys(t, bytes, kdb, n, s, b, e, bb, eb)
                                  : seg::SortKeys(t, bytes, kdb.Current(), kdb.Alternate(), n, s, b, e, bb, eb);
                      } else {
                        return db ? seg::SortKeysDescending(t, bytes, kdb, n, s, b, e, bb, eb)
                                  : seg::SortKeysDescending(t, bytes, kdb.Current(), kdb.Alternate(), n, s, b, e, bb,
                                                            eb);
                      }
                    });
}

/// Sizes around every bound of the tuning: 0, 1, the logical warp's, the tile's, several tiles.
template <class Tuning, class K>
std::vector<std::size_t> bound_sizes() {
  constexpr auto p = Tuning::template policy<K>(0);
  const std::size_t sw = static_cast<std::size_t>(p.small_items_max()), tile = static_cast<std::size_t>(p.tile_items());
  return {0, 1, 2, sw - 1, sw, sw + 1, tile - 1, tile, tile + 1, 3 * tile + 5, 1, 0, sw + 2, 2 * tile};
}

/// The layouts every key type runs on: the bounds contiguous and scattered, random mixes.
template <class Tuning, class K>
std::vector<layout> layouts(std::mt19937_64& rng) {
  const std::vector<std::size_t> bounds = bound_sizes<Tuning, K>();
  constexpr auto p = Tuning::template policy<K>(0);
  return {contiguous(bounds), scattered(bounds, rng), scattered(random_sizes(70, 3 * p.small_items_max(), rng), rng),
          contiguous(random_sizes(23, 2 * p.tile_items() + 3, rng)), contiguous({})};
}

}  // namespace

TEST_CASE_TEMPLATE("device segmented radix sort: u32 pairs, every path and form", Tuning, host_default, tiny_tuning) {
  auto rng = xcub_test::rng_for("segmented radix sort u32");
  XCUB_TEST_CONTEXT();
  for (const layout& l : layouts<Tuning, std::uint32_t>(rng)) {
    const auto keys = random_keys<std::uint32_t>(l.items, rng, rng() % 2 ? 0 : 9);
    for (const bool db : {false, true}) {
      check<Tuning, true, false, std::uint32_t>(keys, l, db, rng);
      check<Tuning, true, true, std::uint32_t>(keys, l, db, rng);
    }
  }
}

TEST_CASE("device segmented radix sort: keys only, one huge segment, bit subranges") {
  auto rng = xcub_test::rng_for("segmented radix sort keys");
  XCUB_TEST_CONTEXT();
  const layout huge = contiguous({3, 5000, 0, 2});
  const auto keys = random_keys<std::uint32_t>(huge.items, rng);
  check<host_default, false, false, std::uint32_t>(keys, huge, false, rng);
  check<host_default, false, true, std::uint32_t>(keys, huge, true, rng);
  for (const layout& l : layouts<host_default, std::uint32_t>(rng)) {
    const auto k = random_keys<std::uint32_t>(l.items, rng);
    for (const auto& [bb, eb] : std::vector<std::pair<int, int>>{{4, 13}, {0, 1}, {7, 32}, {31, 32}}) {
      check<host_default, false, false, std::uint32_t>(k, l, false, rng, bb, eb);
      check<host_default, false, true, std::uint32_t>(k, l, true, rng, bb, eb);
    }
  }
  // pairs on a subrange: stability among keys equal on the bits
  const layout l = scattered(random_sizes(40, 40, rng), rng);
  check<host_default, true, false, std::uint32_t>(random_keys<std::uint32_t>(l.items, rng), l, false, rng, 3, 9);
}

TEST_CASE("device segmented radix sort: key types") {
  auto rng = xcub_test::rng_for("segmented radix sort types");
  XCUB_TEST_CONTEXT();
  for (const layout& l : layouts<host_default, std::uint8_t>(rng)) {
    check<host_default, true, false, std::uint8_t>(random_keys<std::uint8_t>(l.items, rng), l, false, rng);
    check<host_default, false, true, std::int32_t>(random_keys<std::int32_t>(l.items, rng, 50), l, true, rng);
    check<host_default, true, true, std::uint64_t>(random_keys<std::uint64_t>(l.items, rng), l, false, rng);
    check<host_default, false, false, std::uint64_t>(random_keys<std::uint64_t>(l.items, rng), l, true, rng, 20, 61);
    const auto floats = special_floats<float>(l.items, rng);
    check<host_default, true, false, float>(floats, l, false, rng);
    check<host_default, true, true, float>(floats, l, true, rng);
#if XCUB_TEST_MATRIX_FULL
    check<host_default, true, false, double>(special_floats<double>(l.items, rng), l, true, rng);
    check<host_default, false, true, std::int16_t>(random_keys<std::int16_t>(l.items, rng, 100), l, false, rng);
    check<tiny_tuning, true, true, std::int64_t>(random_keys<std::int64_t>(l.items, rng), l, true, rng);
#ifdef __SIZEOF_INT128__
    check<host_default, true, false, __int128>(random_keys<__int128>(l.items, rng), l, false, rng, 60, 128);
#endif
#endif
  }
}

TEST_CASE("device segmented radix sort: int64 offsets and counts") {
  auto rng = xcub_test::rng_for("segmented radix sort offsets");
  XCUB_TEST_CONTEXT();
  const layout l = scattered(random_sizes(50, 30, rng), rng);
  const auto keys = random_keys<std::uint32_t>(l.items, rng, 7);
  const std::vector<std::int64_t> b(l.begin.begin(), l.begin.end()), e(l.end.begin(), l.end.end());
  auto d_in = to_device(keys);
  auto d_b = to_device(b), d_e = to_device(e);
  const auto before = random_keys<std::uint32_t>(l.items, rng);
  auto d_out = to_device(before);
  const long long n = static_cast<long long>(l.items), s = static_cast<long long>(b.size());
  two_phase([&](void* t, std::size_t& bytes) {
    return xcub::DeviceSegmentedRadixSort::SortKeys(t, bytes, d_in.data(), d_out.data(), n, s, d_b.data(), d_e.data());
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::segmented_stable_sort(
                                               keys, before, l.begin, l.end, xcub::reference::radix_less<std::uint32_t>()),
                         "keys");
}

TEST_CASE("device segmented radix sort: bad input returns error_invalid_value and writes nothing") {
  using seg = xcub::DeviceSegmentedRadixSort;
  const std::vector<int> host_keys = {5, 3, 9, 1}, host_offsets = {0, 2, 4};
  auto d_in = to_device(host_keys), d_off = to_device(host_offsets);
  auto d_out = to_device(std::vector<int>(4, -1));
  auto d_vin = to_device(std::vector<int>{0, 1, 2, 3});
  auto d_vout = to_device(std::vector<int>(4, -1));
  const int* in = d_in.data();
  int* out = d_out.data();
  const int* offs = d_off.data();
  const int* null_in = nullptr;
  int* null_out = nullptr;
  std::size_t bytes = 0;
  REQUIRE(seg::SortKeys(nullptr, bytes, in, out, 4, 2, offs, offs + 1) == xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  std::size_t b = bytes;
  CHECK(seg::SortKeys(t, b, in, out, -1, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, -1, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, offs + 1, -1, 32) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, offs + 1, 0, 33) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, offs + 1, 9, 8) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, offs + 1, 9, 9) == xcub::error_invalid_value);  // no bits
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, offs + 1, 0, 0) == xcub::error_invalid_value);
  CHECK(seg::SortKeysDescending(t, b, null_in, out, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, null_out, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortPairs(t, b, in, out, null_in, d_vout.data(), 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortPairsDescending(t, b, in, out, d_vin.data(), null_out, 4, 2, offs, offs + 1) ==
        xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, null_in, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::SortKeys(t, b, in, out, 4, 2, offs, null_in) == xcub::error_invalid_value);
  std::size_t small = bytes - 1;
  CHECK(seg::SortKeys(t, small, in, out, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  xcub::DoubleBuffer<int> kdb(d_in.data(), nullptr);
  CHECK(seg::SortKeys(t, b, kdb, 4, 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(kdb.selector == 0);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>(4, -1), "keys out untouched");
  xcub_test::check_equal(d_vout.download(), std::vector<int>(4, -1), "values out untouched");
  xcub_test::check_equal(d_in.download(), host_keys, "keys in untouched");
  // no items, no segments: success, nothing written
  CHECK(seg::SortKeys(t, b, null_in, null_out, 0, 0, null_in, null_in) == xcub::success);
}
