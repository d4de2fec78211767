// xcub/backend/dispatch/batched_copy.hpp (kokkos): DeviceMemcpy::Batched and DeviceCopy::Batched are not implemented on
// the kokkos backend yet.
#pragma once

#error "xcub: DeviceMemcpy::Batched and DeviceCopy::Batched are not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use them"
