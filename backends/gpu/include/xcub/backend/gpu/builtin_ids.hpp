// xcub/backend/gpu/builtin_ids.hpp: thread, block and grid indices read from the builtins that
// CUDA and HIP share (threadIdx, blockIdx, blockDim, gridDim). Included by the cuda and hip
// backends' <xcub/backend/arch.hpp>, in translation units that can hold kernels.
#pragma once

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>

#if XCUB_HAS_KERNELS
namespace xcub::arch {

XCUB_DEVICE XCUB_FORCEINLINE dim3 thread_idx() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
XCUB_DEVICE XCUB_FORCEINLINE dim3 block_idx() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
XCUB_DEVICE XCUB_FORCEINLINE dim3 block_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
XCUB_DEVICE XCUB_FORCEINLINE dim3 grid_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }

}  // namespace xcub::arch
#endif
