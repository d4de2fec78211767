// CUDA qualifiers (see <xcub/config.hpp> for what each one means).
#pragma once

#include <cuda_runtime.h>

// 1 where this translation unit can hold kernels (nvcc compiling CUDA), 0 in host-compiler TUs.
#if defined(__CUDACC__)
#define XCUB_HAS_KERNELS 1
#else
#define XCUB_HAS_KERNELS 0
#endif

#include <xcub/backend/gpu/qualifiers.hpp>

#define XCUB_LAUNCH_BOUNDS_OCCUPANCY(max_threads, min_blocks) __launch_bounds__(max_threads, min_blocks)
