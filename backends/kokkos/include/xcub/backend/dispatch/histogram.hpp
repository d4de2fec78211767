// xcub/backend/dispatch/histogram.hpp (kokkos): DeviceHistogram is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceHistogram is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
