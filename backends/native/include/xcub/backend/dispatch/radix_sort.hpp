// xcub/backend/dispatch/radix_sort.hpp (host, cuda, hip): DeviceRadixSort's dispatch for the backends with xcub's
// own kernels, included by its façade. The kokkos backend's header of this name implements it on Kokkos
// patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_radix_sort.hpp>
#endif
