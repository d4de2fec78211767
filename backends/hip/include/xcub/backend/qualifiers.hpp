// HIP qualifiers (see <xcub/config.hpp> for what each one means).
#pragma once

#include <hip/hip_runtime.h>

// 1 where this translation unit can hold kernels (compiled as HIP), 0 otherwise.
#ifdef __HIP__
#define XCUB_HAS_KERNELS 1
#else
#define XCUB_HAS_KERNELS 0
#endif

#include <xcub/backend/gpu/qualifiers.hpp>

// hip-clang's second bound is a minimum of waves per execution unit, not of blocks: not passed.
#define XCUB_LAUNCH_BOUNDS_OCCUPANCY(max_threads, min_blocks) __launch_bounds__(max_threads)
