// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/runtime.hpp>

#include <xcub/backend/gpu/chevron_launch.hpp>

#include <cstddef>

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

/// How many blocks of `block_threads` threads with `shared_bytes` of dynamic shared memory can be
/// resident on one multiprocessor at once.
template <class... Params>
error_t max_active_blocks_per_multiprocessor(int& blocks, void (*kernel)(Params...), int block_threads,
                                             std::size_t shared_bytes) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block_threads, shared_bytes);
}

}  // namespace xcub
