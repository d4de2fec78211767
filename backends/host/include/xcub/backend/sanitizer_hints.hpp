// Hints for the host emulator's shared-memory sanitizer (see <xcub/arch/sanitizer_hints.hpp>).
#pragma once

#include <cstddef>

#include <xcub/config.hpp>
#include <xcub/backend/emulator_api.hpp>

namespace xcub::arch {
inline void assume_initialized(const void* p, std::size_t n) { host::detail::shared_assume_initialized(p, n); }
}  // namespace xcub::arch
