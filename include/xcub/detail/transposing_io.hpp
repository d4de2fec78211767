// xcub/detail/transposing_io.hpp: what WarpLoad, WarpStore, BlockLoad and BlockStore have in common,
// written once: the TempStorage choice (their exchange's where the algorithm transposes through
// shared memory, empty otherwise), both constructors, and the caller's rank in its group, read once
// at construction.
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

#include <xcub/config.hpp>
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
