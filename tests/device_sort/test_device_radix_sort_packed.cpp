// DeviceRadixSort with pairs packed into words between the first pass and the last (pack_pairs,
// onesweep_io.hpp) against the oracle: u32/u32 at every size around the tunings' tiles and portions,
// both forms (DoubleBuffer sorts do not pack: their result must not change either), both directions,
// bit subranges of one to six passes; every pair shape that packs (4-, 2- and 1-byte keys and values;
// float keys with their special values; float and struct values); shapes that do not pack (u16 keys
// with u32 values) through the same tuning; temp storage a byte short refused.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <utility>
#include <vector>

#include "radix_sort_support.hpp"

namespace {

using namespace xcub_radix_test;

/// A 4-byte value that is neither an integer nor a float: its bytes must come back as they went in.
struct rgba {
  std::uint8_t r, g, b, a;
  bool operator==(const rgba& o) const { return std::memcmp(this, &o, sizeof(rgba)) == 0; }
};

/// The values as the sort must leave them: the input's, in the oracle's order.
template <class V>
std::vector<V> values_in_order(const std::vector<V>& values, const std::vector<std::size_t>& order) {
  return xcub::reference::permuted(values, order);
}

template <class Tuning, bool DESC, class K, class V>
void check(const std::vector<K>& keys, const std::vector<V>& values, form f, int begin_bit, int end_bit) {
  INFO("begin_bit " << begin_bit << ", end_bit " << end_bit << ", descending " << DESC << ", DoubleBuffer "
                    << (f == form::double_buffer));
  const auto got = device_sort<Tuning, DESC>(keys, values, f, begin_bit, end_bit);
  const auto order = expected_order(keys, begin_bit, end_bit, DESC);
  xcub_test::check_equal(got.first, xcub::reference::permuted(keys, order), "keys");
  xcub_test::check_equal(got.second, values_in_order(values, order), "values (stability)");
}

/// Values that tell every input position apart (as far as the type's bits allow): a hash of
/// position >> shift (1-byte values repeat every 256 positions; a second sort with shift 8 tells
/// apart what the first cannot).
template <class V>
std::vector<V> values_for(std::size_t n, int shift = 0) {
  std::vector<V> v(n);
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t i = j >> shift;
    if constexpr (std::is_same_v<V, rgba>) {
      v[j] = rgba{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8), static_cast<std::uint8_t>(i >> 16),
                  static_cast<std::uint8_t>(i * 7)};
    } else if constexpr (std::is_floating_point_v<V>) {
      v[j] = static_cast<V>(i) * V(0.5) - V(1000);
    } else {
      v[j] = static_cast<V>(i * 2654435761u);
    }
  }
  return v;
}

template <class Tuning>
void sizes_and_forms(const char* name) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(name);
  for (std::size_t n : {0, 1, 2, 63, 64, 65, 511, 512, 513, 2047, 2048, 4097, 9000}) {
    INFO("n = " << n);
    auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
    const auto values = values_for<std::uint32_t>(n);
    check<Tuning, false>(keys, values, form::pointers, 0, 32);
    check<Tuning, true>(keys, values, form::pointers, 0, 32);
    for (auto& k : keys) k = static_cast<std::uint32_t>(rng() % 13) << 20;  // many equal keys
    check<Tuning, false>(keys, values, form::pointers, 0, 32);
    check<Tuning, true>(keys, values, form::pointers, 0, 32);
    check<Tuning, true>(keys, values, form::double_buffer, 0, 32);
  }
}

TEST_CASE("DeviceRadixSort packed pairs: u32/u32, every size (dynamic tiles, portions of 2047 keys)") {
  sizes_and_forms<packed_radix_tuning>("radix packed sizes dynamic");
}
TEST_CASE("DeviceRadixSort packed pairs: u32/u32, every size (static 96-thread tiles, warp-match ranks)") {
  sizes_and_forms<packed_odd_radix_tuning>("radix packed sizes odd");
}

TEST_CASE("DeviceRadixSort packed pairs: u32/u32, every size (words under the keys' policy, as on CUDA sm_90)") {
  sizes_and_forms<packed_match_radix_tuning>("radix packed sizes match");
}

#if !XCUB_BACKEND_KOKKOS  // the onesweep dispatch packs; Kokkos has an LSD dispatch of its own, which does not
TEST_CASE("DeviceRadixSort: how far ahead a onesweep tile prefetches, and which keys") {
  using xcub::detail::onesweep_prefetch_distance;
  using xcub::detail::onesweep_prefetch_span;
  // The distance: the policy's KiB of input in whole tiles, at least one; none without KiB.
  CHECK(onesweep_prefetch_distance(0, 8, 9216) == 0);
  CHECK(onesweep_prefetch_distance(1, 4, 512) == 1);
  CHECK(onesweep_prefetch_distance(8, 8, 512) == 2);
  CHECK(onesweep_prefetch_distance(6144, 8, 256 * 36) == 85);     // CUDA sm_90: u32/u32 pairs as words
  CHECK(onesweep_prefetch_distance(2048, 4, 384 * 32) == 42);     // CUDA sm_90: u32 keys
  // The span: tile t + d's keys, as the portion's tiles cut them, or none past the portion.
  auto rng = xcub_test::rng_for("radix prefetch span");
  for (int round = 0; round < 200; ++round) {
    const int tile_items = 1 + static_cast<int>(rng() % 700);
    const std::uint64_t portion_items = 1 + rng() % 20000;
    const int tiles = static_cast<int>((portion_items + tile_items - 1) / tile_items);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> cut;  // each tile's [begin, end), walking the keys
    for (std::uint64_t k = 0; k < portion_items; k += static_cast<std::uint64_t>(tile_items))
      cut.emplace_back(k, std::min<std::uint64_t>(k + static_cast<std::uint64_t>(tile_items), portion_items));
    REQUIRE(static_cast<int>(cut.size()) == tiles);
    const int distance = static_cast<int>(rng() % 5);
    INFO("tile_items " << tile_items << ", keys " << portion_items << ", distance " << distance);
    for (int t = 0; t < tiles; ++t) {
      const auto span = onesweep_prefetch_span<std::uint64_t>(t, distance, tile_items, tiles, portion_items);
      if (distance == 0 || t + distance >= tiles) {
        CHECK(span.count == 0);
      } else {
        CHECK(span.begin == cut[static_cast<std::size_t>(t + distance)].first);
        CHECK(span.begin + span.count == cut[static_cast<std::size_t>(t + distance)].second);
      }
    }
  }
}

TEST_CASE("DeviceRadixSort packed pairs: words take their own temp storage (the sorts do pack)") {
  // The same tuning with and without pack_pairs: words need n words for two passes and 2n for more,
  // where unpacked passes take n keys and n values (the pieces are aligned to 256 bytes).
  const std::size_t n = 5000;
  std::size_t packed = 0, unpacked = 0;
  xcub::device_buffer<std::uint32_t> keys(n), keys_out(n), values(n), values_out(n);  // sized, never sorted
  const std::uint32_t* k = keys.data();
  std::uint32_t* ko = keys_out.data();
  const std::uint32_t* v = values.data();
  std::uint32_t* vo = values_out.data();
  for (auto r : {std::pair{0, 12}, std::pair{0, 32}}) {
    INFO("bits [" << r.first << ", " << r.second << ")");
    CHECK(xcub::DeviceRadixSortTuned<packed_radix_tuning>::SortPairs(nullptr, packed, k, ko, v, vo, n, r.first,
                                                                     r.second) == xcub::success);
    CHECK(xcub::DeviceRadixSortTuned<unpacked_radix_tuning>::SortPairs(nullptr, unpacked, k, ko, v, vo, n, r.first,
                                                                       r.second) == xcub::success);
    // 2 passes: n words take the bytes of n keys and n values, so only [0, 32) tells packing apart.
    const std::size_t extra = r.second == 12 ? 0 : 8 * n;
    CHECK(packed + 1024 >= unpacked + extra);
    CHECK(packed <= unpacked + extra + 1024);
  }
}
#endif

TEST_CASE("DeviceRadixSort packed pairs: temp storage a byte short is refused before anything is written") {
  // The word buffers are part of the size the query reports: one byte less, for 2 passes (one word
  // buffer) and for 4 (two), must give error_invalid_value and leave the outputs as they were.
  const std::size_t n = 5000;
  const auto keys = std::vector<std::uint32_t>(n, 7u);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values_for<std::uint32_t>(n));
  xcub::device_buffer<std::uint32_t> keys_out(n), values_out(n);
  keys_out.fill_bytes(0x5A);
  values_out.fill_bytes(0x5A);
  const auto untouched = keys_out.download();
  using sorter = xcub::DeviceRadixSortTuned<packed_radix_tuning>;
  for (auto r : {std::pair{0, 12}, std::pair{0, 32}}) {
    INFO("bits [" << r.first << ", " << r.second << ")");
    std::size_t bytes = 0;
    XCUB_TEST_CALL(sorter::SortPairs(nullptr, bytes, d_keys.data(), keys_out.data(), d_values.data(),
                                     values_out.data(), n, r.first, r.second));
    REQUIRE(bytes > 8 * n);  // at least one word buffer
    xcub::device_buffer<unsigned char> temp(bytes);
    std::size_t short_bytes = bytes - 1;
    CHECK(sorter::SortPairs(temp.data(), short_bytes, d_keys.data(), keys_out.data(), d_values.data(),
                            values_out.data(), n, r.first, r.second) == xcub::error_invalid_value);
    CHECK(sorter::SortPairsDescending(temp.data(), short_bytes, d_keys.data(), keys_out.data(), d_values.data(),
                                      values_out.data(), n, r.first, r.second) == xcub::error_invalid_value);
  }
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(keys_out.download(), untouched, "keys after rejected calls");
  xcub_test::check_equal(values_out.download(), untouched, "values after rejected calls");
}

TEST_CASE("DeviceRadixSort packed pairs: tiles whose keys share one digit go out unranked, in order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix packed uniform tiles");
  // Runs of 900 equal keys (most tiles of every pass have one digit: the short circuit, in the pass
  // that packs, the word passes and the one that splits), and keys below 256.
  for (std::size_t n : {std::size_t{6000}, std::size_t{8193}}) {
    const auto keys = run_keys(n, 900, rng);
    const auto low = low_byte_keys(n, rng);
    const auto values = values_for<std::uint32_t>(n);
    for (const auto* k : {&keys, &low}) {
      check<packed_radix_tuning, false>(*k, values, form::pointers, 0, 32);
      check<packed_radix_tuning, true>(*k, values, form::pointers, 0, 32);
      check<packed_match_radix_tuning, false>(*k, values, form::pointers, 0, 32);
    }
  }
}

TEST_CASE("DeviceRadixSort packed pairs: bit subranges of one to six passes") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix packed bits");
  const auto keys = xcub_test::random_vector<std::uint32_t>(5000, rng);
  const auto values = values_for<std::uint32_t>(keys.size());
  // 6-bit digits: [3, 9) one pass (no words), [0, 12) two (one word buffer), [5, 23) three, [1, 30)
  // five, [1, 32) six.
  for (auto r : {std::pair{3, 9}, std::pair{0, 12}, std::pair{5, 23}, std::pair{1, 30}, std::pair{1, 32},
                 std::pair{31, 32}, std::pair{8, 32}}) {
    check<packed_radix_tuning, false>(keys, values, form::pointers, r.first, r.second);
    check<packed_radix_tuning, true>(keys, values, form::pointers, r.first, r.second);
  }
}

template <class Tuning, class K, class V>
void check_shape(const char* name) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(name);
  constexpr int bits = static_cast<int>(sizeof(K) * 8);
  for (std::size_t n : {std::size_t{1}, std::size_t{700}, std::size_t{6000}}) {
    INFO("n = " << n);
    const auto keys = xcub_test::random_keys_with_specials<K>(n, rng);
    const auto values = values_for<V>(n);
    check<Tuning, false>(keys, values, form::pointers, 0, bits);
    check<Tuning, true>(keys, values, form::pointers, 0, bits);
    check<Tuning, false>(keys, values, form::pointers, bits / 4 + 1, bits - 1);  // a bit range inside
    if constexpr (sizeof(V) == 1) {  // equal keys 256 positions apart: told apart by position >> 8
      const auto high = values_for<V>(n, 8);
      check<Tuning, false>(keys, high, form::pointers, 0, bits);
      check<Tuning, false>(keys, high, form::pointers, bits / 4 + 1, bits - 1);
    }
  }
}

TEST_CASE("DeviceRadixSort packed pairs: every pair shape that packs, and one that does not") {
  check_shape<packed_radix_tuning, float, std::uint32_t>("radix packed f32/u32");
  check_shape<packed_radix_tuning, std::int32_t, float>("radix packed i32/f32");
  check_shape<packed_radix_tuning, std::uint32_t, rgba>("radix packed u32/rgba");
  check_shape<packed_radix_tuning, std::int16_t, std::uint16_t>("radix packed i16/u16");   // 32-bit words
  check_shape<packed_radix_tuning, std::uint16_t, std::uint32_t>("radix packed u16/u32");  // does not pack
  // 16-bit words in two passes (the static tiles: a dynamic tile of 1-byte keys is smaller than the rank's storage)
  check_shape<packed_odd_radix_tuning, std::uint8_t, std::int8_t>("radix packed u8/i8");
}

/// A 4-byte struct key: as wide as a 4-byte value, but decomposed keys never pack.
struct two_halves {
  std::uint16_t lo;
  std::int16_t hi;
};
struct two_halves_decomposer {
  XCUB_HOST_DEVICE std::tuple<std::int16_t&, std::uint16_t&> operator()(two_halves& k) const { return {k.hi, k.lo}; }
};

TEST_CASE("DeviceRadixSort packed pairs: 4-byte struct keys through a decomposer do not pack, and sort") {
  XCUB_TEST_CONTEXT();
  namespace ref = xcub::reference;
  auto rng = xcub_test::rng_for("radix packed decomposer");
  std::vector<two_halves> keys(3000);
  for (auto& k : keys) k = {static_cast<std::uint16_t>(rng() % 5), static_cast<std::int16_t>(static_cast<int>(rng() % 7) - 3)};
  const auto values = values_for<std::uint32_t>(keys.size());
  for (bool desc : {false, true}) {
    INFO("descending " << desc);
    const auto order = expected_order(keys, ref::radix_less_decomposed<two_halves, two_halves_decomposer>{{}, 0, 32, desc});
    const auto got = desc ? device_sort<packed_radix_tuning, true>(keys, values, form::pointers, two_halves_decomposer{})
                          : device_sort<packed_radix_tuning, false>(keys, values, form::pointers, two_halves_decomposer{});
    xcub_test::check_equal(got.second, values_in_order(values, order), "values (the oracle's order)");
    const auto words = [](const std::vector<two_halves>& v) {
      std::vector<std::uint32_t> w(v.size());
      if (!v.empty()) std::memcpy(w.data(), v.data(), v.size() * sizeof(two_halves));
      return w;
    };
    xcub_test::check_equal(words(got.first), words(xcub::reference::permuted(keys, order)), "keys (their bytes)");
  }
}

TEST_CASE("DeviceRadixSort packed pairs: no packing where the words' policy has other digits than the pairs'") {
  // packed_mismatch_radix_tuning asks for words, but its keys-alone policy has 5-bit digits against
  // the pairs' 8: the sort runs unpacked (the temp storage of pack_pairs off) and sorts.
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix packed mismatch");
  const std::size_t n = 3000;
  const auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
  const auto values = values_for<std::uint32_t>(n);
  check<packed_mismatch_radix_tuning, false>(keys, values, form::pointers, 0, 32);
  check<packed_mismatch_radix_tuning, true>(keys, values, form::pointers, 0, 32);
  std::size_t asked = 0, unpacked = 0;
  xcub::device_buffer<std::uint32_t> k(n), ko(n), v(n), vo(n);  // sized, never sorted
  using unpacked_mismatch = pack_pairs_as<packed_mismatch_radix_tuning, false>;
  XCUB_TEST_CALL(xcub::DeviceRadixSortTuned<packed_mismatch_radix_tuning>::SortPairs(
      nullptr, asked, k.data(), ko.data(), v.data(), vo.data(), n));
  XCUB_TEST_CALL(xcub::DeviceRadixSortTuned<unpacked_mismatch>::SortPairs(
      nullptr, unpacked, k.data(), ko.data(), v.data(), vo.data(), n));
  CHECK(asked == unpacked);
}

}  // namespace
