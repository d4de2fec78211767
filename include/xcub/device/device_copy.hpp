// xcub/device/device_copy.hpp: DeviceCopy::Batched, a batch of ranges copied item by item in one
// call (CUB's DeviceCopy).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it.
//   Batched(d_temp_storage, temp_storage_bytes, input_it, output_it, sizes, num_ranges, stream = 0)
//   For each i in [0, num_ranges) and k in [0, sizes[i]): output_it[i][k] = input_it[i][k]. The items
//   of input_it and output_it are random-access iterators or pointers (trivially copyable), e.g.
//   ConstantInputIterator or CountingInputIterator sources copied into pointer ranges; sizes counts
//   items (any integers, a negative one copies nothing). Items are assigned, one by one, in no
//   particular order; where both ranges are pointers to one trivially copyable type (the source's
//   possibly const), they are copied as bytes in 16-byte words, which is the same. Nothing else is
//   written but temp storage. Ranges of any length mix in a batch (docs/device-batched-copy.md).
//   Source ranges may overlap each other; a destination range must not overlap another destination
//   or any source (undefined otherwise). num_ranges: any integer type up to 64 bits.
// Temp storage: two-phase; with d_temp_storage null only temp_storage_bytes is written (at least
// 1; about num_ranges * 16 bytes, for the lists of large ranges). Returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_ranges; a null input_it, output_it or sizes pointer with
//                          ranges to copy; temp storage smaller than asked for; more than INT_MAX
//                          tiles of ranges. Nothing is launched or written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
//
//   // run-length decoding: out[offsets[i] .. offsets[i + 1]) = values[i]
//   xcub::ConstantInputIterator<int>* d_runs;   // d_runs[i] = ConstantInputIterator<int>(values[i])
//   int** d_out_ranges;                          // d_out_ranges[i] = d_out + offsets[i]
//   int* d_lengths;                              // offsets[i + 1] - offsets[i]
//   xcub::DeviceCopy::Batched(d_temp, temp_bytes, d_runs, d_out_ranges, d_lengths, num_runs);  // twice
//
// DeviceCopyTuned<Tuning> is the same API with another tuning (<xcub/backend/tuning/batched_copy.hpp>'s
// batched_copy, asked for the item type): tests force tiny tiles and thresholds with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/device/detail/agent/batched_copy_batch.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/batched_copy.hpp>
#include <xcub/backend/dispatch/batched_copy.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::batched_copy>
struct DeviceCopyTuned {
  template <class InputIt, class OutputIt, class SizeIteratorT, class NumRangesT>
  static error_t Batched(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt input_it, OutputIt output_it,
                         SizeIteratorT sizes, NumRangesT num_ranges, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceCopy::Batched", d_temp_storage);
    const bool ranges = detail::valid_count(num_ranges) && num_ranges > 0;
    if (!call.count(num_ranges, "num_ranges") || !call.data(input_it, "input_it", ranges) ||
        !call.data(output_it, "output_it", ranges) || !call.data(sizes, "sizes", ranges))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumRangesT>;
    using src_t = detail::iter_value_t<InputIt>;
    using dst_t = detail::iter_value_t<OutputIt>;
    using batch_t = std::conditional_t<
        detail::copy_as_bytes<src_t, dst_t>(),
        detail::byte_batch<InputIt, OutputIt, SizeIteratorT, item_bytes<src_t>()>,
        detail::item_batch<InputIt, OutputIt, SizeIteratorT>>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_batched_copy<Tuning>::run(temp, bytes, batch_t{input_it, output_it, sizes},
                                                        static_cast<offset_t>(num_ranges), stream);
    });

  }

 private:
  template <class Range>
  static constexpr std::uint64_t item_bytes() {
    if constexpr (std::is_pointer_v<Range>) return sizeof(std::remove_pointer_t<Range>);
    else return 1;
  }
};

/// DeviceCopy with the backend's default tuning.
struct DeviceCopy : DeviceCopyTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
