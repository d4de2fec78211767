// xcub/block/detail/block_exchange_layout.hpp: where BlockExchange keeps a tile in shared memory,
// shared by its two variants (block_exchange_whole_tile.hpp, block_exchange_time_sliced.hpp).
//
// - The buffer holds the whole tile (BLOCK_THREADS * ITEMS_PER_THREAD items), or with warp time
//   slicing one warp's share of it (arch::warp_threads * ITEMS_PER_THREAD items, or the whole tile
//   where the block is no larger than a warp), which the warps use in turn.
// - Bank-conflict padding, CUB's rule: where ITEMS_PER_THREAD is a power of two above 4, a blocked
//   access (item i of every thread) has all threads' slots a multiple of 8 apart, which folds a warp
//   onto a few of the 32 four-byte banks (every target: NVIDIA, CDNA and RDNA LDS have 32). One unused
//   slot after every 32 items shifts each following group of threads to other banks. Striped
//   accesses (consecutive threads, consecutive slots) stay conflict-free. Other counts are left
//   unpadded: odd ones are conflict-free already, and 2 or 4 cost at most that many ways.
// - Tile positions of thread `rank`'s item i: blocked rank * ITEMS + i, striped i * THREADS + rank,
//   warp-striped (within warp w's segment of warp_threads * ITEMS positions) i * warp_threads + lane;
//   scattered: a rank the caller gives.
#pragma once

#include <cstddef>

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

/// Which tile positions a thread's items take, on either side of an exchange.
enum class arrangement { blocked, striped, scattered };

template <class T, int ITEMS_PER_THREAD, int BLOCK_THREADS, bool WARP_TIME_SLICING>
struct block_exchange_layout {
  static constexpr int warp_threads = arch::warp_threads;
  static constexpr int warps = (BLOCK_THREADS + warp_threads - 1) / warp_threads;
  static constexpr int tile_items = BLOCK_THREADS * ITEMS_PER_THREAD;
  /// Whether the warps take turns (a block of one warp or less has nothing to slice).
  static constexpr bool sliced = WARP_TIME_SLICING && BLOCK_THREADS > warp_threads;
  static constexpr int slices = sliced ? warps : 1;
  static constexpr int slice_items = (sliced ? warp_threads : BLOCK_THREADS) * ITEMS_PER_THREAD;

  static constexpr bool padded = ITEMS_PER_THREAD > 4 && (ITEMS_PER_THREAD & (ITEMS_PER_THREAD - 1)) == 0;
  static constexpr int log2_banks = 5;
  /// The slot of buffer position p.
  XCUB_HOST_DEVICE static constexpr int slot(int p) { return padded ? p + (p >> log2_banks) : p; }
  static constexpr int slots = slice_items + (padded ? slice_items >> log2_banks : 0);
  static_assert(slot(slice_items - 1) < slots, "xcub: BlockExchange's buffer is too small for its padding");

  /// Raw bytes, left uninitialised (shared memory runs no constructors). Aligned to 16 bytes at
  /// least, so that the compiler may merge a thread's consecutive blocked-side slots into vector
  /// accesses of shared memory (as it does for CUB's buffer).
  static constexpr std::size_t alignment = alignof(T) > 16 ? alignof(T) : 16;
  struct TempStorage {
    alignas(alignment) unsigned char bytes[sizeof(T) * slots];
  };

#if XCUB_HAS_KERNELS
  /// Tile position of item i of thread `rank` in arrangement A (`ranks` for the scattered one).
  template <arrangement A, class Ranks>
  XCUB_DEVICE XCUB_FORCEINLINE static int position(int rank, int i, const Ranks& ranks) {
    if constexpr (A == arrangement::blocked) return rank * ITEMS_PER_THREAD + i;
    else if constexpr (A == arrangement::striped) return i * BLOCK_THREADS + rank;
    else return static_cast<int>(ranks[i]);
  }
#endif
};

/// Keeps every item (the exchanges that are not guarded or flagged).
struct keep_all {
  XCUB_HOST_DEVICE constexpr bool operator()(int) const { return true; }
};

}  // namespace xcub::detail
