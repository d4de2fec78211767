// BlockScan over every type class: signed and unsigned integers of 8 to 64 bits, float and double
// (sums of small integers, exact; Max and Min of anything), and a 12-byte struct, each on a few
// algorithms and block sizes (every method, see test_block_scan.hpp).
#include "test_block_scan.hpp"

#include <limits>

using namespace block_scan_test;
using xcub::BLOCK_SCAN_RAKING;
using xcub::BLOCK_SCAN_RAKING_MEMOIZE;
using xcub::BLOCK_SCAN_WARP_SCANS;

TEST_CASE_TEMPLATE("block scan: every type, Sum, Max and Min", T, std::int8_t, std::int16_t, std::int64_t, std::uint64_t,
                   float, double) {
  XCUB_TEST_CONTEXT();
  SUBCASE("Sum") {
    run<T, 128, 1, 1, BLOCK_SCAN_WARP_SCANS, 3, false, xcub::Sum>(static_cast<T>(2), "scan types sum warp");
    run<T, 100, 1, 1, BLOCK_SCAN_RAKING, 1, true, xcub::Sum>(static_cast<T>(2), "scan types sum raking");
  }
  SUBCASE("Max") {
    run<T, 33, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 2, false, xcub::Max>(std::numeric_limits<T>::lowest(),
                                                                     "scan types max memoize");
  }
  SUBCASE("Min") {
    run<T, 16, 4, 1, BLOCK_SCAN_RAKING, 5, false, xcub::Min>(std::numeric_limits<T>::max(), "scan types min raking");
  }
}

TEST_CASE("block scan: a 12-byte struct") {
  XCUB_TEST_CONTEXT();
  const xcub_test::rec12 seed{1, 2, 3, 4, 5};
  run<xcub_test::rec12, 64, 1, 1, BLOCK_SCAN_WARP_SCANS, 2, false, rec12_add>(seed, "scan rec12 warp");
  run<xcub_test::rec12, 130, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 1, true, rec12_add>(seed, "scan rec12 memoize");
}
