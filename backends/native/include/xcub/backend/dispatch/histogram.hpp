// xcub/backend/dispatch/histogram.hpp (host, cuda, hip): DeviceHistogram's dispatch for the backends with xcub's own
// kernels, included by the façade. The kokkos backend puts its own header here, with the same dispatch
// names and signatures on Kokkos patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_histogram.hpp>
#endif
