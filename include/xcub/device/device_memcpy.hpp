// xcub/device/device_memcpy.hpp: DeviceMemcpy::Batched, a batch of byte buffers copied in one call
// (CUB's DeviceMemcpy).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it.
//   Batched(d_temp_storage, temp_storage_bytes, input_buffer_it, output_buffer_it, buffer_sizes,
//           num_buffers, stream = 0)
//   For each i in [0, num_buffers): copies buffer_sizes[i] bytes from input_buffer_it[i] to
//   output_buffer_it[i] (the iterators' items are pointers: any object pointers or void*; the sizes
//   any integers, a negative one copies nothing). Nothing else is written but temp storage.
//   Buffers of any size mix in a batch (0 bytes to gigabytes; docs/device-batched-copy.md says how
//   each size is copied); any alignment. Source buffers may overlap each other (they are only read);
//   a destination buffer must not overlap another destination or any source (undefined otherwise).
//   The pointers must be device-accessible; they are read on the device, so null or invalid ones
//   cannot be checked here. num_buffers: any integer type up to 64 bits.
// Temp storage: two-phase; with d_temp_storage null only temp_storage_bytes is written (at least
// 1; about num_buffers * 16 bytes, for the lists of large buffers). Returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_buffers; a null input_buffer_it, output_buffer_it or
//                          buffer_sizes pointer with buffers to copy; temp storage smaller than asked
//                          for; more than INT_MAX tiles of buffers. Nothing is launched or written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
//
//   // strings[i] = strings_in[order[i]]: pointers and sizes prepared on the device
//   const char** d_src; char** d_dst; int* d_bytes;      // num_strings each
//   void* d_temp = nullptr; std::size_t temp_bytes = 0;
//   xcub::DeviceMemcpy::Batched(d_temp, temp_bytes, d_src, d_dst, d_bytes, num_strings);
//   cudaMalloc(&d_temp, temp_bytes);
//   xcub::DeviceMemcpy::Batched(d_temp, temp_bytes, d_src, d_dst, d_bytes, num_strings);
//
// DeviceMemcpyTuned<Tuning> is the same API with another tuning (<xcub/backend/tuning/batched_copy.hpp>'s
// batched_copy): tests force tiny tiles and thresholds with it.
#pragma once

#include <cstddef>
#include <iterator>
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
struct DeviceMemcpyTuned {
  template <class InputBufferIt, class OutputBufferIt, class BufferSizeIteratorT, class NumBuffersT>
  static error_t Batched(void* d_temp_storage, std::size_t& temp_storage_bytes, InputBufferIt input_buffer_it,
                         OutputBufferIt output_buffer_it, BufferSizeIteratorT buffer_sizes, NumBuffersT num_buffers,
                         stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMemcpy::Batched", d_temp_storage);
    static_assert(std::is_pointer_v<detail::iter_value_t<InputBufferIt>> &&
                      std::is_pointer_v<detail::iter_value_t<OutputBufferIt>>,
                  "xcub::DeviceMemcpy::Batched copies buffers given by pointers; use DeviceCopy::Batched for "
                  "ranges given by other iterators");
    const bool buffers = detail::valid_count(num_buffers) && num_buffers > 0;
    if (!call.count(num_buffers, "num_buffers") || !call.data(input_buffer_it, "input_buffer_it", buffers) ||
        !call.data(output_buffer_it, "output_buffer_it", buffers) || !call.data(buffer_sizes, "buffer_sizes", buffers))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumBuffersT>;
    using batch_t = detail::byte_batch<InputBufferIt, OutputBufferIt, BufferSizeIteratorT, 1>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_batched_copy<Tuning>::run(temp, bytes,
                                                        batch_t{input_buffer_it, output_buffer_it, buffer_sizes},
                                                        static_cast<offset_t>(num_buffers), stream);
    });

  }
};

/// DeviceMemcpy with the backend's default tuning.
struct DeviceMemcpy : DeviceMemcpyTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
