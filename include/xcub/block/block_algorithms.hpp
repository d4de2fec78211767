// xcub/block/block_algorithms.hpp: the names of the block collectives' variants (CUB's enums),
// apart from the classes so that tuning tables can name a variant without including an algorithm.
// What each variant does, and when it is the fastest, is told in the header of its class.
#pragma once

namespace xcub {

/// How BlockLoad reads a tile into a blocked (or, for STRIPED, striped) arrangement.
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,                 ///< blocked, each thread reads its own consecutive items
  BLOCK_LOAD_STRIPED,                ///< striped, read directly (coalesced)
  BLOCK_LOAD_VECTORIZE,              ///< blocked, read in vector words where the iterator allows
  BLOCK_LOAD_TRANSPOSE,              ///< blocked, read striped and exchanged through shared memory
  BLOCK_LOAD_WARP_TRANSPOSE,         ///< blocked, read warp-striped and exchanged within each warp
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,  ///< as WARP_TRANSPOSE, one warp's worth of shared memory
};

/// How BlockStore writes a blocked (or, for STRIPED, striped) arrangement.
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

/// How BlockReduce combines a block's items.
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,  ///< raking over commutative operators only
  BLOCK_REDUCE_RAKING,                   ///< raking, any associative operator
  BLOCK_REDUCE_WARP_REDUCTIONS,          ///< a warp reduction per warp, then one over the warps
};

/// How BlockScan scans a block's items.
enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,          ///< upsweep reduce, one warp scans the rakes, downsweep scan
  BLOCK_SCAN_RAKING_MEMOIZE,  ///< as RAKING, keeping the raked segments in registers
  BLOCK_SCAN_WARP_SCANS,      ///< a warp scan per warp, then a scan of the warp totals
};

/// How BlockRadixRank-family classes rank a tile's digits (CUB's RadixRankAlgorithm); tuning tables
/// name one and detail::block_radix_rank_t picks the class (block/block_radix_rank.hpp).
enum RadixRankAlgorithm {
  RADIX_RANK_BASIC,    ///< BlockRadixRank: packed per-thread digit counters, blocked keys
  RADIX_RANK_MEMOIZE,  ///< as BASIC, keeping the raking segment of counters in registers
  RADIX_RANK_MATCH,    ///< BlockRadixRankMatch: per-warp digit counters from warp matches, warp-striped keys
  RADIX_RANK_MATCH_EARLY_COUNTS_ANY,        ///< BlockRadixRankMatchEarlyCounts by warp match
  RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR,  ///< BlockRadixRankMatchEarlyCounts by atomic OR of lane bits
};
/// The same enum under the name of the block layer's other variant enums.
using BlockRadixRankAlgorithm = RadixRankAlgorithm;

/// How BlockRadixRankMatchEarlyCounts finds the lanes of a warp that hold the same digit.
enum WarpMatchAlgorithm {
  WARP_MATCH_ANY,        ///< warp votes (no shared memory)
  WARP_MATCH_ATOMIC_OR,  ///< each lane ORs its bit into a per-digit mask in shared memory
};

/// Shared-memory bank width that BlockRadixRank packs its counters for (the values of CUDA's
/// cudaSharedMemConfig, so that CUB code passing cudaSharedMemBankSizeEightByte keeps compiling
/// where that enum exists): four-byte banks pack two 16-bit counters per word, eight-byte four.
enum SharedMemBankSize : int {
  SHARED_MEM_BANK_SIZE_DEFAULT = 0,    ///< treated as four-byte
  SHARED_MEM_BANK_SIZE_FOUR_BYTE = 1,
  SHARED_MEM_BANK_SIZE_EIGHT_BYTE = 2,
};

/// How BlockHistogram counts a block's samples into bins.
enum BlockHistogramAlgorithm {
  BLOCK_HISTO_SORT,    ///< radix-sort the samples, then add the length of each run of equal samples
  BLOCK_HISTO_ATOMIC,  ///< one atomic addition per sample on its bin's counter
};

}  // namespace xcub
