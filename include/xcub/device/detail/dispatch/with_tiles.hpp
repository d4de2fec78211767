// xcub/device/detail/dispatch/with_tiles.hpp: how every single-pass algorithm on the decoupled
// look-back (scans, ReduceByKey, DeviceSelect, DevicePartition, DeviceRunLengthEncode) sizes its
// temp storage and launches its tiles.
//
// with_tiles<StateT, Kernel>(policy_of, d_temp, bytes, num_items, stream, launch_tiles):
//   - policy_of(arch) returns the kernel's policy on architecture `arch` (anything with
//     block_threads and tile_items()); arch is the one the launcher reports for Kernel;
//   - the temp storage is the tile_state<StateT> of the tiles (at least one byte, also for 0 items);
//     with d_temp == nullptr only the size is written;
//   - no items: nothing is launched (the caller launches what a zero-item call must write);
//   - more than one tile: tile_state_init_kernel resets the state, then launch_tiles(overlap_arch,
//     grid, block, state, tiles) launches one block per tile through launch_overlapped(overlap_arch,
//     ...): overlap_arch is the kernel's architecture after the init kernel, 0 (an ordinary launch)
//     with one tile, where there is no state (the kernel's single tile never looks back).
// Errors: more tiles than an int counts (error_invalid_value), the launcher's errors.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/scan.hpp>  // tile_state_init_kernel
#include <xcub/device/detail/lookback/tile_state.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Threads per block of the tile state's init kernel.
inline constexpr unsigned tile_state_init_threads = 128;

template <class StateT, auto Kernel, class PolicyOf, class OffsetT, class LaunchTiles>
error_t with_tiles(PolicyOf policy_of, void* d_temp_storage, std::size_t& temp_storage_bytes, OffsetT num_items,
                   stream_t stream, LaunchTiles launch_tiles) {
  int arch = 0;
  if (const error_t e = cached_kernel_arch<Kernel>(arch); e != success) return e;
  const auto policy = policy_of(arch);
  const std::uint64_t tile_items = static_cast<std::uint64_t>(policy.tile_items());
  const std::uint64_t tiles = (static_cast<std::uint64_t>(num_items) + tile_items - 1) / tile_items;
  if (tiles > static_cast<std::uint64_t>(INT_MAX)) return error_invalid_value;  // tile ids are ints
  const std::size_t sizes[1] = {tiles > 1 ? tile_state<StateT>::bytes(tiles) : std::size_t{1}};
  void* pieces[1];
  if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
      e != success || !d_temp_storage)
    return e;
  if (tiles == 0) return success;
  tile_state<StateT> state{};
  if (tiles > 1) {
    state = tile_state<StateT>::carve(pieces[0], tiles);
    const auto init_blocks = static_cast<unsigned>((tiles + tile_state_init_threads - 1) / tile_state_init_threads);
    if (const error_t e = launch(dim3(init_blocks), dim3(tile_state_init_threads), 0, stream,
                                 &tile_state_init_kernel<StateT>, state, static_cast<std::size_t>(tiles));
        e != success)
      return e;
  }
  return launch_tiles(tiles > 1 ? arch : 0, dim3(static_cast<unsigned>(tiles)),
                      dim3(static_cast<unsigned>(policy.block_threads)), state, static_cast<int>(tiles));
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
