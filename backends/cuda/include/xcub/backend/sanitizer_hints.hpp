// Hints for the host emulator's shared-memory sanitizer (see <xcub/arch/sanitizer_hints.hpp>):
// nothing checks them on a GPU, so they compile to nothing.
#pragma once

#include <cstddef>

#include <xcub/config.hpp>

namespace xcub::arch {
#if XCUB_HAS_KERNELS
XCUB_DEVICE XCUB_FORCEINLINE void assume_initialized(const void*, std::size_t) {}
#endif
}  // namespace xcub::arch
