// xcub/backend/dispatch/segmented_sort.hpp (kokkos): DeviceSegmentedRadixSort and DeviceSegmentedSort are not
// implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceSegmentedRadixSort and DeviceSegmentedSort are not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use them"
