// xcub/device/device_reduce.hpp: device-wide reductions (CUB's DeviceReduce).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only
// writes the temp storage size into temp_storage_bytes (at least 1, also for 0 items); the second,
// with that much device memory, launches. Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative item count; a null input pointer with items to reduce; a null
//                          output pointer; temp_storage_bytes smaller than the first call gave.
//                          Nothing is launched and nothing is written.
// Item counts are any integer type up to 64 bits; more than 2^31 (and 2^32) items work.
//
//   Reduce(temp, bytes, in, out, n, op, init, stream)  *out = op(init, op(in[0], op(in[1], ...)))
//                                                       in some order: op must be associative and
//                                                       commutative (as CUB); empty input: *out = init
//   Sum(temp, bytes, in, out, n, stream)               init: a value-initialised output value (0)
//   Min / Max(temp, bytes, in, out, n, stream)         init: the input type's largest / lowest value
//   TransformReduce(temp, bytes, in, out, n, op, transform, init, stream)
//                                                       Reduce over transform(in[i])
// The accumulator type is the decayed type of op(init, *in), as CUB's. A given call on a given
// device is deterministic run to run (floating-point sums included): the grouping depends only on
// the tile shape and the grid, never on timing. For sums that are bitwise identical across
// devices, backends and launch shapes, see <xcub/device/reproducible.hpp>.
//
//   // int* d_in (n items), int* d_out (1 item)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_out, n);       // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_out, n);       // *d_out = sum of d_in
//
// DeviceReduceTuned<Tuning> is the same API with another tuning (a type as described in
// <xcub/device/detail/policy.hpp>): tests force tiny tiles with it, bench/ sweeps policies.
#pragma once

#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/detail/fold.hpp>  // detail::accumulator_t
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/device/detail/dispatch/checks.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/reduce.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_reduce.hpp>
#endif

namespace xcub {

namespace detail {
template <class It>
using iterator_value_t = typename std::iterator_traits<It>::value_type;

/// The output's value type, or the input's where the output iterator's is void (CUB's rule).
template <class OutputIt, class InputIt>
using reduce_output_t = std::conditional_t<std::is_void_v<iterator_value_t<OutputIt>>, iterator_value_t<InputIt>,
                                           iterator_value_t<OutputIt>>;
}  // namespace detail

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::reduce>
struct DeviceReduceTuned {
  /// *d_out = reduction_op(init, reduction of d_in[0, num_items)); init alone when empty.
  template <class InputIt, class OutputIt, class ReductionOp, class T, class NumItemsT>
  static error_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumItemsT num_items, ReductionOp reduction_op, T init, stream_t stream = 0) {
    detail::profile_range range("xcub::DeviceReduce::Reduce");
    using accum_t = detail::accumulator_t<ReductionOp, T, detail::iterator_value_t<InputIt>>;
    return checked<accum_t>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init, stream);
  }

  /// *d_out = the sum of d_in[0, num_items) (0 when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::profile_range range("xcub::DeviceReduce::Sum");
    using init_t = detail::reduce_output_t<OutputIt, InputIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, detail::iterator_value_t<InputIt>>;
    return checked<accum_t>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Sum{}, init_t{},
                            stream);
  }

  /// *d_out = the smallest of d_in[0, num_items) (the input type's largest value when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::profile_range range("xcub::DeviceReduce::Min");
    using input_t = detail::iterator_value_t<InputIt>;
    return checked<input_t>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Min{},
                            std::numeric_limits<input_t>::max(), stream);
  }

  /// *d_out = the largest of d_in[0, num_items) (the input type's lowest value when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::profile_range range("xcub::DeviceReduce::Max");
    using input_t = detail::iterator_value_t<InputIt>;
    return checked<input_t>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Max{},
                            std::numeric_limits<input_t>::lowest(), stream);
  }

  /// *d_out = reduction_op(init, reduction of transform_op(d_in[i])).
  template <class InputIt, class OutputIt, class ReductionOp, class TransformOp, class T, class NumItemsT>
  static error_t TransformReduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, NumItemsT num_items, ReductionOp reduction_op,
                                 TransformOp transform_op, T init, stream_t stream = 0) {
    detail::profile_range range("xcub::DeviceReduce::TransformReduce");
    if (detail::is_null_iterator(d_in) && detail::valid_count(num_items) && num_items > 0)
      return error_invalid_value;
    using transformed_t = std::decay_t<std::invoke_result_t<TransformOp, detail::iterator_value_t<InputIt>>>;
    using accum_t = detail::accumulator_t<ReductionOp, T, transformed_t>;
    TransformInputIterator<transformed_t, TransformOp, InputIt> in(d_in, transform_op);
    return checked<accum_t>(d_temp_storage, temp_storage_bytes, in, d_out, num_items, reduction_op, init, stream);
  }

 protected:
  /// The checks every entry point makes, then the dispatch.
  template <class AccumT, class InputIt, class OutputIt, class NumItemsT, class ReductionOp, class InitT>
  static error_t checked(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                         NumItemsT num_items, ReductionOp op, InitT init, stream_t stream) {
    if (!detail::valid_count(num_items)) return error_invalid_value;
    if (detail::is_null_iterator(d_out) || (num_items > 0 && detail::is_null_iterator(d_in)))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return detail::dispatch_reduce<Tuning>::template run<AccumT>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                                                 static_cast<offset_t>(num_items), op, init, stream);
  }
};

/// DeviceReduce with the backend's default tuning.
struct DeviceReduce : DeviceReduceTuned<> {};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub
