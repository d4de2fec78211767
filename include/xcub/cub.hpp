// xcub/cub.hpp: CUB's umbrella <cub/cub.cuh> path: everything xcub offers (<xcub/xcub.hpp>), with
// the CUB-path headers (util_*.hpp, agent/single_pass_scan_operators.hpp) that it includes too.
#pragma once

#include <xcub/xcub.hpp>
#include <xcub/util_allocator.hpp>
#include <xcub/util_debug.hpp>
#include <xcub/util_device.hpp>
#include <xcub/util_temporary_storage.hpp>
#include <xcub/util_type.hpp>
#if XCUB_HAS_COOPERATIVE_LAYERS
#include <xcub/util_ptx.hpp>
#include <xcub/agent/single_pass_scan_operators.hpp>
#endif
