// CUDA: NVIDIA warps are 32 lanes wide. The one constant that <xcub/arch/lane_mask.hpp> needs
// from a backend.
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

inline constexpr int warp_threads = 32;

}  // namespace xcub::arch
