// xcub/backend/dispatch/segmented_sort.hpp (host, cuda, hip): DeviceSegmentedRadixSort's and
// DeviceSegmentedSort's dispatch for the backends with xcub's own kernels, included by their
// façades (through segmented_sort_entry.hpp). The kokkos backend's header of this name implements
// them on Kokkos patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_segmented_sort.hpp>
#endif
