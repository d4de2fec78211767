// xcub/device/detail/dispatch/with_pipeline.hpp: how the pipelined agents (DeviceScan's and
// DeviceSelect's; agent/pipeline_ring.hpp) are chosen, sized and launched, beside the
// one-tile-per-block path (with_tiles.hpp) that every call they do not take runs.
//
// pipeline_tiles(pipe, num_items, ring_bytes): the pipeline's tiles where it is enabled, the call
//   has at least its min_tiles (at least 2: tile 0 publishes no partial) and no more than an int
//   counts, and the current device lets a block opt in to ring_bytes of shared memory (an sm_90
//   build run by JIT on a device with less takes the other path); else 0.
// with_pipeline<StateT, Kernel>(tiles, threads, ring_bytes, aligned, d_temp, bytes, stream,
//                               tiles_path, launch_ring):
//   - tiles_path(d_temp, bytes) runs (or, with d_temp == nullptr, sizes) the other path;
//   - the temp storage is the larger of tile_state<StateT> over `tiles` and the other path's, so
//     that its size does not depend on the pointers;
//   - `aligned` false (pointers the ring's bulk copies cannot take): the other path runs in it;
//   - else tile_state_init_kernel, then launch_ring(overlap_arch, grid, block, shared, state): a
//     persistent grid, as many blocks of `threads` threads as the device holds at once with
//     ring_bytes of dynamic shared memory, at most one per tile.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/dispatch/with_tiles.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class OffsetT>
int pipeline_tiles(const pipelined_scan_policy& pipe, OffsetT num_items, std::size_t ring_bytes) {
  if (!pipe.enabled()) return 0;
  const std::uint64_t tiles = (static_cast<std::uint64_t>(num_items) + static_cast<std::uint64_t>(pipe.tile_items) - 1) /
                              static_cast<std::uint64_t>(pipe.tile_items);
  const std::uint64_t min_tiles = pipe.min_tiles > 2 ? static_cast<std::uint64_t>(pipe.min_tiles) : 2;
  if (tiles < min_tiles || tiles > static_cast<std::uint64_t>(INT_MAX)) return 0;
  int device = 0;
  device_properties props;
  if (get_device(&device) != success || get_device_properties(device, &props) != success) return 0;
  if (ring_bytes > static_cast<std::size_t>(props.shared_memory_per_block_optin)) return 0;
  return static_cast<int>(tiles);
}

template <class StateT, auto Kernel, class TilesPath, class LaunchRing>
error_t with_pipeline(int tiles, int threads, std::size_t ring_bytes, bool aligned, void* d_temp_storage,
                      std::size_t& temp_storage_bytes, stream_t stream, TilesPath tiles_path, LaunchRing launch_ring) {
  std::size_t tiles_path_bytes = 0;
  if (const error_t e = tiles_path(nullptr, tiles_path_bytes); e != success) return e;
  const std::size_t state_bytes = tile_state<StateT>::bytes(static_cast<std::size_t>(tiles));
  const std::size_t sizes[1] = {state_bytes > tiles_path_bytes ? state_bytes : tiles_path_bytes};
  void* pieces[1];
  if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
      e != success || !d_temp_storage)
    return e;
  if (!aligned) return tiles_path(d_temp_storage, temp_storage_bytes);
  const tile_state<StateT> state = tile_state<StateT>::carve(pieces[0], static_cast<std::size_t>(tiles));
  const auto init_blocks = static_cast<unsigned>((static_cast<unsigned>(tiles) + tile_state_init_threads - 1) /
                                                 tile_state_init_threads);
  if (const error_t e = launch(dim3(init_blocks), dim3(tile_state_init_threads), 0, stream,
                               &tile_state_init_kernel<StateT>, state, static_cast<std::size_t>(tiles));
      e != success)
    return e;
  int arch = 0;
  if (const error_t e = cached_kernel_arch<Kernel>(arch); e != success) return e;
  std::uint64_t resident = 0;
  if (const error_t e = cached_persistent_blocks<Kernel>(threads, ring_bytes, resident); e != success) return e;
  const unsigned grid = static_cast<unsigned>(resident < static_cast<std::uint64_t>(tiles) ? resident : tiles);
  return launch_ring(arch, dim3(grid), dim3(static_cast<unsigned>(threads)), ring_bytes, state);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
