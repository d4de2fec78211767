// xcub/backend/dispatch/transform.hpp (host, cuda, hip): DeviceTransform and DeviceFor's dispatch for the backends with xcub's
// own kernels, included by the façades. The kokkos backend has no DeviceTransform and DeviceFor yet: its header of this
// name stops the build with a message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_transform.hpp>
#endif
