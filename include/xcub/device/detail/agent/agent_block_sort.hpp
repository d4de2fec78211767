// xcub/device/detail/agent/agent_block_sort.hpp: the first step of DeviceMergeSort: one block sorts
// one tile of the input stably and writes it out (docs/device-merge-sort.md).
//
// agent_block_sort<Policy, KeyT, ValueT, CompareOp>: Policy is a type whose `static constexpr
// merge_sort_policy value` gives the tile (sort_threads() x sort_items()); ValueT = NullType sorts
// keys only. consume_tile(keys_in, values_in, keys_out, values_out, valid) is called by every thread of
// the block; the iterators point at the tile's first item; valid (1..tile) items are read, sorted by
// `compare` (a strict weak ordering; equivalent keys keep their order) and written, nothing past them.
// In and out may be the same memory (the whole tile is read before anything is written).
// - Loads and stores go through BlockLoad / BlockStore (WARP_TRANSPOSE with whole warps, else
//   TRANSPOSE: coalesced, blocked in registers), the sort is BlockMergeSort; the TempStorages share
//   their bytes.
// - A partial tile: the block first finds its largest valid key (read from memory, then BlockReduce
//   by `compare`: a partial tile's keys are read twice) and gives it to the positions past `valid`;
//   they sort after every valid key (after the equivalent ones too: they come later in the tile and
//   the sort is stable), so [0, valid) is the valid items sorted.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_merge_sort.hpp>
#include <xcub/block/block_reduce.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// The later of two keys by `compare` (the first on ties): BlockReduce's operator for a tile's top.
template <class CompareOp>
struct later_of {
  CompareOp compare;
  XCUB_EXEC_CHECK_DISABLE
  template <class K>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE K operator()(const K& a, const K& b) const {
    return compare(a, b) ? b : a;
  }
};

template <class Policy, class KeyT, class ValueT, class CompareOp>
struct agent_block_sort {
  static constexpr merge_sort_policy policy = Policy::value;
  static constexpr int threads = policy.sort_threads();
  static constexpr int items = policy.sort_items();
  static constexpr int tile = threads * items;
  static constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
  using value_t = std::conditional_t<has_values, ValueT, KeyT>;  // a stand-in type when keys only

  using sort_t = BlockMergeSort<KeyT, threads, items, ValueT>;
  /// Whole warps: the warp-wide exchanges (no block barrier), as CUB's tuning; else the block's.
  static constexpr bool whole_warps = threads % arch::warp_threads == 0;
  static constexpr BlockLoadAlgorithm load_algorithm = whole_warps ? BLOCK_LOAD_WARP_TRANSPOSE : BLOCK_LOAD_TRANSPOSE;
  static constexpr BlockStoreAlgorithm store_algorithm =
      whole_warps ? BLOCK_STORE_WARP_TRANSPOSE : BLOCK_STORE_TRANSPOSE;
  using load_keys_t = BlockLoad<KeyT, threads, items, load_algorithm>;
  using load_values_t = BlockLoad<value_t, threads, items, load_algorithm>;
  using store_keys_t = BlockStore<KeyT, threads, items, store_algorithm>;
  using store_values_t = BlockStore<value_t, threads, items, store_algorithm>;
  using reduce_t = BlockReduce<KeyT, threads>;

  struct top_storage {
    typename reduce_t::TempStorage reduce;
    alignas(KeyT) unsigned char top[sizeof(KeyT)];  // the tile's largest valid key, from thread 0
  };
  union TempStorage {
    typename sort_t::TempStorage sort;
    typename load_keys_t::TempStorage load_keys;
    typename load_values_t::TempStorage load_values;
    typename store_keys_t::TempStorage store_keys;
    typename store_values_t::TempStorage store_values;
    top_storage top;
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;
  CompareOp compare;

  template <class KeyIn, class ValueIn, class KeyOut, class ValueOut>
  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(KeyIn keys_in, ValueIn values_in, KeyOut keys_out,
                                                 ValueOut values_out, int valid) {
    KeyT keys[items];
    value_t values[items];
    const bool full = valid >= tile;
    KeyT top{};
    if (!full) top = tile_top(keys_in, valid);
    if (full) {
      load_keys_t(storage.load_keys).Load(keys_in, keys);
    } else {
      load_keys_t(storage.load_keys).Load(keys_in, keys, valid, KeyT{});
    }
    if constexpr (has_values) {
      arch::sync_threads();
      if (full) {
        load_values_t(storage.load_values).Load(values_in, values);
      } else {
        load_values_t(storage.load_values).Load(values_in, values, valid, value_t{});
      }
    } else {
      (void)values_in, (void)values_out;
    }
    arch::sync_threads();
    if (full) {
      if constexpr (has_values) {
        sort_t(storage.sort).StableSort(keys, values, compare);
      } else {
        sort_t(storage.sort).StableSort(keys, compare);
      }
    } else {
      if constexpr (has_values) {
        sort_t(storage.sort).StableSort(keys, values, compare, valid, top);
      } else {
        sort_t(storage.sort).StableSort(keys, compare, valid, top);
      }
    }
    arch::sync_threads();
    store_keys_t(storage.store_keys).Store(keys_out, keys, valid);
    if constexpr (has_values) {
      arch::sync_threads();
      store_values_t(storage.store_values).Store(values_out, values, valid);
    }
  }

 private:
  /// The largest of the tile's first `valid` keys (by `compare`), in every thread: read striped from
  /// memory before the tile is loaded, so that no thread holds its keys while the block reduces
  /// (with them live, the kernel took 55 registers for u32 keys at 256 x 17 instead of 32). Only
  /// the last tile calls it; it ends with a barrier, after which `storage` may be used again.
  template <class KeyIn>
  XCUB_DEVICE XCUB_FORCEINLINE KeyT tile_top(KeyIn keys_in, int valid) {
    const int rank = static_cast<int>(arch::thread_idx().x);
    KeyT mine = keys_in[rank < valid ? rank : 0];
    for (int k = rank + threads; k < valid; k += threads) {
      const KeyT key = keys_in[k];
      if (compare(mine, key)) mine = key;
    }
    const int holders = valid < threads ? valid : threads;  // threads that read a key of their own
    const KeyT top = reduce_t(storage.top.reduce).Reduce(mine, later_of<CompareOp>{compare}, holders);
    if (rank == 0) *reinterpret_cast<KeyT*>(storage.top.top) = top;
    arch::sync_threads();
    const KeyT result = *reinterpret_cast<const KeyT*>(storage.top.top);
    arch::sync_threads();  // every thread has read it before the loads reuse the storage
    return result;
  }
#endif
};

}  // namespace xcub::detail
