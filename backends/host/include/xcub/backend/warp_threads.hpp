// Host: the warp width of the emulator, the build option host_warp_threads (32 or 64). The one
// constant that <xcub/arch/lane_mask.hpp> needs from a backend.
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

inline constexpr int warp_threads = XCUB_HOST_WARP_THREADS;

}  // namespace xcub::arch
