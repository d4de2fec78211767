// xcub/block/detail/block_radix_rank_early_counts.hpp: BlockRadixRankMatchEarlyCounts
// (RADIX_RANK_MATCH_EARLY_COUNTS_ANY / _ATOMIC_OR): the digit counts first, the ranks after. Used
// through xcub::BlockRadixRankMatchEarlyCounts.
//
// - Histogram: each warp zeroes its histogram (NUM_PARTS copies per digit, interleaved, so that
//   lanes l and l + 1 hit different words: part = lane % NUM_PARTS) and, with ATOMIC_OR, its match
//   masks (warp_zero: whole words, no loop whose trip count the compiler cannot see); sync_warp; every lane adds its keys with shared-memory atomics. With NUM_PARTS > 1 the
//   parts are summed in registers, sync_warp, and written over the start of the warp's own region
//   (warp w's offsets start where its histogram does: no block barrier). Barrier.
// - Counts: thread r owns digits r * BINS + u: it sums them over the warps, turning each warp's
//   entry into that warp's exclusive prefix, and calls the CountsCallback (before any rank exists,
//   which is what a onesweep sort wants). BlockScan's exclusive sum of the counts (with the ordered
//   fold of the warps' totals where ordered_fold() says), in digit order,
//   is the exclusive digit prefix when ascending; descending, a digit's prefix is the tile's size
//   minus that sum minus its own count (the keys of larger digits), so the digits are never
//   reordered in memory. Each warp's entry gets the digit's prefix added. Barrier.
// - Ranks: each warp walks its keys item by item (warp-striped); the lanes of equal digit find each
//   other (match_digit, or ATOMIC_OR: each ORs its bit into the digit's mask, sync_warp, reads it);
//   the highest of them takes the group's size from the warp's offset with an atomic add and
//   broadcasts the old value; a key's rank is that plus its lower peers. ATOMIC_OR then clears the
//   mask between two sync_warps (the second orders the clear before the next item's ORs; the first
//   orders every lane's read before it: CUB relies on the shuffle for that, which orders no memory).
//   Batches (WARP_MATCH_ANY; batch_for, or the RANK_BATCH a onesweep tuning sets): B keys' peers,
//   then their B atomic adds, a sync_warp between two (two keys of a batch may share a digit, and
//   their adds must land in item order), then the B broadcasts: the shared-memory round trips of a
//   batch overlap. The next batch's adds come after this batch's broadcasts, which take the values
//   the adds returned: that dependency orders them, as it orders one key's add after the previous
//   key's in CUB's loop.
// - A partial last warp works with a member mask of its lanes (CUB's version assumes whole warps).
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

namespace xcub::detail {

/// BLOCK_TUNING: the rules chosen for BlockRadixRank's RankKeys (ordered_fold, and the leader of
/// WARP_MATCH_ANY's groups found as the lane equal to its peers' highest: one popcount fewer per key
/// than the test on the peers' count, RankKeys 2-3.5% faster on sm_90). The onesweep agent passes
/// false: its kernels are tuned without them.
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, BlockScanAlgorithm INNER_SCAN_ALGORITHM,
          WarpMatchAlgorithm MATCH_ALGORITHM, int NUM_PARTS, int BLOCK_DIM_Y, int BLOCK_DIM_Z, int RANK_BATCH = 0,
          bool BLOCK_TUNING = true>
class block_radix_rank_early_counts {
  static_assert(RANK_BATCH >= 0, "xcub: a radix rank batch has at least one key (0: the class chooses)");
  static_assert(MATCH_ALGORITHM != WARP_MATCH_ATOMIC_OR || RANK_BATCH <= 1,
                "xcub: WARP_MATCH_ATOMIC_OR ranks one key at a time (its match masks are reused)");
 protected:
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int THREADS = shape::threads;
  static constexpr int WARPS = shape::warps;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  static constexpr bool ATOMIC_OR = MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR;
  /// Keys a warp ranks at once: RANK_BATCH, or when 0, two for WARP_MATCH_ANY with 8-bit digits, 256
  /// threads and more and 16 keys per thread and more, else one (RankKeys 256 x 16 with 8-bit digits
  /// about 2% faster on sm_90; smaller tiles gain nothing or lose). ATOMIC_OR ranks one key at a
  /// time: batches, each with mask arrays of its own, are slower (1-17%) in every block shape and
  /// gain nothing in the onesweep sort.
  template <int KEYS_PER_THREAD>
  static constexpr int batch_for() {
    if constexpr (RANK_BATCH > 0) return RANK_BATCH;
    else return !ATOMIC_OR && RADIX_BITS == 8 && THREADS >= 256 && KEYS_PER_THREAD >= 16 ? 2 : 1;
  }
  /// Whether the digit counts' scan folds the warps' totals in order (block_scan_warp_scans.hpp)
  /// rather than as BlockScan does: with BLOCK_TUNING, for WARP_MATCH_ANY and BLOCK_SCAN_WARP_SCANS in
  /// blocks of 256 threads or more, where each thread holds at most one digit and ranks 8 keys or
  /// more (RankKeys on sm_90: 256 x 8 about 2% faster; 256 x 4, and ATOMIC_OR at 256 threads, 1-2%
  /// slower). The onesweep agent keeps BlockScan's fold (BLOCK_TUNING false): its kernels are tuned
  /// with it.
  template <int KEYS_PER_THREAD>
  static constexpr bool ordered_fold() {
    return BLOCK_TUNING && !ATOMIC_OR && THREADS >= 256 && (RADIX_DIGITS + THREADS - 1) / THREADS == 1 &&
           KEYS_PER_THREAD >= 8 && INNER_SCAN_ALGORITHM == BLOCK_SCAN_WARP_SCANS;
  }
  /// Ints between the starts of two warps' regions (histogram, then offsets over its start).
  static constexpr int WARP_STRIDE = RADIX_DIGITS * NUM_PARTS;
  /// Digits a lane sums when NUM_PARTS > 1 (its warp's lanes stride over them).
  static constexpr int LANE_DIGITS = (RADIX_DIGITS + shape::last_warp_threads - 1) / shape::last_warp_threads;
  using block_scan = BlockScan<int, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

 public:
  static constexpr int BINS_PER_THREAD = (RADIX_DIGITS + THREADS - 1) / THREADS;
  static constexpr int BINS_TRACKED_PER_THREAD = BINS_PER_THREAD;

  struct TempStorage {
    alignas(16) unsigned char histograms[sizeof(int) * WARPS * WARP_STRIDE];
    alignas(16) unsigned char match_masks[sizeof(arch::lane_mask_t) * (ATOMIC_OR ? WARPS * RADIX_DIGITS : 1)];
    typename block_scan::TempStorage scan;
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_radix_rank_early_counts(TempStorage& s)
      : storage(s), rank(shape::rank()), warp(shape::warp_of(rank)), lane(shape::lane()) {}

  /// CUB's contract: the callback's result, if any, is ignored.
  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor,
                                             int (&exclusive_digit_prefix)[BINS_PER_THREAD], CountsCallback callback) {
    rank_keys_or_stop(keys, ranks, digit_extractor, exclusive_digit_prefix,
                      [&](int (&bins)[BINS_PER_THREAD]) { callback(bins); });
  }

  /// Library-internal (the onesweep pass): RankKeys whose callback may stop the ranking. A
  /// callback type with `static constexpr bool stops_ranking = true` returns bool, the same in
  /// every thread; true returns at once with ranks and exclusive_digit_prefix unset, and this
  /// returns true. Other callbacks never stop it.
  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE bool rank_keys_or_stop(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                                      int (&ranks)[KEYS_PER_THREAD], DigitExtractorT digit_extractor,
                                                      int (&exclusive_digit_prefix)[BINS_PER_THREAD],
                                                      CountsCallback callback) {
    const int lanes = shape::has_partial_warp ? shape::threads_in_warp(warp) : arch::warp_threads;
    const arch::lane_mask_t members =
        shape::has_partial_warp ? arch::lane_range_mask(0, static_cast<unsigned>(lanes)) : arch::full_lane_mask;
    int* const base = reinterpret_cast<int*>(storage.histograms);
    int* const mine = base + warp * WARP_STRIDE;  // this warp's histogram, then its offsets
    arch::lane_mask_t* const masks = reinterpret_cast<arch::lane_mask_t*>(storage.match_masks) + warp * RADIX_DIGITS;

    // Histogram of the warp's keys.
    if constexpr (shape::has_partial_warp) {
      for (int i = lane; i < WARP_STRIDE; i += lanes) mine[i] = 0;
      if constexpr (ATOMIC_OR) {
        for (int d = lane; d < RADIX_DIGITS; d += lanes) masks[d] = 0;
      }
    } else {
      // 16-byte stores for the histogram; 4-byte ones for the masks (16-byte ones there took the
      // 128 x 8 ATOMIC_OR benchmark kernel from 32 to 40 registers, ptxas 13.0).
      warp_zero<WARP_STRIDE>(mine, lane);
      if constexpr (ATOMIC_OR) warp_zero<RADIX_DIGITS, 4>(masks, lane);
    }
    arch::sync_warp(members);
    const int part = NUM_PARTS == 1 ? 0 : lane % NUM_PARTS;
XCUB_UNROLL
    for (int i = 0; i < KEYS_PER_THREAD; ++i) {
      arch::atomic_add<arch::scope::block>(mine + digit_of(digit_extractor, keys[i]) * NUM_PARTS + part, 1);
    }
    if constexpr (NUM_PARTS > 1) {
      int sums[LANE_DIGITS];
      arch::sync_warp(members);
XCUB_UNROLL
      for (int u = 0; u < LANE_DIGITS; ++u) {
        const int d = lane + u * lanes;
        sums[u] = 0;
        if (d < RADIX_DIGITS) {
XCUB_UNROLL
          for (int p = 0; p < NUM_PARTS; ++p) sums[u] += mine[d * NUM_PARTS + p];
        }
      }
      arch::sync_warp(members);
XCUB_UNROLL
      for (int u = 0; u < LANE_DIGITS; ++u) {
        const int d = lane + u * lanes;
        if (d < RADIX_DIGITS) mine[d] = sums[u];
      }
    }
    arch::sync_threads();

    // Counts, their callback, the digit prefixes, and each warp's offset per digit.
    int bins[BINS_PER_THREAD];
XCUB_UNROLL
    for (int u = 0; u < BINS_PER_THREAD; ++u) {
      bins[u] = 0;
      const int d = rank * BINS_PER_THREAD + u;
      if (has_digit(d)) {
XCUB_UNROLL
        for (int w = 0; w < WARPS; ++w) {
          const int count = base[w * WARP_STRIDE + d];
          base[w * WARP_STRIDE + d] = bins[u];
          bins[u] += count;
        }
      }
    }
    if constexpr (stops_ranking<CountsCallback>()) {
      if (callback(bins)) return true;  // the same in every thread: ranks and prefixes stay unset
    } else {
      callback(bins);
    }
    if constexpr (ordered_fold<KEYS_PER_THREAD>()) {
      exclusive_digit_prefix[0] =
          block_exclusive_sum<warp_totals_fold::ordered, INNER_SCAN_ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(
              storage.scan, bins[0], static_cast<int*>(nullptr));
    } else {
      block_scan(storage.scan).ExclusiveSum(bins, exclusive_digit_prefix);
    }
XCUB_UNROLL
    for (int u = 0; u < BINS_PER_THREAD; ++u) {
      if constexpr (IS_DESCENDING) {
        exclusive_digit_prefix[u] = THREADS * KEYS_PER_THREAD - exclusive_digit_prefix[u] - bins[u];
      }
      const int d = rank * BINS_PER_THREAD + u;
      if (has_digit(d)) {
XCUB_UNROLL
        for (int w = 0; w < WARPS; ++w) base[w * WARP_STRIDE + d] += exclusive_digit_prefix[u];
      }
    }
    arch::sync_threads();

    // Ranks.
    const arch::lane_mask_t lane_bit = static_cast<arch::lane_mask_t>(arch::lane_mask_t{1} << lane);
    // The warp's offsets, through a value nvcc cannot see through (lane 0's copy of the same
    // offset: one shuffle per call): the histogram loop computes the very same addresses, and with
    // them in plain sight nvcc keeps its KEYS_PER_THREAD addresses live across the scan next to the
    // keys (56 registers instead of 40 at 16 keys) instead of recomputing them from the digits.
    int* const offsets = base + arch::shfl_idx(members, warp * WARP_STRIDE, 0);
    const arch::lane_mask_t up_to_me = arch::lane_range_mask(0, static_cast<unsigned>(lane) + 1);
    if constexpr (ATOMIC_OR) {
      // One key at a time: each lane ORs its bit into its digit's mask, reads the mask back (its
      // peers), and the highest peer, chosen once, adds the group's size, broadcasts the old count
      // and clears the mask. (Not through count_batch, which elects the leader by a second popcount and
      // again for the clear: that takes the 128 x 8 RankKeys kernel to 40 registers instead of 32,
      // 12 blocks per SM instead of 16.)
XCUB_UNROLL
      for (int i = 0; i < KEYS_PER_THREAD; ++i) {
        const std::uint32_t d = digit_of(digit_extractor, keys[i]);
        int* const counter = offsets + static_cast<int>(d);
        arch::atomic_or<arch::scope::block>(masks + d, lane_bit);
        arch::sync_warp(members);
        const arch::lane_mask_t peers = masks[d];
        const int up = arch::lane_count(peers & up_to_me);
        const int leader = static_cast<int>(arch::highest_lane(peers));
        int before = 0;
        if (lane == leader) before = arch::atomic_add<arch::scope::block>(counter, up);
        ranks[i] = arch::shfl_idx(members, before, leader) + up - 1;
        arch::sync_warp(members);
        if (lane == leader) masks[d] = 0;
        arch::sync_warp(members);
      }
    } else {
      // B keys at a time (batch_for): their peers, then their counts (count_batch).
      constexpr int B = batch_for<KEYS_PER_THREAD>();
XCUB_UNROLL
      for (int i0 = 0; i0 < KEYS_PER_THREAD; i0 += B) {
        std::uint32_t d[B];
        arch::lane_mask_t peers[B];
        int up[B];
XCUB_UNROLL
        for (int b = 0; b < B; ++b) {
          if (i0 + b < KEYS_PER_THREAD) {
            d[b] = digit_of(digit_extractor, keys[i0 + b]);
            peers[b] = match_digit<RADIX_BITS>(members, d[b]);
          }
        }
XCUB_UNROLL
        for (int b = 0; b < B; ++b) {
          if (i0 + b < KEYS_PER_THREAD) up[b] = arch::lane_count(peers[b] & up_to_me);
        }
        count_batch<B, BLOCK_TUNING>(
            members, i0, peers, up, [&](int b) { return offsets + static_cast<int>(d[b]); }, ranks);
      }
    }
    return false;
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor,
                                             int (&exclusive_digit_prefix)[BINS_PER_THREAD]) {
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, [](int (&)[BINS_PER_THREAD]) {});
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor, CountsCallback callback) {
    int exclusive_digit_prefix[BINS_PER_THREAD];
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, callback);
  }

  template <class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
  XCUB_DEVICE XCUB_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                                             DigitExtractorT digit_extractor) {
    int exclusive_digit_prefix[BINS_PER_THREAD];
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, [](int (&)[BINS_PER_THREAD]) {});
  }

 private:
  TempStorage& storage;
  int rank, warp, lane;

  template <class CountsCallback>
  static constexpr bool stops_ranking() {
    if constexpr (has_stops_ranking<CountsCallback>::value) return CountsCallback::stops_ranking;
    else return false;
  }
  template <class C, class = void>
  struct has_stops_ranking : std::false_type {};
  template <class C>
  struct has_stops_ranking<C, std::void_t<decltype(C::stops_ranking)>> : std::true_type {};

  XCUB_DEVICE XCUB_FORCEINLINE static constexpr bool has_digit(int d) {
    return THREADS * BINS_PER_THREAD == RADIX_DIGITS || d < RADIX_DIGITS;
  }
  template <class DigitExtractorT, class UnsignedBits>
  XCUB_DEVICE XCUB_FORCEINLINE static std::uint32_t digit_of(const DigitExtractorT& extractor, const UnsignedBits& key) {
    return static_cast<std::uint32_t>(extractor.Digit(key));
  }
#endif
};

}  // namespace xcub::detail
