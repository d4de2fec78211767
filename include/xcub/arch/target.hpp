// xcub/arch/target.hpp: what the code being compiled targets, for the device layer's tuning.
//
//   arch::target_arch()          constexpr; in device code the architecture this compilation pass
//                                builds for, numbered as device_arch_version numbers devices (CUDA
//                                sm_90: 900; HIP gfx90a: 910, gfx942: 942, gfx1030: 1030; host: 0).
//                                In the host pass of a GPU compilation it is 0: host code asks the
//                                launcher which architecture a kernel was built for instead
//                                (<xcub/device/detail/dispatch/kernel_arch.hpp>).
//   arch::blocks_start_in_order  true where a block with a higher linear block id never becomes
//                                resident before a lower one (CUDA); elsewhere look-back algorithms
//                                number their tiles with a counter instead of the block id.
#pragma once

#include <xcub/config.hpp>
#include <xcub/backend/target.hpp>
