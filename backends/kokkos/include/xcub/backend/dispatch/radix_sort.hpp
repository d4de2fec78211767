// xcub/backend/dispatch/radix_sort.hpp (kokkos): DeviceRadixSort is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceRadixSort is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
