// xcub/device/detail/kernels/batched_copy.hpp: the kernels of DeviceMemcpy::Batched and
// DeviceCopy::Batched: shared storage, the tile id, one agent call. Launched by
// dispatch/dispatch_batched_copy.hpp: batched_copy_tile_kernel (after tile_state_init_kernel where
// there is more than one tile), then batched_copy_large_kernel.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_batched_copy.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/lookback/tile_id.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// One tile of buffers per block: tiny and warp buffers copied, large ones listed (agent_batched_copy_tile).
template <class Tuning, class Batch, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, typename Batch::unit>::value.block_threads))
    batched_copy_tile_kernel(Batch batch, tile_state<large_count> state, OffsetT num_buffers, int num_tiles,
                             OffsetT* large_ids, std::uint64_t* large_begins, std::uint64_t* totals) {
  using agent = agent_batched_copy_tile<active_policy<Tuning, typename Batch::unit>, Batch, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  const int tile = num_tiles <= 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, batch, state, large_ids, large_begins, totals}.consume_tile(tile, num_buffers, num_tiles);
}

/// The large buffers' chunks, an even share per block (agent_batched_copy_large).
template <class Tuning, class Batch, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, typename Batch::unit>::value.large_block_threads))
    batched_copy_large_kernel(Batch batch, const OffsetT* large_ids, const std::uint64_t* large_begins,
                              const std::uint64_t* totals) {
  agent_batched_copy_large<active_policy<Tuning, typename Batch::unit>, Batch>::run(batch, large_ids, large_begins,
                                                                                    totals);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
