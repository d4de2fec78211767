// xcub/device/detail/kernels/adjacent_difference.hpp: the kernels of DeviceAdjacentDifference.
// Launched by dispatch/dispatch_adjacent_difference.hpp.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_adjacent_difference.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// In place only, before the tiles: neighbours[t] = the item before tile t (LEFT, t >= 1) or after
/// it (!LEFT, t + 1 < tiles), so that no tile reads an item another tile may already have written.
template <bool LEFT, class InIt, class InputT, class OffsetT>
XCUB_KERNEL void adjacent_neighbours_kernel(InIt in, InputT* neighbours, OffsetT tile_items, OffsetT tiles) {
  const OffsetT step = static_cast<OffsetT>(arch::grid_dim().x) * static_cast<OffsetT>(arch::block_dim().x);
  for (OffsetT t = static_cast<OffsetT>(arch::block_idx().x) * static_cast<OffsetT>(arch::block_dim().x) +
                   static_cast<OffsetT>(arch::thread_idx().x);
       t < tiles; t += step) {
    if (LEFT && t > 0) neighbours[t] = in[t * tile_items - 1];
    if (!LEFT && t + 1 < tiles) neighbours[t] = in[(t + 1) * tile_items];
  }
}

/// Block b differences tiles b, b + grid, ...
template <class Tuning, class InputT, class OutputT, bool LEFT, class InIt, class OutIt, class Op, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, InputT>::value.block_threads))
    adjacent_difference_kernel(InIt in, OutIt out, const InputT* neighbours, Op op, OffsetT num_items,
                               OffsetT tiles) {
  using agent = agent_adjacent_difference<active_policy<Tuning, InputT>, InputT, OutputT, LEFT, InIt, OutIt, Op,
                                          OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  agent a{storage, in, out, neighbours, op};
  for (OffsetT t = arch::block_idx().x; t < tiles; t += arch::grid_dim().x) a.consume_tile(t, num_items, tiles);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
