// The host emulator's checks of how collectives are called (the contract:
// <xcub/arch/debug_checks.hpp>): always on, since the emulator knows the block's shape and a
// compare per collective costs nothing beside a fiber switch.
#pragma once

#include <xcub/config.hpp>
#include <xcub/backend/emulator_api.hpp>

namespace xcub::arch {
inline constexpr bool block_shape_checks = true;
[[noreturn]] inline void report_block_shape(const char* name, dim3 declared) {
  host::detail::report_block_shape(name, declared.x, declared.y, declared.z);
}
}  // namespace xcub::arch
