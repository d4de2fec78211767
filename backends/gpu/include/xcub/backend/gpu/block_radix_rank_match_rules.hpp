// The GPU backends' rules for BlockRadixRankMatch's strategies (the hook's contract:
// include/xcub/block/detail/radix_rank_match/config.hpp), measured in RankKeys against CUB on an
// H200 (sm_90); CUDA takes them for every target, HIP keeps them so that it takes the paths it took
// before the hook (not measured on an AMD GPU: measure there before changing one; with 64-lane waves
// the rules count warps of 64 lanes). Each rule is where the path was faster than the simpler one:
//
// - count batched, two keys at a time, with 8-bit digits: the two keys' round trips overlap
//   (measured with 8 bits only; with 4 bits one at a time was faster).
// - count in lanes with one key at a time, a lane per slot in every warp, 16 keys per thread and
//   more, at most 4 warps: no shared-memory round trip per key, at the cost of a few instructions
//   per key; it lost with 8 warps and with 4 or 8 keys per thread.
// - zero own columns with whole warps, 8 keys per thread and more, and digits under 8 bits or 16
//   keys and more: no block barrier before the count. With 4 keys nothing was gained; with 8-bit
//   digits and fewer than 16 keys it lost (more registers).
// - scan warp-local with whole warps, a lane per digit, the keys' slots in one word, 8 keys per
//   thread or fewer, 5 to 8 warps: two barriers fewer; with 4 warps it lost or did not move.
// - the block scan's fold ordered (the warps' totals read one warp at a time), except batched for
//   digits under 8 bits with 4 keys per thread or fewer in up to 4 warps: ordered took fewer
//   registers at most shapes (more blocks per SM where it mattered), batched won where registers
//   were not short; batched lost with 8 warps.
#pragma once

#include <xcub/block/detail/radix_rank_match/config.hpp>

namespace xcub::tuning {

struct gpu_block_radix_rank_match {
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
