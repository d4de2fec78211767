// xcub/backend/dispatch/select.hpp (kokkos): DeviceSelect, DevicePartition and DeviceRunLengthEncode is not implemented on the kokkos backend yet.
#pragma once

#error "xcub: DeviceSelect, DevicePartition and DeviceRunLengthEncode is not available on the kokkos backend yet (docs/kokkos-backend.md); configure with -Dxcub_backend=host, cuda or hip to use it"
