// HIP: the architecture the code being compiled targets (see <xcub/arch/target.hpp>).
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

/// The device pass's gfx target, numbered as device_arch_version numbers devices (gfx90a: 910,
/// gfx942: 942, gfx1030: 1030; other gfx9: 900, other gfx10/11: 1000/1100); 0 in the host pass.
XCUB_HOST_DEVICE constexpr int target_arch() {
#if defined(__gfx90a__)
  return 910;
#elif defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
  return 942;
#elif defined(__gfx1030__)
  return 1030;
#elif defined(__GFX9__)
  return 900;
#elif defined(__GFX10__)
  return 1000;
#elif defined(__GFX11__)
  return 1100;
#else
  return 0;
#endif
}

/// AMD GPUs give no documented order in which workgroups start: tile ids come from a counter.
inline constexpr bool blocks_start_in_order = false;

}  // namespace xcub::arch
