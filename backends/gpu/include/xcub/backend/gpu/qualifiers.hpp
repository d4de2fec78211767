// xcub/backend/gpu/qualifiers.hpp: the qualifiers of the GPU backends (CUDA, and HIP through
// hip-clang), which spell them alike; see <xcub/config.hpp> for what each one means. Included by
// the cuda and hip backends' <xcub/backend/qualifiers.hpp> after the vendor runtime header.
#pragma once

#define XCUB_KERNEL __global__
#define XCUB_LAUNCH_BOUNDS(max_threads) __launch_bounds__(max_threads)
#define XCUB_DEVICE __device__
#define XCUB_HOST_DEVICE __host__ __device__
#define XCUB_FORCEINLINE __forceinline__
#define XCUB_UNROLL _Pragma("unroll")
#define XCUB_SHARED(Type, name) __shared__ Type name

// Placed before a host-device function template that may call device-only or host-only code (a
// functor, a cache-modified load, a wrapped host iterator): nvcc checks the call only where an
// instantiation runs.
#if defined(__NVCC__)
#define XCUB_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define XCUB_EXEC_CHECK_DISABLE
#endif
