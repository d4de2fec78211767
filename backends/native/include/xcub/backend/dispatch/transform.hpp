// xcub/backend/dispatch/transform.hpp (host, cuda, hip): DeviceTransform's and DeviceFor's dispatch
// for the backends with xcub's own kernels, included by the façades. The kokkos backend puts its
// own header here, with the same dispatch signature on Kokkos patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_transform.hpp>
#endif
