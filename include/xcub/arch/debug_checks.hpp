// xcub/arch/debug_checks.hpp: the backend contract's checks of how collectives are called, which
// stop a kernel with a message instead of letting a misuse give wrong results.
//
// In namespace xcub::arch, called from kernels:
//   block_shape_checks                  constexpr bool: whether the block collectives compare their
//                                       BLOCK_DIM_X/Y/Z with the launch's block (always on the host
//                                       emulator; on CUDA and HIP where XCUB_DEBUG_CHECKS is
//                                       defined, else false and the check compiles to nothing)
//   report_block_shape(name, declared)  never returns: stops the kernel, naming the collective,
//                                       the block shape it was declared for, and the launch's
//                                       (host: the emulator's report, with kernel, block and
//                                       thread; CUDA and HIP: a printf from the thread, then a trap)
// A backend without its own checks gets none (block_shape_checks false).
#pragma once

#include <xcub/arch/arch.hpp>

#if __has_include(<xcub/backend/debug_checks.hpp>)
#include <xcub/backend/debug_checks.hpp>
#else
namespace xcub::arch {
inline constexpr bool block_shape_checks = false;
#if XCUB_HAS_KERNELS
XCUB_DEVICE XCUB_FORCEINLINE void report_block_shape(const char*, dim3) {}
#endif
}  // namespace xcub::arch
#endif
