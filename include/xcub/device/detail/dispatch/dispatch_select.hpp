// xcub/device/detail/dispatch/dispatch_select.hpp: sizes and launches the kernels of DeviceSelect,
// DevicePartition (run) and DeviceRunLengthEncode (run_rle), one tile per block on the look-back
// (with_tiles), with the select tuning's policy for the item type (select_policy_item_t,
// rle_policy_item_t). With no items, one block writes the zero counts. If and Unique over pointers
// take the pipelined agent instead (agent_select_pipelined.hpp, through with_pipeline) where the
// tuning offers a pipeline for the item type (Tuning::pipeline<T>(arch); Unique:
// Tuning::pipeline_unique<T>(arch) where the tuning has it), the input pointer is
// 16-byte aligned and the call has at least the pipeline's min_tiles of its tiles; so does Encode
// (the same agent with run lengths; Tuning::pipeline_encode<T>(arch), else Unique's). The façades
// have checked the arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/device/detail/dispatch/with_pipeline.hpp>
#include <xcub/device/detail/dispatch/with_tiles.hpp>
#include <xcub/device/detail/kernels/select.hpp>
#include <xcub/backend/tuning/select.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Inputs the pipelined agent reads: pointers of 4- or 8-byte trivially copyable items.
template <class InputIt>
inline constexpr bool pipelined_input = false;
template <class T>
inline constexpr bool pipelined_input<T*> = (sizeof(T) == 4 || sizeof(T) == 8) && std::is_trivially_copyable_v<T>;

/// A pointer to items of InputIt's type (the pipelined agent's output).
template <class InputIt>
using pipelined_output = std::remove_cv_t<std::remove_pointer_t<InputIt>>*;

/// Calls the pipelined agent (agent_select_pipelined.hpp) can take: If or Unique without values,
/// from a pipelined_input to a pointer of the same type.
template <class InputIt, class ValuesIt, class Selector, class Output>
inline constexpr bool select_pipelinable = pipelined_input<InputIt> && std::is_same_v<ValuesIt, no_values> &&
                                           pipelined_selector<Selector> &&
                                           std::is_same_v<Output, out_selected<pipelined_output<InputIt>>>;

/// Encode calls the pipelined agent can take: from a pipelined_input to a pointer of the same type,
/// lengths to a pointer of a (non-const) arithmetic type.
template <class InputIt, class FirstOutIt, class LengthsOutIt>
inline constexpr bool encode_pipelinable =
    pipelined_input<InputIt> && std::is_same_v<FirstOutIt, pipelined_output<InputIt>> &&
    std::is_pointer_v<LengthsOutIt> && std::is_arithmetic_v<std::remove_pointer_t<LengthsOutIt>> &&
    !std::is_const_v<std::remove_pointer_t<LengthsOutIt>>;

template <class Tuning = tuning::select>
struct dispatch_select {
  template <class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, ValuesIt values,
                     Selector selector, Output out, NumSelectedIt num_selected_out, OffsetT num_items,
                     stream_t stream) {
    const auto tiles_path = [&](void* temp, std::size_t& bytes) {
      return run_tiles(temp, bytes, in, values, selector, out, num_selected_out, num_items, stream);
    };
    if constexpr (select_pipelinable<InputIt, ValuesIt, Selector, Output>) {
      using T = std::remove_cv_t<std::remove_pointer_t<InputIt>>;
      return run_pipelined(d_temp_storage, temp_storage_bytes, static_cast<const T*>(in), out.out,
                           static_cast<void*>(nullptr), selector, num_selected_out, num_items, stream, tiles_path);
    } else {
      return tiles_path(d_temp_storage, temp_storage_bytes);
    }
  }

  /// agent_select's path: one block per tile.
  template <class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt, class OffsetT>
  static error_t run_tiles(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, ValuesIt values,
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
    const auto tiles_path = [&](void* temp, std::size_t& bytes) {
      return run_rle_tiles<NON_TRIVIAL>(temp, bytes, in, first_out, lengths_out, num_runs_out, equal, num_items, stream);
    };
    if constexpr (!NON_TRIVIAL && encode_pipelinable<InputIt, FirstOutIt, LengthsOutIt>) {
      using T = std::remove_cv_t<std::remove_pointer_t<InputIt>>;
      return run_pipelined(d_temp_storage, temp_storage_bytes, static_cast<const T*>(in), first_out, lengths_out,
                           select_unique<EqualityOp>{equal}, num_runs_out, num_items, stream, tiles_path);
    } else {
      return tiles_path(d_temp_storage, temp_storage_bytes);
    }
  }

  /// agent_rle's path: one block per tile.
  template <bool NON_TRIVIAL, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsIt, class EqualityOp,
            class OffsetT>
  static error_t run_rle_tiles(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, FirstOutIt first_out,
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
  /// The pipelined agent (If and Unique: LengthT void; Encode: run heads to `out`, lengths to
  /// `lengths_out`) where the tuning's pipeline takes the call, else `tiles_path(temp, bytes)`, the
  /// one-tile-per-block agent (also where the input is misaligned, from the same temp storage).
  template <class T, class LengthT, class Selector, class NumSelectedIt, class OffsetT, class TilesPath>
  static error_t run_pipelined(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* in, T* out,
                               LengthT* lengths_out, Selector selector, NumSelectedIt num_selected_out, OffsetT num_items,
                               stream_t stream, const TilesPath& tiles_path) {
    constexpr bool encode = !std::is_void_v<LengthT>;
    using value_t = select_pipeline_value<OffsetT, encode>;
    constexpr auto kernel = &select_pipelined_kernel<Tuning, T, Selector, NumSelectedIt, OffsetT, LengthT>;
    int arch = 0;
    if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
    const pipelined_scan_policy pipe = select_pipeline_of<Tuning, T, Selector, encode>(arch);
    const std::size_t ring_bytes = select_pipeline_layout<T, value_t>(pipe, encode).bytes();
    const int tiles = pipeline_tiles(pipe, num_items, ring_bytes);
    if (tiles <= 0) return tiles_path(d_temp_storage, temp_storage_bytes);
    const bool aligned = reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
    return with_pipeline<value_t, kernel>(
        tiles, select_pipeline_warps(pipe) * arch::warp_threads, ring_bytes, aligned, d_temp_storage,
        temp_storage_bytes, stream, tiles_path,
        [&](int overlap_arch, dim3 grid, dim3 block, std::size_t shared, const tile_state<value_t>& state) {
          return launch_overlapped(overlap_arch, grid, block, shared, stream, kernel, in, out, lengths_out, selector,
                                   num_selected_out, state, num_items, tiles);
        });
  }

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
