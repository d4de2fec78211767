// HIP tuning of BlockRadixRankMatch's strategies (the hook's contract:
// include/xcub/block/detail/radix_rank_match/config.hpp): the CUDA backend's rules, measured on an
// H200 (sm_90) and not on any AMD GPU, kept so that HIP takes the paths it took before the hook
// existed. With 64-lane waves the rules count warps of 64 lanes (5 to 8 warps is 320 to 512
// threads there). backends/cuda/include/xcub/backend/tuning/block_radix_rank_match.hpp says why each
// rule is there; measure on the AMD GPU before changing one.
#pragma once

#include <xcub/block/detail/radix_rank_match/config.hpp>

namespace xcub::tuning {

struct block_radix_rank_match {
  static constexpr detail::radix_rank_match_config config(const detail::radix_rank_match_shape& s) {
    using namespace detail;
    const int digits = 1 << s.radix_bits, keys = s.keys_per_thread;
    const int batch = s.radix_bits == 8 ? 2 : 1;
    const bool lanes = batch == 1 && digits <= s.last_warp_threads && keys >= 16 && s.warps <= 4;
    const bool own_columns = !s.has_partial_warp && keys >= 8 && (s.radix_bits < 8 || keys >= 16);
    const bool warp_local = !s.has_partial_warp && digits <= s.warp_threads && s.radix_bits * keys <= 32 &&
                            keys <= 8 && s.warps > 4 && s.warps <= 8;
    const bool batched_fold = s.radix_bits < 8 && keys <= 4 && s.warps <= 4;
    return {own_columns ? radix_rank_match_zero::own_columns : radix_rank_match_zero::rows,
            lanes ? radix_rank_match_count::lanes
                  : (batch > 1 ? radix_rank_match_count::batched : radix_rank_match_count::shared),
            batch, warp_local ? radix_rank_match_scan::warp_local : radix_rank_match_scan::block,
            batched_fold ? warp_totals_fold::batched : warp_totals_fold::ordered};
  }
};

}  // namespace xcub::tuning
