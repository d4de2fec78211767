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
//   - the pipelined agent instead (agent_scan_pipelined.hpp), where the tuning offers a pipeline for
//     AccumT on the device's architecture, the call is eligible (pipelinable below) and the scan
//     has at least the pipeline's min_tiles of its tiles: with_pipeline (dispatch/with_pipeline.hpp:
//     a persistent grid, the temp storage the larger of both paths'), input or output pointers
//     that are not 16-byte aligned taking agent_scan's path with it. A device whose blocks cannot
//     opt in to the ring's shared memory takes agent_scan's path.
// Temp storage: the tile state (at least one byte, also for 0 items). The caller (the public
// façade) has checked the arguments; run() checks the temp storage size and the grid limit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/scan.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/dispatch/with_pipeline.hpp>
#include <xcub/device/detail/dispatch/with_tiles.hpp>
#include <xcub/backend/tuning/scan.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Calls the pipelined agent can take: pointers in and out of the accumulator's type (4 or 8 bytes)
/// and an operator that commutes on it.
template <class AccumT, class InputIt, class OutputIt, class ScanOp>
inline constexpr bool pipelinable =
    std::is_pointer_v<InputIt> && std::is_pointer_v<OutputIt> &&
    std::is_same_v<std::remove_cv_t<std::remove_pointer_t<InputIt>>, AccumT> &&
    std::is_same_v<std::remove_pointer_t<OutputIt>, AccumT> && (sizeof(AccumT) == 4 || sizeof(AccumT) == 8) &&
    commutes_on<ScanOp, AccumT>;

template <class Tuning = tuning::scan>
struct dispatch_scan {
  template <class AccumT, bool INCLUSIVE, class InputIt, class OutputIt, class ScanOp, class InitT, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out, ScanOp op,
                     InitT init, OffsetT num_items, stream_t stream) {
    if constexpr (pipelinable<AccumT, InputIt, OutputIt, ScanOp>) {
      constexpr auto kernel = &scan_pipelined_kernel<Tuning, AccumT, ScanOp, InitT, INCLUSIVE, OffsetT>;
      int arch = 0;
      if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
      const pipelined_scan_policy pipe = pipeline_of<Tuning, AccumT>::get(arch);
      const std::size_t ring_bytes = pipelined_scan_layout<AccumT>{pipe}.bytes();
      if (const int tiles = pipeline_tiles(pipe, num_items, ring_bytes); tiles > 0) {
        const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
        return with_pipeline<AccumT, kernel>(
            tiles, pipe.block_warps() * arch::warp_threads, ring_bytes, aligned(in) && aligned(out), d_temp_storage,
            temp_storage_bytes, stream,
            [&](void* temp, std::size_t& bytes) {
              return run_tiles<AccumT, INCLUSIVE>(temp, bytes, in, out, op, init, num_items, stream);
            },
            [&](int overlap_arch, dim3 grid, dim3 block, std::size_t shared, const tile_state<AccumT>& state) {
              return launch_overlapped(overlap_arch, grid, block, shared, stream, kernel, static_cast<const AccumT*>(in),
                                       static_cast<AccumT*>(out), state, op, init, num_items, tiles);
            });
      }
    }
    return run_tiles<AccumT, INCLUSIVE>(d_temp_storage, temp_storage_bytes, in, out, op, init, num_items, stream);
  }

  /// agent_scan's path: one block per tile.
  template <class AccumT, bool INCLUSIVE, class InputIt, class OutputIt, class ScanOp, class InitT, class OffsetT>
  static error_t run_tiles(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out,
                           ScanOp op, InitT init, OffsetT num_items, stream_t stream) {
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

  /// with_tiles (<dispatch/with_tiles.hpp>) with the policy of AccumT in this tuning (ScanByKey's and
  /// ReduceByKey's launches go through it).
  template <class AccumT, class StateT, auto Kernel, class OffsetT, class LaunchScan>
  static error_t with_tiles(void* d_temp_storage, std::size_t& temp_storage_bytes, OffsetT num_items,
                            stream_t stream, LaunchScan launch_scan) {
    return detail::with_tiles<StateT, Kernel>([](int arch) { return Tuning::template policy<AccumT>(arch); },
                                              d_temp_storage, temp_storage_bytes, num_items, stream, launch_scan);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
