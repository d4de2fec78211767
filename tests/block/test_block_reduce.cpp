// BlockReduce: every method (see test_block_reduce.hpp) of every algorithm, on block sizes with
// whole warps, with a partial last warp, smaller than a warp and 2D/3D shapes, one to 16 items per
// thread, partial tiles, every type class, commutative (Sum, Max, Min, a struct) and
// non-commutative operators (RAKING and WARP_REDUCTIONS keep rank order).
#include "test_block_reduce.hpp"

#include <limits>

using namespace block_reduce_test;
using xcub::BLOCK_REDUCE_RAKING;
using xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY;
using xcub::BLOCK_REDUCE_WARP_REDUCTIONS;

TEST_CASE("block reduce: int sums, every algorithm and block shape") {
  XCUB_TEST_CONTEXT();
  using S = xcub::Sum;
  using T = std::int32_t;
  SUBCASE("WARP_REDUCTIONS") {
    run<T, 32, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 1, S>("reduce warp 32");
    run<T, 100, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 3, S>("reduce warp 100x3");
    run<T, 130, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 2, S>("reduce warp 130x2");
    run<T, 1024, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 4, S>("reduce warp 1024x4");
    run<T, 5, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 1, S>("reduce warp 5");
    run<T, 8, 4, 2, BLOCK_REDUCE_WARP_REDUCTIONS, 16, S>("reduce warp 8x4x2x16");
  }
  SUBCASE("RAKING") {
    run<T, 64, 1, 1, BLOCK_REDUCE_RAKING, 1, S>("reduce raking 64");
    run<T, 33, 1, 1, BLOCK_REDUCE_RAKING, 5, S>("reduce raking 33x5");
    run<T, 512, 1, 1, BLOCK_REDUCE_RAKING, 2, S>("reduce raking 512x2");
    run<T, 16, 4, 1, BLOCK_REDUCE_RAKING, 1, S>("reduce raking 16x4");
    run<T, 1, 1, 1, BLOCK_REDUCE_RAKING, 3, S>("reduce raking 1x3");
  }
  SUBCASE("RAKING_COMMUTATIVE_ONLY") {
    run<T, 256, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1, S>("reduce comm 256");
    run<T, 96, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 7, S>("reduce comm 96x7");
    run<T, 1024, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1, S>("reduce comm 1024");
    run<T, 100, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 2, S>("reduce comm 100 (raking)");
    run<T, 16, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1, S>("reduce comm 16 (raking)");
    run<T, 8, 4, 2, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1, S>("reduce comm 8x4x2");
  }
}

TEST_CASE("block reduce: a non-commutative operator keeps rank order") {
  XCUB_TEST_CONTEXT();
  using C = compose;
  run<affine, 130, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 1, C>("reduce affine warp 130");
  run<affine, 256, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 3, C>("reduce affine warp 256x3");
  run<affine, 100, 1, 1, BLOCK_REDUCE_RAKING, 2, C>("reduce affine raking 100x2");
  run<affine, 128, 1, 1, BLOCK_REDUCE_RAKING, 1, C>("reduce affine raking 128");
  run<affine, 16, 4, 1, BLOCK_REDUCE_RAKING, 1, C>("reduce affine raking 16x4");
  run<affine, 7, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 2, C>("reduce affine warp 7x2");
}

TEST_CASE_TEMPLATE("block reduce: every type, Sum, Max and Min", T, std::int8_t, std::int16_t, std::int64_t,
                   std::uint64_t, float, double) {
  XCUB_TEST_CONTEXT();
  SUBCASE("Sum") { run<T, 96, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 3, xcub::Sum>("reduce types sum"); }
  SUBCASE("Max") { run<T, 130, 1, 1, BLOCK_REDUCE_RAKING, 2, xcub::Max>("reduce types max"); }
  SUBCASE("Min") { run<T, 128, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1, xcub::Min>("reduce types min"); }
}

TEST_CASE("block reduce: a 12-byte struct") {
  XCUB_TEST_CONTEXT();
  run<xcub_test::rec12, 64, 1, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 2, rec12_add>("reduce rec12 comm");
  run<xcub_test::rec12, 33, 1, 1, BLOCK_REDUCE_WARP_REDUCTIONS, 1, rec12_add>("reduce rec12 warp");
}
