// BlockRadixRankMatch and BlockRadixRankMatchEarlyCounts (WARP_MATCH_ANY and WARP_MATCH_ATOMIC_OR,
// NUM_PARTS 1, 2 and 4) against xcub/reference/digit_rank.hpp on warp-striped tiles, through the
// harness in test_block_radix_rank.hpp (every RankKeys overload incl. the CountsCallback ones,
// explicit and private TempStorage, a union reused after barriers; random, all-equal and two-valued
// keys). Configurations cover RADIX_BITS 1, 4, 5, 8 and 10 (the arch::match_any path), ascending and
// descending, inner scans WARP_SCANS and RAKING, blocks of 33, 64, 96, 100, 128, 130, 256, 512 and
// 1024 threads (partial last warps at either warp width), 16x4, 16x16, 8x4x2 and 16x4x2, 1 to 17 keys
// per thread; the batched counts (MATCH with 8-bit digits, EarlyCounts ANY with 8-bit digits, 256
// threads and 16 keys and more) with odd key counts, partial warps and 2D/3D blocks.
#include "test_block_radix_rank.hpp"

using namespace radix_rank_test;

namespace {

constexpr auto ws = xcub::BLOCK_SCAN_WARP_SCANS;
constexpr auto rk = xcub::BLOCK_SCAN_RAKING;
constexpr auto match_any = xcub::WARP_MATCH_ANY;
constexpr auto match_or = xcub::WARP_MATCH_ATOMIC_OR;
template <int BX, int BITS, bool DESC, xcub::BlockScanAlgorithm SCAN, int BY = 1, int BZ = 1>
using match = xcub::BlockRadixRankMatch<BX, BITS, DESC, SCAN, BY, BZ>;
template <int BX, int BITS, bool DESC, xcub::BlockScanAlgorithm SCAN, xcub::WarpMatchAlgorithm M, int PARTS, int BY = 1,
          int BZ = 1>
using early = xcub::BlockRadixRankMatchEarlyCounts<BX, BITS, DESC, SCAN, M, PARTS, BY, BZ>;

}  // namespace

TEST_CASE("BlockRadixRankMatch") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRadixRankMatch");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    //        class                          Key            BX  BY BZ  K SHIFT BITS DESC  MATCH
    check_all<match<128, 4, false, ws>, std::uint32_t, 128, 1, 1, 4, 0, 4, false, true>(r);
    check_all<match<100, 5, true, rk>, std::uint16_t, 100, 1, 1, 7, 3, 5, true, true>(r);
    check_all<match<33, 1, false, ws>, std::uint8_t, 33, 1, 1, 3, 7, 1, false, true>(r);
    check_all<match<256, 8, true, ws>, std::uint64_t, 256, 1, 1, 2, 56, 8, true, true>(r);
    check_all<match<16, 4, true, ws, 4>, std::uint32_t, 16, 4, 1, 9, 20, 4, true, true>(r);
    check_all<match<1024, 4, false, ws>, std::uint32_t, 1024, 1, 1, 1, 4, 4, false, true>(r);
    check_all<match<64, 10, false, ws>, std::uint32_t, 64, 1, 1, 5, 3, 10, false, true>(r);
    // 8-bit digits count two keys at a time: 7 keys (3 pairs and one), a partial last warp; a 3D
    // block with the RAKING scan; a block of less than a warp.
    check_all<match<100, 8, false, ws>, std::uint32_t, 100, 1, 1, 7, 5, 8, false, true>(r);
    check_all<match<16, 8, true, rk, 4, 2>, std::uint32_t, 16, 4, 2, 6, 3, 8, true, true>(r);
    check_all<match<24, 8, false, ws>, std::uint16_t, 24, 1, 1, 3, 8, 8, false, true>(r);
    // Lane counts (16 keys per thread and more, up to 4 warps, a lane per slot in every warp): whole
    // warps; 5-bit digits, a slot for every lane of a 32-lane warp; a partial last warp of 16 lanes
    // (32-lane warps; at 64 lanes, one partial warp of 48), descending; a 2D block with the RAKING
    // scan; and 100 threads, whose last warp has too few lanes for it.
    check_all<match<128, 4, false, ws>, std::uint32_t, 128, 1, 1, 16, 0, 4, false, true>(r);
    check_all<match<64, 5, false, ws>, std::uint32_t, 64, 1, 1, 16, 7, 5, false, true>(r);
    check_all<match<48, 4, true, ws>, std::uint16_t, 48, 1, 1, 17, 4, 4, true, true>(r);
    check_all<match<32, 3, false, rk, 2>, std::uint64_t, 32, 2, 1, 20, 40, 3, false, true>(r);
    check_all<match<100, 4, false, ws>, std::uint32_t, 100, 1, 1, 16, 2, 4, false, true>(r);
    // Warps zeroing their own columns (whole warps, digits under 8 bits or 16 keys and more): 8-bit
    // digits with 16 keys, descending with the RAKING scan; 6-bit digits in 3 warps (no padding
    // column, a tail past the counters).
    check_all<match<128, 8, false, ws>, std::uint32_t, 128, 1, 1, 16, 0, 8, false, true>(r);
    check_all<match<64, 8, true, rk>, std::uint32_t, 64, 1, 1, 17, 3, 8, true, true>(r);
    check_all<match<96, 6, false, ws>, std::uint32_t, 96, 1, 1, 5, 1, 6, false, true>(r);
    // The warp-local scan (whole warps, 5 to 8 of them, a lane per digit, RADIX_BITS * keys <= 32,
    // up to 8 keys): 8 warps of 32 lanes with 4 and 8 keys; 6 warps, 5-bit digits, descending, the
    // RAKING scan; at 64 lanes, 8 and 5 warps (512 and 320 threads), a 2D block.
    check_all<match<256, 4, false, ws>, std::uint32_t, 256, 1, 1, 4, 0, 4, false, true>(r);
    check_all<match<256, 4, true, ws>, std::uint16_t, 256, 1, 1, 8, 3, 4, true, true>(r);
    check_all<match<192, 5, true, rk>, std::uint32_t, 192, 1, 1, 6, 9, 5, true, true>(r);
    check_all<match<512, 4, false, ws>, std::uint32_t, 512, 1, 1, 3, 2, 4, false, true>(r);
    check_all<match<64, 3, false, ws, 5>, std::uint64_t, 64, 5, 1, 2, 33, 3, false, true>(r);
  });
}

TEST_CASE("BlockRadixRankMatchEarlyCounts: WARP_MATCH_ANY") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRadixRankMatchEarlyCounts ANY");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_all<early<128, 4, false, ws, match_any, 1>, std::uint32_t, 128, 1, 1, 16, 8, 4, false, true>(r);
    check_all<early<130, 8, true, ws, match_any, 2>, std::uint64_t, 130, 1, 1, 3, 60, 8, true, true>(r);
    check_all<early<96, 5, false, rk, match_any, 1>, std::uint16_t, 96, 1, 1, 11, 2, 5, false, true>(r);
    check_all<early<8, 1, true, ws, match_any, 1, 4, 2>, std::uint8_t, 8, 4, 2, 2, 0, 1, true, true>(r);
    check_all<early<64, 10, true, ws, match_any, 1>, std::uint32_t, 64, 1, 1, 3, 13, 10, true, true>(r);
    // 8-bit digits, 256 threads and more, 16 keys or more rank two keys at a time: 17 keys (8 pairs
    // and one); a 16x16 block with two parts; 260 threads (a partial last warp).
    check_all<early<256, 8, true, ws, match_any, 1>, std::uint32_t, 256, 1, 1, 17, 11, 8, true, true>(r);
    check_all<early<16, 8, false, ws, match_any, 2, 16>, std::uint32_t, 16, 16, 1, 16, 0, 8, false, true>(r);
    check_all<early<260, 8, false, rk, match_any, 1>, std::uint16_t, 260, 1, 1, 16, 4, 8, false, true>(r);
    // The ordered fold of the digit counts' scan (ordered_fold: WARP_SCANS, 256 threads and more, 8
    // keys and more): 512 threads, half of them without a digit; 260 threads (a partial last warp:
    // the scan falls back to BlockScan's).
    check_all<early<512, 8, false, ws, match_any, 1>, std::uint32_t, 512, 1, 1, 8, 3, 8, false, true>(r);
    check_all<early<260, 8, true, ws, match_any, 1>, std::uint32_t, 260, 1, 1, 9, 20, 8, true, true>(r);
  });
}

TEST_CASE("BlockRadixRankMatchEarlyCounts: WARP_MATCH_ATOMIC_OR") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRadixRankMatchEarlyCounts ATOMIC_OR");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_all<early<256, 8, false, ws, match_or, 1>, std::uint32_t, 256, 1, 1, 5, 16, 8, false, true>(r);
    check_all<early<33, 5, true, ws, match_or, 4>, std::uint16_t, 33, 1, 1, 13, 9, 5, true, true>(r);
    check_all<early<512, 4, true, rk, match_or, 1>, std::uint64_t, 512, 1, 1, 2, 31, 4, true, true>(r);
    check_all<early<64, 1, false, ws, match_or, 1>, std::uint8_t, 64, 1, 1, 16, 3, 1, false, true>(r);
    check_all<early<16, 4, false, ws, match_or, 2, 4>, std::uint32_t, 16, 4, 1, 1, 0, 4, false, true>(r);
  });
}

// The shapes of a side-by-side comparison with CUB 3.0.1, where CUB's BlockRadixRankMatch differs
// in 2-D blocks (its inner BlockScan takes the block's thread count as BLOCK_DIM_X besides
// BLOCK_DIM_Y and BLOCK_DIM_Z, so the scan ranks threads as in a larger block): 16x8 threads, 7 keys
// per thread, 4-bit digits from bit 3, and 3-D relatives, for every rank variant, against the
// reference's stable order (threads ranked x + y * BLOCK_DIM_X + ..., the tile's order as the
// variant documents it).
TEST_CASE("block radix rank: 2-D and 3-D blocks, every rank variant") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix rank 2-D 3-D");
  constexpr auto four = xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE;
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    using K = std::uint32_t;
    //        class                                                       Key BX BY BZ K SHIFT BITS DESC MATCH
    check_all<xcub::BlockRadixRank<16, 4, false, false, ws, four, 8>, K, 16, 8, 1, 7, 3, 4, false, false>(r);
    check_all<xcub::BlockRadixRank<16, 4, false, true, ws, four, 8>, K, 16, 8, 1, 7, 3, 4, false, false>(r);
    check_all<xcub::BlockRadixRank<8, 4, true, true, rk, four, 4, 4>, K, 8, 4, 4, 7, 3, 4, true, false>(r);
    check_all<match<16, 4, false, ws, 8>, K, 16, 8, 1, 7, 3, 4, false, true>(r);
    check_all<match<16, 4, false, rk, 8>, K, 16, 8, 1, 7, 3, 4, false, true>(r);
    check_all<match<16, 4, true, ws, 8>, K, 16, 8, 1, 7, 3, 4, true, true>(r);
    check_all<match<8, 4, false, ws, 4, 4>, K, 8, 4, 4, 7, 3, 4, false, true>(r);
    check_all<match<10, 4, false, rk, 5, 2>, K, 10, 5, 2, 7, 3, 4, false, true>(r);
    check_all<early<16, 4, false, ws, match_any, 1, 8>, K, 16, 8, 1, 7, 3, 4, false, true>(r);
    check_all<early<16, 4, false, ws, match_or, 1, 8>, K, 16, 8, 1, 7, 3, 4, false, true>(r);
    check_all<early<8, 4, true, rk, match_any, 2, 4, 4>, K, 8, 4, 4, 7, 3, 4, true, true>(r);
    check_all<early<10, 4, false, ws, match_or, 1, 5, 2>, K, 10, 5, 2, 7, 3, 4, false, true>(r);
  });
}
