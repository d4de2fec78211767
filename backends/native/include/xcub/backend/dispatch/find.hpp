// xcub/backend/dispatch/find.hpp (host, cuda, hip): DeviceFind's dispatch for the backends with xcub's own kernels,
// included by the façade. The kokkos backend has no DeviceFind yet: its header of this name stops the build with a
// message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_find.hpp>
#endif
