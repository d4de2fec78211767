# cub-to-xcub-portable.sed: after cub-to-xcub.sed, the CUDA spellings that a CUB program uses around
# CUB, as xcub's portable ones, so that the same source builds for HIP and the host emulator too
# (docs/porting-from-cub.md, "Beyond the rename"):
#   sed -f scripts/cub-to-xcub.sed -f scripts/cub-to-xcub-portable.sed program.cu > program.cpp
# What it covers, and the forms it needs:
#   __global__ -> XCUB_KERNEL; __host__ __device__ -> XCUB_HOST_DEVICE; __device__ -> XCUB_DEVICE;
#   __forceinline__ -> XCUB_FORCEINLINE
#   `__shared__ TYPE NAME;` alone on its line -> XCUB_SHARED(TYPE, NAME); (no arrays, no type with a
#     top-level comma: give those a `using` name first; a multi-line `__shared__ union {...} x;` too)
#   threadIdx, blockIdx, blockDim, gridDim -> xcub::arch::thread_idx() ... grid_dim();
#   __syncthreads() -> xcub::arch::sync_threads()
#   `KERNEL<<<GRID, BLOCK>>>(ARGS);` and `<<<GRID, BLOCK, SMEM, STREAM>>>` as a statement of its own
#     line -> (void)XcubDebug(xcub::launch(GRID, BLOCK, SMEM, STREAM, KERNEL, ARGS)); (GRID and BLOCK
#     without commas: name a dim3 first). The launch's error is reported where it happens (printed
#     under XCUB_STDERR): on the host a launch returns its error, there is none left for
#     cudaGetLastError() to find.
#   cudaError_t, cudaSuccess, cudaStream_t, cudaGetErrorString, cudaGetLastError,
#   cudaDeviceSynchronize, cudaStreamSynchronize, cudaFree, cudaMemset, and
#   cudaMemcpy(dst, src, bytes, cudaMemcpyKind) (on one line) -> xcub's runtime (<xcub/launch.hpp>
#   and <xcub/util_debug.hpp> are included before the first xcub header)
# Left for the hand: cudaMalloc of typed pointers (xcub::device_malloc takes void**, as
# CachingDeviceAllocator::DeviceAllocate does), streams and events beyond the above, texture objects.

# xcub::launch and the runtime: included before the program's first xcub header
0,/^#include <xcub\//s//#include <xcub\/launch.hpp>\n#include <xcub\/util_debug.hpp>\n&/

s@\b__host__[[:space:]]\+__device__\b@XCUB_HOST_DEVICE@g
s@\b__device__[[:space:]]\+__host__\b@XCUB_HOST_DEVICE@g
s@\b__global__\b@XCUB_KERNEL@g
s@\b__device__\b@XCUB_DEVICE@g
s@\b__forceinline__\b@XCUB_FORCEINLINE@g

s@^\([[:space:]]*\)__shared__[[:space:]]\+\([^;=\[]*[^;=[:space:]\[]\)[[:space:]]\+\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*;@\1XCUB_SHARED(\2, \3);@

s@\bthreadIdx\b@xcub::arch::thread_idx()@g
s@\bblockIdx\b@xcub::arch::block_idx()@g
s@\bblockDim\b@xcub::arch::block_dim()@g
s@\bgridDim\b@xcub::arch::grid_dim()@g
s@\b__syncthreads()@xcub::arch::sync_threads()@g

s@^\([[:space:]]*\)\([^;]*[^;[:space:]]\)[[:space:]]*<<<[[:space:]]*\([^,>]*\),[[:space:]]*\([^,>]*\)>>>[[:space:]]*([[:space:]]*)[[:space:]]*;@\1(void)XcubDebug(xcub::launch(\3, \4, 0, nullptr, \2));@
s@^\([[:space:]]*\)\([^;]*[^;[:space:]]\)[[:space:]]*<<<[[:space:]]*\([^,>]*\),[[:space:]]*\([^,>]*\)>>>[[:space:]]*(\(.*\))[[:space:]]*;@\1(void)XcubDebug(xcub::launch(\3, \4, 0, nullptr, \2, \5));@
s@^\([[:space:]]*\)\([^;]*[^;[:space:]]\)[[:space:]]*<<<[[:space:]]*\([^,>]*\),[[:space:]]*\([^,>]*\),[[:space:]]*\([^,>]*\),[[:space:]]*\([^,>]*\)>>>[[:space:]]*(\(.*\))[[:space:]]*;@\1(void)XcubDebug(xcub::launch(\3, \4, \5, \6, \2, \7));@

s@\bcudaError_t\b@xcub::error_t@g
s@\bcudaSuccess\b@xcub::success@g
s@\bcudaStream_t\b@xcub::stream_t@g
s@\bcudaGetErrorString\b@xcub::error_string@g
s@\bcudaGetLastError\b@xcub::get_last_error@g
s@\bcudaDeviceSynchronize\b@xcub::device_synchronize@g
s@\bcudaStreamSynchronize\b@xcub::stream_synchronize@g
s@\bcudaFree\b@xcub::device_free@g
s@\bcudaMemset\b@xcub::memset@g
s@\bcudaMemcpy(\(.*\),[[:space:]]*cudaMemcpy[A-Za-z]*[[:space:]]*)@xcub::memcpy(\1)@g
