// xcub/block/detail/block_shape.hpp: a thread block as the block collectives see it, from their
// BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z template parameters (CUB's convention): its thread count,
// its warps (the last one possibly partial), and the caller's rank, warp and lane in it.
//
// - Threads are ranked row-major, x fastest: rank = x + BLOCK_DIM_X * (y + BLOCK_DIM_Y * z), the
//   order in which every backend forms warps, so rank / warp_threads is the caller's warp.
// - The dimensions must be those of the launch (as in CUB): a collective of a 128-thread shape
//   called by a 256-thread block is two blocks' worth of threads sharing one TempStorage. Every
//   block class's constructors check it (check_block_shape below): always on the host emulator,
//   under XCUB_DEBUG_CHECKS on CUDA and HIP.
// - A partial last warp (BLOCK_THREADS not a multiple of arch::warp_threads) has lanes that do not
//   exist; the warp collectives must not be called by it with a full member mask, which is why
//   every variant that uses them whole-warp asks `has_partial_warp` first (see CUB's fallback from
//   WARP_SCANS to RAKING, kept by BlockScan and BlockReduce).
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/arch/debug_checks.hpp>

namespace xcub::detail {

template <int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
struct block_shape {
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1,
                "xcub: block dimensions must be at least 1");
  static_assert(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub: a thread block has at most 1024 threads");

  static constexpr int threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int warps = (threads + arch::warp_threads - 1) / arch::warp_threads;
  /// Whether the last warp is cut short by the block's end.
  static constexpr bool has_partial_warp = threads % arch::warp_threads != 0;
  /// Lanes of the last warp (arch::warp_threads where it is whole).
  static constexpr int last_warp_threads = threads - (warps - 1) * arch::warp_threads;

#if XCUB_HAS_KERNELS
  /// The caller's rank in the block, x fastest, computed from the compile-time dimensions.
  XCUB_DEVICE XCUB_FORCEINLINE static int rank() {
    if constexpr (BLOCK_DIM_Y == 1 && BLOCK_DIM_Z == 1) {
      return static_cast<int>(arch::thread_idx().x);
    } else {
      const dim3 t = arch::thread_idx();
      return static_cast<int>(t.x + BLOCK_DIM_X * (t.y + BLOCK_DIM_Y * t.z));
    }
  }
  /// The warp of rank `r`.
  XCUB_DEVICE XCUB_FORCEINLINE static int warp_of(int r) { return r / arch::warp_threads; }
  /// The caller's lane in its warp.
  XCUB_DEVICE XCUB_FORCEINLINE static int lane() { return static_cast<int>(arch::lane_id()); }
  /// The lanes of warp `w` that exist (every lane but in a partial last warp).
  XCUB_DEVICE XCUB_FORCEINLINE static int threads_in_warp(int w) {
    return w == warps - 1 ? last_warp_threads : arch::warp_threads;
  }
#endif
};

#if XCUB_HAS_KERNELS
/// Stops the kernel, naming the collective `name`, where the launch's block is not BLOCK_DIM_X x
/// BLOCK_DIM_Y x BLOCK_DIM_Z (<xcub/arch/debug_checks.hpp>: always on the host emulator, under
/// XCUB_DEBUG_CHECKS on CUDA and HIP, nothing otherwise). Every block collective's constructors
/// call it: a shape that is not the launch's gives wrong results silently.
template <int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
XCUB_DEVICE XCUB_FORCEINLINE void check_block_shape(const char* name) {
  if constexpr (arch::block_shape_checks) {
    const dim3 d = arch::block_dim();
    if (d.x != static_cast<unsigned>(BLOCK_DIM_X) || d.y != static_cast<unsigned>(BLOCK_DIM_Y) ||
        d.z != static_cast<unsigned>(BLOCK_DIM_Z)) {
      arch::report_block_shape(name, dim3(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z));
    }
  }
}
#endif

}  // namespace xcub::detail
