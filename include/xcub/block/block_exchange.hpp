// xcub/block/block_exchange.hpp: BlockExchange, a thread block's rearrangement of a tile of items
// held in registers, through shared memory (CUB's BlockExchange).
//
// Contract:
//   BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, WARP_TIME_SLICING = false, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   - The tile: ITEMS_PER_THREAD items in each of the block's BLOCK_THREADS threads (ranked row-major,
//     x fastest), in one of these arrangements (W = arch::warp_threads, lane = rank % W):
//       blocked       thread r holds positions [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD)
//       striped       thread r holds positions r, r + BLOCK_THREADS, r + 2 * BLOCK_THREADS, ...
//       warp-striped  warp w owns positions [w * W * ITEMS_PER_THREAD, (w + 1) * W * ITEMS_PER_THREAD),
//                     striped across its lanes: lane l holds w * W * ITEMS_PER_THREAD + l + i * W
//   - Who calls: every thread of the block, each method at the same call site (block barriers).
//     Any block size: 33, 100, 130 work; the warp-striped methods need whole warps (BLOCK_THREADS a
//     multiple of W, checked at compile time: a partial warp cannot take a warp barrier).
//   - Methods (output may be the input array itself; its item type may differ, converted by assignment):
//       StripedToBlocked, BlockedToStriped, WarpStripedToBlocked, BlockedToWarpStriped (input, output)
//       ScatterToBlocked(input, output, ranks)    item i goes to tile position ranks[i] (0..tile-1,
//       ScatterToStriped(input, output, ranks)    distinct), read back blocked or striped
//       ScatterToStripedGuarded(input, output, ranks)             items with ranks[i] < 0 are dropped
//       ScatterToStripedFlagged(input, output, ranks, is_valid)   items with !is_valid[i] are dropped
//     and the one-array forms (items, ...), in place. After a guarded or flagged scatter, outputs at
//     positions nobody wrote are unspecified. Results are valid in every thread on return.
//   - WARP_TIME_SLICING: false keeps the whole tile in shared memory (one block barrier per exchange,
//     a warp barrier for the warp-striped ones); true keeps one warp's share and lets the warps take
//     turns (less memory, two block barriers per warp).
//   - TempStorage: sizeof(T) * (BLOCK_THREADS, or W with time slicing) * ITEMS_PER_THREAD bytes, plus
//     one item per 32 where ITEMS_PER_THREAD is a power of two above 4 (bank-conflict padding).
//     Reuse rule (as CUB): put arch::sync_threads() between two uses of the same TempStorage.
//     The default constructor uses a private one, shared by every default-constructed BlockExchange
//     of the same TempStorage type in the block.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void k(const int* d_in, int* d_out) {          // blocks of 128 threads
//     using BlockExchangeT = xcub::BlockExchange<int, 128, 4>;
//     XCUB_SHARED(BlockExchangeT::TempStorage, storage);
//     const int t = xcub::arch::thread_idx().x;
//     int items[4];
//     for (int i = 0; i < 4; ++i) items[i] = d_in[i * 128 + t];       // striped, coalesced
//     BlockExchangeT(storage).StripedToBlocked(items);                // items = d_in[4t .. 4t+3]
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_exchange_layout.hpp>
#include <xcub/block/detail/block_exchange_time_sliced.hpp>
#include <xcub/block/detail/block_exchange_whole_tile.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockExchange {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockExchange: ITEMS_PER_THREAD must be at least 1");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using variant = std::conditional_t<WARP_TIME_SLICING,
                                     detail::block_exchange_time_sliced<T, ITEMS_PER_THREAD, shape::threads>,
                                     detail::block_exchange_whole_tile<T, ITEMS_PER_THREAD, shape::threads>>;
  using arrangement = detail::arrangement;
  static constexpr bool whole_warps = !shape::has_partial_warp;

 public:
  /// Raw shared memory for one block's exchange (see the contract above for its size and reuse).
  using TempStorage = typename variant::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockExchange()
      : BlockExchange(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockExchange(TempStorage& temp_storage)
      : storage_(&temp_storage), rank_(shape::rank()) { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockExchange"); }

  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void StripedToBlocked(const T (&input)[ITEMS_PER_THREAD],
                                                     OutputT (&output)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::striped, arrangement::blocked>(input, output, nullptr, detail::keep_all{});
  }
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void BlockedToStriped(const T (&input)[ITEMS_PER_THREAD],
                                                     OutputT (&output)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::blocked, arrangement::striped>(input, output, nullptr, detail::keep_all{});
  }
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void WarpStripedToBlocked(const T (&input)[ITEMS_PER_THREAD],
                                                         OutputT (&output)[ITEMS_PER_THREAD]) {
    static_assert(whole_warps, "xcub::BlockExchange: the warp-striped arrangements need whole warps "
                               "(BLOCK_THREADS a multiple of arch::warp_threads)");
    impl().template warp_exchange<true>(input, output);
  }
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void BlockedToWarpStriped(const T (&input)[ITEMS_PER_THREAD],
                                                         OutputT (&output)[ITEMS_PER_THREAD]) {
    static_assert(whole_warps, "xcub::BlockExchange: the warp-striped arrangements need whole warps "
                               "(BLOCK_THREADS a multiple of arch::warp_threads)");
    impl().template warp_exchange<false>(input, output);
  }

  /// Item i goes to tile position ranks[i]; the tile is then read blocked.
  template <class OutputT, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToBlocked(const T (&input)[ITEMS_PER_THREAD],
                                                     OutputT (&output)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::scattered, arrangement::blocked>(input, output, ranks, detail::keep_all{});
  }
  /// Item i goes to tile position ranks[i]; the tile is then read striped.
  template <class OutputT, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStriped(const T (&input)[ITEMS_PER_THREAD],
                                                     OutputT (&output)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::scattered, arrangement::striped>(input, output, ranks, detail::keep_all{});
  }
  /// As ScatterToStriped, dropping items whose rank is negative.
  template <class OutputT, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStripedGuarded(const T (&input)[ITEMS_PER_THREAD],
                                                            OutputT (&output)[ITEMS_PER_THREAD],
                                                            const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::scattered, arrangement::striped>(
        input, output, ranks, [&ranks](int i) { return ranks[i] >= 0; });
  }
  /// As ScatterToStriped, dropping items whose is_valid flag is false.
  template <class OutputT, class OffsetT, class ValidFlag>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStripedFlagged(const T (&input)[ITEMS_PER_THREAD],
                                                            OutputT (&output)[ITEMS_PER_THREAD],
                                                            const OffsetT (&ranks)[ITEMS_PER_THREAD],
                                                            const ValidFlag (&is_valid)[ITEMS_PER_THREAD]) {
    impl().template exchange<arrangement::scattered, arrangement::striped>(
        input, output, ranks, [&is_valid](int i) { return static_cast<bool>(is_valid[i]); });
  }

  // One array, in place.
  XCUB_DEVICE XCUB_FORCEINLINE void StripedToBlocked(T (&items)[ITEMS_PER_THREAD]) { StripedToBlocked(items, items); }
  XCUB_DEVICE XCUB_FORCEINLINE void BlockedToStriped(T (&items)[ITEMS_PER_THREAD]) { BlockedToStriped(items, items); }
  XCUB_DEVICE XCUB_FORCEINLINE void WarpStripedToBlocked(T (&items)[ITEMS_PER_THREAD]) {
    WarpStripedToBlocked(items, items);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void BlockedToWarpStriped(T (&items)[ITEMS_PER_THREAD]) {
    BlockedToWarpStriped(items, items);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToBlocked(T (&items)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToBlocked(items, items, ranks);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStriped(T (&items)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToStriped(items, items, ranks);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStripedGuarded(T (&items)[ITEMS_PER_THREAD],
                                                            const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToStripedGuarded(items, items, ranks);
  }
  template <class OffsetT, class ValidFlag>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStripedFlagged(T (&items)[ITEMS_PER_THREAD],
                                                            const OffsetT (&ranks)[ITEMS_PER_THREAD],
                                                            const ValidFlag (&is_valid)[ITEMS_PER_THREAD]) {
    ScatterToStripedFlagged(items, items, ranks, is_valid);
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE variant impl() const { return variant{reinterpret_cast<T*>(storage_->bytes), rank_}; }

  TempStorage* storage_;
  int rank_;
#endif
};

}  // namespace xcub
