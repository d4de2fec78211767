// xcub/block/detail/block_radix_rank_match.hpp: BlockRadixRankMatch (RADIX_RANK_MATCH): per-warp
// digit counters filled by warp matches. Used through xcub::BlockRadixRankMatch.
//
// - Counters: an int per (digit slot, warp), slot-major (counter = slot * PADDED_WARPS + warp; the
//   slot is the digit, or 2^RADIX_BITS - 1 - digit when descending). PADDED_WARPS is odd (one unused
//   column where the warp count is even) against bank conflicts. The same memory, seen as THREADS
//   rows of PADDED_SEGMENT (odd) ints, is the raking grid of the scan.
// - Zero: each thread its row of the grid, then a barrier; or (warps_zero_own_columns()) each warp
//   its own column, the only counters it touches before the scan, then a sync_warp.
// - Count: each warp walks its keys item by item (a warp-striped tile: item i of every lane, then
//   item i + 1); for each, the lanes of equal digit find each other (match_digit), all read their
//   warp's counter, sync_warp, the lowest of them adds the group's size, sync_warp. A key's warp
//   rank is the counter it read plus its lower peers (digits other than 8 bits). With 8-bit digits,
//   two keys at a time instead: both matches, then for each the highest peer's atomic add of the
//   group's size (a sync_warp between the two), then the shuffles of the old counts; the two round
//   trips overlap. The next pair's adds come after these shuffles, which take the values the adds
//   returned: that dependency orders them.
// - Scan (a barrier before and after): each thread takes its row of the grid and BlockScan (with
//   WARP_SCANS: the fold of block_scan_warp_scans.hpp that scan_fold() names) gives the exclusive
//   sum over the rows in order, i.e. over the counters slot by slot, warp by warp: a counter
//   becomes the number of keys ranked before that warp's keys of that slot.
// - Warp-local scan (warp_local_scan(): few keys, 5 to 8 warps, a lane per digit), in place of the
//   block's scan: after the count's barrier, lane s of every warp sums slot s's counters over all
//   warps (the digit's total) and over the warps before its own; an exclusive scan of the totals
//   across the lanes gives the digit prefixes; a key's rank adds its slot lane's prefix plus
//   before-warp sum, by a shuffle. The counters stay unscanned; the bins' counts and prefixes come
//   from warp 0's lanes.
// - Rank: warp rank plus its counter. The CountsCallback's counts and the exclusive digit prefix
//   come from warp 0's column of the scanned counters (a digit's count is the next slot's prefix
//   minus its own, the tile's size after the last slot).
// - Lane counts (lane_counts(): 16 keys per thread and more, up to 4 warps, digits up to the warp's
//   width): lane s keeps the warp's count of slot s in a register. For each key, every lane also
//   learns from the same votes which lanes hold the slot equal to its own lane number, and adds
//   their count; a key's warp rank is its slot owner's count before that (a shuffle) plus its lower
//   peers. Each warp writes its counts once; no sync_warp, no shared memory until then.
// - Only the lanes that exist match and sync (a partial last warp uses a member mask of its lanes).
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_exclusive_sum.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/warp_count_batch.hpp>
#include <xcub/block/detail/warp_match_digit.hpp>
#include <xcub/block/detail/strided_for.hpp>
#include <xcub/warp/warp_scan.hpp>

namespace xcub::detail {

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, BlockScanAlgorithm INNER_SCAN_ALGORITHM, int BLOCK_DIM_Y,
          int BLOCK_DIM_Z>
class block_radix_rank_match {
 protected:
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int THREADS = shape::threads;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  static constexpr int PADDED_WARPS = shape::warps % 2 == 0 ? shape::warps + 1 : shape::warps;
  static constexpr int COUNTERS = PADDED_WARPS * RADIX_DIGITS;
  static constexpr int SEGMENT = (COUNTERS + THREADS - 1) / THREADS;
  static constexpr int PADDED_SEGMENT = SEGMENT % 2 == 0 ? SEGMENT + 1 : SEGMENT;
  /// Keys a warp counts at once: two with 8-bit digits (RankKeys against CUB, 2026-11-28, six
  /// shapes: 0.976-1.035 -> 0.992-1.011 on an H100, 0.971-1.031 -> 0.989-1.032 on an H200), one
  /// otherwise (4 bits: 0.955-1.049 -> 0.902-1.036 on the H200; other widths not measured:
  /// docs/block-sorting.md).
  static constexpr int RANK_BATCH = RADIX_BITS == 8 ? 2 : 1;
  using block_scan = BlockScan<int, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  /// Whether each warp zeroes its own column of counters (a sync_warp, no block barrier before the
  /// count): whole warps, 8 keys per thread and more, and digits of fewer than 8 bits or 16 keys
  /// and more. RankKeys against CUB on an H200, 2026-11-29 (five runs): 4 bits 256 x 8 0.980-0.984
  /// -> 0.996-1.004, 256 x 16 0.978-0.991 -> 1.011-1.018, 128 x 8 1.02-1.05 -> 1.05-1.06, with 4
  /// keys nothing gained (256 x 4 0.961-0.979 -> 0.961-0.965); 8 bits 128 x 16 1.03 -> 1.04,
  /// 256 x 16 1.02 -> 1.05, but 256 x 4 0.98 -> 0.94 and 256 x 8 0.99 -> 0.93 (13 more registers
  /// at 256 x 8).
  template <int KEYS>
  static constexpr bool warps_zero_own_columns() {
    return !shape::has_partial_warp && KEYS >= 8 && (RADIX_BITS < 8 || KEYS >= 16);
  }
  /// The fold of the warps' totals in the counters' scan (block_scan_warp_scans.hpp): ordered (the
  /// comment at the scan says why), but batched for digits under 8 bits with 4 keys per thread or
  /// fewer in up to 4 warps, whose registers are not short (RankKeys 4 bits 128 x 4 against CUB on
  /// an H200, 2026-11-29, five runs: 0.969-0.986 -> 0.984-0.994; with 8 warps batched took 37
  /// registers against 32 and ran at 0.90, and 8 bits 128 x 4 went 0.98 -> 0.97).
  template <int KEYS>
  static constexpr warp_totals_fold scan_fold() {
    return RADIX_BITS < 8 && KEYS <= 4 && shape::warps <= 4 ? warp_totals_fold::batched : warp_totals_fold::ordered;
  }
  /// Whether lane s of each warp counts the warp's keys of slot s in a register (lane counts, in the
  /// header comment), where a key otherwise reads its warp's counter and its group's lowest lane
  /// writes it back between two sync_warps: one-key-at-a-time ranking (RANK_BATCH 1), a lane per
  /// slot in every warp, 16 keys per thread and more, at most 4 warps. More instructions per key
  /// (the owner's mask: one more AND per bit, two popcounts), no shared-memory round trip. RankKeys
  /// with 4-bit digits against CUB on an H200, 2026-11-29: 128 x 16 0.970-0.977 -> 1.015-1.019;
  /// 256 x 16 lost (0.983 -> 0.94), and so did 4 and 8 keys per thread (128 x 4 0.98 -> 0.80,
  /// 256 x 8 0.98 -> 0.89).
  /// Whether every warp scans the counters itself after the count (the warp-local scan, in the
  /// header comment) instead of the block: whole warps, a lane per digit, the keys' slots packed in
  /// one word (RADIX_BITS * KEYS <= 32), 8 keys per thread or fewer, 5 to 8 warps (each lane reads
  /// a counter per warp, one at a time: ordered through volatile, which keeps the kernel at 32
  /// registers where loads issued together took 36). Two barriers fewer and no shared-memory read
  /// after the scan. RankKeys with 4-bit digits against CUB on an H200, 2026-11-29, five runs:
  /// 256 x 4 0.970-0.975 -> 0.991-1.007, 256 x 8 1.00 -> 1.02-1.03; with 4 warps 128 x 8 lost
  /// (1.05 -> 1.03) and 128 x 4 did not move.
  template <int KEYS>
  static constexpr bool warp_local_scan() {
    return !shape::has_partial_warp && RADIX_DIGITS <= arch::warp_threads && RADIX_BITS * KEYS <= 32 &&
           KEYS <= 8 && shape::warps > 4 && shape::warps <= 8;
  }
  template <int KEYS>
  static constexpr bool lane_counts() {
    return RANK_BATCH == 1 && RADIX_DIGITS <= shape::last_warp_threads && KEYS >= 16 && shape::warps <= 4;
  }

 public:
  static constexpr int BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + THREADS - 1) / THREADS;

  struct TempStorage {
    typename block_scan::TempStorage scan;
    alignas(16) unsigned char counters[sizeof(int) * THREADS * PADDED_SEGMENT];  // >= COUNTERS ints
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_radix_rank_match(TempStorage& s) : storage(s), rank(shape::rank()) {}

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor, CountsCallback callback) {
    rank_keys(keys, ranks, digit_extractor, callback, static_cast<int(*)[BINS_TRACKED_PER_THREAD]>(nullptr));
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor) {
    RankKeys(keys, ranks, digit_extractor, [](int (&)[BINS_TRACKED_PER_THREAD]) {});
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor,
                                             int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD],
                                             CountsCallback callback) {
    rank_keys(keys, ranks, digit_extractor, callback, &exclusive_digit_prefix);
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor,
                                             int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD]) {
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, [](int (&)[BINS_TRACKED_PER_THREAD]) {});
  }

 private:
  TempStorage& storage;
  int rank;

  /// RankKeys; `prefix`, when not null, receives the exclusive digit prefix of the thread's bins.
  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE void rank_keys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                              DigitExtractorT digit_extractor, CountsCallback callback,
                                              int (*prefix)[BINS_TRACKED_PER_THREAD]) {
    int* const counters = reinterpret_cast<int*>(storage.counters);
    int* const row = counters + rank * PADDED_SEGMENT;
    const int warp = shape::warp_of(rank);
    const arch::lane_mask_t members =
        shape::has_partial_warp ? arch::lane_range_mask(0, static_cast<unsigned>(shape::threads_in_warp(warp)))
                                : arch::full_lane_mask;
    const arch::lane_mask_t below = arch::lanes_below();
    int* counter_of[KEYS_PER_THREAD];
    if constexpr (lane_counts<KEYS_PER_THREAD>()) {
      // Every warp writes its own counters after counting: only the others are zeroed (the padding
      // column, the grid past COUNTERS), and no barrier separates the two. (Row by row, as here, the
      // kernel measured below took 72 registers and ran at 1.015-1.019; through zero_uncounted it
      // takes 64 and was not measured.)
XCUB_UNROLL
      for (int i = 0; i < PADDED_SEGMENT; ++i) {
        const int at = rank * PADDED_SEGMENT + i;
        if (at >= COUNTERS || at % PADDED_WARPS >= shape::warps) row[i] = 0;
      }
      const int lane = shape::lane();
      int owned_count = 0;  // in lane s: the warp's keys of slot s counted so far
      // Per bit, the lanes whose slot bit differs from this lane's number: a vote XOR this is the
      // lanes that agree with the lane's number on that bit.
      arch::lane_mask_t lane_bit_clear[RADIX_BITS];
XCUB_UNROLL
      for (int bit = 0; bit < RADIX_BITS; ++bit) lane_bit_clear[bit] = (lane >> bit) & 1 ? 0 : arch::full_lane_mask;
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        const std::uint32_t slot = slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i])));
        arch::lane_mask_t peers = members, owned = members;  // owned: the lanes whose slot is this lane's number
XCUB_UNROLL
        for (int bit = 0; bit < RADIX_BITS; ++bit) {
          arch::lane_mask_t votes;
          peers &= arch::ballot_agree(members, slot, 1u << bit, votes);
          owned &= votes ^ lane_bit_clear[bit];
        }
        counter_of[i] = counters + (static_cast<int>(slot) * PADDED_WARPS + warp);
        ranks[i] = arch::shfl_idx(members, owned_count, static_cast<int>(slot)) + arch::lane_count(peers & below);
        owned_count += arch::lane_count(owned);
      }
      if (lane < RADIX_DIGITS) counters[lane * PADDED_WARPS + warp] = owned_count;
    } else if constexpr (warps_zero_own_columns<KEYS_PER_THREAD>()) {
      // Before the scan a warp reads and writes only its own column: it zeroes that (a sync_warp
      // orders it), and the block the counters no warp counts (the padding column, the grid's tail).
      strided_for<RADIX_DIGITS, arch::warp_threads>(shape::lane(),
                                                    [&](int slot) { counters[slot * PADDED_WARPS + warp] = 0; });
      zero_uncounted(counters);
      arch::sync_warp(members);
    } else {
XCUB_UNROLL
      for (int i = 0; i < PADDED_SEGMENT; ++i) row[i] = 0;
      arch::sync_threads();
    }
    if constexpr (lane_counts<KEYS_PER_THREAD>()) {
      // counted above
    } else if constexpr (RANK_BATCH == 1) {
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        const std::uint32_t slot = slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i])));
        const arch::lane_mask_t peers = match_digit<RADIX_BITS>(members, slot);
        // An int index: an unsigned slot would make the address 64-bit arithmetic.
        counter_of[i] = counters + (static_cast<int>(slot) * PADDED_WARPS + warp);
        const int warp_prefix = *counter_of[i];
        arch::sync_warp(members);
        const int lower_peers = arch::lane_count(peers & below);
        if (lower_peers == 0) *counter_of[i] = warp_prefix + arch::lane_count(peers);
        arch::sync_warp(members);
        ranks[i] = warp_prefix + lower_peers;
      }
    } else {
      // RANK_BATCH keys at a time: their peers, then their counts (count_batch).
      const arch::lane_mask_t up_to_me = below | (arch::lane_mask_t{1} << shape::lane());
XCUB_UNROLL
      for (int i0 = 0; i0 < KEYS_PER_THREAD; i0 += RANK_BATCH) {
        arch::lane_mask_t peers[RANK_BATCH];
        int up[RANK_BATCH];
XCUB_UNROLL
        for (int b = 0; b < RANK_BATCH; ++b) {
          if (i0 + b < KEYS_PER_THREAD) {
            const std::uint32_t slot =
                slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i0 + b])));
            peers[b] = match_digit<RADIX_BITS>(members, slot);
            counter_of[i0 + b] = counters + (static_cast<int>(slot) * PADDED_WARPS + warp);
            up[b] = arch::lane_count(peers[b] & up_to_me);
          }
        }
        count_batch<RANK_BATCH, false>(members, i0, peers, up, [&](int b) { return counter_of[i0 + b]; }, ranks);
      }
    }
    // The keys' slots, packed in one word for the warp-local scan (the keys die here).
    std::uint32_t packed_slots = 0;
    if constexpr (warp_local_scan<KEYS_PER_THREAD>()) {
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        packed_slots |= slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i]))) << (RADIX_BITS * i);
      }
    }
    arch::sync_threads();

    if constexpr (warp_local_scan<KEYS_PER_THREAD>()) {
      // Lane s of every warp sums slot s's counters over the warps (its digit's total) and over the
      // warps before its own; a scan across the lanes turns the totals into digit prefixes.
      const int lane = shape::lane();
      int before_warp = 0, digit_total = 0;
      if (lane < RADIX_DIGITS) {
        const volatile int* const column = counters + lane * PADDED_WARPS;
XCUB_UNROLL
        for (int w = 0; w < shape::warps; ++w) {
          if (w == warp) before_warp = digit_total;
          digit_total += column[w];
        }
      }
      using lane_scan = WarpScan<int>;
      typename lane_scan::TempStorage none;
      int digit_prefix;
      lane_scan(none).ExclusiveSum(digit_total, digit_prefix);
      const int slot_base = digit_prefix + before_warp;  // keys ranked before this warp's of slot `lane`
      int bins[BINS_TRACKED_PER_THREAD];
XCUB_UNROLL
      for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
        // A bin's thread (rank < RADIX_DIGITS <= warp width: warp 0) takes its slot's lane's values.
        const int bin = rank * BINS_TRACKED_PER_THREAD + track;
        const bool has_bin = THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS;
        const int from = static_cast<int>(slot_of(static_cast<std::uint32_t>(has_bin ? bin : 0)));
        const int count = arch::shfl_idx(members, digit_total, from);
        bins[track] = has_bin ? count : 0;
        if (prefix) {
          const int before = arch::shfl_idx(members, digit_prefix, from);
          if (has_bin) (*prefix)[track] = before;
        }
      }
      callback(bins);
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        const std::uint32_t slot = (packed_slots >> (RADIX_BITS * i)) & (RADIX_DIGITS - 1);
        ranks[i] += arch::shfl_idx(members, slot_base, static_cast<int>(slot));
      }
      return;
    }

    // The ordered fold of the warps' totals (block_scan_warp_scans.hpp; scan_fold() has the
    // exception). RankKeys against CUB on the H200 (2026-11-27, median of three runs), batched ->
    // ordered: 4 bits 256 x 4 0.900 -> 0.960 (37 registers -> 32, CUB's count: 8 blocks per SM
    // instead of 6), 128 x 16 0.956 -> 0.969; 8 bits 128 x 16 0.975 -> 1.001 (80 -> 72 registers),
    // 256 x 4 1.002 -> 1.031; it costs 4 bits 256 x 16 1.001 -> 0.986 and 8 bits 256 x 8 0.986 ->
    // 0.970 (its loads, in order, presumably wait one after another). Ordered everywhere then (the
    // worst shape gained most); scan_fold() has the one exception since.
    int counts[PADDED_SEGMENT];
    int raked = 0;
XCUB_UNROLL
    for (int i = 0; i < PADDED_SEGMENT; ++i) {
      counts[i] = row[i];
      raked += counts[i];
    }
    int seed = block_exclusive_sum<scan_fold<KEYS_PER_THREAD>(), INNER_SCAN_ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y,
                                   BLOCK_DIM_Z>(storage.scan, raked, static_cast<int*>(nullptr));
XCUB_UNROLL
    for (int i = 0; i < PADDED_SEGMENT; ++i) {
      row[i] = seed;
      seed += counts[i];
    }
    arch::sync_threads();

    // Counts (dead code, removed by the compiler, for an empty callback).
    int bins[BINS_TRACKED_PER_THREAD];
XCUB_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
      bins[track] = 0;
      const int bin = rank * BINS_TRACKED_PER_THREAD + track;
      if (THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS) {
        const std::uint32_t slot = slot_of(static_cast<std::uint32_t>(bin));
        const int next = slot + 1 < RADIX_DIGITS ? counters[(slot + 1) * PADDED_WARPS] : THREADS * KEYS_PER_THREAD;
        bins[track] = next - counters[slot * PADDED_WARPS];
      }
    }
    callback(bins);
XCUB_UNROLL
    for (int i = 0; i < KEYS_PER_THREAD; ++i) ranks[i] += *counter_of[i];
    if (prefix) {
XCUB_UNROLL
      for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
        const int bin = rank * BINS_TRACKED_PER_THREAD + track;
        if (THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS) {
          (*prefix)[track] = counters[slot_of(static_cast<std::uint32_t>(bin)) * PADDED_WARPS];
        }
      }
    }
  }

  /// Zeroes, from every thread of the block, the counters that no warp counts: the padding column
  /// and the grid past COUNTERS.
  XCUB_DEVICE XCUB_FORCEINLINE void zero_uncounted(int* counters) const {
    if constexpr (PADDED_WARPS > shape::warps) {
      strided_for<RADIX_DIGITS, THREADS>(rank, [&](int slot) { counters[slot * PADDED_WARPS + shape::warps] = 0; });
    }
    strided_for<THREADS * PADDED_SEGMENT - COUNTERS, THREADS>(rank, [&](int i) { counters[COUNTERS + i] = 0; });
  }
  XCUB_DEVICE XCUB_FORCEINLINE static std::uint32_t slot_of(std::uint32_t digit) {
    return IS_DESCENDING ? static_cast<std::uint32_t>(RADIX_DIGITS - 1) - digit : digit;
  }
#endif
};

}  // namespace xcub::detail
