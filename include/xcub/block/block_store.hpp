// xcub/block/block_store.hpp: BlockStore, a thread block's store of a tile of consecutive items from
// registers to memory (CUB's BlockStore); also brings CUB's StoreDirect* free functions
// (xcub/block/load_store_direct.hpp).
//
// Contract:
//   BlockStore<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM = BLOCK_STORE_DIRECT, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   BlockStoreType<Policy, It[, T]>::type: the BlockStore of a tuning policy (CUB's, for agents).
//   - The tile: the BLOCK_THREADS * ITEMS_PER_THREAD consecutive positions of the output iterator the
//     block passes; any random-access output iterator that T can be assigned through.
//   - Who calls: every thread of the block (ranked row-major), with the same iterator and valid_items.
//     Any block size; the WARP_TRANSPOSE algorithms need whole warps (BLOCK_THREADS a multiple of
//     arch::warp_threads, checked at compile time, as in CUB).
//   - Where the items come from (`items` itself is never modified, unlike CUB's in-place exchange):
//       BLOCK_STORE_DIRECT     blocked: thread r holds positions [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD)
//       BLOCK_STORE_STRIPED    striped: thread r holds positions r, r + BLOCK_THREADS, ... (coalesced)
//       BLOCK_STORE_VECTORIZE  blocked, written in words of up to 16 bytes where the iterator is a T*,
//                              T is trivially copyable, a thread's row fills wider words than one item's
//                              and the pointer is aligned to those words (checked at run time); DIRECT
//                              otherwise, and for partial tiles
//       BLOCK_STORE_TRANSPOSE  blocked, exchanged (BlockExchange::BlockedToStriped), written striped
//       BLOCK_STORE_WARP_TRANSPOSE  blocked, exchanged within each warp (BlockedToWarpStriped: a warp
//                              barrier), written warp-striped (coalesced per warp)
//       BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED  as WARP_TRANSPOSE with one warp's worth of shared memory,
//                              the warps taking turns (block barriers between them)
//   - Store(it, items)               the full tile
//     Store(it, items, valid_items)  tile positions below valid_items only; nothing else is written
//   - The stores are done for the calling thread on return; other threads' after a barrier.
//   - TempStorage: empty for DIRECT, STRIPED and VECTORIZE; else BlockExchange's (with
//     WARP_TIME_SLICING for the TIMESLICED form), the same type as BlockLoad's of the same shape.
//     Reuse rule: arch::sync_threads() between two uses of one TempStorage. The default constructor
//     uses private shared memory (shared by every default-constructed collective of the same
//     TempStorage type in the block).
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void k(int* d_out, int n) {                   // blocks of 128 threads
//     using BlockStoreT = xcub::BlockStore<int, 128, 4, xcub::BLOCK_STORE_TRANSPOSE>;
//     XCUB_SHARED(BlockStoreT::TempStorage, storage);
//     int items[4];
//     for (int i = 0; i < 4; ++i) items[i] = 4 * threadIdx.x + i;               // blocked
//     BlockStoreT(storage).Store(d_out + blockIdx.x * 512, items, n - blockIdx.x * 512);
//     // each tile of d_out: 0, 1, ..., 511, nothing at or past d_out[n]
//   }
#pragma once

#include <iterator>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_exchange.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/load_store_direct.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/detail/transposing_io.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore
    : public detail::transposing_io<
          detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
          BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
                        BLOCK_DIM_Y, BLOCK_DIM_Z>,
          ALGORITHM >= BLOCK_STORE_TRANSPOSE, true> {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockStore: ITEMS_PER_THREAD must be at least 1");
  static_assert(ALGORITHM >= BLOCK_STORE_DIRECT && ALGORITHM <= BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
                "xcub::BlockStore: unknown BlockStoreAlgorithm");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using base = detail::transposing_io<
      shape,
      BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED, BLOCK_DIM_Y,
                    BLOCK_DIM_Z>,
      ALGORITHM >= BLOCK_STORE_TRANSPOSE, true>;
  static constexpr bool warp_striped = ALGORITHM >= BLOCK_STORE_WARP_TRANSPOSE;
  static_assert(!warp_striped || !shape::has_partial_warp,
                "xcub::BlockStore: BLOCK_STORE_WARP_TRANSPOSE(_TIMESLICED) needs whole warps (BLOCK_THREADS a "
                "multiple of arch::warp_threads); use BLOCK_STORE_TRANSPOSE");
  static constexpr int threads = shape::threads;
  static constexpr detail::tile_path path = ALGORITHM == BLOCK_STORE_DIRECT      ? detail::tile_path::blocked
                                            : ALGORITHM == BLOCK_STORE_STRIPED   ? detail::tile_path::striped
                                            : ALGORITHM == BLOCK_STORE_VECTORIZE ? detail::tile_path::vectorized
                                            : ALGORITHM == BLOCK_STORE_TRANSPOSE ? detail::tile_path::striped_exchanged
                                                                                 : detail::tile_path::warp_striped_exchanged;

 public:
  /// Empty for DIRECT, STRIPED and VECTORIZE; BlockExchange's for the TRANSPOSE forms.
  using TempStorage = typename base::TempStorage;

#if XCUB_HAS_KERNELS
  /// Uses the block's private shared TempStorage where TempStorage is not empty.
  XCUB_DEVICE XCUB_FORCEINLINE BlockStore() : base() { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockStore"); }
  XCUB_DEVICE XCUB_FORCEINLINE BlockStore(TempStorage& temp_storage) : base(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockStore");
  }

  /// The full tile to `block_itr`.
  template <class OutputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Store(OutputIteratorT block_itr, const T (&items)[ITEMS_PER_THREAD]) {
    this->template store_tile<path, threads>(block_itr, items);
  }

  /// Tile positions below valid_items only.
  template <class OutputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Store(OutputIteratorT block_itr, const T (&items)[ITEMS_PER_THREAD],
                                          int valid_items) {
    this->template store_tile<path, threads>(block_itr, items, valid_items);
  }
#endif
};

/// The BlockStore a tuning policy names (CUB's BlockStoreType): Policy::BLOCK_THREADS threads,
/// Policy::ITEMS_PER_THREAD items and Policy::STORE_ALGORITHM, of the iterator's value type.
template <class Policy, class It, class T = std::remove_cv_t<typename std::iterator_traits<It>::value_type>>
struct BlockStoreType {
  using type = BlockStore<T, Policy::BLOCK_THREADS, Policy::ITEMS_PER_THREAD, Policy::STORE_ALGORITHM>;
};

}  // namespace xcub
