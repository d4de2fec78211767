// Kokkos backend: xcub's warp and block layers (and the thread ids, shuffles, barriers and kernel
// launches under them) need lane-level operations that Kokkos does not expose portably, so they
// do not exist on this backend (docs/kokkos-backend.md). The device layer (DeviceReduce,
// DeviceScan, DeviceSegmentedReduce) does.
#pragma once

#error "xcub: the warp and block layers (and xcub/arch/arch.hpp, kernels and their launch) are not available on the kokkos backend; they exist on the host, cuda and hip backends. On kokkos use the device layer (xcub/device/*.hpp) or Kokkos' own team and vector patterns."
