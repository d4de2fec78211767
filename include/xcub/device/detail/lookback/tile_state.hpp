// xcub/device/detail/lookback/tile_state.hpp: the per-tile status of a single-pass scan with
// decoupled look-back (docs/device-scan.md), and the kernel that resets it.
//
// tile_state<T> is a view of device memory (a trivially copyable struct of pointers) passed to
// kernels by value. For every tile t in [0, num_tiles) it holds a status, one of
//   invalid    nothing published yet (what the init kernel writes)
//   partial    the tile's own aggregate is published
//   inclusive  the fold of tiles [0, t] is published (tile 0 publishes only this)
// and the value belonging to that status. Two layouts, chosen at compile time:
//   PACKED (T trivially copyable, sizeof(T) <= 4, or <= 8 where arch::max_atomic_word_bytes is 16:
//     CUDA): status and value share one 64-bit (16-byte) word, written
//     with atomic_store_relaxed and read with atomic_load_relaxed: one atomic word carries both, so
//     a reader never sees a status without its value and no ordering (no fence) is needed.
//   SPLIT (any other trivially copyable T): a 32-bit status word per tile plus two value arrays
//     (partials and inclusives, so that publishing the inclusive value never overwrites a value a
//     reader may be reading). The writer stores the value plainly, then the status with
//     atomic_store_release; a reader loads the status with atomic_load_acquire, then the value.
// No fences and no volatile: the acquire/release pairs order everything, and the host sanitizers
// see them (they cannot see standalone fences).
// The allocation also holds the tile-id counter of <lookback/tile_id.hpp>.
//
// Host side: tile_state<T>::bytes(num_tiles) sizes the allocation; tile_state<T>::carve(p, num_tiles)
// makes the view of one (p from AliasTemporaries: 256-byte aligned). Launch
// tile_state_init_kernel<T> over at least num_tiles threads before a scan kernel uses the state (the
// scan kernel may be launched overlapped with it: it calls arch::wait_for_previous_grid() first).
// Device side: set_partial / set_inclusive (one thread per tile), wait_window and wait_valid (a whole
// warp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

/// A tile's status. Zero is invalid, so that the init kernel writes plain zeros.
enum tile_status : std::uint32_t { tile_invalid = 0, tile_partial = 1, tile_inclusive = 2 };

/// The 16-byte word of a packed status with an 8-byte value.
struct alignas(16) status_word16 {
  std::uint64_t status;
  std::uint64_t value;
};

template <class T>
struct tile_state {
  static_assert(std::is_trivially_copyable_v<T>, "xcub device scans: the accumulator type must be trivially copyable");
  /// Status and value in one 64-bit word (values of up to 4 bytes), or in one 16-byte word (values
  /// of up to 8 bytes) where the backend moves 16-byte words atomically (CUDA).
  static constexpr bool packed16 = sizeof(T) > 4 && sizeof(T) <= 8 && arch::max_atomic_word_bytes >= 16;
  static constexpr bool packed = sizeof(T) <= 4 || packed16;
  using packed_word = std::conditional_t<packed16, status_word16, std::uint64_t>;
  using word_t = std::conditional_t<packed, packed_word, std::uint32_t>;

  std::uint32_t* counter;  // the next tile id to hand out (tile_id.hpp), reset by the init kernel
  word_t* words;           // per tile: status (split), or status in the low 32 bits, value above (packed)
  T* partials;             // split only: the value of a partial status
  T* inclusives;           // split only: the value of an inclusive status

  /// Bytes of the pieces, in AliasTemporaries order.
  static void piece_sizes(std::size_t num_tiles, std::size_t (&sizes)[4]) {
    sizes[0] = sizeof(std::uint32_t);
    sizes[1] = num_tiles * sizeof(word_t);
    sizes[2] = packed ? 0 : num_tiles * sizeof(T);
    sizes[3] = sizes[2];
  }
  /// The temp storage bytes the state of num_tiles tiles takes.
  static std::size_t bytes(std::size_t num_tiles) {
    std::size_t sizes[4];
    piece_sizes(num_tiles, sizes);
    void* pieces[4];
    std::size_t total = 0;
    (void)AliasTemporaries(nullptr, total, pieces, sizes);  // sizing only: cannot fail
    return total;
  }
  /// The view of an allocation of at least bytes(num_tiles) bytes at `p`.
  static tile_state carve(void* p, std::size_t num_tiles) {
    std::size_t sizes[4];
    piece_sizes(num_tiles, sizes);
    void* pieces[4];
    std::size_t total = bytes(num_tiles);
    (void)AliasTemporaries(p, total, pieces, sizes);  // exactly the size it asks for: cannot fail
    return {static_cast<std::uint32_t*>(pieces[0]), static_cast<word_t*>(pieces[1]), static_cast<T*>(pieces[2]),
            static_cast<T*>(pieces[3])};
  }

#if XCUB_HAS_KERNELS
  /// Marks `tile` invalid (and resets the tile-id counter from tile 0's thread). Init kernel only.
  XCUB_DEVICE XCUB_FORCEINLINE void reset(std::size_t tile) const {
    if (tile == 0) *counter = 0;
    words[tile] = word_t{};
  }

  XCUB_DEVICE XCUB_FORCEINLINE void set_partial(int tile, const T& value) const { publish(tile, tile_partial, value); }
  XCUB_DEVICE XCUB_FORCEINLINE void set_inclusive(int tile, const T& value) const {
    publish(tile, tile_inclusive, value);
  }

  /// One lane's look at `tile`: its status and, unless invalid, its value (the caller's `value` is
  /// left as it was otherwise).
  XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t load(int tile, T& value) const {
    // Packed: the value travels in the status word, so a relaxed atomic load suffices (no ordering
    // with any other memory is needed). Split: the acquire orders the value's read after the flag's.
    word_t w;
    if constexpr (packed) w = arch::atomic_load_relaxed<arch::scope::device>(words + tile);
    else w = arch::atomic_load_acquire<arch::scope::device>(words + tile);
    if constexpr (packed16) {
      const auto status = static_cast<std::uint32_t>(w.status);
      if (status != tile_invalid) __builtin_memcpy(&value, &w.value, sizeof(T));
      return status;
    } else if constexpr (packed) {
      const auto status = static_cast<std::uint32_t>(w);
      const auto bits = static_cast<std::uint32_t>(w >> 32);
      if (status != tile_invalid) __builtin_memcpy(&value, &bits, sizeof(T));
      return status;
    } else {
      if (w == tile_partial) value = partials[tile];
      else if (w == tile_inclusive) value = inclusives[tile];
      return w;
    }
  }

  /// Called by every lane of a whole hardware warp: lane l < window looks at tile `newest - l` (the
  /// window of the `window` tiles up to `newest`, newest in lane 0; window in [1, warp_threads])
  /// until none of them is invalid; lanes whose tile is at or below `floor` (-1 by default) read
  /// nothing and report inclusive (tile 0 is inclusive once valid, so a window stops at or before it
  /// anyway), the lane of tile `floor` with `*floor_value` as its value where floor_value is given
  /// (an anchor: a tile whose inclusive prefix the caller knows); lanes at or past `window` read
  /// nothing and report partial (the caller folds only the window's lanes). Between polls it backs
  /// off once: arch::pause_for(delay_ns) (arch::pause() when delay_ns is 0). Returns the lane's
  /// status; `value` is its tile's value. `polls` counts the polls that found an invalid tile (tests
  /// check that waits happen).
  XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t wait_window(int newest, T& value, int delay_ns, int& polls,
                                                         int window = arch::warp_threads, int floor = -1,
                                                         const T* floor_value = nullptr) const {
    const int lane = static_cast<int>(arch::lane_id());
    const int tile = newest - lane;
    const bool reads = lane < window && tile > floor;
    if (floor_value && lane < window && tile == floor) value = *floor_value;
    std::uint32_t status = reads ? load(tile, value) : lane < window ? tile_inclusive : tile_partial;
    while (arch::any(arch::full_lane_mask, status == tile_invalid)) {
      ++polls;
      if (delay_ns > 0) arch::pause_for(static_cast<unsigned>(delay_ns));
      else arch::pause();
      if (reads) status = load(tile, value);
    }
    return status;
  }

  /// Called by every lane of a whole hardware warp, each with its own `tile` (below 0: reads
  /// nothing and reports tile_inclusive, as a tile before the first), until no lane's tile is
  /// invalid; backs off with arch::pause() between polls. Returns the lane's status; `value` is its
  /// tile's value (left as it was for a tile below 0). The face ScanTileState::WaitForValid.
  XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t wait_valid(int tile, T& value) const {
    std::uint32_t status = tile >= 0 ? load(tile, value) : tile_inclusive;
    while (arch::any(arch::full_lane_mask, status == tile_invalid)) {
      arch::pause();
      if (tile >= 0) status = load(tile, value);
    }
    return status;
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE void publish(int tile, std::uint32_t status, const T& value) const {
    if constexpr (packed16) {
      status_word16 w{status, 0};
      __builtin_memcpy(&w.value, &value, sizeof(T));
      arch::atomic_store_relaxed<arch::scope::device>(words + tile, w);
    } else if constexpr (packed) {
      std::uint32_t bits = 0;
      __builtin_memcpy(&bits, &value, sizeof(T));
      arch::atomic_store_relaxed<arch::scope::device>(words + tile, (static_cast<std::uint64_t>(bits) << 32) | status);
    } else {
      (status == tile_partial ? partials : inclusives)[tile] = value;
      arch::atomic_store_release<arch::scope::device>(words + tile, status);
    }
  }
#endif  // XCUB_HAS_KERNELS
};

}  // namespace xcub::detail

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Marks tiles [0, num_tiles) invalid and resets the tile-id counter; one thread per tile, any grid.
template <class T>
XCUB_KERNEL void tile_state_init_kernel(tile_state<T> state, std::size_t num_tiles) {
  arch::release_next_grid();  // the scan kernel may start: it waits for this grid before using the state
  const std::size_t tile =
      static_cast<std::size_t>(arch::linear_block_id()) * arch::block_threads() + arch::linear_thread_id();
  if (tile < num_tiles) state.reset(tile);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
