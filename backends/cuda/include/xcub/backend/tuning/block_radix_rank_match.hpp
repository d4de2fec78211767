// CUDA tuning of BlockRadixRankMatch's strategies: the GPU backends' rules
// (<xcub/backend/gpu/block_radix_rank_match_rules.hpp>, which says why each is there), for every CUDA
// target. A target that wants other rules can test arch::target_arch() (<xcub/arch/target.hpp>)
// here: it is a constant in device code.
#pragma once

#include <xcub/backend/gpu/block_radix_rank_match_rules.hpp>

namespace xcub::tuning {

using block_radix_rank_match = gpu_block_radix_rank_match;

}  // namespace xcub::tuning
