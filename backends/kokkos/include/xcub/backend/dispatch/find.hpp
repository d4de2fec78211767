// xcub/backend/dispatch/find.hpp (kokkos): DeviceFind is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceFind is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
