// xcub/device/detail/agent/keyed_tile.hpp: how the by-key agents (ScanByKey, ReduceByKey) read one
// tile: its keys and values, blocked, and each item's head flag.
//
// keyed_tile<KeyT, ValueT, THREADS, ITEMS, LOAD>::load(storage, keys, values, equal, tile, base,
// full, valid, tile_keys, heads, tile_values) is called by every thread of the block. An item is a
// head where it starts a run: item 0 of the input, and every item whose key is not equal() to the
// key before it (for a tile's first item, the last key of the tile before). A partial tile (not
// full: `valid` items) pads keys and values with its first item's. The storage may be reused for
// anything after a block barrier: load() reads its keys' exchange before the values' reuses it.
#pragma once

#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

template <class KeyT, class ValueT, int THREADS, int ITEMS, BlockLoadAlgorithm LOAD>
struct keyed_tile {
  using load_keys = BlockLoad<KeyT, THREADS, ITEMS, LOAD>;
  using load_values = BlockLoad<ValueT, THREADS, ITEMS, LOAD>;
  using discontinuity = BlockDiscontinuity<KeyT, THREADS>;

  struct TempStorage {
    union {
      typename load_keys::TempStorage keys;
      typename load_values::TempStorage values;
    } io;
    typename discontinuity::TempStorage heads;
  };

#if XCUB_HAS_KERNELS
  template <class KeysIt, class ValuesIt, class EqualityOp, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static void load(TempStorage& storage, KeysIt keys, ValuesIt values, EqualityOp equal,
                                                int tile, OffsetT base, bool full, int valid, KeyT (&tile_keys)[ITEMS],
                                                int (&heads)[ITEMS], ValueT (&tile_values)[ITEMS]) {
    if (full) load_keys(storage.io.keys).Load(keys + base, tile_keys);
    else load_keys(storage.io.keys).Load(keys + base, tile_keys, valid, static_cast<KeyT>(keys[base]));
    discontinuity disc(storage.heads);
    if (tile == 0) disc.FlagHeads(heads, tile_keys, InequalityWrapper<EqualityOp>(equal));
    else disc.FlagHeads(heads, tile_keys, InequalityWrapper<EqualityOp>(equal), static_cast<KeyT>(keys[base - 1]));
    arch::sync_threads();  // the keys' exchange is read; the values' reuses it
    if (full) load_values(storage.io.values).Load(values + base, tile_values);
    else load_values(storage.io.values).Load(values + base, tile_values, valid, static_cast<ValueT>(values[base]));
  }
#endif  // XCUB_HAS_KERNELS
};

}  // namespace xcub::detail
