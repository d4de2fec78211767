// xcub/device/detail/kernels/merge_sort.hpp: the kernels of DeviceMergeSort and DeviceMerge
// (launched by dispatch/dispatch_merge_sort.hpp; docs/device-merge-sort.md).
//   block_sort_kernel       each tile of the input sorted by one block (agent_block_sort)
//   merge_partition_kernel  splits[t]: how many of output tile t's predecessors in its pair come
//                           from the pair's first run (a merge-path search per tile)
//   merge_kernel            each output tile merged by one block from the pieces the splits give
// Blocks loop over tiles past the grid (grids stop at 2^31 - 1 blocks).
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/detail/merge_sort_path.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_block_sort.hpp>
#include <xcub/device/detail/agent/agent_merge.hpp>
#include <xcub/device/detail/agent/merge_source.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/util/null_type.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

template <class Tuning, class KeyT, class ValueT, class KeyIn, class ValueIn, class KeyOut, class ValueOut,
          class CompareOp>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT, ValueT>::value.sort_threads()))
    block_sort_kernel(KeyIn keys_in, ValueIn values_in, KeyOut keys_out, ValueOut values_out, std::uint64_t count,
                      CompareOp compare) {
  using agent = agent_block_sort<active_policy<Tuning, KeyT, ValueT>, KeyT, ValueT, CompareOp>;
  constexpr merge_sort_policy policy = active_policy<Tuning, KeyT, ValueT>::value;
  static_assert((2 * policy.sort_tile_items()) % policy.tile_items() == 0,
                "xcub::DeviceMergeSort: a tuning's merge tile (block_threads x items_per_thread) must divide twice "
                "the block sort's tile (sort_block_threads x sort_items_per_thread), so that every merge tile lies "
                "in one pair of sorted runs");
  XCUB_SHARED(typename agent::TempStorage, storage);
  const std::uint64_t tiles = (count + agent::tile - 1) / agent::tile;
  for (std::uint64_t t = arch::block_idx().x; t < tiles; t += arch::grid_dim().x) {
    if (t != arch::block_idx().x) arch::sync_threads();  // the last tile's stores are done with storage
    const std::uint64_t first = t * agent::tile;
    const std::uint64_t left = count - first;
    const int valid = left < static_cast<std::uint64_t>(agent::tile) ? static_cast<int>(left) : agent::tile;
    const auto at = static_cast<std::ptrdiff_t>(first);
    agent{storage, compare}.consume_tile(keys_in + at, values_in + at, keys_out + at, values_out + at, valid);
  }
}

/// One thread per output tile t of `tiles` (tile_items each): splits[t] = how many of the first
/// (t * tile_items - pair.first) items of its pair's merge come from the pair's first run.
template <class Source, class CompareOp>
XCUB_KERNEL void merge_partition_kernel(Source source, std::uint64_t* splits, std::uint64_t tiles,
                                        std::uint64_t tile_items, CompareOp compare) {
  const std::uint64_t step = static_cast<std::uint64_t>(arch::grid_dim().x) * arch::block_dim().x;
  for (std::uint64_t t = static_cast<std::uint64_t>(arch::block_idx().x) * arch::block_dim().x + arch::thread_idx().x;
       t < tiles; t += step) {
    const std::uint64_t pos = t * tile_items;
    const run_pair pair = source.pair_at(pos);
    splits[t] = merge_path_n(source.keys_a(pair), pair.a_count, source.keys_b(pair), pair.b_count, pos - pair.first,
                             compare);
  }
}

template <class Tuning, class KeyT, class ValueT, class Source, class KeyOut, class ValueOut, class CompareOp>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT, ValueT>::value.block_threads))
    merge_kernel(Source source, const std::uint64_t* splits, KeyOut keys_out, ValueOut values_out,
                 std::uint64_t tiles, CompareOp compare) {
  using agent = agent_merge<active_policy<Tuning, KeyT, ValueT>, KeyT, ValueT, CompareOp>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  constexpr std::uint64_t tile = static_cast<std::uint64_t>(agent::tile);
  for (std::uint64_t t = arch::block_idx().x; t < tiles; t += arch::grid_dim().x) {
    if (t != arch::block_idx().x) arch::sync_threads();  // the last tile's stores are done with storage
    const std::uint64_t pos = t * tile;
    const run_pair pair = source.pair_at(pos);
    const std::uint64_t length = pair.a_count + pair.b_count;
    const std::uint64_t diag = pos - pair.first;
    const std::uint64_t diag_end = length - diag < tile ? length : diag + tile;
    const std::uint64_t a_begin = splits[t];
    const std::uint64_t a_end = diag_end == length ? pair.a_count : splits[t + 1];  // the pair's last tile ends it
    const std::uint64_t b_begin = diag - a_begin, b_end = diag_end - a_end;
    const auto a_at = static_cast<std::ptrdiff_t>(a_begin), b_at = static_cast<std::ptrdiff_t>(b_begin);
    const auto out_at = static_cast<std::ptrdiff_t>(pos);
    agent{storage, compare}.consume_tile(source.keys_a(pair) + a_at, source.values_a(pair) + a_at,
                                         static_cast<int>(a_end - a_begin), source.keys_b(pair) + b_at,
                                         source.values_b(pair) + b_at, static_cast<int>(b_end - b_begin),
                                         keys_out + out_at, values_out + out_at);
  }
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
