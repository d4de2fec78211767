// xcub/warp/warp_store.hpp: WarpStore, a logical warp's store of a tile of consecutive items from
// registers to memory (CUB's WarpStore).
//
// Contract:
//   WarpStore<T, ITEMS_PER_THREAD, ALGORITHM = WARP_STORE_DIRECT, LOGICAL_WARP_THREADS = arch::warp_threads>;
//   W = LOGICAL_WARP_THREADS, 1..warp_threads.
//   - The tile: the W * ITEMS_PER_THREAD consecutive positions of the output iterator a logical warp
//     passes, which each logical warp points at its own tile (as in CUB); any random-access output
//     iterator that T can be assigned through (pointers, TransformOutputIterator,
//     DiscardOutputIterator, CacheModifiedOutputIterator, ...).
//   - Who calls: every lane of a logical warp, with the same iterator and valid_items. A power-of-two
//     width splits each hardware warp into independent logical warps of consecutive lanes (lanes
//     [k*W, (k+1)*W)); any other width (where CUB allows powers of two only) uses the first W lanes of
//     each hardware warp, and the lanes past it must not call. TRANSPOSE exchanges, so every lane
//     of its logical warp must exist (as for the warp collectives); DIRECT, STRIPED and VECTORIZE
//     stores involve no other lane, so in a logical warp that the block's end cuts short the
//     lanes that exist may call them (and store their items as if the missing lanes were there).
//   - Where the items come from (`items` itself is never modified):
//       WARP_STORE_DIRECT     blocked: lane l holds tile positions [l * ITEMS_PER_THREAD, (l + 1) * ITEMS_PER_THREAD),
//                             each lane writing its own consecutive positions
//       WARP_STORE_STRIPED    striped: lane l holds tile positions l, l + W, l + 2W, ... (coalesced writes)
//       WARP_STORE_VECTORIZE  blocked, each lane writing its items in words of up to 16 bytes where the
//                             iterator is a T*, T is trivially copyable, the items of a lane fill wider
//                             words than one item's and the pointer is aligned to those words (checked
//                             at run time); DIRECT otherwise, and for partial tiles
//       WARP_STORE_TRANSPOSE  blocked, exchanged through shared memory (WarpExchange::BlockedToStriped)
//                             and written striped (coalesced)
//   - Store(it, items)                 the full tile
//     Store(it, items, valid_items)    tile positions below valid_items only; nothing else is written
//   - The stores are done when the call returns, for the calling lane; other lanes' stores are visible
//     to it after a warp or block barrier, as for any store.
//   - TempStorage: empty except for TRANSPOSE, where it is WarpExchange<T, ITEMS_PER_THREAD, W>'s (so
//     WarpLoad and WarpStore TRANSPOSE of one shape may share it): one per logical warp storing at the
//     same time. Stores in a row need no barrier in between; other uses of the memory afterwards need a
//     warp or block barrier first. Where TempStorage is empty, a default constructor is offered too.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void k(int* d_out, int n) {                 // blocks of 128 threads
//     constexpr int W = 16, ITEMS = 4, TILE = W * ITEMS;
//     using WarpStoreT = xcub::WarpStore<int, ITEMS, xcub::WARP_STORE_TRANSPOSE, W>;
//     using storage_t = WarpStoreT::TempStorage[128 / W];
//     XCUB_SHARED(storage_t, storage);
//     const unsigned warp = xcub::arch::linear_thread_id() / W, lane = xcub::arch::linear_thread_id() % W;
//     int items[ITEMS];
//     for (int i = 0; i < ITEMS; ++i) items[i] = lane * ITEMS + i;       // blocked: {4l, ..., 4l+3}
//     WarpStoreT(storage[warp]).Store(d_out + warp * TILE, items, n - warp * TILE);
//                                           // each tile of d_out: 0, 1, ..., 63; nothing at or past d_out[n]
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/detail/transposing_io.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/warp_exchange.hpp>

namespace xcub {

/// How WarpStore writes a tile (CUB's names).
enum WarpStoreAlgorithm {
  WARP_STORE_DIRECT,     ///< blocked, written directly
  WARP_STORE_STRIPED,    ///< striped, written directly (coalesced)
  WARP_STORE_VECTORIZE,  ///< blocked, written in vector words where the iterator allows
  WARP_STORE_TRANSPOSE,  ///< blocked, exchanged through shared memory and written striped
};

template <class T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = arch::warp_threads>
class WarpStore : public detail::warp_transposing_io<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS,
                                                     ALGORITHM == WARP_STORE_TRANSPOSE> {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::WarpStore: ITEMS_PER_THREAD must be at least 1");
  static_assert(ALGORITHM >= WARP_STORE_DIRECT && ALGORITHM <= WARP_STORE_TRANSPOSE,
                "xcub::WarpStore: unknown WarpStoreAlgorithm");
  using base = detail::warp_transposing_io<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, ALGORITHM == WARP_STORE_TRANSPOSE>;
  static constexpr detail::tile_path path = ALGORITHM == WARP_STORE_DIRECT      ? detail::tile_path::blocked
                                            : ALGORITHM == WARP_STORE_STRIPED   ? detail::tile_path::striped
                                            : ALGORITHM == WARP_STORE_VECTORIZE ? detail::tile_path::vectorized
                                                                            : detail::tile_path::striped_exchanged;

 public:
  /// The shared memory one logical warp needs (empty except for WARP_STORE_TRANSPOSE).
  using TempStorage = typename base::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE WarpStore(TempStorage& temp_storage) : base(temp_storage) {}
  /// Without a TempStorage: every algorithm but WARP_STORE_TRANSPOSE, whose TempStorage is empty.
  template <bool TRANSPOSES = ALGORITHM == WARP_STORE_TRANSPOSE, std::enable_if_t<!TRANSPOSES, int> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE WarpStore() : base() {}
  /// WARP_STORE_TRANSPOSE needs a TempStorage per logical warp. CUB's default constructor takes one
  /// __shared__ TempStorage per block, which every warp of the block then shares: two warps
  /// exchanging at once overwrite each other's tile. A block-wide array of them would cost up to
  /// 1024 / LOGICAL_WARP_THREADS TempStorages of static shared memory (over CUDA's 48 KiB for large
  /// tiles), so xcub has no default constructor here: the message below says so at compile time.
  template <bool TRANSPOSES = ALGORITHM == WARP_STORE_TRANSPOSE, std::enable_if_t<TRANSPOSES, int> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE WarpStore() : base(*static_cast<TempStorage*>(nullptr)) {
    static_assert(!TRANSPOSES, "xcub::WarpStore: WARP_STORE_TRANSPOSE needs a TempStorage per logical warp: "
                               "construct it with one (CUB's default constructor shares one per block among its warps)");
  }

  /// The full tile to `block_itr` (the caller's logical warp's tile start).
  template <class OutputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Store(OutputIteratorT block_itr, const T (&items)[ITEMS_PER_THREAD]) {
    this->template store_tile<path, LOGICAL_WARP_THREADS>(block_itr, items);
  }

  /// Tile positions below valid_items only.
  template <class OutputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Store(OutputIteratorT block_itr, const T (&items)[ITEMS_PER_THREAD],
                                          int valid_items) {
    this->template store_tile<path, LOGICAL_WARP_THREADS>(block_itr, items, valid_items);
  }

#endif
};

}  // namespace xcub
