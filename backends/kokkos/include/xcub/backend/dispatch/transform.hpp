// xcub/backend/dispatch/transform.hpp (kokkos): DeviceTransform and DeviceFor is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceTransform and DeviceFor is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
