// CUDA: the architecture the code being compiled targets (see <xcub/arch/target.hpp>).
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

/// 900 while nvcc compiles for sm_90 (its __CUDA_ARCH__); 0 in the host pass, where no kernel runs.
XCUB_HOST_DEVICE constexpr int target_arch() {
#if defined(__CUDA_ARCH__)
  return __CUDA_ARCH__;
#else
  return 0;
#endif
}

/// CUDA hands out blockIdx.x in increasing order as blocks become resident, so a block waiting on a
/// lower block id waits on a block that is running or done (CUB's look-back relies on it too).
inline constexpr bool blocks_start_in_order = true;

}  // namespace xcub::arch
