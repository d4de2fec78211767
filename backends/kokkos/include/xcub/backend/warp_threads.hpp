// Kokkos backend: Kokkos exposes no warps. The device layer's tunings are written in warps
// (policies of `warp_threads` threads), so the constant keeps the host emulator's nominal width;
// the Kokkos dispatch reads a policy only as a number of items per team.
#pragma once

#include <xcub/config.hpp>

namespace xcub::arch {

inline constexpr int warp_threads = 32;

}  // namespace xcub::arch
