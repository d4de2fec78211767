// xcub/block/detail/block_radix_rank_basic.hpp: BlockRadixRank's counter scheme (RADIX_RANK_BASIC
// and, with MEMOIZE, RADIX_RANK_MEMOIZE). Used through xcub::BlockRadixRank.
//
// - Every thread owns one column of 16-bit digit counters in shared memory, packed PACKING to a
//   word (two per 4-byte word, four per 8-byte word). Digit d (reversed to SLOTS - 1 - d when
//   descending, so that larger digits come first) lives in counter lane `o % LANES` and sub-counter
//   `o / LANES`; one more, never counted, lane per column pads the raking stride (odd for LANES > 1).
// - Count: each thread counts its keys in its own column (no atomics, no races): a key's prefix in
//   the thread is the counter before its increment. Where counts_in_registers() says, the thread
//   counts in a register (a 4-bit field per slot) and writes its column once.
// - Scan (one barrier before, one after): the words, laid out lane-major (word = lane * THREADS +
//   thread), are raked as THREADS segments of SEGMENT consecutive words: each thread reduces its
//   segment (upsweep), BlockScan takes the exclusive sum of the segment totals, and each thread
//   scans its segment back seeded with it (downsweep). All PACKING sub-counters of a word are
//   scanned at once (16-bit fields never carry: a tile has at most 65535 keys); the sub-counters of
//   a lower field then precede those of a higher one: the block total's fields, shifted up by
//   1..PACKING-1 fields, are added to every seed (computed in every thread from the scan's block
//   aggregate: no prefix callback, so no extra barrier).
// - Rank: the key's prefix in its thread plus its counter after the scan: keys with digits before
//   its own, plus keys with its digit in lower threads.
// - Counters are accessed as 16-bit values and as whole words: the 16-bit view is declared
//   may_alias so that no compiler reorders a 16-bit access around a word access of the same bytes.
//   Sub-counter k of a word is bits [16k, 16k + 16) (little-endian, as every xcub target).
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/block_exclusive_sum.hpp>

namespace xcub::detail {

/// A 16-bit counter that may alias the packed words holding it.
using radix_counter_alias [[gnu::may_alias]] = std::uint16_t;

/// Who ranks through the counter scheme, for counter_rank_fold.
enum class counter_rank_use {
  rank_keys,           // BlockRadixRank BASIC
  memoized_rank_keys,  // BlockRadixRank MEMOIZE
  sort_keys,           // BlockRadixSort's passes, keys alone or pairs with digits of up to 5 bits
  sort_wide_pairs,     // BlockRadixSort's passes, pairs with digits of 6 bits and more
};

/// The fold of the warps' totals (block_scan_warp_scans.hpp) for the counter ranking of KEYS keys
/// per thread in blocks of WARPS warps. The folds trade registers (batched holds the most values
/// live, ordered fewer, shuffle the fewest) against latency (shuffle the most); which wins depends
/// on whether registers bound the kernel. The rule (on sm_90):
/// - shuffle from 8 warps with 16 keys per thread and more: BlockRadixSort keys 256 x 16 take 79
///   registers instead of 94, 3 blocks per SM instead of 2 (about 7% faster); with 4 keys its
///   latency costs more than the registers save;
/// - shuffle for RankKeys MEMOIZE from 8 warps with 8 keys per thread (256 x 8 about 6% faster);
///   BASIC and the sorts' 256 x 8 kernels are slower with it (1-6%) and keep batched;
/// - ordered for the sorts of pairs with 6-bit digits and more from 8 warps (33 memoized counter
///   words per thread, the values beside the keys: 1-2.5% faster); the pairs with 4-bit digits, or
///   128 threads, are 1.5-3.5% slower with it, and so are the other rankings from 8 warps;
/// - batched everywhere else.
constexpr warp_totals_fold counter_rank_fold(int warps, int keys, counter_rank_use use) {
  if (warps < 8) return warp_totals_fold::batched;
  if (use == counter_rank_use::sort_wide_pairs) return warp_totals_fold::ordered;
  if (keys >= 16 || (use == counter_rank_use::memoized_rank_keys && keys >= 8)) return warp_totals_fold::shuffle;
  return warp_totals_fold::batched;
}

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE, BlockScanAlgorithm INNER_SCAN_ALGORITHM,
          int SMEM_CONFIG, int BLOCK_DIM_Y, int BLOCK_DIM_Z, int FOLD = -1>
class block_radix_rank_basic {  // FOLD: a warp_totals_fold, or -1 for counter_rank_fold's RankKeys rule
  static_assert(FOLD >= -1 && FOLD <= static_cast<int>(warp_totals_fold::shuffle),
                "xcub: block_radix_rank_basic's FOLD is -1 or a warp_totals_fold");

 protected:
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using counter_t = std::uint16_t;
  using packed_t = std::conditional_t<SMEM_CONFIG == SHARED_MEM_BANK_SIZE_EIGHT_BYTE, std::uint64_t, std::uint32_t>;

  static constexpr int THREADS = shape::threads;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  static constexpr int PACKING = static_cast<int>(sizeof(packed_t) / sizeof(counter_t));
  static constexpr int LOG_PACKING = PACKING == 4 ? 2 : 1;
  static constexpr int LOG_LANES = RADIX_BITS > LOG_PACKING ? RADIX_BITS - LOG_PACKING : 0;
  static constexpr int LANES = 1 << LOG_LANES;
  static constexpr int SLOTS = LANES * PACKING;  // counters per column (>= RADIX_DIGITS)
  static constexpr int SEGMENT = LANES + 1;      // words per column and per raking segment
  static constexpr int MAX_TILE = 65535;         // what a 16-bit counter holds
  /// Whether a thread counts its keys in registers (4 bits per slot in one 64-bit word) and then
  /// writes its whole column, where it otherwise reads and writes a shared counter per key, each
  /// key's read waiting for the last one's write: for RankKeys (FOLD -1; the sorts' passes keep the
  /// shared counters) with at most 16 slots and 15 keys per thread (no field can overflow), and with
  /// MEMOIZE from 8 keys per thread. RankKeys with 4-bit digits on sm_90: BASIC 3-12% faster,
  /// MEMOIZE 256 x 8 3% faster; MEMOIZE with 4 keys 7-9% slower (8 more registers, fewer blocks per
  /// SM).
  template <int KEYS>
  static constexpr bool counts_in_registers() {
    return FOLD < 0 && SLOTS <= 16 && KEYS <= 15 && (!MEMOIZE || KEYS >= 8);
  }

  using block_scan = BlockScan<packed_t, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

 public:
  /// Digits whose exclusive prefix each thread reports (RankKeys with exclusive_digit_prefix).
  static constexpr int BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + THREADS - 1) / THREADS;

  struct TempStorage {
    alignas(16) unsigned char counters[sizeof(packed_t) * SEGMENT * THREADS];
    typename block_scan::TempStorage scan;
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_radix_rank_basic(TempStorage& s) : storage(s), rank(shape::rank()) {}

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor) {
    static_assert(THREADS * KEYS_PER_THREAD <= MAX_TILE,
                  "xcub::BlockRadixRank: a tile holds at most 65535 keys (the digit counters are 16 bits)");
    packed_t* const words = reinterpret_cast<packed_t*>(storage.counters);
    radix_counter_alias* const counters = reinterpret_cast<radix_counter_alias*>(storage.counters);
    radix_counter_alias* counter_of[KEYS_PER_THREAD];
    counter_t thread_prefix[KEYS_PER_THREAD];
    if constexpr (counts_in_registers<KEYS_PER_THREAD>()) {
      std::uint64_t nibbles = 0;  // slot o's count in bits [4o, 4o + 4)
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        const std::uint32_t digit = static_cast<std::uint32_t>(digit_extractor.Digit(keys[i]));
        const std::uint32_t shift = 4 * slot_of(digit);
        thread_prefix[i] = static_cast<counter_t>((nibbles >> shift) & 15u);
        nibbles += std::uint64_t{1} << shift;
        counter_of[i] = counters + counter_index(digit, rank);
      }
XCUB_UNROLL
      for (int lane = 0; lane < LANES; ++lane) {
        packed_t w = 0;
XCUB_UNROLL
        for (int sub = 0; sub < PACKING; ++sub) {
          w |= static_cast<packed_t>((nibbles >> (4 * (lane + sub * LANES))) & 15u) << (16 * sub);
        }
        words[lane * THREADS + rank] = w;
      }
      words[LANES * THREADS + rank] = 0;
    } else {
XCUB_UNROLL
      for (int lane = 0; lane < SEGMENT; ++lane) words[lane * THREADS + rank] = 0;
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        counter_of[i] = counters + counter_index(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i])), rank);
        thread_prefix[i] = *counter_of[i];
        *counter_of[i] = static_cast<counter_t>(thread_prefix[i] + 1);
      }
    }
    arch::sync_threads();
    constexpr warp_totals_fold fold =
        FOLD >= 0 ? static_cast<warp_totals_fold>(FOLD)
                  : counter_rank_fold(shape::warps, KEYS_PER_THREAD, MEMOIZE ? counter_rank_use::memoized_rank_keys
                                                                             : counter_rank_use::rank_keys);
    scan_counters<fold>(words);
    arch::sync_threads();
XCUB_UNROLL
    for (int i = 0; i < KEYS_PER_THREAD; ++i) ranks[i] = static_cast<int>(thread_prefix[i]) + *counter_of[i];
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor,
                                             int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD]) {
    RankKeys(keys, ranks, digit_extractor);
    // After the scan, thread 0's counter of a digit is the number of keys ranked before that digit.
    const radix_counter_alias* const counters = reinterpret_cast<const radix_counter_alias*>(storage.counters);
XCUB_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
      const int bin = rank * BINS_TRACKED_PER_THREAD + track;
      if (THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS) {
        exclusive_digit_prefix[track] = counters[counter_index(static_cast<std::uint32_t>(bin), 0)];
      }
    }
  }

 private:
  TempStorage& storage;
  int rank;

  /// Digit (or its reverse, descending) to slot: counter lane slot % LANES, sub-counter slot / LANES.
  XCUB_DEVICE XCUB_FORCEINLINE static std::uint32_t slot_of(std::uint32_t digit) {
    return IS_DESCENDING ? static_cast<std::uint32_t>(SLOTS - 1) - digit : digit;
  }
  /// The index (in counters) of `digit`'s counter in thread `column`'s column.
  XCUB_DEVICE XCUB_FORCEINLINE static std::uint32_t counter_index(std::uint32_t digit, int column) {
    const std::uint32_t o = slot_of(digit);
    const std::uint32_t lane = o & (LANES - 1), sub = o >> LOG_LANES;
    // Distributed, so that the column's term (the same for every key of a thread) is computed once.
    return lane * (THREADS * PACKING) + static_cast<std::uint32_t>(column) * PACKING + sub;
  }

  /// Upsweep, block scan (block_exclusive_sum with SCAN_FOLD) and downsweep of the counter words (see
  /// the header comment).
  template <warp_totals_fold SCAN_FOLD>
  XCUB_DEVICE XCUB_FORCEINLINE void scan_counters(packed_t* words) {
    packed_t* const segment = words + rank * SEGMENT;
    packed_t cache[MEMOIZE ? SEGMENT : 1];
    packed_t raked = 0;
XCUB_UNROLL
    for (int i = 0; i < SEGMENT; ++i) {
      const packed_t w = segment[i];
      if constexpr (MEMOIZE) cache[i] = w;
      raked += w;
    }
    packed_t total;
    packed_t seed = block_exclusive_sum<SCAN_FOLD, INNER_SCAN_ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(
        storage.scan, raked, &total);
XCUB_UNROLL
    for (int field = 1; field < PACKING; ++field) seed += total << (16 * field);
XCUB_UNROLL
    for (int i = 0; i < SEGMENT; ++i) {
      packed_t w;
      if constexpr (MEMOIZE) w = cache[i];
      else w = segment[i];
      segment[i] = seed;
      seed += w;
    }
  }
#endif
};

}  // namespace xcub::detail
