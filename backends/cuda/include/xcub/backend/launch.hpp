// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/runtime.hpp>

#include <xcub/backend/gpu/chevron_launch.hpp>

#include <cstddef>
#include <utility>

namespace xcub {

/// The architecture `kernel` runs as on the current device: its PTX version times 10 (900 for
/// code built for compute_90), which is what its device pass saw as arch::target_arch(). A device
/// newer than every SASS in the binary runs JIT-compiled PTX of an older architecture, so this is
/// not the device's own version.
template <class... Params>
error_t kernel_arch_version(void (*kernel)(Params...), int& arch) {
  cudaFuncAttributes attributes;
  if (const error_t e = cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kernel)); e != success)
    return e;
  arch = attributes.ptxVersion * 10;
  return success;
}

/// As launch, but `kernel` may start while the grid launched before it in the stream still runs
/// (programmatic dependent launch), where `kernel_arch` (its kernel_arch_version) is 900 or more:
/// `kernel` calls arch::wait_for_previous_grid() before it touches anything that grid writes, and
/// that grid may call arch::release_next_grid() to let it start early. Below sm_90 an ordinary
/// launch. Both grids of the pair must come from xcub (a user's grid before `kernel` would be
/// overlapped too): the device layer launches this way only right after its own init kernels.
template <class... Params, class... Args>
error_t launch_overlapped(int kernel_arch, dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream,
                          void (*kernel)(Params...), Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xcub::launch_overlapped: the number of arguments differs from the kernel's parameters");
  if (kernel_arch < 900) return launch(grid, block, shared_bytes, stream, kernel, std::forward<Args>(args)...);
  cudaLaunchAttribute overlap[1];
  overlap[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  overlap[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  config.attrs = overlap;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...);
}

/// Lets `kernel` be launched with `bytes` of dynamic shared memory: past the 48 KiB every kernel may
/// take, CUDA wants each kernel's limit raised first (up to the device's opt-in maximum: 227 KiB on
/// sm_90; more is an error, returned). Call it before such a launch; calls with less do nothing.
template <class... Params>
error_t allow_dynamic_shared_bytes(void (*kernel)(Params...), std::size_t bytes) {
  if (bytes <= 48 * 1024) return success;
  return cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel), cudaFuncAttributeMaxDynamicSharedMemorySize,
                              static_cast<int>(bytes));
}

/// How many blocks of `block_threads` threads with `shared_bytes` of dynamic shared memory can be
/// resident on one multiprocessor at once.
template <class... Params>
error_t max_active_blocks_per_multiprocessor(int& blocks, void (*kernel)(Params...), int block_threads,
                                             std::size_t shared_bytes) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block_threads, shared_bytes);
}

}  // namespace xcub
