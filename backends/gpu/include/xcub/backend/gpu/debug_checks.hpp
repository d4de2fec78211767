// The GPU backends' checks of how collectives are called, CUDA and HIP alike (the contract:
// <xcub/arch/debug_checks.hpp>). Only where XCUB_DEBUG_CHECKS is defined: otherwise every kernel
// would pay a compare per collective and a string per class. A failed check prints from lane 0 of
// each warp that finds it (the first warp to trap ends the grid, after its own message; one line
// per thread would flood the printf buffer), then traps.
#pragma once

#include <cstdio>

#include <xcub/arch/arch.hpp>

namespace xcub::arch {
#if defined(XCUB_DEBUG_CHECKS)
inline constexpr bool block_shape_checks = true;
#else
inline constexpr bool block_shape_checks = false;
#endif
#if XCUB_HAS_KERNELS
XCUB_DEVICE inline void report_block_shape(const char* name, dim3 declared) {
  const dim3 b = block_dim(), blk = block_idx(), t = thread_idx();
  if (lane_id() == 0) {
    printf("xcub: %s is declared for blocks of (%u,%u,%u) threads but runs in a block of (%u,%u,%u) (block (%u,%u,%u), "
           "thread (%u,%u,%u)): a block collective's BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z must be the launch's\n",
           name, declared.x, declared.y, declared.z, b.x, b.y, b.z, blk.x, blk.y, blk.z, t.x, t.y, t.z);
  }
  trap();
}
#endif
}  // namespace xcub::arch
