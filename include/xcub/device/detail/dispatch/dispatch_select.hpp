// xcub/device/detail/dispatch/dispatch_select.hpp: sizes and launches the kernels of DeviceSelect,
// DevicePartition (run) and DeviceRunLengthEncode (run_rle), one tile per block on the look-back
// (with_tiles), with the select tuning's policy for the item type (select_policy_item_t,
// rle_policy_item_t). With no items, one block writes the zero counts. The façades have checked the
// arguments.
#pragma once

#include <cstddef>
#include <iterator>

#include <xcub/device/detail/dispatch/with_tiles.hpp>
#include <xcub/device/detail/kernels/select.hpp>
#include <xcub/backend/tuning/select.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::select>
struct dispatch_select {
  template <class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, ValuesIt values,
                     Selector selector, Output out, NumSelectedIt num_selected_out, OffsetT num_items,
                     stream_t stream) {
    using count_t = count_of<Selector::parts, OffsetT>;
    constexpr auto kernel = &select_kernel<Tuning, InputIt, ValuesIt, Selector, Output, NumSelectedIt, OffsetT>;
    const auto launch_tiles = [&](int overlap_arch, dim3 grid, dim3 block, const tile_state<count_t>& state,
                                  int tiles) {
      return launch_overlapped(overlap_arch, grid, block, 0, stream, kernel, in, values, selector, out,
                               num_selected_out, state, num_items, tiles);
    };
    return launch<count_t, kernel, select_policy_item_t<InputIt, ValuesIt>>(d_temp_storage, temp_storage_bytes,
                                                                            num_items, stream, launch_tiles);
  }

  template <bool NON_TRIVIAL, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsIt, class EqualityOp,
            class OffsetT>
  static error_t run_rle(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, FirstOutIt first_out,
                         LengthsOutIt lengths_out, NumRunsIt num_runs_out, EqualityOp equal, OffsetT num_items,
                         stream_t stream) {
    using pair_t = counted<OffsetT, OffsetT>;
    constexpr auto kernel =
        &rle_kernel<Tuning, InputIt, FirstOutIt, LengthsOutIt, NumRunsIt, EqualityOp, OffsetT, NON_TRIVIAL>;
    const auto launch_tiles = [&](int overlap_arch, dim3 grid, dim3 block, const tile_state<pair_t>& state,
                                  int tiles) {
      return launch_overlapped(overlap_arch, grid, block, 0, stream, kernel, in, first_out, lengths_out, num_runs_out,
                               equal, state, num_items, tiles);
    };
    return launch<pair_t, kernel, rle_policy_item_t<InputIt, OffsetT>>(d_temp_storage, temp_storage_bytes, num_items,
                                                                        stream, launch_tiles);
  }

 private:
  /// with_tiles with the policy for PolicyItemT (the kernel's); with no items, one block writes the counts.
  template <class StateT, auto Kernel, class PolicyItemT, class OffsetT, class LaunchTiles>
  static error_t launch(void* d_temp_storage, std::size_t& temp_storage_bytes, OffsetT num_items, stream_t stream,
                        LaunchTiles launch_tiles) {
    const auto policy_of = [](int arch) { return Tuning::template policy<PolicyItemT>(arch); };
    const error_t e =
        with_tiles<StateT, Kernel>(policy_of, d_temp_storage, temp_storage_bytes, num_items, stream, launch_tiles);
    if (e != success || !d_temp_storage || num_items != 0) return e;
    int arch = 0;
    if (const error_t a = cached_kernel_arch<Kernel>(arch); a != success) return a;
    return launch_tiles(0, dim3(1), dim3(static_cast<unsigned>(policy_of(arch).block_threads)), tile_state<StateT>{},
                        0);
  }

};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
