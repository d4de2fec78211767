// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/runtime.hpp>

#include <xcub/backend/gpu/chevron_launch.hpp>

#include <cstddef>
#include <utility>

namespace xcub {

/// The architecture `kernel` runs as on the current device: HIP loads the code object built for
/// the device's own gfx target, so this is the device's version (gfx90a: 910).
template <class... Params>
error_t kernel_arch_version(void (*)(Params...), int& arch) {
  int device = 0;
  if (const error_t e = get_device(&device); e != success) return e;
  return device_arch_version(&arch, device);
}

/// HIP has no programmatic dependent launch: an ordinary launch.
template <class... Params, class... Args>
error_t launch_overlapped(int /*kernel_arch*/, dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream,
                          void (*kernel)(Params...), Args&&... args) {
  return launch(grid, block, shared_bytes, stream, kernel, std::forward<Args>(args)...);
}

/// Lets `kernel` be launched with `bytes` of dynamic shared memory (as on CUDA: past 48 KiB the
/// kernel's limit is raised first; AMD GPUs have 64 KiB of LDS per workgroup, more is an error).
template <class... Params>
error_t allow_dynamic_shared_bytes(void (*kernel)(Params...), std::size_t bytes) {
  if (bytes <= 48 * 1024) return success;
  return hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(bytes));
}

/// How many blocks of `block_threads` threads with `shared_bytes` of dynamic shared memory can be
/// resident on one compute unit at once.
template <class... Params>
error_t max_active_blocks_per_multiprocessor(int& blocks, void (*kernel)(Params...), int block_threads,
                                             std::size_t shared_bytes) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block_threads, shared_bytes);
}

}  // namespace xcub
