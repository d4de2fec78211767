// xcub/device/detail/dispatch/dispatch_reduce_by_key.hpp: sizes and launches ReduceByKey's kernel,
// one tile per block on the look-back (dispatch_scan::with_tiles), with the scan tuning's policy for
// (run count, value) pairs. With no items, one block writes *num_runs_out = 0.
#pragma once

#include <cstddef>

#include <xcub/device/detail/dispatch/dispatch_scan.hpp>
#include <xcub/device/detail/kernels/reduce_by_key.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::scan>
struct dispatch_reduce_by_key {
  template <class AccumT, class KeysIt, class UniqueIt, class ValuesIt, class AggregatesIt, class NumRunsIt,
            class ReductionOp, class EqualityOp, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt keys, UniqueIt unique_out,
                     ValuesIt values, AggregatesIt aggregates_out, NumRunsIt num_runs_out, ReductionOp op,
                     EqualityOp equal, OffsetT num_items, stream_t stream) {
    using pair_t = counted<OffsetT, AccumT>;
    constexpr auto kernel = &reduce_by_key_kernel<Tuning, KeysIt, UniqueIt, ValuesIt, AggregatesIt, NumRunsIt, AccumT,
                                                  ReductionOp, EqualityOp, OffsetT>;
    const auto launch_tiles = [&](int overlap_arch, dim3 grid, dim3 block, const tile_state<pair_t>& state,
                                  int tiles) {
      return launch_overlapped(overlap_arch, grid, block, 0, stream, kernel, keys, unique_out, values, aggregates_out,
                               num_runs_out, state, op, equal, num_items, tiles);
    };
    const error_t e = dispatch_scan<Tuning>::template with_tiles<pair_t, pair_t, kernel>(
        d_temp_storage, temp_storage_bytes, num_items, stream, launch_tiles);
    if (e != success || !d_temp_storage || num_items != 0) return e;
    int arch = 0;
    if (const error_t a = cached_kernel_arch<kernel>(arch); a != success) return a;
    const unsigned threads = static_cast<unsigned>(Tuning::template policy<pair_t>(arch).block_threads);
    return launch_tiles(0, dim3(1), dim3(threads), tile_state<pair_t>{}, 0);  // writes the run count 0
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
