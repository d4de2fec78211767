// xcub/block/block_load.hpp: BlockLoad, a thread block's load of a tile of consecutive items from
// memory into registers (CUB's BlockLoad); also brings CUB's LoadDirect* free functions
// (xcub/block/load_store_direct.hpp).
//
// Contract:
//   BlockLoad<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM = BLOCK_LOAD_DIRECT, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   BlockLoadType<Policy, It[, T]>::type: the BlockLoad of a tuning policy (CUB's, for agents).
//   - The tile: the BLOCK_THREADS * ITEMS_PER_THREAD consecutive items from the iterator the block
//     passes; any random-access input iterator whose items convert to T by assignment.
//   - Who calls: every thread of the block (ranked row-major), with the same iterator and valid_items.
//     Any block size; the WARP_TRANSPOSE algorithms need whole warps (BLOCK_THREADS a multiple of
//     arch::warp_threads, checked at compile time, as in CUB).
//   - Where the items land, valid in every thread on return (W = arch::warp_threads):
//       BLOCK_LOAD_DIRECT     blocked: thread r gets items [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD)
//       BLOCK_LOAD_STRIPED    striped: thread r gets items r, r + BLOCK_THREADS, ... (coalesced reads)
//       BLOCK_LOAD_VECTORIZE  blocked, read in words of up to 16 bytes where the iterator is a T* or
//                             const T* (or a CacheModifiedInputIterator over T, whose modifier the words
//                             keep), T is trivially copyable, a thread's row fills wider words than one
//                             item's and the pointer is aligned to those words (checked at run time);
//                             DIRECT otherwise, and for partial tiles
//       BLOCK_LOAD_TRANSPOSE  blocked, read striped (coalesced) and exchanged (BlockExchange::StripedToBlocked)
//       BLOCK_LOAD_WARP_TRANSPOSE  blocked, read warp-striped (coalesced per warp) and exchanged within
//                             each warp (BlockExchange::WarpStripedToBlocked): a warp barrier, no block barrier
//       BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED  as WARP_TRANSPOSE with one warp's worth of shared memory,
//                             the warps taking turns (block barriers between them)
//   - Load(it, items)                          the full tile
//     Load(it, items, valid_items)             tile positions below valid_items only; the other items
//                                              keep their values (the TRANSPOSE forms: unspecified)
//     Load(it, items, valid_items, oob_default)  the other items are oob_default
//   - TempStorage: empty for DIRECT, STRIPED and VECTORIZE; else BlockExchange's (with
//     WARP_TIME_SLICING for the TIMESLICED form). Reuse rule: arch::sync_threads() between two uses of
//     one TempStorage. The default constructor uses private shared memory (shared by every
//     default-constructed collective of the same TempStorage type in the block).
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void k(const int* d_in, int n) {              // blocks of 128 threads
//     using BlockLoadT = xcub::BlockLoad<int, 128, 4, xcub::BLOCK_LOAD_WARP_TRANSPOSE>;
//     XCUB_SHARED(BlockLoadT::TempStorage, storage);
//     int items[4];
//     BlockLoadT(storage).Load(d_in + blockIdx.x * 512, items, n - blockIdx.x * 512, 0);
//     // thread t: items = d_in[tile + 4t .. 4t+3], 0 past n
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

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad
    : public detail::transposing_io<
          detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
          BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
                        BLOCK_DIM_Y, BLOCK_DIM_Z>,
          ALGORITHM >= BLOCK_LOAD_TRANSPOSE, true> {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockLoad: ITEMS_PER_THREAD must be at least 1");
  static_assert(ALGORITHM >= BLOCK_LOAD_DIRECT && ALGORITHM <= BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
                "xcub::BlockLoad: unknown BlockLoadAlgorithm");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using base = detail::transposing_io<
      shape,
      BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, BLOCK_DIM_Y,
                    BLOCK_DIM_Z>,
      ALGORITHM >= BLOCK_LOAD_TRANSPOSE, true>;
  static constexpr bool warp_striped = ALGORITHM >= BLOCK_LOAD_WARP_TRANSPOSE;
  static_assert(!warp_striped || !shape::has_partial_warp,
                "xcub::BlockLoad: BLOCK_LOAD_WARP_TRANSPOSE(_TIMESLICED) needs whole warps (BLOCK_THREADS a "
                "multiple of arch::warp_threads); use BLOCK_LOAD_TRANSPOSE");
  static constexpr int threads = shape::threads;
  static constexpr detail::tile_path path = ALGORITHM == BLOCK_LOAD_DIRECT      ? detail::tile_path::blocked
                                            : ALGORITHM == BLOCK_LOAD_STRIPED   ? detail::tile_path::striped
                                            : ALGORITHM == BLOCK_LOAD_VECTORIZE ? detail::tile_path::vectorized
                                            : ALGORITHM == BLOCK_LOAD_TRANSPOSE ? detail::tile_path::striped_exchanged
                                                                                : detail::tile_path::warp_striped_exchanged;

 public:
  /// Empty for DIRECT, STRIPED and VECTORIZE; BlockExchange's for the TRANSPOSE forms.
  using TempStorage = typename base::TempStorage;

#if XCUB_HAS_KERNELS
  /// Uses the block's private shared TempStorage where TempStorage is not empty.
  XCUB_DEVICE XCUB_FORCEINLINE BlockLoad() : base() { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockLoad"); }
  XCUB_DEVICE XCUB_FORCEINLINE BlockLoad(TempStorage& temp_storage) : base(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockLoad");
  }

  /// The full tile from `block_itr`.
  template <class InputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
    this->template load_tile<path, threads>(block_itr, items);
  }

  /// Tile positions below valid_items; the other items keep their values (TRANSPOSE forms: unspecified).
  template <class InputIteratorT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    this->template load_tile<path, threads>(block_itr, items, valid_items);
  }

  /// Tile positions below valid_items; the other items are oob_default.
  template <class InputIteratorT, class DefaultT>
  XCUB_DEVICE XCUB_FORCEINLINE void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items,
                                         DefaultT oob_default) {
    this->template load_tile<path, threads>(block_itr, items, valid_items, oob_default);
  }
#endif
};

/// The BlockLoad a tuning policy names (CUB's BlockLoadType): Policy::BLOCK_THREADS threads,
/// Policy::ITEMS_PER_THREAD items and Policy::LOAD_ALGORITHM, of the iterator's value type.
template <class Policy, class It, class T = std::remove_cv_t<typename std::iterator_traits<It>::value_type>>
struct BlockLoadType {
  using type = BlockLoad<T, Policy::BLOCK_THREADS, Policy::ITEMS_PER_THREAD, Policy::LOAD_ALGORITHM>;
};

}  // namespace xcub
