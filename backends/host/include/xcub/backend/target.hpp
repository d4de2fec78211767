// Host: the architecture the code being compiled targets (see <xcub/arch/target.hpp>).
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

/// The emulator has one architecture, numbered 0; its tuning tables have one entry.
constexpr int target_arch() { return 0; }

/// The random schedule admits blocks in any order: tile ids come from a counter.
inline constexpr bool blocks_start_in_order = false;

}  // namespace xcub::arch
