// xcub/warp/detail/warp_exchange_smem.hpp: WarpExchange through shared memory, for a logical warp of
// any width. Used through xcub::WarpExchange (WARP_EXCHANGE_SMEM).
//
// Every exchange is one permutation of the logical warp's tile of ITEMS_PER_THREAD * W items: each
// lane writes its items at their tile positions in the source arrangement, a warp barrier, then
// reads its items from their positions in the target arrangement. A warp barrier first, too, so
// that calls in a row on the same TempStorage need none in between.
//
// Bank conflicts: in a blocked access (item i of every lane) the lanes' slots are ITEMS_PER_THREAD
// apart, which an even ITEMS_PER_THREAD folds onto fewer banks. There, for items of 4, 8 or 16 bytes
// (32 banks of 4 bytes; smaller items share bank words anyway), one unused slot follows every 128
// bytes of items: that shifts successive groups of lanes to other banks, so power-of-two strides
// become conflict-free and others (6, 10, ...) keep few conflicts. Striped accesses (consecutive
// lanes, consecutive slots) are conflict-free either way.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub::detail {

template <class T, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS>
struct warp_exchange_smem {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::WarpExchange: ITEMS_PER_THREAD must be at least 1");

  static constexpr int tile_items = ITEMS_PER_THREAD * LOGICAL_WARP_THREADS;
  /// Items in 128 bytes, where a padding slot after each such row helps; 0 where none is inserted.
  static constexpr int row_items =
      (ITEMS_PER_THREAD % 2 == 0 && (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16))
          ? static_cast<int>(128 / sizeof(T))
          : 0;
  /// The slot of tile position i.
  XCUB_HOST_DEVICE static constexpr int slot(int i) { return row_items ? i + i / row_items : i; }
  static constexpr int slots = slot(tile_items - 1) + 1;

  /// The tile, padded; left uninitialised (shared memory cannot run constructors).
  struct TempStorage {
    alignas(T) unsigned char bytes[sizeof(T) * slots];
  };

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction
  T* items;

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_exchange_smem(TempStorage& storage)
      : items(reinterpret_cast<T*>(storage.bytes)) {}

  XCUB_DEVICE XCUB_FORCEINLINE int lane() const { return static_cast<int>(warp_.rank()); }
  XCUB_DEVICE XCUB_FORCEINLINE int blocked(int i) const { return lane() * ITEMS_PER_THREAD + i; }
  XCUB_DEVICE XCUB_FORCEINLINE int striped(int i) const { return i * LOGICAL_WARP_THREADS + lane(); }
  XCUB_DEVICE XCUB_FORCEINLINE void sync() const { arch::sync_warp(warp_.member_mask()); }

  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void blocked_to_striped(const T (&input)[ITEMS_PER_THREAD],
                                                       OutputT (&output)[ITEMS_PER_THREAD]) const {
    sync();  // earlier readers of the storage are done
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[slot(blocked(i))] = input[i];
    read_striped(output);
  }

  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void striped_to_blocked(const T (&input)[ITEMS_PER_THREAD],
                                                       OutputT (&output)[ITEMS_PER_THREAD]) const {
    sync();
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[slot(striped(i))] = input[i];
    sync();
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) output[i] = items[slot(blocked(i))];
  }

  /// input[i] goes to tile position ranks[i]; then the tile is read striped.
  template <class OutputT, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void scatter_to_striped(const T (&input)[ITEMS_PER_THREAD],
                                                       OutputT (&output)[ITEMS_PER_THREAD],
                                                       const OffsetT (&ranks)[ITEMS_PER_THREAD]) const {
    sync();
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[slot(static_cast<int>(ranks[i]))] = input[i];
    read_striped(output);
  }

 private:
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void read_striped(OutputT (&output)[ITEMS_PER_THREAD]) const {
    sync();  // every item is in place
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) output[i] = items[slot(striped(i))];
  }
#endif
};

}  // namespace xcub::detail
