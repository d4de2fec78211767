// xcub/detail/transposing_io.hpp: what WarpLoad, WarpStore, BlockLoad and BlockStore have in common,
// written once: the TempStorage choice (their exchange's where the algorithm transposes through
// shared memory, empty otherwise), both constructors, the caller's rank in its group, read once
// at construction, and the way each algorithm moves a tile (load_tile / store_tile below): the four
// classes only map their algorithm enum onto a tile_path.
//
// - Group: has `static int rank()`, the caller's rank in the group that shares a tile (its lane in a
//   logical warp, its row-major rank in a block).
// - Exchange: the exchange class whose TempStorage a transposing algorithm uses.
// - TRANSPOSES: whether the algorithm uses it. Otherwise TempStorage is empty and no shared memory is
//   touched.
// - HAS_PRIVATE_STORAGE: whether a default constructor is offered when the algorithm transposes (the
//   block classes: private shared storage, detail::private_storage); without it, a default
//   constructor exists only where TempStorage is empty (the warp classes, as in CUB).
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/config.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/detail/empty_storage.hpp>
#include <xcub/detail/private_storage.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/warp_exchange.hpp>

namespace xcub::detail {

/// A logical warp as a Group: the caller's rank is its lane.
template <int LOGICAL_WARP_THREADS>
struct logical_warp_group {
#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE static int rank() { return static_cast<int>(logical_warp<LOGICAL_WARP_THREADS>::lane()); }
#endif
};

/// How a tile moves between memory and the blocked arrangement in registers.
enum class tile_path {
  blocked,                 ///< each thread its own consecutive items, directly
  striped,                 ///< striped in registers too (no exchange), coalesced
  vectorized,              ///< blocked, in vector words where the iterator allows (direct_io.hpp)
  striped_exchanged,       ///< memory striped over the group, exchanged to or from blocked
  warp_striped_exchanged,  ///< memory striped over each warp, exchanged to or from blocked
};

template <class Group, class Exchange, bool TRANSPOSES, bool HAS_PRIVATE_STORAGE>
class transposing_io {
  struct no_exchange {
    using TempStorage = empty_temp_storage;
  };

 public:
  /// The shared memory of one group's call (empty unless the algorithm transposes).
  using TempStorage = typename std::conditional_t<TRANSPOSES, Exchange, no_exchange>::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit transposing_io(TempStorage& temp_storage)
      : storage_(&temp_storage), rank_(Group::rank()) {}

  /// Without a TempStorage: private shared storage (block classes), or none where it is empty.
  template <bool OFFERED = !TRANSPOSES || HAS_PRIVATE_STORAGE, std::enable_if_t<OFFERED, int> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE transposing_io() : storage_(default_storage()), rank_(Group::rank()) {}

 protected:
  /// The exchange on this object's TempStorage (only where the algorithm transposes).
  XCUB_DEVICE XCUB_FORCEINLINE Exchange exchange() const { return Exchange(*storage_); }

  /// Loads the tile at `it` into `items` along PATH; `guard` is empty (the full tile),
  /// (valid_items) or (valid_items, oob_default), as direct_io.hpp takes them. STRIPE: the group's
  /// threads (the width a striped arrangement strides by). A guarded vectorized load is blocked.
  template <tile_path PATH, int STRIPE, class InputIteratorT, class T, int N, class... Guard>
  XCUB_DEVICE XCUB_FORCEINLINE void load_tile(InputIteratorT it, T (&items)[N], Guard... guard) {
    constexpr bool guarded = sizeof...(Guard) > 0;
    if constexpr (PATH == tile_path::blocked || (PATH == tile_path::vectorized && guarded)) {
      load_blocked(rank_, it, items, guard...);
    } else if constexpr (PATH == tile_path::vectorized) {
      load_blocked_vectorized(rank_, it, items);
    } else if constexpr (PATH == tile_path::striped) {
      load_striped<STRIPE>(rank_, it, items, guard...);
    } else if constexpr (PATH == tile_path::striped_exchanged) {
      load_striped<STRIPE>(rank_, it, items, guard...);
      exchange().StripedToBlocked(items, items);
    } else {
      load_warp_striped<arch::warp_threads>(rank_, it, items, guard...);
      exchange().WarpStripedToBlocked(items, items);
    }
  }

  /// Stores `items` to the tile at `it` along PATH; `guard` is empty or (valid_items). `items` is
  /// left as it is: the exchanging paths work on a copy (exchanged in place, so that every item
  /// of it is visibly initialised: the time-sliced exchange writes each only in its warp's turn).
  template <tile_path PATH, int STRIPE, class OutputIteratorT, class T, int N, class... Guard>
  XCUB_DEVICE XCUB_FORCEINLINE void store_tile(OutputIteratorT it, const T (&items)[N], Guard... guard) {
    constexpr bool guarded = sizeof...(Guard) > 0;
    if constexpr (PATH == tile_path::blocked || (PATH == tile_path::vectorized && guarded)) {
      store_blocked(rank_, it, items, guard...);
    } else if constexpr (PATH == tile_path::vectorized) {
      store_blocked_vectorized(rank_, it, items);
    } else if constexpr (PATH == tile_path::striped) {
      store_striped<STRIPE>(rank_, it, items, guard...);
    } else {
      T copy[N];
XCUB_UNROLL
      for (int i = 0; i < N; ++i) copy[i] = items[i];
      if constexpr (PATH == tile_path::striped_exchanged) {
        exchange().BlockedToStriped(copy, copy);
        store_striped<STRIPE>(rank_, it, copy, guard...);
      } else {
        exchange().BlockedToWarpStriped(copy, copy);
        store_warp_striped<arch::warp_threads>(rank_, it, copy, guard...);
      }
    }
  }

  TempStorage* storage_;
  int rank_;  ///< the caller's rank in its group

 private:
  XCUB_DEVICE XCUB_FORCEINLINE static TempStorage* default_storage() {
    if constexpr (TRANSPOSES) return &private_storage<TempStorage>();
    else return nullptr;
  }
#endif
};

/// The base of WarpLoad and WarpStore: their TRANSPOSE exchanges through WarpExchange's shared memory.
template <class T, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS, bool TRANSPOSES>
using warp_transposing_io =
    transposing_io<logical_warp_group<LOGICAL_WARP_THREADS>,
                   WarpExchange<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, WARP_EXCHANGE_SMEM>, TRANSPOSES, false>;

}  // namespace xcub::detail
