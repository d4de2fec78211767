// xcub/detail/merge_sort_strategy.hpp: the merge sort of one tile of NUM_THREADS * ITEMS_PER_THREAD
// keys (and values) held by a group of threads, written once for every group that can meet at a
// barrier: WarpMergeSort passes a warp barrier with its member mask, a BlockMergeSort would pass the
// block barrier.
//
// merge_sort_strategy<KeyT, ValueT, NUM_THREADS, ITEMS_PER_THREAD>; ValueT = NullType: keys only.
//   sort(storage, rank, sync, keys, [values,] compare)
//   sort(storage, rank, sync, keys, [values,] compare, valid_items, oob_default)
// - Who calls: the NUM_THREADS threads of the group, each with its rank in [0, NUM_THREADS) (its
//   place in the tile), the same storage, compare and valid_items / oob_default. `sync()` must be a
//   barrier of exactly these threads, including ordering of their shared-memory accesses.
// - Arrangement: blocked, in and out: the thread of rank r holds tile items [r * ITEMS_PER_THREAD,
//   (r + 1) * ITEMS_PER_THREAD) in keys[] (and values[]).
// - Result: the tile sorted stably by compare (a strict weak ordering, "comes before"): equivalent
//   keys keep their input order; values move with their keys.
// - valid_items: tile positions p >= valid_items get key oob_default (their values stay with them)
//   before the sort; then the whole tile is sorted. So, when oob_default is ordered at or after every
//   valid key, [0, valid_items) holds the valid items sorted and [valid_items, tile) holds oob_default
//   keys with the values of those positions in their input order. Any valid_items works (<= 0: every
//   key becomes oob_default; >= the tile: none does).
// - Any NUM_THREADS >= 1 (powers of two are what CUB allows; others clip the last group of each
//   round to the tile). TempStorage: the tile's keys, sharing their bytes with the tile's values
//   (empty for one thread). sort starts with a barrier, so sorts in a row may share one TempStorage;
//   other uses of its memory afterwards need a barrier first.
// - Algorithm: each thread sorts its items in registers (merge_sort_network.hpp); then
//   ceil(log2(NUM_THREADS)) rounds, each merging pairs of sorted runs of 1, 2, 4, ... threads into
//   runs twice as long: the keys go to shared memory, each thread finds where its ITEMS_PER_THREAD
//   outputs start in the merge of its pair of runs (merge_sort_path.hpp) and merges them into
//   registers (merge_sort_serial_merge.hpp); values follow through shared memory by source index.
//   Device code (XCUB_DEVICE).
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/detail/merge_sort_network.hpp>
#include <xcub/detail/merge_sort_path.hpp>
#include <xcub/detail/merge_sort_serial_merge.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

template <class KeyT, class ValueT, int NUM_THREADS, int ITEMS_PER_THREAD>
class merge_sort_strategy {
  static_assert(NUM_THREADS >= 1, "xcub: a merge sort needs at least one thread");
  static_assert(ITEMS_PER_THREAD >= 1, "xcub: a merge sort needs at least one item per thread");

 public:
  static constexpr int tile_items = NUM_THREADS * ITEMS_PER_THREAD;
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;

 private:
  /// NUM_THREADS a power of two: every pair of runs of every round lies whole in the tile.
  static constexpr bool whole_pairs = (NUM_THREADS & (NUM_THREADS - 1)) == 0;

  static constexpr std::size_t key_bytes = sizeof(KeyT) * tile_items;
  static constexpr std::size_t value_bytes = keys_only ? 0 : sizeof(ValueT) * tile_items;
  static constexpr std::size_t value_align = keys_only ? 1 : alignof(ValueT);

  /// Keys of the tile, or values of the tile (never both at once); uninitialised bytes so that the
  /// types need not be trivially constructible.
  struct tile_storage {
    alignas(KeyT) alignas(value_align) unsigned char bytes[key_bytes > value_bytes ? key_bytes : value_bytes];
  };
  struct no_storage {};

 public:
  using TempStorage = std::conditional_t<(NUM_THREADS > 1), tile_storage, no_storage>;

#if XCUB_HAS_KERNELS
  /// Sorts the tile's keys.
  template <class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort(TempStorage& storage, unsigned rank, const Sync& sync,
                                                KeyT (&keys)[ITEMS_PER_THREAD], CompareOp& compare) {
    NullType none[ITEMS_PER_THREAD];
    sort_tile<false>(storage, rank, sync, keys, none, compare);
  }

  /// Sorts the tile's keys and values.
  template <class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort(TempStorage& storage, unsigned rank, const Sync& sync,
                                                KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                CompareOp& compare) {
    static_assert(!keys_only, "xcub: a keys-only merge sort (ValueT = NullType) has no values to sort");
    sort_tile<true>(storage, rank, sync, keys, values, compare);
  }

  /// Sorts the tile's keys after giving the keys at positions >= valid_items the value oob_default.
  template <class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort(TempStorage& storage, unsigned rank, const Sync& sync,
                                                KeyT (&keys)[ITEMS_PER_THREAD], CompareOp& compare, int valid_items,
                                                const KeyT& oob_default) {
    fill_out_of_bounds(rank, keys, valid_items, oob_default);
    sort(storage, rank, sync, keys, compare);
  }

  /// Sorts the tile's keys and values after giving the keys at positions >= valid_items the value
  /// oob_default.
  template <class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort(TempStorage& storage, unsigned rank, const Sync& sync,
                                                KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                CompareOp& compare, int valid_items, const KeyT& oob_default) {
    fill_out_of_bounds(rank, keys, valid_items, oob_default);
    sort(storage, rank, sync, keys, values, compare);
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE static void fill_out_of_bounds(unsigned rank, KeyT (&keys)[ITEMS_PER_THREAD],
                                                              int valid_items, const KeyT& oob_default) {
    const int first = static_cast<int>(rank) * ITEMS_PER_THREAD;
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (first + i >= valid_items) keys[i] = oob_default;
    }
  }

  /// The network in registers, then the merge rounds; values (of type V) move too if HAS_VALUES.
  template <bool HAS_VALUES, class V, class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort_tile(TempStorage& storage, unsigned rank, const Sync& sync,
                                                     KeyT (&keys)[ITEMS_PER_THREAD], V (&values)[ITEMS_PER_THREAD],
                                                     CompareOp& compare) {
    stable_sort_network_impl<HAS_VALUES>(keys, values, compare);
    if constexpr (NUM_THREADS > 1) {
      // Not unrolled: one copy of the round's code, as CUB's. Unrolled, every round was specialized
      // (8 copies at 256 threads) and the compiler kept values of several rounds live at once: about
      // twice CUB's registers (ptxas: 76 against 32 for u32 keys, 256 x 16) and half its occupancy.
      for (int round = 0; (1 << round) < NUM_THREADS; ++round) {
        merge_round<HAS_VALUES>(storage, static_cast<int>(rank), 1 << round, sync, keys, values, compare);
      }
    } else {
      (void)storage, (void)rank, (void)sync;
    }
  }

  /// Merges each pair of sorted runs of threads_per_run threads (the last pair of the tile may be
  /// short or single) into one run of the next round.
  template <bool HAS_VALUES, class V, class Sync, class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE static void merge_round(TempStorage& storage, int rank, int threads_per_run,
                                                       const Sync& sync, KeyT (&keys)[ITEMS_PER_THREAD],
                                                       V (&values)[ITEMS_PER_THREAD], CompareOp& compare) {
    KeyT* const tile_keys = reinterpret_cast<KeyT*>(storage.bytes);
    const int mine = rank * ITEMS_PER_THREAD;  // where the caller's items lie in the tile, in and out

    sync();  // every read of the storage (last round, last call) is done
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) tile_keys[mine + i] = keys[i];
    sync();

    // The pair of runs the caller's outputs belong to: [first, middle) and [middle, last). A pair
    // is 2 * threads_per_run threads, a power of two, so the caller's place in it is a mask of its
    // rank (a division here was a remainder instruction in every round).
    const int pair_mask = 2 * threads_per_run - 1;
    const int run_items = threads_per_run * ITEMS_PER_THREAD;
    const int first = (rank & ~pair_mask) * ITEMS_PER_THREAD;
    const int diag = mine - first;  // the caller's outputs start here in the pair's merge
    int middle = first + run_items, last = middle + run_items;
    if constexpr (!whole_pairs) {  // the tile's last pair may be short or single
      middle = middle < tile_items ? middle : tile_items;
      last = last < tile_items ? last : tile_items;
    }
    const int from_first = merge_path(tile_keys + first, middle - first, tile_keys + middle, last - middle, diag,
                                      compare);
    int source[ITEMS_PER_THREAD];
    constexpr merge_step_form form = HAS_VALUES ? merge_step_form::select_key : merge_step_form::branch;
    serial_merge<form>(tile_keys, first + from_first, middle, middle + diag - from_first, last, keys, source, compare);

    if constexpr (HAS_VALUES) {
      V* const tile_values = reinterpret_cast<V*>(storage.bytes);
      sync();  // every key is read: the values may take their bytes
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) tile_values[mine + i] = values[i];
      sync();
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) values[i] = tile_values[source[i]];
    }
  }
#endif
};

}  // namespace xcub::detail
