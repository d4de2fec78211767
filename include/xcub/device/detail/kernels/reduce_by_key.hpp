// xcub/device/detail/kernels/reduce_by_key.hpp: the kernel of DeviceReduce::ReduceByKey (shared
// storage, the tile id, one agent call). Launched by dispatch/dispatch_reduce_by_key.hpp after
// tile_state_init_kernel where there is more than one tile.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/agent/agent_reduce_by_key.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/kernels/scan.hpp>  // tile_state_init_kernel
#include <xcub/device/detail/lookback/tile_id.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

template <class Tuning, class KeysIt, class UniqueIt, class ValuesIt, class AggregatesIt, class NumRunsIt,
          class AccumT, class ReductionOp, class EqualityOp, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, counted<OffsetT, AccumT>>::value.block_threads))
    reduce_by_key_kernel(KeysIt keys, UniqueIt unique_out, ValuesIt values, AggregatesIt aggregates_out,
                         NumRunsIt num_runs_out, tile_state<counted<OffsetT, AccumT>> state, ReductionOp op,
                         EqualityOp equal, OffsetT num_items, int num_tiles) {
  using agent = agent_reduce_by_key<active_policy<Tuning, counted<OffsetT, AccumT>>, KeysIt, UniqueIt, ValuesIt,
                                    AggregatesIt, NumRunsIt, AccumT, ReductionOp, EqualityOp, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  arch::wait_for_previous_grid();  // launched overlapped with the tile state's init kernel
  const int tile = num_tiles <= 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, keys, unique_out, values, aggregates_out, num_runs_out, op, equal, state}.consume_tile(tile, num_items,
                                                                                                        num_tiles);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
