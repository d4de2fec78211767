// xcub/warp/warp_load.hpp: WarpLoad, a logical warp's load of a tile of consecutive items from memory
// into registers (CUB's WarpLoad).
//
// Contract:
//   WarpLoad<T, ITEMS_PER_THREAD, ALGORITHM = WARP_LOAD_DIRECT, LOGICAL_WARP_THREADS = arch::warp_threads>;
//   W = LOGICAL_WARP_THREADS, 1..warp_threads.
//   - The tile: the W * ITEMS_PER_THREAD consecutive items from the iterator a logical warp passes,
//     which each logical warp points at its own tile (as in CUB); any random-access input iterator
//     whose items convert to T by assignment (pointers, xcub's fancy iterators).
//   - Who calls: every lane of a logical warp, with the same iterator and valid_items. A power-of-two
//     width splits each hardware warp into independent logical warps of consecutive lanes (lanes
//     [k*W, (k+1)*W)); any other width (where CUB allows powers of two only) uses the first W lanes of
//     each hardware warp, and the lanes past it must not call. TRANSPOSE exchanges, so every lane
//     of its logical warp must exist (as for the warp collectives); DIRECT, STRIPED and VECTORIZE
//     loads involve no other lane, so in a logical warp that the block's end cuts short the
//     lanes that exist may call them (and get their items as if the missing lanes were there).
//   - Where the items land, valid in every lane when the call returns:
//       WARP_LOAD_DIRECT     blocked: lane l gets tile items [l * ITEMS_PER_THREAD, (l + 1) * ITEMS_PER_THREAD),
//                            each lane reading its own consecutive items
//       WARP_LOAD_STRIPED    striped: lane l gets tile items l, l + W, l + 2W, ... (coalesced reads)
//       WARP_LOAD_VECTORIZE  blocked, each lane reading its items in words of up to 16 bytes where the
//                            iterator is a T* or const T* (or a CacheModifiedInputIterator over T,
//                            whose modifier the words keep), T is trivially copyable, the items of a
//                            lane fill wider words than one item's and the pointer is aligned to those
//                            words (checked at run time); DIRECT otherwise, and for partial tiles
//       WARP_LOAD_TRANSPOSE  blocked, read striped (coalesced) and exchanged through shared memory
//                            (WarpExchange::StripedToBlocked)
//   - Load(it, items)                          the full tile
//     Load(it, items, valid_items)             tile positions below valid_items only; the other items
//                                              keep their values (TRANSPOSE: they are unspecified)
//     Load(it, items, valid_items, oob_default)  the other items are oob_default
//   - TempStorage: empty except for TRANSPOSE, where it is WarpExchange<T, ITEMS_PER_THREAD, W>'s (so
//     WarpLoad and WarpStore TRANSPOSE of one shape may share it): one per logical warp loading at the
//     same time. Loads in a row need no barrier in between; other uses of the memory afterwards need a
//     warp or block barrier first. Where TempStorage is empty, a default constructor is offered too.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void k(const int* d_in) {                  // blocks of 128 threads
//     constexpr int W = 16, ITEMS = 4, TILE = W * ITEMS;
//     using WarpLoadT = xcub::WarpLoad<int, ITEMS, xcub::WARP_LOAD_TRANSPOSE, W>;
//     using storage_t = WarpLoadT::TempStorage[128 / W];
//     XCUB_SHARED(storage_t, storage);
//     const unsigned warp = xcub::arch::linear_thread_id() / W;
//     int items[ITEMS];
//     WarpLoadT(storage[warp]).Load(d_in + warp * TILE, items);     // d_in = 0, 1, 2, ...: lane l of logical
//                                                              // warp 0 gets {4l, 4l+1, 4l+2, 4l+3}
//     xcub::WarpLoad<int, ITEMS, xcub::WARP_LOAD_DIRECT, W>().Load(d_in + warp * TILE, items, 10, -1);
//                                                              // items past position 9 of the tile: -1
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/detail/transposing_io.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/warp_exchange.hpp>

namespace xcub {

/// How WarpLoad reads a tile (CUB's names).
enum WarpLoadAlgorithm {
  WARP_LOAD_DIRECT,     ///< blocked, read directly
  WARP_LOAD_STRIPED,    ///< striped, read directly (coalesced)
  WARP_LOAD_VECTORIZE,  ///< blocked, read in vector words where the iterator allows
  WARP_LOAD_TRANSPOSE,  ///< blocked, read striped and exchanged through shared memory
};

template <class T, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = arch::warp_threads>
class WarpLoad : public detail::warp_transposing_io<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS,
                                                     ALGORITHM == WARP_LOAD_TRANSPOSE> {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::WarpLoad: ITEMS_PER_THREAD must be at least 1");
  static_assert(ALGORITHM >= WARP_LOAD_DIRECT && ALGORITHM <= WARP_LOAD_TRANSPOSE,
                "xcub::WarpLoad: unknown WarpLoadAlgorithm");
  using base = detail::warp_transposing_io<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, ALGORITHM == WARP_LOAD_TRANSPOSE>;
  static constexpr detail::tile_path path = ALGORITHM == WARP_LOAD_DIRECT      ? detail::tile_path::blocked
                                            : ALGORITHM == WARP_LOAD_STRIPED   ? detail::tile_path::striped
                                            : ALGORITHM == WARP_LOAD_VECTORIZE ? detail::tile_path::vectorized
                                                                            : detail::tile_path::striped_exchanged;

 public:
  /// The shared memory one logical warp needs (empty except for WARP_LOAD_TRANSPOSE).
  using TempStorage = typename base::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE WarpLoad(TempStorage& temp_storage) : base(temp_storage) {}
  /// Without a TempStorage: every algorithm but WARP_LOAD_TRANSPOSE, whose TempStorage is empty.
  template <bool TRANSPOSES = ALGORITHM == WARP_LOAD_TRANSPOSE, std::enable_if_t<!TRANSPOSES, int> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE WarpLoad() : base() {}
  /// WARP_LOAD_TRANSPOSE needs a TempStorage per logical warp. CUB's default constructor takes one
  /// __shared__ TempStorage per block, which every warp of the block then shares: two warps
  /// exchanging at once overwrite each other's tile. A block-wide array of them would cost up to
  /// 1024 / LOGICAL_WARP_THREADS TempStorages of static shared memory (over CUDA's 48 KiB for large
  /// tiles), so xcub has no default constructor here: the message below says so at compile time.
  template <bool TRANSPOSES = ALGORITHM == WARP_LOAD_TRANSPOSE, std::enable_if_t<TRANSPOSES, int> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE WarpLoad() : base(*static_cast<TempStorage*>(nullptr)) {
    static_assert(!TRANSPOSES, "xcub::WarpLoad: WARP_LOAD_TRANSPOSE needs a TempStorage per logical warp: "
                               "construct it with one (CUB's default constructor shares one per block among its warps)");
  }

  /// The full tile from `block_itr` (the caller's logical warp's tile start).
  template <class InputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
    this->template load_tile<path, LOGICAL_WARP_THREADS>(block_itr, items);
  }

  /// Tile positions below valid_items; the other items keep their values (TRANSPOSE: unspecified).
  template <class InputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    this->template load_tile<path, LOGICAL_WARP_THREADS>(block_itr, items, valid_items);
  }

  /// Tile positions below valid_items; the other items are oob_default.
  template <class InputIteratorT, class DefaultT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items,
                                         DefaultT oob_default) {
    this->template load_tile<path, LOGICAL_WARP_THREADS>(block_itr, items, valid_items, oob_default);
  }

#endif
};

}  // namespace xcub
