// xcub/backend/dispatch/merge_sort.hpp (host, cuda, hip): DeviceMergeSort and DeviceMerge's dispatch for the backends with xcub's
// own kernels, included by the façades. The kokkos backend has no DeviceMergeSort and DeviceMerge yet: its header of this
// name stops the build with a message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_merge_sort.hpp>
#endif
