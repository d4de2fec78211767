// xcub/backend/dispatch/merge_sort.hpp (host, cuda, hip): DeviceMergeSort and DeviceMerge's dispatch for the backends with xcub's
// own kernels, included by the façades. The kokkos backend's header of this name implements them on Kokkos
// patterns (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_merge_sort.hpp>
#endif
