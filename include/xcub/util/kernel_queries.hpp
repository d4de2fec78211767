// xcub/util/kernel_queries.hpp: CUB's queries that look at kernels: PtxVersion and MaxSmOccupancy.
//
//   int blocks_per_sm = 0;
//   if (auto e = xcub::MaxSmOccupancy(blocks_per_sm, my_kernel, 256); e != xcub::success) return e;
//   int ptx = 0;
//   xcub::PtxVersion(ptx);     // the version the current device runs xcub's kernels as (900 on sm_90)
//
// Contract:
//   MaxSmOccupancy(blocks, kernel, block_threads, dynamic_smem_bytes = 0): how many blocks of
//     `kernel` with block_threads threads and that much dynamic shared memory one multiprocessor
//     holds at once (CUDA, HIP: the runtime's occupancy calculator; host: the emulator's few blocks
//     in flight per hardware thread, 4). Returns the runtime's error; `blocks` is set on success.
//   PtxVersion(version[, device]): the architecture the device runs kernels of this translation unit
//     as, major * 100 + minor * 10 (CUDA: the PTX version the driver picked for the device: 900
//     where compute_90 PTX or sm_90 code was built; HIP: the device's gfx number; host: 0). With a
//     device, the current device is switched to it for the query and back.
// Both need a translation unit that can define kernels (XCUB_HAS_KERNELS: any file on the host
// backend, nvcc or hipcc files on GPUs).
#pragma once

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>

#if XCUB_HAS_KERNELS

#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/launch.hpp>

XCUB_DETAIL_KERNELS_BEGIN
/// A kernel that does nothing: what PtxVersion asks the runtime about.
template <class = void>
XCUB_KERNEL void ptx_version_probe_kernel() {}
XCUB_DETAIL_KERNELS_END

namespace xcub {

template <class... Params>
error_t MaxSmOccupancy(int& max_sm_occupancy, void (*kernel_ptr)(Params...), int block_threads,
                       int dynamic_smem_bytes = 0) {
  if (!kernel_ptr || block_threads <= 0 || dynamic_smem_bytes < 0) return error_invalid_value;
  return max_active_blocks_per_multiprocessor(max_sm_occupancy, kernel_ptr, block_threads,
                                              static_cast<std::size_t>(dynamic_smem_bytes));
}

/// The current device's version for kernels of this translation unit.
inline error_t PtxVersion(int& ptx_version) {
  int version = 0;
  const error_t e = kernel_arch_version(detail::ptx_version_probe_kernel<>, version);
  if (e != success) {
    (void)get_last_error();
    return e;
  }
  ptx_version = version;
  return success;
}

/// The version on `device`: the current device is switched to it for the query, then back.
inline error_t PtxVersion(int& ptx_version, int device) {
  int current = 0;
  if (const error_t e = get_device(&current); e != success) return e;
  if (device == current) return PtxVersion(ptx_version);
  if (const error_t e = set_device(device); e != success) return e;
  const error_t e = PtxVersion(ptx_version);
  const error_t back = set_device(current);
  return e != success ? e : back;
}

}  // namespace xcub

#endif  // XCUB_HAS_KERNELS
