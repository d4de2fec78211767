// xcub/device/detail/dispatch/dispatch_scan.hpp: sizes and launches DeviceScan's kernels.
//
// dispatch_scan<Tuning>::run<AccumT, INCLUSIVE>(d_temp, bytes, in, out, op, init, num_items, stream)
// and run_by_key<AccumT, INCLUSIVE>(d_temp, bytes, keys, values, out, op, equal, init, num_items,
// stream) scan with accumulators of type AccumT, one tile per block:
//   - no items: nothing is launched;
//   - one tile: one block scans it, without look-back or tile state;
//   - more: tile_state_init_kernel resets the per-tile status (and the tile-id counter), then one
//     block per tile scans, chained by decoupled look-back. The scan kernel is launched overlapped
//     with the init kernel (launch_overlapped: on sm_90 it starts while the init kernel runs, loads
//     its tile, then waits for the init kernel in arch::wait_for_previous_grid() before it touches
//     the tile state). Its loads may run early because the init kernel is an ordinary launch: it
//     starts only once everything before it in the stream (what wrote the input) has finished.
// Temp storage: the tile state (at least one byte, also for 0 items). The caller (the public
// façade) has checked the arguments; run() checks the temp storage size and the grid limit.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/scan.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/backend/tuning/scan.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::scan>
struct dispatch_scan {
  template <class AccumT, bool INCLUSIVE, class InputIt, class OutputIt, class ScanOp, class InitT, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out, ScanOp op,
                     InitT init, OffsetT num_items, stream_t stream) {
    constexpr auto kernel = &scan_kernel<Tuning, InputIt, OutputIt, AccumT, ScanOp, InitT, INCLUSIVE, OffsetT>;
    return with_tiles<AccumT, AccumT, kernel>(
        d_temp_storage, temp_storage_bytes, num_items, stream,
        [&](int overlap_arch, dim3 grid, dim3 block, const tile_state<AccumT>& state, int tiles) {
          return launch_overlapped(overlap_arch, grid, block, 0, stream, kernel, in, out, state, op, init, num_items,
                                   tiles);
        });
  }

  template <class AccumT, bool INCLUSIVE, class KeysIt, class ValuesIt, class OutputIt, class ScanOp,
            class EqualityOp, class InitT, class OffsetT>
  static error_t run_by_key(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt keys, ValuesIt values,
                            OutputIt out, ScanOp op, EqualityOp equal, InitT init, OffsetT num_items,
                            stream_t stream) {
    constexpr auto kernel = &scan_by_key_kernel<Tuning, KeysIt, ValuesIt, OutputIt, AccumT, ScanOp, EqualityOp, InitT,
                                                INCLUSIVE, OffsetT>;
    using pair_t = flagged<AccumT>;
    return with_tiles<AccumT, pair_t, kernel>(
        d_temp_storage, temp_storage_bytes, num_items, stream,
        [&](int overlap_arch, dim3 grid, dim3 block, const tile_state<pair_t>& state, int tiles) {
          return launch_overlapped(overlap_arch, grid, block, 0, stream, kernel, keys, values, out, state, op, equal,
                                   init, num_items, tiles);
        });
  }

  // Every single-pass algorithm on the look-back launches through with_tiles (scans, ReduceByKey).
  static constexpr unsigned init_threads = 128;

  /// Sizes the temp storage (tile_state<StateT> for the tiles of AccumT's policy), then launches the
  /// init kernel where there is more than one tile and `launch_scan(overlap_arch, grid, block, state,
  /// tiles)`, which launches through launch_overlapped(overlap_arch, ...): overlap_arch is the
  /// kernel's architecture after the init kernel, 0 (an ordinary launch) where there is none.
  template <class AccumT, class StateT, auto Kernel, class OffsetT, class LaunchScan>
  static error_t with_tiles(void* d_temp_storage, std::size_t& temp_storage_bytes, OffsetT num_items,
                            stream_t stream, LaunchScan launch_scan) {
    int arch = 0;
    if (const error_t e = cached_kernel_arch<Kernel>(arch); e != success) return e;
    const scan_policy policy = Tuning::template policy<AccumT>(arch);
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
      const auto init_blocks = static_cast<unsigned>((tiles + init_threads - 1) / init_threads);
      if (const error_t e = launch(dim3(init_blocks), dim3(init_threads), 0, stream, &tile_state_init_kernel<StateT>,
                                   state, static_cast<std::size_t>(tiles));
          e != success)
        return e;
    }
    return launch_scan(tiles > 1 ? arch : 0, dim3(static_cast<unsigned>(tiles)),
                       dim3(static_cast<unsigned>(policy.block_threads)), state, static_cast<int>(tiles));
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
