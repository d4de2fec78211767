// xcub/block/detail/block_radix_rank_match.hpp: BlockRadixRankMatch (RADIX_RANK_MATCH): per-warp
// digit counters filled by warp matches. Used through xcub::BlockRadixRankMatch.
//
// A RankKeys call zeroes the counter grid (radix_rank_match/grid.hpp), counts each warp's keys of
// every digit slot into it, then scans it into ranks; each step has strategies, one header each in
// radix_rank_match/ (config.hpp lists them and what each needs). Which ones a call takes is the
// Tuning's choice: Tuning::config(shape) with the block's shape and the call's keys per thread.
// The default Tuning is the backend's hook, xcub::tuning::block_radix_rank_match from
// <xcub/backend/tuning/block_radix_rank_match.hpp> (the neutral default, the simplest path, where a
// backend has measured nothing); tests pass their own to force each strategy. TempStorage is the
// same whatever the strategies: the grid, and BlockScan's storage for the block scan.
//
// Barriers: the count's (zero_rows: one before the count), then the scan's (block: two and its
// BlockScan's; warp_local: one).
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/backend/tuning/block_radix_rank_match.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/radix_rank_match/config.hpp>
#include <xcub/block/detail/radix_rank_match/count_batched.hpp>
#include <xcub/block/detail/radix_rank_match/count_lanes.hpp>
#include <xcub/block/detail/radix_rank_match/count_shared.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>
#include <xcub/block/detail/radix_rank_match/scan_block.hpp>
#include <xcub/block/detail/radix_rank_match/scan_warp_local.hpp>
#include <xcub/block/detail/radix_rank_match/zero_own_columns.hpp>
#include <xcub/block/detail/radix_rank_match/zero_rows.hpp>

namespace xcub::detail {

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, BlockScanAlgorithm INNER_SCAN_ALGORITHM, int BLOCK_DIM_Y,
          int BLOCK_DIM_Z, class Tuning = tuning::block_radix_rank_match>
class block_radix_rank_match {
 protected:
  using grid = radix_rank_match_grid<BLOCK_DIM_X, RADIX_BITS, IS_DESCENDING, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using shape = typename grid::shape;
  using block_scan = BlockScan<int, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

 public:
  static constexpr int BINS_TRACKED_PER_THREAD = grid::BINS_TRACKED_PER_THREAD;

  /// The strategies of a RankKeys call with KEYS keys per thread.
  template <int KEYS>
  static constexpr radix_rank_match_config config() {
    return Tuning::config(radix_rank_match_shape{shape::threads, arch::warp_threads, shape::warps,
                                                 shape::has_partial_warp, shape::last_warp_threads, RADIX_BITS, KEYS});
  }
  /// Whether the Tuning's choice for KEYS keys per thread is one this shape supports.
  template <int KEYS>
  static constexpr bool config_supported() {
    return radix_rank_match_supports(config<KEYS>(),
                                     radix_rank_match_shape{shape::threads, arch::warp_threads, shape::warps,
                                                            shape::has_partial_warp, shape::last_warp_threads,
                                                            RADIX_BITS, KEYS});
  }

  struct TempStorage {
    typename block_scan::TempStorage scan;
    alignas(16) unsigned char counters[sizeof(int) * grid::THREADS * grid::PADDED_SEGMENT];  // >= COUNTERS ints
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
    constexpr radix_rank_match_config cfg = config<KEYS_PER_THREAD>();
    static_assert(config_supported<KEYS_PER_THREAD>(),
                  "xcub::BlockRadixRankMatch: the tuning's strategies do not support this block shape "
                  "(radix_rank_match/config.hpp, radix_rank_match_supports)");
    int* const counters = reinterpret_cast<int*>(storage.counters);
    int* const row = counters + rank * grid::PADDED_SEGMENT;
    const int warp = shape::warp_of(rank);
    const arch::lane_mask_t members =
        shape::has_partial_warp ? arch::lane_range_mask(0, static_cast<unsigned>(shape::threads_in_warp(warp)))
                                : arch::full_lane_mask;
    const arch::lane_mask_t below = arch::lanes_below();
    const radix_rank_match_call c{counters, row, rank, warp, members, below};
    int* counter_of[KEYS_PER_THREAD];
    namespace strategy = radix_rank_match;
    // Where the zero step shares `counters` and `warp` with a lambda (own_columns) they go by
    // reference, and the block scan then takes `counters` by reference too; elsewhere by value. The
    // address is the same either way: this keeps nvcc's code for each path as it was when the
    // strategies were written inline here (a copy there, or a reference elsewhere, changes the
    // register allocation and block layout of the scan).
    constexpr bool own_columns =
        cfg.count != radix_rank_match_count::lanes && cfg.zero == radix_rank_match_zero::own_columns;
    if constexpr (cfg.count == radix_rank_match_count::lanes) {
      strategy::count_lanes<grid>(c, keys, ranks, counter_of, digit_extractor);
    } else {
      if constexpr (cfg.zero == radix_rank_match_zero::own_columns) {
        strategy::zero_own_columns<grid>(c, counters, warp);
      } else {
        strategy::zero_rows<grid>(c);
      }
      if constexpr (cfg.count == radix_rank_match_count::batched) {
        strategy::count_batched<grid, cfg.batch>(c, keys, ranks, counter_of, digit_extractor);
      } else {
        strategy::count_shared<grid>(c, keys, ranks, counter_of, digit_extractor);
      }
    }
    if constexpr (cfg.scan == radix_rank_match_scan::warp_local) {
      strategy::scan_warp_local<grid>(c, keys, ranks, digit_extractor, callback, prefix);
    } else {
      using counters_t = std::conditional_t<own_columns, int* const&, int*>;
      strategy::scan_block<grid, cfg.fold, INNER_SCAN_ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, counters_t>(
          c, counters, storage.scan, ranks, counter_of, callback, prefix);
    }
  }
#endif
};

}  // namespace xcub::detail
