// HIP: wavefronts of 64 lanes on gfx9 (CDNA) and 32 on gfx10+ (RDNA), fixed per compilation target.
// The one constant that <xcub/arch/lane_mask.hpp> needs from a backend.
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

#if defined(__AMDGCN_WAVEFRONT_SIZE)
inline constexpr int warp_threads = __AMDGCN_WAVEFRONT_SIZE;
#else
// The host pass of a HIP compilation has no target: 64 is a placeholder that no kernel sees.
// Host code must not size device data with it (query the device instead).
inline constexpr int warp_threads = 64;
#endif

}  // namespace xcub::arch
