// xcub/arch/lane_mask.hpp: lane masks as wide as the warp (32 or 64 bits), and helpers on them.
// The width is the backend's warp_threads (<xcub/backend/warp_threads.hpp>). Each backend's
// <xcub/backend/arch.hpp> includes this header and defines the two helpers that need an instruction:
//   lane_count(mask)   the number of lanes in mask (XCUB_HOST_DEVICE: host code may call it too)
//   lowest_lane(mask)  the lowest lane in a non-empty mask (XCUB_DEVICE)
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/backend/warp_threads.hpp>

namespace xcub::arch {

/// One bit per lane of a warp: 32 bits where warp_threads is 32, 64 bits where it is 64.
using lane_mask_t = std::conditional_t<(warp_threads > 32), std::uint64_t, std::uint32_t>;

/// Every lane of a warp.
inline constexpr lane_mask_t full_lane_mask = static_cast<lane_mask_t>(~lane_mask_t{0});

/// The lanes [first, first + count) of a warp, clipped to the warp; empty when count is 0 or
/// first is at or past the end.
XCUB_HOST_DEVICE constexpr lane_mask_t lane_range_mask(unsigned first, unsigned count) {
  constexpr unsigned width = static_cast<unsigned>(warp_threads);
  if (first >= width || count == 0) return 0;
  const lane_mask_t low = count >= width ? full_lane_mask : static_cast<lane_mask_t>((lane_mask_t{1} << count) - 1);
  return static_cast<lane_mask_t>(low << first);
}

}  // namespace xcub::arch
