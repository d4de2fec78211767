// xcub/block/block_radix_rank.hpp: BlockRadixRank, BlockRadixRankMatch and
// BlockRadixRankMatchEarlyCounts: the rank of every key of a tile by one radix digit (CUB's
// classes of the same names), what BlockRadixSort and the device radix sorts scatter by.
//
// BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, MEMOIZE_OUTER_SCAN = true,
//                INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, SMEM_CONFIG = SHARED_MEM_BANK_SIZE_FOUR_BYTE,
//                BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>                            (RADIX_RANK_BASIC / _MEMOIZE)
// BlockRadixRankMatch<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
//                     BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>                       (RADIX_RANK_MATCH)
// BlockRadixRankMatchEarlyCounts<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
//                     MATCH_ALGORITHM = WARP_MATCH_ANY, NUM_PARTS = 1, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//                                         (RADIX_RANK_MATCH_EARLY_COUNTS_ANY / _ATOMIC_OR; CUB has no Y, Z)
// - Who calls: every thread of the block, together (the dimensions are the launch's; threads are
//   ranked row-major, x fastest), KEYS_PER_THREAD keys each, with the same digit extractor: an object
//   with `std::uint32_t Digit(UnsignedBits key) const` (device code) returning a digit in
//   [0, 2^RADIX_BITS). Keys are only handed to it: any type the extractor takes.
// - The tile's order: BlockRadixRank reads the keys as a blocked arrangement (rank r holds tile
//   items [r * K, (r + 1) * K)); the Match classes as warp-striped: warp w holds items
//   [w * warp_threads * K, ...), its key i of lane l being item w * warp_threads * K + i * L + l, with L
//   the lanes of warp w (warp_threads, or fewer in a partial last warp).
// - ranks[i] (valid in every thread): the key's position in the tile stably sorted by digit: the
//   number of keys with a smaller digit (a larger one if IS_DESCENDING) plus the number of keys with
//   the same digit earlier in the tile's order. Ranks are a permutation of [0, tile).
// - exclusive_digit_prefix[track] (valid in every thread r whose digit d = r * BINS_TRACKED_PER_THREAD
//   + track is below 2^RADIX_BITS; other entries unspecified): the number of keys ranked before
//   every key of digit d (smaller digits; larger if IS_DESCENDING).
// - CountsCallback (Match classes): an object with `void operator()(int (&bins)[BINS_TRACKED_PER_THREAD])`,
//   called by every thread once per RankKeys with bins[track] = the number of keys of digit d as
//   above (0 past the last digit); EarlyCounts calls it before the ranks are known (a onesweep
//   sort publishes its counts there).
// - TempStorage: BlockRadixRank needs (2^RADIX_BITS / 2 + 1) 4-byte words per thread (16-bit
//   counters, two to a word; four to an 8-byte word with SHARED_MEM_BANK_SIZE_EIGHT_BYTE) plus a
//   BlockScan's; a tile has at most 65535 keys. The Match classes need an int per digit per warp
//   plus a BlockScan's (ATOMIC_OR: a lane mask per digit per warp more). Use it in a union with
//   other collectives' TempStorage freely, but put a barrier (arch::sync_threads()) between a
//   RankKeys and any other use of the same memory, another RankKeys included.
// - Block barriers: BlockRadixRank 2 plus its BlockScan's (1 with WARP_SCANS); Match 3 plus its
//   scan's; EarlyCounts 2 plus its scan's (NUM_PARTS > 1 included). A partial last warp is fine everywhere:
//   the scans fall back to RAKING (CUB's rule) and the Match classes match only the lanes that exist.
// - Where xcub differs from CUB 3.0.1: BlockRadixRank's exclusive_digit_prefix is also right with
//   eight-byte packing and RADIX_BITS 1; the Match classes' counts and EarlyCounts' ranks and prefixes
//   follow IS_DESCENDING as documented above (CUB's reverse the digits twice there; CUB itself only
//   uses them ascending); EarlyCounts takes 2D/3D blocks and partial last warps; BlockScan's block
//   aggregate replaces CUB's prefix callback in BlockRadixRank (one barrier fewer with WARP_SCANS).
//   detail::block_radix_rank_t<RadixRankAlgorithm, ...> picks a class as CUB's does.
// Device code (XCUB_DEVICE).
//
//   struct low_nibble {                                               // the digit: bits [0, 4)
//     XCUB_DEVICE std::uint32_t Digit(unsigned key) const { return key & 15u; }
//   };
//   XCUB_KERNEL void rank_tile(const unsigned* keys_in, int* ranks_out) {  // blocks of 128 threads
//     using BlockRadixRank = xcub::BlockRadixRank<128, 4, false>;
//     XCUB_SHARED(BlockRadixRank::TempStorage, temp);
//     const int t = xcub::arch::thread_idx().x;
//     unsigned keys[2];
//     int ranks[2];
//     for (int i = 0; i < 2; ++i) keys[i] = keys_in[2 * t + i];
//     BlockRadixRank(temp).RankKeys(keys, ranks, low_nibble{});
//     for (int i = 0; i < 2; ++i) ranks_out[2 * t + i] = ranks[i];
//   }
//   // A tile starting {16, 10 | 9, 11 | ...} has digits {0, 10 | 9, 11 | ...}; were it only these
//   // four keys (a 2-thread block), the ranks would be {0, 2 | 1, 3}.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_radix_rank_basic.hpp>
#include <xcub/block/detail/block_radix_rank_early_counts.hpp>
#include <xcub/block/detail/block_radix_rank_match.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

/// A CountsCallback that does nothing (CUB's BlockRadixRankEmptyCallback).
template <int BINS_PER_THREAD>
struct BlockRadixRankEmptyCallback {
#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE void operator()(int (&)[BINS_PER_THREAD]) {}
#endif
};

/// Ranks a blocked tile through packed per-thread digit counters (see the contract above).
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = SHARED_MEM_BANK_SIZE_FOUR_BYTE,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRank
    : public detail::block_radix_rank_basic<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, MEMOIZE_OUTER_SCAN,
                                            INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockRadixRank: a block has 1 to 1024 threads");
  static_assert(RADIX_BITS >= 1 && RADIX_BITS <= 16, "xcub::BlockRadixRank: RADIX_BITS must be 1 to 16");
  static_assert(SMEM_CONFIG == SHARED_MEM_BANK_SIZE_DEFAULT || SMEM_CONFIG == SHARED_MEM_BANK_SIZE_FOUR_BYTE ||
                    SMEM_CONFIG == SHARED_MEM_BANK_SIZE_EIGHT_BYTE,
                "xcub::BlockRadixRank: SMEM_CONFIG must be a SharedMemBankSize (or cudaSharedMemConfig) value");
  using base = detail::block_radix_rank_basic<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, MEMOIZE_OUTER_SCAN,
                                              INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z>;

 public:
  using TempStorage = typename base::TempStorage;
  static_assert(std::is_trivially_default_constructible_v<TempStorage>, "xcub::BlockRadixRank: TempStorage must be raw");

#if XCUB_HAS_KERNELS
  /// Uses the block's private shared TempStorage (one per TempStorage type).
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRank() : BlockRadixRank(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRank(TempStorage& temp_storage) : base(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRadixRank");
  }
#endif
};

/// Ranks a warp-striped tile through per-warp digit counters filled by warp matches.
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRankMatch : public detail::block_radix_rank_match<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING,
                                                                  INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockRadixRankMatch: a block has 1 to 1024 threads");
  static_assert(RADIX_BITS >= 1 && RADIX_BITS <= 16, "xcub::BlockRadixRankMatch: RADIX_BITS must be 1 to 16");
  using base = detail::block_radix_rank_match<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y,
                                              BLOCK_DIM_Z>;

 public:
  using TempStorage = typename base::TempStorage;
  static_assert(std::is_trivially_default_constructible_v<TempStorage>,
                "xcub::BlockRadixRankMatch: TempStorage must be raw");

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRankMatch() : BlockRadixRankMatch(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRankMatch(TempStorage& temp_storage) : base(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRadixRankMatch");
  }
#endif
};

/// Ranks a warp-striped tile, computing the digit counts (and calling the CountsCallback) first.
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          WarpMatchAlgorithm MATCH_ALGORITHM = WARP_MATCH_ANY, int NUM_PARTS = 1, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRankMatchEarlyCounts
    : public detail::block_radix_rank_early_counts<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM,
                                                   MATCH_ALGORITHM, NUM_PARTS, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockRadixRankMatchEarlyCounts: a block has 1 to 1024 threads");
  static_assert(RADIX_BITS >= 1 && RADIX_BITS <= 16, "xcub::BlockRadixRankMatchEarlyCounts: RADIX_BITS must be 1 to 16");
  static_assert(MATCH_ALGORITHM == WARP_MATCH_ANY || MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR,
                "xcub::BlockRadixRankMatchEarlyCounts: MATCH_ALGORITHM must be a WarpMatchAlgorithm");
  static_assert(NUM_PARTS >= 1, "xcub::BlockRadixRankMatchEarlyCounts: NUM_PARTS must be at least 1");
  using base = detail::block_radix_rank_early_counts<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM,
                                                     MATCH_ALGORITHM, NUM_PARTS, BLOCK_DIM_Y, BLOCK_DIM_Z>;

 public:
  using TempStorage = typename base::TempStorage;
  static_assert(std::is_trivially_default_constructible_v<TempStorage>,
                "xcub::BlockRadixRankMatchEarlyCounts: TempStorage must be raw");

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRankMatchEarlyCounts() : BlockRadixRankMatchEarlyCounts(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixRankMatchEarlyCounts(TempStorage& temp_storage) : base(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRadixRankMatchEarlyCounts");
  }
#endif
};

namespace detail {

/// The ranking class of a RadixRankAlgorithm (CUB's detail::block_radix_rank_t), for agents and
/// BlockRadixSort-like users that take the algorithm as a tuning parameter.
template <RadixRankAlgorithm ALGORITHM, int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
using block_radix_rank_t = std::conditional_t<
    ALGORITHM == RADIX_RANK_BASIC || ALGORITHM == RADIX_RANK_MEMOIZE,
    BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, ALGORITHM == RADIX_RANK_MEMOIZE, INNER_SCAN_ALGORITHM,
                   SHARED_MEM_BANK_SIZE_FOUR_BYTE, BLOCK_DIM_Y, BLOCK_DIM_Z>,
    std::conditional_t<ALGORITHM == RADIX_RANK_MATCH,
                       BlockRadixRankMatch<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y,
                                           BLOCK_DIM_Z>,
                       BlockRadixRankMatchEarlyCounts<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, INNER_SCAN_ALGORITHM,
                                                      ALGORITHM == RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR
                                                          ? WARP_MATCH_ATOMIC_OR
                                                          : WARP_MATCH_ANY,
                                                      1, BLOCK_DIM_Y, BLOCK_DIM_Z>>>;

}  // namespace detail

}  // namespace xcub
