// BlockRadixSort, key-value pairs: 8-, 12- (xcub_test::rec12) and 16-byte values (each carries its item's tile position, so
// the values show whether the sort is stable), keys with many duplicates, every method, subranges,
// 1- to 8-byte keys, odd block sizes and 2D blocks, 6-bit digits in blocks of 8 warps. Expectations
// come from the oracle (xcub/reference/radix.hpp, sort.hpp).
#include "test_block_radix_sort.hpp"

using namespace brs_test;

TEST_CASE("BlockRadixSort: pairs with 8- and 16-byte values, every method") {
  XCUB_TEST_CONTEXT();
  run("block radix sort pairs", [](std::mt19937_64& r) {
    using a = config<std::int32_t, std::uint64_t, 128, 4>;
    using b = config<std::uint64_t, value16, 64, 3>;
    using c = config<float, value16, 100, 5, 5>;
    using d = config<std::int8_t, std::uint64_t, 16, 7, 3, false, xcub::BLOCK_SCAN_WARP_SCANS, 4>;
    check_sort<a, sort_asc>(draw_keys<std::int32_t>(2 * a::tile, r), -1, -1, r, "random");
    check_sort<a, sort_desc>(draw_keys<std::int32_t>(2 * a::tile, r), -1, -1, r, "random");
    check_sort<a, sort_asc_striped>(draw_keys<std::int32_t>(2 * a::tile, r), -1, -1, r, "random");
    check_sort<a, sort_desc_striped>(draw_keys<std::int32_t>(2 * a::tile, r), -1, -1, r, "random");
    check_sort<b, sort_asc>(draw_keys<std::uint64_t>(2 * b::tile, r), -1, -1, r, "random");
    check_sort<b, sort_desc_striped>(draw_keys<std::uint64_t>(2 * b::tile, r), -1, -1, r, "random");
    check_sort<c, sort_desc>(draw_special_floats<float>(2 * c::tile, r), -1, -1, r, "special floats");
    check_sort<c, sort_asc_striped>(draw_special_floats<float>(2 * c::tile, r), -1, -1, r, "special floats");
    check_sort<d, sort_asc>(draw_keys<std::int8_t>(2 * d::tile, r), -1, -1, r, "random");
    using e = config<std::uint16_t, xcub_test::rec12, 130, 3>;  // 12-byte values
    check_sort<e, sort_desc_striped>(draw_keys<std::uint16_t>(2 * e::tile, r, 9), -1, -1, r, "9 distinct keys");
  });
}

TEST_CASE("BlockRadixSort: pairs with many duplicate keys keep their input order (stability), both directions") {
  XCUB_TEST_CONTEXT();
  run("block radix sort stability", [](std::mt19937_64& r) {
    using a = config<std::uint32_t, std::uint64_t, 96, 6>;
    using b = config<std::int16_t, value16, 130, 3, 4, false>;
    using c = config<double, std::uint64_t, 33, 4>;
    check_sort<a, sort_asc>(draw_keys<std::uint32_t>(2 * a::tile, r, 3), -1, -1, r, "3 distinct keys");
    check_sort<a, sort_desc>(draw_keys<std::uint32_t>(2 * a::tile, r, 17), -1, -1, r, "17 distinct keys");
    check_sort<a, sort_desc_striped>(draw_keys<std::uint32_t>(2 * a::tile, r, 1), -1, -1, r, "one key");
    check_sort<b, sort_asc_striped>(draw_keys<std::int16_t>(2 * b::tile, r, 5), -1, -1, r, "5 distinct keys");
    check_sort<b, sort_desc>(draw_keys<std::int16_t>(2 * b::tile, r, 40), -1, -1, r, "40 distinct keys");
    check_sort<c, sort_asc>(draw_keys<double>(2 * c::tile, r, 4), -1, -1, r, "4 distinct keys");
    // Subranges make equal keys of unequal ones: the values must still keep their order.
    check_sort<a, sort_asc>(draw_keys<std::uint32_t>(2 * a::tile, r), 8, 11, r, "bits 8..11");
    check_sort<a, sort_desc_striped>(draw_keys<std::uint32_t>(2 * a::tile, r), 31, 32, r, "the top bit");
    check_sort<b, sort_desc>(draw_keys<std::int16_t>(2 * b::tile, r), 3, 3, r, "no bits");
  });
}

TEST_CASE("BlockRadixSort: pairs with 6-bit digits in blocks of 8 warps (the ordered fold of the warps' totals)") {
  XCUB_TEST_CONTEXT();
  // block_radix_sort_passes ranks these with the ordered fold (rank_fold): 256 threads, and a
  // 32 x 8 block without the memoized scan; keys of few values check stability through it.
  run("block radix sort pairs ordered fold", [](std::mt19937_64& r) {
    using a = config<std::uint32_t, std::uint64_t, 256, 4, 6>;
    using b = config<std::int32_t, value16, 32, 3, 6, false, xcub::BLOCK_SCAN_WARP_SCANS, 8>;
    check_sort<a, sort_asc>(draw_keys<std::uint32_t>(2 * a::tile, r), -1, -1, r, "random");
    check_sort<a, sort_desc_striped>(draw_keys<std::uint32_t>(2 * a::tile, r, 70), -1, -1, r, "70 distinct keys");
    check_sort<b, sort_desc>(draw_keys<std::int32_t>(2 * b::tile, r, 9), -1, -1, r, "9 distinct keys");
    check_sort<b, sort_asc_striped>(draw_keys<std::int32_t>(2 * b::tile, r), 5, 17, r, "bits 5..17");
  });
}
