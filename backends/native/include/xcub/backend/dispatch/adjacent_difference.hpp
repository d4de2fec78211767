// xcub/backend/dispatch/adjacent_difference.hpp (host, cuda, hip): DeviceAdjacentDifference's
// dispatch for the backends with xcub's own kernels, included by the façade. The kokkos backend
// puts its own header here, with the same dispatch type and signature on Kokkos patterns
// (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_adjacent_difference.hpp>
#endif
