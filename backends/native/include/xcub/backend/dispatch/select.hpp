// xcub/backend/dispatch/select.hpp (host, cuda, hip): the dispatch of DeviceSelect, DevicePartition
// and DeviceRunLengthEncode for the backends with xcub's own kernels, included by their façades.
// The kokkos backend puts its own header here, with the same dispatch types and signatures on
// Kokkos patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_select.hpp>
#endif
