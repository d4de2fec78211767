// xcub/backend/dispatch/adjacent_difference.hpp (host, cuda, hip): DeviceAdjacentDifference's dispatch for the backends with xcub's
// own kernels, included by the façades. The kokkos backend has no DeviceAdjacentDifference yet: its header of this
// name stops the build with a message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_adjacent_difference.hpp>
#endif
