// Host tuning of BlockRadixRankMatch's strategies (the hook's contract:
// include/xcub/block/detail/radix_rank_match/config.hpp): the neutral default, the simplest path.
// The emulator has no cost model worth tuning for; tests force every strategy with a Tuning of their
// own (tests/sort/test_block_radix_rank_match_strategies.cpp).
#pragma once

#include <xcub/block/detail/radix_rank_match/config.hpp>

namespace xcub::tuning {

struct block_radix_rank_match {
  static constexpr detail::radix_rank_match_config config(const detail::radix_rank_match_shape& s) {
    return detail::radix_rank_match_simplest(s);
  }
};

}  // namespace xcub::tuning
