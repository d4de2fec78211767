// xcub/backend/dispatch/adjacent_difference.hpp (kokkos): DeviceAdjacentDifference is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceAdjacentDifference is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
