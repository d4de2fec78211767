// xcub/warp/warp_merge_sort.hpp: WarpMergeSort, a comparison sort of the ITEMS_PER_THREAD keys (and
// values) of each lane of a logical warp (CUB's WarpMergeSort).
//
// Contract:
//   WarpMergeSort<KeyT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS = arch::warp_threads, ValueT = NullType>;
//   W = LOGICAL_WARP_THREADS, a power of two from 1 to arch::warp_threads (as CUB requires); ValueT =
//   NullType sorts keys only (the keys-only calls work with any ValueT too).
//   - Who calls: every lane of the logical warp, together, with the same compare_op (and valid_items,
//     oob_default). Each hardware warp holds warp_threads / W independent logical warps (lanes
//     [k*W, (k+1)*W)), which may sort at the same time, each with its own TempStorage. All W lanes
//     must exist (as in CUB): a logical warp that the block's end cuts short must not call (the host
//     emulator reports one that does).
//   - Arrangement: blocked, in and out: the tile is the logical warp's W * ITEMS_PER_THREAD keys, lane
//     i holding tile items [i * ITEMS_PER_THREAD, (i + 1) * ITEMS_PER_THREAD) in keys[] (and items[]).
//   - Result: valid in every lane on return: the tile in order by compare_op, a strict weak ordering
//     (compare_op(a, b): a comes before b; callable in device code); each item moves with its key.
//     StableSort: equivalent keys keep their order in the tile. Sort: no such promise, as in CUB
//     (today both run the same stable algorithm).
//   - Partial tiles, Sort/StableSort(keys, [items,] compare_op, valid_items, oob_default): the keys at
//     tile positions >= valid_items are replaced by oob_default (their items stay with them), then the
//     whole tile is sorted, as CUB documents it. With oob_default ordered at or after every valid key
//     (CUB's requirement), positions [0, valid_items) hold the valid keys sorted and positions
//     [valid_items, tile) hold oob_default; StableSort gives those positions back the items that were
//     there, in input order, Sort some order of them. (A valid key ordered after oob_default ends up
//     past valid_items.) Any valid_items is accepted: <= 0 replaces every key, >= the tile none.
//   - TempStorage: the keys of one tile, sharing their bytes with the items of one tile (empty for
//     W = 1); one per logical warp that sorts at the same time. Each call starts with a warp barrier,
//     so sorts in a row may share one TempStorage; using its memory for something else afterwards
//     needs a warp barrier first.
//   - get_linear_tid(): the caller's lane in its logical warp; get_member_mask(): the lanes of its
//     logical warp in the hardware warp.
//   - Cost: N(N-1)/2 comparisons in registers (N = ITEMS_PER_THREAD), then log2(W) merge rounds
//     through the TempStorage, each a binary search and N merge steps between 2 warp barriers (4 with
//     items). The algorithm is <xcub/detail/merge_sort_strategy.hpp>, which a block-wide sort shares.
// Device code (XCUB_DEVICE).
//
//   struct descending {
//     XCUB_DEVICE bool operator()(int a, int b) const { return a > b; }
//   };
//   XCUB_KERNEL void sort_tiles(int* data) {                // blocks of 128 threads, 16-lane logical warps
//     using WarpSort = xcub::WarpMergeSort<int, 4, 16>;    // tiles of 16 * 4 keys
//     using storage_t = WarpSort::TempStorage[128 / 16];
//     XCUB_SHARED(storage_t, storage);
//     const unsigned t = xcub::arch::linear_thread_id();
//     int keys[4];
//     for (int i = 0; i < 4; ++i) keys[i] = data[4 * t + i];  // blocked: lane i holds items 4i..4i+3
//     WarpSort(storage[t / 16]).StableSort(keys, descending{});
//     for (int i = 0; i < 4; ++i) data[4 * t + i] = keys[i];  // each 64-key tile in descending order
//   }
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/detail/merge_sort_strategy.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub {

template <class KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = arch::warp_threads, class ValueT = NullType>
class WarpMergeSort {
  static_assert(LOGICAL_WARP_THREADS >= 1 && (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "xcub::WarpMergeSort: LOGICAL_WARP_THREADS must be a power of two (as in CUB)");
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::WarpMergeSort: ITEMS_PER_THREAD must be at least 1");

  using warp = detail::logical_warp<LOGICAL_WARP_THREADS>;
  using strategy = detail::merge_sort_strategy<KeyT, ValueT, LOGICAL_WARP_THREADS, ITEMS_PER_THREAD>;

 public:
  /// The keys (or the items) of one tile of LOGICAL_WARP_THREADS * ITEMS_PER_THREAD.
  using TempStorage = typename strategy::TempStorage;

#if XCUB_HAS_KERNELS
  /// Binds the calling lane's logical warp (its lane and member mask) for every call that follows.
  XCUB_DEVICE XCUB_FORCEINLINE WarpMergeSort(TempStorage& temp_storage) : storage_(temp_storage) {}

  /// The caller's lane in its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE unsigned get_linear_tid() const { return warp_.rank(); }

  /// The lanes of the caller's logical warp in its hardware warp.
  XCUB_DEVICE XCUB_FORCEINLINE arch::lane_mask_t get_member_mask() const { return warp_.member_mask(); }

  // ---- Sort: ordered by compare_op, equivalent keys in no promised order -------------------------
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    strategy::sort(storage_, warp_.rank(), barrier{warp_}, keys, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                         CompareOp compare_op) {
    strategy::sort(storage_, warp_.rank(), barrier{warp_}, keys, items, compare_op);
  }
  /// Keys at tile positions >= valid_items become oob_default first (see the contract above).
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items,
                                         KeyT oob_default) {
    strategy::sort(storage_, warp_.rank(), barrier{warp_}, keys, compare_op, valid_items, oob_default);
  }
  /// Keys at tile positions >= valid_items become oob_default first (see the contract above).
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                         CompareOp compare_op, int valid_items, KeyT oob_default) {
    strategy::sort(storage_, warp_.rank(), barrier{warp_}, keys, items, compare_op, valid_items, oob_default);
  }

  // ---- StableSort: the same, equivalent keys keep their order in the tile ------------------------
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    Sort(keys, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                               CompareOp compare_op) {
    Sort(keys, items, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op,
                                               int valid_items, KeyT oob_default) {
    Sort(keys, compare_op, valid_items, oob_default);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                               CompareOp compare_op, int valid_items, KeyT oob_default) {
    Sort(keys, items, compare_op, valid_items, oob_default);
  }

 private:
  /// The barrier of the caller's logical warp (its mask a compile-time constant for the whole warp).
  struct barrier {
    warp w;
    XCUB_DEVICE XCUB_FORCEINLINE void operator()() const { arch::sync_warp(w.member_mask()); }
  };

  TempStorage& storage_;
  warp warp_;  // the caller, bound at construction
#endif
};

}  // namespace xcub
