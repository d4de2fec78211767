// Host tuning of BlockRadixRankMatch's strategies (the hook's contract:
// include/xcub/block/detail/radix_rank_match/config.hpp): the neutral default, the simplest path.
// The emulator has no cost model worth tuning for; tests force every strategy with a Tuning of their
// own (tests/sort/test_block_radix_rank_match_strategies.cpp).
#pragma once

#include <xcub/block/detail/radix_rank_match/config.hpp>

namespace xcub::tuning {

using block_radix_rank_match = ::xcub::detail::radix_rank_match_simplest_tuning;

}  // namespace xcub::tuning
