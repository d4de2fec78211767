// BlockRadixRank (RADIX_RANK_BASIC and RADIX_RANK_MEMOIZE) against xcub/reference/digit_rank.hpp,
// through the harness in test_block_radix_rank.hpp (every RankKeys overload, explicit and private
// TempStorage, a union reused after barriers; random keys, all-equal keys, two distinct keys).
// Configurations cover RADIX_BITS 1, 4, 5 and 8, ascending and descending, memoized or not, inner
// scans WARP_SCANS and RAKING, four- and eight-byte counter packing (with 1 bit and eight-byte
// packing, fewer digits than counters), blocks of 32, 33, 64, 96, 100, 130, 256, 512 and 1024
// threads, 16x4 and 8x4x2, 1 to 16 keys per thread (odd too), keys of 8 to 64 bits and digits taken
// from the low, middle and top bits, and one tile of 64512 keys (near the 16-bit counters' limit).
// Shared memory stays below 48 KiB (the GPUs' static limit).
#include "test_block_radix_rank.hpp"

using namespace radix_rank_test;

namespace {

template <int BX, int BITS, bool DESC, bool MEMO, xcub::BlockScanAlgorithm SCAN, int SMEM, int BY = 1, int BZ = 1>
using basic = xcub::BlockRadixRank<BX, BITS, DESC, MEMO, SCAN, SMEM, BY, BZ>;
constexpr auto ws = xcub::BLOCK_SCAN_WARP_SCANS;
constexpr auto rk = xcub::BLOCK_SCAN_RAKING;
constexpr int four = xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, eight = xcub::SHARED_MEM_BANK_SIZE_EIGHT_BYTE;

}  // namespace

TEST_CASE("BlockRadixRank: 1D blocks, full and partial warps") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRadixRank 1D");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    //        class                                     Key            BX  BY BZ  K SHIFT BITS DESC  MATCH
    check_all<basic<128, 4, false, true, ws, four>, std::uint32_t, 128, 1, 1, 4, 0, 4, false, false>(r);
    check_all<basic<33, 1, true, false, ws, four>, std::uint8_t, 33, 1, 1, 3, 7, 1, true, false>(r);
    check_all<basic<100, 5, false, true, rk, eight>, std::uint16_t, 100, 1, 1, 7, 3, 5, false, false>(r);
    check_all<basic<130, 4, true, true, ws, four>, std::uint64_t, 130, 1, 1, 2, 60, 4, true, false>(r);
    check_all<basic<64, 8, true, false, ws, eight>, std::uint8_t, 64, 1, 1, 13, 0, 8, true, false>(r);
    check_all<basic<33, 8, false, true, rk, four>, std::uint32_t, 33, 1, 1, 1, 12, 8, false, false>(r);
    check_all<basic<32, 1, true, true, ws, eight>, std::uint64_t, 32, 1, 1, 15, 33, 1, true, false>(r);
    check_all<basic<96, 5, true, false, rk, four>, std::uint16_t, 96, 1, 1, 6, 11, 5, true, false>(r);
    // Counts in registers (up to 16 slots and 15 keys per thread; MEMOIZE from 8 keys): BASIC with
    // 8 keys, ascending and descending; 15 keys, one field at its limit with all-equal keys; MEMOIZE
    // with 8 keys and 3-bit digits; 2-bit digits and a partial last warp.
    check_all<basic<256, 4, false, false, ws, four>, std::uint32_t, 256, 1, 1, 8, 0, 4, false, false>(r);
    check_all<basic<128, 4, true, false, ws, four>, std::uint32_t, 128, 1, 1, 8, 9, 4, true, false>(r);
    check_all<basic<64, 4, false, false, rk, four>, std::uint16_t, 64, 1, 1, 15, 2, 4, false, false>(r);
    check_all<basic<128, 3, true, true, ws, four>, std::uint32_t, 128, 1, 1, 8, 5, 3, true, false>(r);
    check_all<basic<70, 2, false, false, ws, eight>, std::uint64_t, 70, 1, 1, 4, 50, 2, false, false>(r);
  });
}

TEST_CASE("BlockRadixRank: large blocks, 2D and 3D shapes") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRadixRank shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_all<basic<256, 4, true, true, ws, four>, std::uint32_t, 256, 1, 1, 16, 28, 4, true, false>(r);
    check_all<basic<512, 5, false, false, ws, four>, std::uint16_t, 512, 1, 1, 11, 0, 5, false, false>(r);
    // MEMOIZE from 8 warps with 8 to 15 keys per thread folds the warps' totals by shuffles
    // (counter_rank_fold); BASIC there keeps the batched fold.
    check_all<basic<256, 4, false, true, ws, four>, std::uint32_t, 256, 1, 1, 9, 0, 4, false, false>(r);
    check_all<basic<64, 4, true, true, ws, four, 4>, std::uint32_t, 64, 4, 1, 8, 20, 4, true, false>(r);
    check_all<basic<1024, 4, false, true, ws, eight>, std::uint32_t, 1024, 1, 1, 2, 8, 4, false, false>(r);
    check_all<basic<16, 4, true, false, rk, eight, 4>, std::uint32_t, 16, 4, 1, 5, 4, 4, true, false>(r);
    check_all<basic<8, 5, false, true, ws, four, 4, 2>, std::uint64_t, 8, 4, 2, 9, 40, 5, false, false>(r);
    // 64512 keys: a 16-bit counter field near its limit (all-equal keys put the whole tile in one).
    check_all<basic<1024, 1, true, false, ws, four>, std::uint16_t, 1024, 1, 1, 63, 5, 1, true, false>(r);
  });
}
