// xcub/backend/dispatch/topk.hpp (host, cuda, hip): DeviceTopK's dispatch for the backends with xcub's own kernels,
// included by the façade. The kokkos backend's header of this name defines the same dispatch on Kokkos patterns
// (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_topk.hpp>
#endif
