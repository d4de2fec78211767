// HIP tuning of BlockRadixRankMatch's strategies: the GPU backends' rules
// (<xcub/backend/gpu/block_radix_rank_match_rules.hpp>), measured on an H200 and not on any AMD GPU,
// kept so that HIP takes the paths it took before the hook existed.
#pragma once

#include <xcub/backend/gpu/block_radix_rank_match_rules.hpp>

namespace xcub::tuning {

using block_radix_rank_match = gpu_block_radix_rank_match;

}  // namespace xcub::tuning
