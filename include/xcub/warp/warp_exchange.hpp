// xcub/warp/warp_exchange.hpp: WarpExchange, rearranging the items that a logical warp holds between
// the blocked and the striped arrangement (CUB's WarpExchange).
//
// Contract:
//   WarpExchange<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS = arch::warp_threads,
//                ALGORITHM = WARP_EXCHANGE_SMEM>; W = LOGICAL_WARP_THREADS, 1..warp_threads.
//   - The tile: the W * ITEMS_PER_THREAD items a logical warp holds, ITEMS_PER_THREAD per lane, in
//     one of two arrangements:
//       blocked  lane l holds tile positions [l * ITEMS_PER_THREAD, (l + 1) * ITEMS_PER_THREAD)
//       striped  lane l holds tile positions l, l + W, l + 2 * W, ...
//   - Who calls: every lane of a logical warp, together, the same method. A power-of-two width splits
//     each hardware warp into independent logical warps of consecutive lanes (lanes [k*W, (k+1)*W)),
//     which may call at different times; any other width (WARP_EXCHANGE_SMEM only, where CUB allows
//     powers of two only) uses the first W lanes of each hardware warp, and the lanes past it must not
//     call. Every lane of a calling logical warp must exist (as in CUB): where a block's size is not
//     a multiple of the warp, a logical warp that the block's end cuts short must not call (the host
//     emulator reports one that does).
//   - Results are valid in every lane when the call returns. Output arrays may be the input arrays
//     (BlockedToStriped(items, items)), or of another type that T converts to by assignment.
//   - BlockedToStriped(input, output)   input blocked, output striped
//     StripedToBlocked(input, output)   input striped, output blocked
//     ScatterToStriped(items, ranks) / ScatterToStriped(input, output, ranks)
//                                       item i of a lane goes to tile position ranks[i], then the tile
//                                       is read striped; ranks are distinct, in [0, W*ITEMS_PER_THREAD)
//                                       across the logical warp (positions nobody ranks read
//                                       unspecified values); ranks are not modified (CUB may add
//                                       padding to them). WARP_EXCHANGE_SMEM only.
//   - Algorithms:
//       WARP_EXCHANGE_SMEM     through shared memory, any width and ITEMS_PER_THREAD; two warp barriers
//                              and one write and one read of each item per call (padded against bank
//                              conflicts where ITEMS_PER_THREAD is even).
//       WARP_EXCHANGE_SHUFFLE  by shuffles, no shared memory; only ITEMS_PER_THREAD == W, a power of
//                              two (as CUB): a transpose in log2(W) rounds of W/2 shuffles per lane.
//   - TempStorage: one per logical warp that may exchange at the same time (an array indexed by
//     logical warp), W * ITEMS_PER_THREAD items plus padding for WARP_EXCHANGE_SMEM, empty for
//     WARP_EXCHANGE_SHUFFLE. Calls in a row on the same TempStorage need no barrier in between (each
//     starts with a warp barrier); using its memory for something else afterwards needs a warp or
//     block barrier first (as in CUB).
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void transpose(int* data) {                 // blocks of 128 threads
//     using Exchange = xcub::WarpExchange<int, 4, 16>;      // logical warps of 16 lanes, 4 items each
//     using storage_t = Exchange::TempStorage[128 / 16];
//     XCUB_SHARED(storage_t, storage);
//     const unsigned t = xcub::arch::linear_thread_id();
//     int items[4];
//     for (int i = 0; i < 4; ++i) items[i] = data[t * 4 + i];   // blocked: {0,1,2,3}, {4,5,6,7}, ...
//     Exchange(storage[t / 16]).BlockedToStriped(items, items); // striped: {0,16,32,48}, {1,17,33,49}, ...
//     for (int i = 0; i < 4; ++i) data[t * 4 + i] = items[i];
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>
#include <xcub/warp/detail/warp_exchange_shfl.hpp>
#include <xcub/warp/detail/warp_exchange_smem.hpp>

namespace xcub {

/// How WarpExchange moves items (CUB's names).
enum WarpExchangeAlgorithm {
  WARP_EXCHANGE_SMEM,     ///< through shared memory: any shape
  WARP_EXCHANGE_SHUFFLE,  ///< by shuffles: ITEMS_PER_THREAD == LOGICAL_WARP_THREADS, a power of two
};

template <class T, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = arch::warp_threads,
          WarpExchangeAlgorithm ALGORITHM = WARP_EXCHANGE_SMEM>
class WarpExchange {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::WarpExchange: ITEMS_PER_THREAD must be at least 1");
  static_assert(ALGORITHM == WARP_EXCHANGE_SMEM || ALGORITHM == WARP_EXCHANGE_SHUFFLE,
                "xcub::WarpExchange: unknown WarpExchangeAlgorithm");
  using warp = detail::logical_warp<LOGICAL_WARP_THREADS>;
  static constexpr bool shuffles = ALGORITHM == WARP_EXCHANGE_SHUFFLE;
  using impl_t = std::conditional_t<shuffles, detail::warp_exchange_shfl<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>,
                                    detail::warp_exchange_smem<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>>;

  template <class>
  static constexpr bool always_false = false;

 public:
  /// The shared memory one logical warp needs (empty for WARP_EXCHANGE_SHUFFLE).
  using TempStorage = typename impl_t::TempStorage;

#if XCUB_HAS_KERNELS
  /// Binds the calling lane's logical warp (its lane and member mask) for every call that follows.
  XCUB_DEVICE XCUB_FORCEINLINE explicit WarpExchange(TempStorage& temp_storage) : impl_(temp_storage) {}

  /// Blocked input to striped output; valid in every lane. `output_items` may be `input_items`.
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void BlockedToStriped(const T (&input_items)[ITEMS_PER_THREAD],
                                                     OutputT (&output_items)[ITEMS_PER_THREAD]) {
    if constexpr (shuffles) impl_.transpose(input_items, output_items);
    else impl_.blocked_to_striped(input_items, output_items);
  }

  /// Striped input to blocked output; valid in every lane. `output_items` may be `input_items`.
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void StripedToBlocked(const T (&input_items)[ITEMS_PER_THREAD],
                                                     OutputT (&output_items)[ITEMS_PER_THREAD]) {
    if constexpr (shuffles) impl_.transpose(input_items, output_items);
    else impl_.striped_to_blocked(input_items, output_items);
  }

  /// items[i] goes to tile position ranks[i]; `items` then holds the tile striped. WARP_EXCHANGE_SMEM only.
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStriped(T (&items)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToStriped(items, items, ranks);
  }

  /// input_items[i] goes to tile position ranks[i]; output_items then holds the tile striped (it may
  /// be `input_items`). WARP_EXCHANGE_SMEM only.
  template <class OutputT, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void ScatterToStriped(const T (&input_items)[ITEMS_PER_THREAD],
                                                     OutputT (&output_items)[ITEMS_PER_THREAD],
                                                     const OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    static_assert(std::is_integral_v<OffsetT>, "xcub::WarpExchange::ScatterToStriped: ranks are integers");
    if constexpr (shuffles) {
      static_assert(always_false<OffsetT>,
                    "xcub::WarpExchange::ScatterToStriped needs WARP_EXCHANGE_SMEM: WARP_EXCHANGE_SHUFFLE "
                    "only transposes (BlockedToStriped, StripedToBlocked)");
    } else {
      impl_.scatter_to_striped(input_items, output_items, ranks);
    }
  }

 private:
  impl_t impl_;
#endif
};

}  // namespace xcub
