// xcub/device/detail/kernels/scan.hpp: the kernels of DeviceScan (each: shared storage and one
// agent call). Launched by dispatch/dispatch_scan.hpp after tile_state_init_kernel
// (lookback/tile_state.hpp) where there is more than one tile.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_scan.hpp>
#include <xcub/device/detail/agent/agent_scan_pipelined.hpp>
#include <xcub/device/detail/agent/agent_scan_by_key.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/lookback/tile_id.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// One tile per block: the tile id (block id or ticket; tile 0 alone when num_tiles is 1), then the
/// agent scans it, looking back at the tiles before it. Launched overlapped with the tile state's
/// init kernel: the agent loads its tile before it waits for that kernel (tile_id waits first
/// where it takes a ticket from the state's counter).
template <class Tuning, class InputIt, class OutputIt, class AccumT, class ScanOp, class InitT, bool INCLUSIVE,
          class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, AccumT>::value.block_threads))
    scan_kernel(InputIt in, OutputIt out, tile_state<AccumT> state, ScanOp op, InitT init, OffsetT num_items,
                int num_tiles) {
  using agent = agent_scan<active_policy<Tuning, AccumT>, InputIt, OutputIt, AccumT, ScanOp, InitT, INCLUSIVE, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  const int tile = num_tiles == 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, in, out, op, init, state}.consume_tile(tile, num_items, num_tiles);
}

/// The pipelined scan (agent_scan_pipelined.hpp): a persistent grid of blocks of
/// (4 + consumer_warps) warps, each with the ring in dynamic shared memory, looping over tiles
/// until they run out. Launched after tile_state_init_kernel (overlapped: the agent waits for it).
template <class Tuning, class T, class ScanOp, class InitT, bool INCLUSIVE, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_pipeline<Tuning, T>::value.block_warps() * arch::warp_threads))
    scan_pipelined_kernel(const T* in, T* out, tile_state<T> state, ScanOp op, InitT init, OffsetT num_items,
                          int num_tiles) {
  if constexpr (active_pipeline<Tuning, T>::value.enabled()) {
    using agent = agent_scan_pipelined<active_pipeline<Tuning, T>, T, ScanOp, InitT, INCLUSIVE, OffsetT>;
    agent{in, out, state, op, init, num_items, num_tiles}.run(arch::dynamic_shared_memory());
  }
}

/// ScanByKey: as scan_kernel, over (segment head, value) pairs.
template <class Tuning, class KeysIt, class ValuesIt, class OutputIt, class AccumT, class ScanOp, class EqualityOp,
          class InitT, bool INCLUSIVE, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, AccumT>::value.block_threads))
    scan_by_key_kernel(KeysIt keys, ValuesIt values, OutputIt out, tile_state<flagged<AccumT>> state, ScanOp op,
                       EqualityOp equal, InitT init, OffsetT num_items, int num_tiles) {
  using agent = agent_scan_by_key<active_policy<Tuning, AccumT>, KeysIt, ValuesIt, OutputIt, AccumT, ScanOp,
                                  EqualityOp, InitT, INCLUSIVE, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  arch::wait_for_previous_grid();  // launched overlapped with the tile state's init kernel
  const int tile = num_tiles == 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, keys, values, out, op, equal, init, state}.consume_tile(tile, num_items, num_tiles);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
