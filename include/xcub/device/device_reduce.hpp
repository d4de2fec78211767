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
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Item counts are any integer type up to 64 bits; more than 2^31 (and 2^32) items work.
//
//   Reduce(temp, bytes, in, out, n, op, init, stream)  *out = op(init, op(in[0], op(in[1], ...)))
//                                                       in some order: op must be associative and
//                                                       commutative (as CUB); empty input: *out = init
//   Sum(temp, bytes, in, out, n, stream)               init: a value-initialised output value (0)
//   Min / Max(temp, bytes, in, out, n, stream)         init: the input type's largest / lowest value
//   TransformReduce(temp, bytes, in, out, n, op, transform, init, stream)
//                                                       Reduce over transform(in[i])
//   ArgMin / ArgMax(temp, bytes, in, out, n, stream)   *out = {offset, value} of the first smallest /
//                                                       largest item (KeyValuePair; empty input:
//                                                       {1, max()} / {1, lowest()}, as CUB)
//   ArgMin / ArgMax(temp, bytes, in, value_out, index_out, n, stream)
//                                                       the same as a value and an int64 offset
//   ReduceByKey(temp, bytes, keys, unique_out, values, aggregates_out, num_runs_out, op, n, stream)
//                                                       per run of equal consecutive keys: its first
//                                                       key, its values folded in order, the run count
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
// DeviceReduceTuned<Tuning, ScanTuning> is the same API with other tunings (ScanTuning: ReduceByKey's) (a type as described in
// <xcub/device/detail/policy.hpp>): tests force tiny tiles with it, bench/ sweeps policies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/detail/fold.hpp>  // detail::accumulator_t
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/iterator/transform_output_iterator.hpp>
#include <xcub/device/reproducible.hpp>
#include <xcub/iterator/arg_index_input_iterator.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/device/detail/arg_extremum.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/reduce.hpp>
#include <xcub/backend/tuning/scan.hpp>
#include <xcub/backend/dispatch/reduce.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

namespace detail {
template <class It>
using iterator_value_t = typename std::iterator_traits<It>::value_type;

/// The output's value type, or the input's where the output iterator's is void (CUB's rule).
template <class OutputIt, class InputIt>
using reduce_output_t = std::conditional_t<std::is_void_v<iterator_value_t<OutputIt>>, iterator_value_t<InputIt>,
                                           iterator_value_t<OutputIt>>;
}  // namespace detail

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::reduce, class ScanTuning = tuning::scan>
struct DeviceReduceTuned {
  /// *d_out = reduction_op(init, reduction of d_in[0, num_items)); init alone when empty.
  template <class InputIt, class OutputIt, class ReductionOp, class T, class NumItemsT>
  static error_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumItemsT num_items, ReductionOp reduction_op, T init, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Reduce", d_temp_storage);
    using accum_t = detail::accumulator_t<ReductionOp, T, detail::iterator_value_t<InputIt>>;
    return checked<accum_t>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init,
        stream);
  }

  /// *d_out = the sum of d_in[0, num_items) (0 when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Sum", d_temp_storage);
    using init_t = detail::reduce_output_t<OutputIt, InputIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, detail::iterator_value_t<InputIt>>;
    return checked<accum_t>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Sum{}, init_t{},
                            stream);
  }

  /// The reproducible sum of float or double items (<xcub/device/reproducible.hpp>): bitwise the same
  /// on every backend, device, tuning and launch shape. At most binned_sum<T>::max_items items (2^33),
  /// else error_invalid_value.
  template <class T, class OutputIt, class NumItemsT>
  static error_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, OutputIt d_out,
                     NumItemsT num_items, reproducible_t, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Sum (reproducible)", d_temp_storage);
    return reproducible_sum(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, T(0), stream);
  }

  /// Reduce with xcub::Sum, reproducibly: init is added like one more item (<xcub/device/reproducible.hpp>).
  template <class T, class OutputIt, class NumItemsT>
  static error_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, OutputIt d_out,
                        NumItemsT num_items, xcub::Sum, T init, reproducible_t, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Reduce (reproducible)", d_temp_storage);
    return reproducible_sum(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, init, stream);
  }

  /// *d_out = the smallest of d_in[0, num_items) (the input type's largest value when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Min", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return checked<input_t>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Min{},
                            std::numeric_limits<input_t>::max(), stream);
  }

  /// *d_out = the largest of d_in[0, num_items) (the input type's lowest value when empty).
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::Max", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return checked<input_t>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, xcub::Max{},
                            std::numeric_limits<input_t>::lowest(), stream);
  }

  /// *d_out = reduction_op(init, reduction of transform_op(d_in[i])).
  template <class InputIt, class OutputIt, class ReductionOp, class TransformOp, class T, class NumItemsT>
  static error_t TransformReduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, NumItemsT num_items, ReductionOp reduction_op,
                                 TransformOp transform_op, T init, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::TransformReduce", d_temp_storage);
    if (!call.data(d_in, "d_in", detail::valid_count(num_items) && num_items > 0)) return error_invalid_value;
    using transformed_t = std::decay_t<std::invoke_result_t<TransformOp, detail::iterator_value_t<InputIt>>>;
    using accum_t = detail::accumulator_t<ReductionOp, T, transformed_t>;
    TransformInputIterator<transformed_t, TransformOp, InputIt> in(d_in, transform_op);
    return checked<accum_t>(call, d_temp_storage, temp_storage_bytes, in, d_out, num_items, reduction_op, init, stream);
  }

  /// d_out[0] = {offset, value} of the first smallest item of d_in[0, num_items) (CUB 3.0's pair
  /// form; the output's value type, KeyValuePair<int, T> where it is void, names the key and value
  /// types). Empty input: {1, numeric_limits<T>::max()}, as CUB. More items than the key type counts:
  /// error_invalid_value.
  template <class InputIt, class OutputIt, class NumItemsT, std::enable_if_t<std::is_integral_v<NumItemsT>, int> = 0>
  static error_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::ArgMin", d_temp_storage);
    return arg_pair<false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }

  /// *d_min_out = the first smallest item of d_in[0, num_items), *d_index_out = its offset (an
  /// int64, as CUB 3's form). Empty input: numeric_limits<T>::max() and 1, as CUB.
  template <class InputIt, class ExtremumOutIt, class IndexOutIt, class NumItemsT,
            std::enable_if_t<std::is_integral_v<NumItemsT>, int> = 0>
  static error_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, ExtremumOutIt d_min_out,
                        IndexOutIt d_index_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::ArgMin", d_temp_storage);
    return arg_split<false>(call, d_temp_storage, temp_storage_bytes, d_in, d_min_out, d_index_out, num_items, stream);
  }

  /// ArgMin's twins for the first largest item; empty input: {1, numeric_limits<T>::lowest()}.
  template <class InputIt, class OutputIt, class NumItemsT, std::enable_if_t<std::is_integral_v<NumItemsT>, int> = 0>
  static error_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::ArgMax", d_temp_storage);
    return arg_pair<true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }

  template <class InputIt, class ExtremumOutIt, class IndexOutIt, class NumItemsT,
            std::enable_if_t<std::is_integral_v<NumItemsT>, int> = 0>
  static error_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, ExtremumOutIt d_max_out,
                        IndexOutIt d_index_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::ArgMax", d_temp_storage);
    return arg_split<true>(call, d_temp_storage, temp_storage_bytes, d_in, d_max_out, d_index_out, num_items, stream);
  }

  /// Runs of consecutive equal keys (==): d_unique_out[r] = the first key of run r,
  /// d_aggregates_out[r] = its values folded in order with reduction_op (associative; need not
  /// commute), *d_num_runs_out = the number of runs (0 for no items, the only write then). Single
  /// pass on the decoupled look-back (ScanTuning's policy for (run count, value) pairs).
  template <class KeysIt, class UniqueIt, class ValuesIt, class AggregatesIt, class NumRunsIt, class ReductionOp,
            class NumItemsT>
  static error_t ReduceByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                             UniqueIt d_unique_out, ValuesIt d_values_in, AggregatesIt d_aggregates_out,
                             NumRunsIt d_num_runs_out, ReductionOp reduction_op, NumItemsT num_items,
                             stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceReduce::ReduceByKey", d_temp_storage);
    if (!call.count(num_items, "num_items") || !call.data(d_num_runs_out, "d_num_runs_out")) return error_invalid_value;
    const bool items = num_items > 0;
    if (!call.data(d_keys_in, "d_keys_in", items) || !call.data(d_unique_out, "d_unique_out", items) ||
        !call.data(d_values_in, "d_values_in", items) || !call.data(d_aggregates_out, "d_aggregates_out", items))
      return error_invalid_value;
    using value_t = detail::iterator_value_t<ValuesIt>;
    using accum_t = detail::accumulator_t<ReductionOp, value_t, value_t>;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_reduce_by_key<ScanTuning>::template run<accum_t>(
          temp, bytes, d_keys_in, d_unique_out, d_values_in, d_aggregates_out, d_num_runs_out, reduction_op,
          xcub::Equality{}, static_cast<offset_t>(num_items), stream);
    });
  }

 protected:
  template <class T, class OutputIt, class NumItemsT>
  static error_t reproducible_sum(const detail::entry_point& call, void* d_temp_storage,
                                  std::size_t& temp_storage_bytes, const T* d_in, OutputIt d_out,
                                  NumItemsT num_items, T init, stream_t stream) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                  "xcub::DeviceReduce: the reproducible sum takes float or double items");
    using accum_t = detail::reproducible::binned_sum<T>;
    if (!call.count(num_items, "num_items")) return error_invalid_value;
    if (static_cast<std::uint64_t>(num_items) > static_cast<std::uint64_t>(accum_t::max_items))
      return call.fail("num_items (%llu) > %llu, the most a reproducible sum takes",
                       static_cast<unsigned long long>(num_items), static_cast<unsigned long long>(accum_t::max_items));
    if (!call.data(d_out, "d_out") || !call.data(d_in, "d_in", num_items > 0)) return error_invalid_value;
    TransformOutputIterator<OutputIt, detail::finalize_binned<T>> out(d_out, detail::finalize_binned<T>{});
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_reduce<detail::binned_tuning<Tuning, T>>::template run<accum_t>(
          temp, bytes, d_in, out, static_cast<offset_t>(num_items), detail::reproducible::merge_binned{},
          detail::reproducible::to_binned<T>{}(init), stream);
    });
  }

  /// Arg reductions: pairs {offset, value} read through ArgIndexInputIterator, reduced with
  /// xcub::ArgMin/ArgMax from their identity (<xcub/device/detail/arg_extremum.hpp>), written by
  /// `Writer` (which turns the identity, an empty input's result, into CUB's {1, extreme}).
  template <bool IS_MAX, class ValueT, class InputIt, class Writer, class NumItemsT>
  static error_t arg_reduce(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                            InputIt d_in, Writer out,
                            NumItemsT num_items, stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(d_in, "d_in", num_items > 0)) return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    using accum = detail::arg_accum<offset_t, ValueT>;
    using pair_t = typename accum::type;
    using op_t = std::conditional_t<IS_MAX, xcub::ArgMax, xcub::ArgMin>;
    using cast_t = detail::arg_value_cast<ValueT, typename accum::value_type>;
    using values_t = TransformInputIterator<typename accum::value_type, cast_t, InputIt>;
    ArgIndexInputIterator<values_t, typename accum::key_type, typename accum::value_type> in(values_t(d_in, cast_t{}));
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_reduce<Tuning>::template run<pair_t>(
          temp, bytes, in, out, static_cast<offset_t>(num_items), op_t{},
          detail::arg_identity<typename accum::key_type, typename accum::value_type, IS_MAX>(), stream);
    });
  }

  template <bool IS_MAX, class InputIt, class OutputIt, class NumItemsT>
  static error_t arg_pair(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                          InputIt d_in, OutputIt d_out,
                          NumItemsT num_items, stream_t stream) {
    using input_t = detail::iterator_value_t<InputIt>;
    using out_pair = std::conditional_t<std::is_void_v<detail::iterator_value_t<OutputIt>>, KeyValuePair<int, input_t>,
                                        detail::iterator_value_t<OutputIt>>;
    using key_t = typename out_pair::Key;
    using value_t = typename out_pair::Value;
    if (!call.data(d_out, "d_out")) return error_invalid_value;
    // The offsets must fit the output's key type: a limit on the result, checked in the second call.
    if (!call.query() && detail::valid_count(num_items) &&
        static_cast<std::uint64_t>(num_items) > static_cast<std::uint64_t>(std::numeric_limits<key_t>::max()))
      return call.fail("num_items (%llu) > the largest offset the output's key type holds (%llu)",
                       static_cast<unsigned long long>(num_items),
                       static_cast<unsigned long long>(std::numeric_limits<key_t>::max()));
    using accum = detail::arg_accum<detail::offset_for<NumItemsT>, value_t>;
    detail::arg_pair_writer<OutputIt, out_pair, typename accum::key_type, typename accum::value_type> out{
        d_out, out_pair(key_t(1), static_cast<value_t>(detail::arg_empty_value<input_t, IS_MAX>()))};
    return arg_reduce<IS_MAX, value_t>(call, d_temp_storage, temp_storage_bytes, d_in, out, num_items, stream);
  }

  template <bool IS_MAX, class InputIt, class ExtremumOutIt, class IndexOutIt, class NumItemsT>
  static error_t arg_split(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                           InputIt d_in,
                           ExtremumOutIt d_value_out, IndexOutIt d_index_out, NumItemsT num_items, stream_t stream) {
    using input_t = detail::iterator_value_t<InputIt>;
    using value_t = detail::reduce_output_t<ExtremumOutIt, InputIt>;
    if (!call.data(d_value_out, IS_MAX ? "d_max_out" : "d_min_out") || !call.data(d_index_out, "d_index_out"))
      return error_invalid_value;
    using accum = detail::arg_accum<detail::offset_for<NumItemsT>, value_t>;
    detail::arg_split_writer<ExtremumOutIt, IndexOutIt, std::int64_t, typename accum::key_type,
                             typename accum::value_type> out{
        d_value_out, d_index_out, static_cast<value_t>(detail::arg_empty_value<input_t, IS_MAX>())};
    return arg_reduce<IS_MAX, value_t>(call, d_temp_storage, temp_storage_bytes, d_in, out, num_items, stream);
  }

  /// The checks every entry point makes, then the dispatch.
  template <class AccumT, class InputIt, class OutputIt, class NumItemsT, class ReductionOp, class InitT>
  static error_t checked(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                         InputIt d_in, OutputIt d_out,
                         NumItemsT num_items, ReductionOp op, InitT init, stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(d_out, "d_out") || !call.data(d_in, "d_in", num_items > 0))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_reduce<Tuning>::template run<AccumT>(temp, bytes, d_in, d_out,
                                                                   static_cast<offset_t>(num_items), op, init, stream);
    });

  }
};

/// DeviceReduce with the backend's default tuning.
struct DeviceReduce : DeviceReduceTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
