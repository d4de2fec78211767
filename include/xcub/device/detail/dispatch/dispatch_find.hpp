// xcub/device/detail/dispatch/dispatch_find.hpp: sizes and launches DeviceFind's kernels. The façade
// has checked the arguments.
//
// dispatch_find_if<Tuning, IndexT>(d_temp, bytes, in, out, pred, n, stream): temp storage is one
// find_state (with d_temp == nullptr only its size is written; a smaller temp_storage_bytes is
// error_invalid_value). find_init_kernel resets it (and with no items writes out[0] = 0, alone), then
// find_if_kernel runs on min(tiles, resident blocks) blocks of Tuning::policy<item>(arch), launched
// overlapped with the init kernel.
//
// dispatch_bound_search<Tuning, UPPER, IndexT>(range, range_size, values, num_values, out, comp,
// stream): one agent_elementwise launch over the values (dispatch_elementwise), Tuning::policy<value>
// returning a transform_policy. No temp storage; no values, no launch.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/agent/bound_search.hpp>
#include <xcub/device/detail/dispatch/dispatch_reduce.hpp>  // reduce_input_aligned
#include <xcub/device/detail/dispatch/dispatch_transform.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/kernels/find.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning, class IndexT, class InputIt, class OutputIt, class Pred, class OffsetT>
error_t dispatch_find_if(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out, Pred pred,
                         OffsetT num_items, stream_t stream) {
  using state_t = find_state<OffsetT>;
  void* pieces[1];
  const std::size_t sizes[1] = {sizeof(state_t)};
  if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
      e != success || !d_temp_storage)
    return e;
  auto* state = static_cast<state_t*>(pieces[0]);
  constexpr auto init_kernel = &find_init_kernel<OutputIt, IndexT, OffsetT>;
  if (num_items == 0) return launch(dim3(1), dim3(1), 0, stream, init_kernel, state, out, num_items);

  constexpr auto kernel = &find_if_kernel<Tuning, InputIt, OutputIt, IndexT, Pred, OffsetT>;
  int arch = 0;
  if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
  const find_policy policy = Tuning::template policy<reduce_item_t<InputIt>>(arch);
  const std::uint64_t n = static_cast<std::uint64_t>(num_items);
  const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items());
  const std::uint64_t tiles = n / tile + (n % tile != 0 ? 1 : 0);  // no overflow near 2^64
  std::uint64_t grid = 0;
  if (const error_t e = resident_blocks(kernel, policy.block_threads, grid); e != success) return e;
  constexpr std::uint64_t max_grid = 0x7fffffff;
  if (grid > tiles) grid = tiles;
  if (grid > max_grid) grid = max_grid;
  if (const error_t e = launch(dim3(1), dim3(1), 0, stream, init_kernel, state, out, num_items); e != success)
    return e;
  return launch_overlapped(arch, dim3(static_cast<unsigned>(grid)), dim3(static_cast<unsigned>(policy.block_threads)),
                           0, stream, kernel, in, out, pred, state, num_items, tiles,
                           reduce_input_aligned(in, policy.vector_load_length));
}

/// LowerBound (UPPER false) and UpperBound: one elementwise launch over the values.
template <bool UPPER, class IndexT, class Tuning, class RangeIt, class RangeSizeT, class ValuesIt, class OutIt,
          class CompareOp, class OffsetT>
error_t dispatch_bound_search(RangeIt range, RangeSizeT range_size, ValuesIt values, OffsetT num_values, OutIt out,
                              CompareOp comp, stream_t stream) {
  using body_t = bound_search_body<UPPER, RangeIt, RangeSizeT, ValuesIt, OutIt, IndexT, CompareOp>;
  return dispatch_elementwise<Tuning, typename body_t::item>(body_t{range, range_size, values, out, comp},
                                                             num_values, false, stream);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
