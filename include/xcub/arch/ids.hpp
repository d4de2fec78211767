// xcub/arch/ids.hpp: linear thread, warp and block numbers, derived once for every backend
// from the backend's thread_idx(), block_idx(), block_dim() and grid_dim().
#pragma once

#include <xcub/arch/arch.hpp>

#if XCUB_HAS_KERNELS
namespace xcub::arch {

/// Threads in the calling block: blockDim.x * blockDim.y * blockDim.z.
XCUB_DEVICE XCUB_FORCEINLINE unsigned block_threads() {
  const dim3 b = block_dim();
  return b.x * b.y * b.z;
}

/// The calling thread's rank in its block, x fastest (the order warps are formed in).
XCUB_DEVICE XCUB_FORCEINLINE unsigned linear_thread_id() {
  const dim3 t = thread_idx(), b = block_dim();
  return t.x + b.x * (t.y + b.y * t.z);
}

/// The calling thread's warp within its block: linear_thread_id() / warp_threads.
/// (A logical number, not the hardware warp slot that CUDA's %warpid names.)
XCUB_DEVICE XCUB_FORCEINLINE unsigned warp_id() { return linear_thread_id() / warp_threads; }

/// Warps in the calling block, the last one possibly partial.
XCUB_DEVICE XCUB_FORCEINLINE unsigned block_warps() { return (block_threads() + warp_threads - 1) / warp_threads; }

/// The calling block's rank in its grid, x fastest.
XCUB_DEVICE XCUB_FORCEINLINE unsigned long long linear_block_id() {
  const dim3 i = block_idx(), g = grid_dim();
  return i.x + static_cast<unsigned long long>(g.x) * (i.y + static_cast<unsigned long long>(g.y) * i.z);
}

}  // namespace xcub::arch
#endif  // XCUB_HAS_KERNELS
