// BlockScan: every method (see test_block_scan.hpp) of every algorithm, on block sizes with whole
// warps, with a partial last warp (WARP_SCANS falls back to RAKING there), smaller than a warp
// (one warp scan) and 2D/3D shapes, one and several items per thread, int sums and a
// non-commutative operator.
#include "test_block_scan.hpp"

using namespace block_scan_test;
using xcub::BLOCK_SCAN_RAKING;
using xcub::BLOCK_SCAN_RAKING_MEMOIZE;
using xcub::BLOCK_SCAN_WARP_SCANS;

TEST_CASE("block scan: int sums, every algorithm and block shape") {
  XCUB_TEST_CONTEXT();
  using S = xcub::Sum;
  using T = std::int32_t;
  SUBCASE("RAKING") {
    run<T, 32, 1, 1, BLOCK_SCAN_RAKING, 1, true, S>(3, "scan raking 32");
    run<T, 128, 1, 1, BLOCK_SCAN_RAKING, 4, false, S>(3, "scan raking 128x4");
    run<T, 100, 1, 1, BLOCK_SCAN_RAKING, 3, false, S>(3, "scan raking 100x3");
    run<T, 1, 1, 1, BLOCK_SCAN_RAKING, 2, false, S>(3, "scan raking 1x2");
    run<T, 16, 4, 1, BLOCK_SCAN_RAKING, 1, false, S>(3, "scan raking 16x4");
    run<T, 1024, 1, 1, BLOCK_SCAN_RAKING, 1, true, S>(3, "scan raking 1024");
  }
  SUBCASE("RAKING_MEMOIZE") {
    run<T, 96, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 1, true, S>(3, "scan memoize 96");
    run<T, 130, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 5, false, S>(3, "scan memoize 130x5");
    run<T, 5, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 1, true, S>(3, "scan memoize 5");
    run<T, 8, 4, 2, BLOCK_SCAN_RAKING_MEMOIZE, 2, false, S>(3, "scan memoize 8x4x2");
    run<T, 512, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 2, false, S>(3, "scan memoize 512x2");
  }
  SUBCASE("WARP_SCANS") {
    run<T, 64, 1, 1, BLOCK_SCAN_WARP_SCANS, 1, true, S>(3, "scan warp 64");
    run<T, 256, 1, 1, BLOCK_SCAN_WARP_SCANS, 7, false, S>(3, "scan warp 256x7");
    run<T, 33, 1, 1, BLOCK_SCAN_WARP_SCANS, 1, true, S>(3, "scan warp 33 (raking)");
    run<T, 16, 1, 1, BLOCK_SCAN_WARP_SCANS, 3, false, S>(3, "scan warp 16x3");
    run<T, 16, 4, 1, BLOCK_SCAN_WARP_SCANS, 2, false, S>(3, "scan warp 16x4");
    run<T, 1024, 1, 1, BLOCK_SCAN_WARP_SCANS, 1, true, S>(3, "scan warp 1024");
  }
}

TEST_CASE("block scan: a non-commutative operator, every algorithm") {
  XCUB_TEST_CONTEXT();
  using C = compose;
  const affine seed{5, 11};
  SUBCASE("RAKING") {
    run<affine, 130, 1, 1, BLOCK_SCAN_RAKING, 1, true, C>(seed, "scan affine raking 130");
    run<affine, 64, 1, 1, BLOCK_SCAN_RAKING, 3, false, C>(seed, "scan affine raking 64x3");
    run<affine, 7, 1, 1, BLOCK_SCAN_RAKING, 2, false, C>(seed, "scan affine raking 7x2");
  }
  SUBCASE("RAKING_MEMOIZE") {
    run<affine, 256, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 2, false, C>(seed, "scan affine memoize 256x2");
    run<affine, 100, 1, 1, BLOCK_SCAN_RAKING_MEMOIZE, 1, true, C>(seed, "scan affine memoize 100");
  }
  SUBCASE("WARP_SCANS") {
    run<affine, 96, 1, 1, BLOCK_SCAN_WARP_SCANS, 1, true, C>(seed, "scan affine warp 96");
    run<affine, 8, 4, 2, BLOCK_SCAN_WARP_SCANS, 4, false, C>(seed, "scan affine warp 8x4x2");
    run<affine, 512, 1, 1, BLOCK_SCAN_WARP_SCANS, 1, false, C>(seed, "scan affine warp 512");
    run<affine, 130, 1, 1, BLOCK_SCAN_WARP_SCANS, 2, false, C>(seed, "scan affine warp 130 (raking)");
  }
}
