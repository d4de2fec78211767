// xcub/device/device_run_length_encode.hpp: run-length encoding (CUB's DeviceRunLengthEncode),
// single pass with decoupled look-back (docs/device-select.md).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only
// writes the temp storage size into temp_storage_bytes (at least 1, also for 0 items); the second,
// with that much device memory, launches. Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative item count; a null d_num_runs_out; a null input or output
//                          pointer with items; temp_storage_bytes smaller than the first call gave.
//                          Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// A run is a maximal sequence of consecutive items equal under ==. Item counts are any integer type
// up to 64 bits (CUB takes an int). Lengths and offsets are written converted to their outputs'
// value types; *d_num_runs_out (device memory) is written by the kernel, 0 for no items.
//
//   Encode(temp, bytes, d_in, d_unique_out, d_counts_out, d_num_runs_out, n, stream)
//       per run, in order: its item to d_unique_out, its length to d_counts_out; the run count
//   NonTrivialRuns(temp, bytes, d_in, d_offsets_out, d_lengths_out, d_num_runs_out, n, stream)
//       per run of at least two items, in order: its first item's offset and its length; their count
//
//   // int* d_in = {0, 2, 2, 9, 5, 5, 5, 8}; int* d_unique; int* d_counts; int* d_runs (device memory)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceRunLengthEncode::Encode(d_temp, temp_bytes, d_in, d_unique, d_counts, d_runs, 8);  // sizes
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceRunLengthEncode::Encode(d_temp, temp_bytes, d_in, d_unique, d_counts, d_runs, 8);
//   // d_unique = {0, 2, 9, 5, 8}, d_counts = {1, 2, 1, 3, 1}, *d_runs = 5
//
// DeviceRunLengthEncodeTuned<Tuning> is the same API with another select tuning.
#pragma once

#include <cstddef>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/select.hpp>
#include <xcub/backend/dispatch/select.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::select>
struct DeviceRunLengthEncodeTuned {
  template <class InputIt, class UniqueOutIt, class LengthsOutIt, class NumRunsOutIt, class NumItemsT>
  static error_t Encode(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, UniqueOutIt d_unique_out,
                        LengthsOutIt d_counts_out, NumRunsOutIt d_num_runs_out, NumItemsT num_items,
                        stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceRunLengthEncode::Encode", d_temp_storage);
    return run<false>(call, d_temp_storage, temp_storage_bytes, d_in, d_unique_out, d_counts_out, d_num_runs_out,
                      num_items,
                      stream);
  }

  template <class InputIt, class OffsetsOutIt, class LengthsOutIt, class NumRunsOutIt, class NumItemsT>
  static error_t NonTrivialRuns(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in,
                                OffsetsOutIt d_offsets_out, LengthsOutIt d_lengths_out, NumRunsOutIt d_num_runs_out,
                                NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceRunLengthEncode::NonTrivialRuns", d_temp_storage);
    return run<true>(call, d_temp_storage, temp_storage_bytes, d_in, d_offsets_out, d_lengths_out, d_num_runs_out,
                     num_items, stream);
  }

 protected:
  template <bool NON_TRIVIAL, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsOutIt,
            class NumItemsT>
  static error_t run(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                     InputIt d_in, FirstOutIt d_first_out,
                     LengthsOutIt d_lengths_out, NumRunsOutIt d_num_runs_out, NumItemsT num_items, stream_t stream) {
    const bool items = detail::valid_count(num_items) && num_items > 0;
    if (!call.count(num_items, "num_items") || !call.data(d_num_runs_out, "d_num_runs_out") ||
        !call.data(d_in, "d_in", items) ||
        !call.data(d_first_out, NON_TRIVIAL ? "d_offsets_out" : "d_unique_out", items) ||
        !call.data(d_lengths_out, NON_TRIVIAL ? "d_lengths_out" : "d_counts_out", items))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_select<Tuning>::template run_rle<NON_TRIVIAL>(
          temp, bytes, d_in, d_first_out, d_lengths_out, d_num_runs_out, Equality{}, static_cast<offset_t>(num_items),
          stream);
    });

  }
};

/// DeviceRunLengthEncode with the backend's default tuning.
struct DeviceRunLengthEncode : DeviceRunLengthEncodeTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
