// xcub/backend/dispatch/batched_copy.hpp (host, cuda, hip): DeviceMemcpy::Batched and DeviceCopy::Batched's dispatch
// for the backends with xcub's own kernels, included by the façades. The kokkos backend's header of this name
// defines the same dispatch on Kokkos patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_batched_copy.hpp>
#endif
