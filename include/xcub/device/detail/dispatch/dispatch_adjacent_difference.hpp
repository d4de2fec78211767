// xcub/device/detail/dispatch/dispatch_adjacent_difference.hpp: sizes the temp storage of
// DeviceAdjacentDifference and launches its kernels.
//
// run<LEFT, IN_PLACE, InputT, OutputT>(d_temp, bytes, in, out, n, op, stream):
//   - temp storage: in place with more than one tile, one InputT per tile (the tiles' neighbour
//     items); else 1 byte. d_temp == nullptr: only the size is written; too small:
//     error_invalid_value, nothing launched.
//   - no items: nothing is launched;
//   - in place: adjacent_neighbours_kernel copies the neighbour items first (same stream, so it
//     completes before any tile is written), then adjacent_difference_kernel, a block per tile
//     (at most 2^31 - 1 blocks; they loop past that).
// The caller (the façade) has checked the other arguments.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/adjacent_difference.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning>
struct dispatch_adjacent_difference {
  static constexpr unsigned neighbour_threads = 128;

  template <bool LEFT, bool IN_PLACE, class InputT, class OutputT, class InIt, class OutIt, class Op, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InIt in, OutIt out, OffsetT num_items,
                     Op op, stream_t stream) {
    constexpr auto kernel = &adjacent_difference_kernel<Tuning, InputT, OutputT, LEFT, InIt, OutIt, Op, OffsetT>;
    int arch = 0;
    if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
    const adjacent_difference_policy policy = Tuning::template policy<InputT>(arch);
    const OffsetT tile = static_cast<OffsetT>(policy.tile_items());
    const OffsetT tiles = num_items / tile + (num_items % tile != 0 ? 1 : 0);
    const bool keep_neighbours = IN_PLACE && tiles > 1;
    const std::size_t sizes[1] = {keep_neighbours ? static_cast<std::size_t>(tiles) * sizeof(InputT) : 1};
    void* pieces[1];
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    if (num_items == 0) return success;
    constexpr std::uint64_t max_grid = 0x7fffffff;
    InputT* neighbours = nullptr;
    if (keep_neighbours) {
      neighbours = static_cast<InputT*>(pieces[0]);
      const std::uint64_t blocks = (static_cast<std::uint64_t>(tiles) + neighbour_threads - 1) / neighbour_threads;
      if (const error_t e = launch(dim3(static_cast<unsigned>(blocks < max_grid ? blocks : max_grid)),
                                   dim3(neighbour_threads), 0, stream,
                                   &adjacent_neighbours_kernel<LEFT, InIt, InputT, OffsetT>, in, neighbours, tile,
                                   tiles);
          e != success)
        return e;
    }
    const std::uint64_t grid = static_cast<std::uint64_t>(tiles);
    return launch(dim3(static_cast<unsigned>(grid < max_grid ? grid : max_grid)),
                  dim3(static_cast<unsigned>(policy.block_threads)), 0, stream, kernel, in, out,
                  static_cast<const InputT*>(neighbours), op, num_items, tiles);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
