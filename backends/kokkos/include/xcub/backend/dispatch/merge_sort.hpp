// xcub/backend/dispatch/merge_sort.hpp (kokkos): DeviceMergeSort and DeviceMerge is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceMergeSort and DeviceMerge is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
