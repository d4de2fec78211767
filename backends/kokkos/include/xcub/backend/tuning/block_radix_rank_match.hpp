// Kokkos tuning of BlockRadixRankMatch's strategies (the hook's contract:
// include/xcub/block/detail/radix_rank_match/config.hpp): the neutral default, the simplest path.
// Kokkos runs no xcub block collectives; the hook exists so that the block headers compile.
#pragma once

#include <xcub/block/detail/radix_rank_match/config.hpp>

namespace xcub::tuning {

using block_radix_rank_match = ::xcub::detail::radix_rank_match_simplest_tuning;

}  // namespace xcub::tuning
