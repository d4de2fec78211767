// xcub/backend/dispatch/select.hpp (host, cuda, hip): DeviceSelect, DevicePartition and DeviceRunLengthEncode's dispatch for the backends with xcub's
// own kernels, included by its façade. The kokkos backend has no DeviceSelect, DevicePartition and DeviceRunLengthEncode yet: its header of this
// name stops the build with a message (docs/kokkos-backend.md).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_select.hpp>
#endif
