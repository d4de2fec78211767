// Kokkos backend qualifiers: xcub has no kernels of its own here (XCUB_HAS_KERNELS 0); the device
// layer runs Kokkos parallel patterns, and the functions its functors call are Kokkos functions
// (host and device where Kokkos targets a GPU).
#pragma once

#include <Kokkos_Macros.hpp>

#define XCUB_HAS_KERNELS 0

#define XCUB_KERNEL static_assert(false, "xcub: the kokkos backend has no kernels of xcub's own")
#define XCUB_LAUNCH_BOUNDS(max_threads)
#define XCUB_LAUNCH_BOUNDS_OCCUPANCY(max_threads, min_blocks)
#define XCUB_DEVICE KOKKOS_FUNCTION
#define XCUB_HOST_DEVICE KOKKOS_FUNCTION
#define XCUB_FORCEINLINE inline
#define XCUB_UNROLL
#define XCUB_EXEC_CHECK_DISABLE
#define XCUB_SHARED(Type, name) static_assert(false, "xcub: the kokkos backend has no block shared memory")
