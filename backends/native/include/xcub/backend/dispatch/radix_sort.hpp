// xcub/backend/dispatch/radix_sort.hpp (host, cuda, hip): DeviceRadixSort's dispatch for the backends with xcub's
// own kernels, included by its façade. The kokkos backend has no DeviceRadixSort yet: its header of this
// name stops the build with a message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_radix_sort.hpp>
#endif
