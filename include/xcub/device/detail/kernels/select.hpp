// xcub/device/detail/kernels/select.hpp: the kernels of DeviceSelect, DevicePartition (select_kernel,
// and select_pipelined_kernel for the If and Unique it takes) and DeviceRunLengthEncode (rle_kernel,
// and select_pipelined_kernel for the Encode it takes):
// shared storage, the tile id, one agent call. Launched by dispatch/dispatch_select.hpp after
// tile_state_init_kernel where there is more than one tile.
#pragma once

#include <cstdint>
#include <iterator>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_rle.hpp>
#include <xcub/device/detail/agent/agent_select.hpp>
#include <xcub/device/detail/agent/agent_select_pipelined.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/lookback/tile_id.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

template <class Tuning, class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt,
          class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(
    (active_policy<Tuning, select_policy_item_t<InputIt, ValuesIt>>::value.block_threads))
    select_kernel(InputIt in, ValuesIt values, Selector selector, Output out, NumSelectedIt num_selected_out,
                  tile_state<count_of<Selector::parts, OffsetT>> state, OffsetT num_items, int num_tiles) {
  using agent = agent_select<active_policy<Tuning, select_policy_item_t<InputIt, ValuesIt>>, InputIt,
                             ValuesIt, Selector, Output, NumSelectedIt, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  const int tile = num_tiles <= 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, in, values, selector, out, num_selected_out, state}.consume_tile(tile, num_items, num_tiles);
}

/// DeviceSelect's and DeviceRunLengthEncode's pipelined agent (agent_select_pipelined.hpp): a
/// persistent grid of blocks of select_pipeline_warps warps, each with the ring in dynamic shared
/// memory, looping over tiles until they run out. Launched after tile_state_init_kernel (overlapped:
/// the agent waits for it).
template <class Tuning, class T, class Selector, bool ENCODE = false>
struct active_select_pipeline {
  static constexpr pipelined_scan_policy value = select_pipeline_of<Tuning, T, Selector, ENCODE>(arch::target_arch());
};

/// LengthT void: If or Unique; else RunLengthEncode::Encode (the Unique selector, run heads to
/// `out`, run lengths to `lengths_out`).
template <class Tuning, class T, class Selector, class NumSelectedIt, class OffsetT, class LengthT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(
    (select_pipeline_warps(active_select_pipeline<Tuning, T, Selector, !std::is_void_v<LengthT>>::value) *
     arch::warp_threads))
    select_pipelined_kernel(const T* in, T* out, LengthT* lengths_out, Selector selector,
                            NumSelectedIt num_selected_out,
                            tile_state<select_pipeline_value<OffsetT, !std::is_void_v<LengthT>>> state,
                            OffsetT num_items, int num_tiles) {
  using pipeline = active_select_pipeline<Tuning, T, Selector, !std::is_void_v<LengthT>>;
  if constexpr (pipeline::value.enabled()) {
    using agent = agent_select_pipelined<pipeline, T, Selector, NumSelectedIt, OffsetT, LengthT>;
    agent{in, out, selector, num_selected_out, state, num_items, num_tiles, lengths_out}.run(
        arch::dynamic_shared_memory());
  }
}

template <class Tuning, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsIt, class EqualityOp,
          class OffsetT, bool NON_TRIVIAL>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(
    (active_policy<Tuning, rle_policy_item_t<InputIt, OffsetT>>::value.block_threads))
    rle_kernel(InputIt in, FirstOutIt first_out, LengthsOutIt lengths_out, NumRunsIt num_runs_out, EqualityOp equal,
               tile_state<counted<OffsetT, OffsetT>> state, OffsetT num_items, int num_tiles) {
  using agent = agent_rle<active_policy<Tuning, rle_policy_item_t<InputIt, OffsetT>>, InputIt,
                          FirstOutIt, LengthsOutIt, NumRunsIt, EqualityOp, OffsetT, NON_TRIVIAL>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  XCUB_SHARED(std::uint32_t, tile_slot);
  const int tile = num_tiles <= 1 ? 0 : tile_id(state.counter, tile_slot);
  agent{storage, in, first_out, lengths_out, num_runs_out, equal, state}.consume_tile(tile, num_items, num_tiles);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
