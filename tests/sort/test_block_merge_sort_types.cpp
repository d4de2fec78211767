// BlockMergeSort over key and value types and comparators: int8, int16, int64, uint64, float (with
// -0.0 next to 0.0, NaN-free) and double keys, rec12 keys ordered by two of their fields (the other
// fields show stability), values of 2, 4, 8 and 16 bytes; a descending order, an order that ties
// groups of 8 keys (stability of StableSort pairs), and partial tiles whose oob_default is not the
// largest key (valid keys then sort past valid_items). Each configuration runs half of the 8 methods
// (test_block_merge_sort.hpp), the two halves spread over the block shapes.
#include "test_block_merge_sort.hpp"

using namespace merge_sort_test;

TEST_CASE("BlockMergeSort: integer keys") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort integers");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_config<0, std::int8_t, std::uint16_t, 128, 1, 1, 3>(r, largest<std::int8_t>());
    check_config<1, std::int16_t, std::uint64_t, 100, 1, 1, 5>(r, largest<std::int16_t>());
    check_config<0, std::int64_t, v16, 64, 1, 1, 2>(r, largest<std::int64_t>());
    check_config<1, std::uint64_t, double, 33, 1, 1, 4>(r, largest<std::uint64_t>());
  });
}

TEST_CASE("BlockMergeSort: floating-point and struct keys") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort floats and structs");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_config<1, float, v16, 130, 1, 1, 3>(r, largest<float>());
    check_config<0, double, std::uint64_t, 16, 4, 1, 2>(r, largest<double>());
    check_config<0, rec12, std::uint32_t, 96, 1, 1, 7, rec12_order>(r, largest<rec12>());
    check_config<1, rec12, v16, 8, 4, 2, 3, rec12_order>(r, largest<rec12>());
  });
}

TEST_CASE("BlockMergeSort: comparators") {
  XCUB_TEST_CONTEXT();
  SUBCASE("descending") {
    auto rng = xcub_test::rng_for("BlockMergeSort descending");
    xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
      const auto low = std::numeric_limits<std::int32_t>::lowest();
      check_config<1, std::int32_t, std::uint32_t, 256, 1, 1, 3, descending>(r, low);
      check_config<0, double, std::uint64_t, 32, 1, 1, 15, descending>(r, -std::numeric_limits<double>::infinity());
    });
  }
  SUBCASE("groups of 8 keys tie") {
    auto rng = xcub_test::rng_for("BlockMergeSort coarse");
    xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
      const auto high = std::numeric_limits<std::int32_t>::max();
      check_config<0, std::int32_t, std::uint32_t, 128, 1, 1, 5, coarse>(r, high);
      check_config<1, std::int64_t, v16, 100, 1, 1, 2, coarse>(r, largest<std::int64_t>());
    });
  }
  SUBCASE("oob_default ordered before some valid keys") {
    auto rng = xcub_test::rng_for("BlockMergeSort oob");
    xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
      using K = std::int32_t;
      using V = std::uint32_t;
      check_methods<K, V, 64, 1, 1, 3, ascending>(r, 0, std::integer_sequence<int, partial | pairs | stable, partial>{});
      check_methods<K, V, 33, 1, 1, 4, ascending>(r, -1, std::integer_sequence<int, partial | pairs, partial | stable>{});
    });
  }
}
