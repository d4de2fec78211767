// xcub/device/detail/agent/agent_adjacent_difference.hpp: one tile of DeviceAdjacentDifference.
// Device code, called by kernels/adjacent_difference.hpp.
//
// consume_tile(t, n, tiles): loads tile t (blocked, BlockLoad), differences it with
// BlockAdjacentDifference against its neighbour item (the item before the tile for LEFT, after it
// for !LEFT), stores it (BlockStore). The neighbour comes from `neighbours[t]` where that is not
// null (the in-place forms: a copy taken before any tile was written), else straight from the
// input. The first tile (LEFT) and the last (!LEFT) have no neighbour: their end item is copied.
// Every thread of the block calls it (barriers); the temp storage is reused between the phases.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_adjacent_difference.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/config.hpp>

namespace xcub::detail {

template <class Policy, class InputT, class OutputT, bool LEFT, class InIt, class OutIt, class Op, class OffsetT>
struct agent_adjacent_difference {
  static constexpr auto policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  using block_load = BlockLoad<InputT, threads, items, policy.load_algorithm>;
  using block_adjacent = BlockAdjacentDifference<InputT, threads>;
  using block_store = BlockStore<OutputT, threads, items, policy.store_algorithm>;

  struct TempStorage {
    union {  // one phase at a time, a barrier between two
      typename block_load::TempStorage load;
      typename block_adjacent::TempStorage adjacent;
      typename block_store::TempStorage store;
    } phase;
  };

  TempStorage& storage;
  InIt in;
  OutIt out;
  const InputT* neighbours;
  Op op;

  XCUB_DEVICE XCUB_FORCEINLINE InputT neighbour(OffsetT t, OffsetT base) const {
    if (neighbours) return neighbours[t];
    return LEFT ? static_cast<InputT>(in[base - 1]) : static_cast<InputT>(in[base + tile_items]);
  }

// A partial tile leaves the items past `valid` unset: they are copied through the block's
// difference (its contract copies items past valid_items) but never stored. GCC cannot see that
// and warns that they may be used uninitialized, also in the user's difference operator inlined
// here; giving them values, even only for partial tiles, costs this agent 8% on sm_90 (int32 at
// 2^25..2^28, with the input's first item or InputT{} as the fill), so the warning is silenced for
// this function alone, on GCC alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(OffsetT t, OffsetT n, OffsetT tiles) {
    const OffsetT base = t * static_cast<OffsetT>(tile_items);
    const OffsetT left = n - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    const int valid = full ? tile_items : static_cast<int>(left);
    InputT tile[items];
    OutputT result[items];
    if (full) block_load(storage.phase.load).Load(in + base, tile);
    else block_load(storage.phase.load).Load(in + base, tile, valid);
    arch::sync_threads();
    block_adjacent adjacent(storage.phase.adjacent);
    if constexpr (LEFT) {
      if (t == 0) {
        if (full) adjacent.SubtractLeft(tile, result, op);
        else adjacent.SubtractLeftPartialTile(tile, result, op, valid);
      } else {
        const InputT before = neighbour(t, base);
        if (full) adjacent.SubtractLeft(tile, result, op, before);
        else adjacent.SubtractLeftPartialTile(tile, result, op, valid, before);
      }
    } else {
      if (!full) adjacent.SubtractRightPartialTile(tile, result, op, valid);
      else if (t + 1 == tiles) adjacent.SubtractRight(tile, result, op);
      else adjacent.SubtractRight(tile, result, op, neighbour(t, base));
    }
    arch::sync_threads();
    if (full) block_store(storage.phase.store).Store(out + base, result);
    else block_store(storage.phase.store).Store(out + base, result, valid);
    arch::sync_threads();
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
};

}  // namespace xcub::detail
