// CUDA qualifiers (see <xcub/config.hpp> for what each one means).
#pragma once

#include <cuda_runtime.h>

// 1 where this translation unit can hold kernels (nvcc compiling CUDA), 0 in host-compiler TUs.
#if defined(__CUDACC__)
#define XCUB_HAS_KERNELS 1
#else
#define XCUB_HAS_KERNELS 0
#endif

#define XCUB_KERNEL __global__
#define XCUB_DEVICE __device__
#define XCUB_HOST_DEVICE __host__ __device__
#define XCUB_FORCEINLINE __forceinline__
#define XCUB_SHARED(Type, name) __shared__ Type name
#define XCUB_UNROLL _Pragma("unroll")
