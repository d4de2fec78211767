// xcub/device/device_segmented_reduce.hpp: one reduction per segment of an input
// (CUB's DeviceSegmentedReduce).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: with d_temp_storage == nullptr the call only writes
// the temp storage size (1 byte: nothing is used) into temp_storage_bytes. Returns xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_segments or segment_size; with segments: a null input,
//                          output or offsets pointer; temp_storage_bytes smaller than the first call
//                          gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Template parameters in CUB 3.0.1's order: <InputIteratorT, OutputIteratorT, BeginOffsetIteratorT,
// EndOffsetIteratorT[, ReductionOpT, T]>, then the deduced segment count type.
// Segments, two ways (num_segments: any integer type up to 64 bits):
//   - offsets: segment i is d_in[d_begin_offsets[i], d_end_offsets[i]); offsets of any integer type;
//     segments may come in any order, overlap, or be empty; an end at or before its begin is an
//     empty segment (CUB's rule). Contiguous segments: pass `offsets` and `offsets + 1`.
//   - a fixed size: segment i is d_in[i * segment_size, (i + 1) * segment_size).
// d_out[i] receives segment i's result (d_out must not overlap the input or the offsets):
//   Reduce(..., op, init)  op(init, reduction of the segment), init when empty; op associative and
//                          commutative (as CUB); accumulates in the decayed type of op(init, *d_in)
//   Sum                    init: a value-initialised output value (0)
//   Min / Max              init: the input type's max() / lowest()
//   ArgMin / ArgMax        KeyValuePair<int, T> (or the output's pair type): the first smallest /
//                          largest item and its offset from the segment's begin; an empty segment
//                          gives {1, max()} / {1, lowest()}, as CUB. Offsets past the key type's
//                          range are not representable (keep segments below 2^31 items with int).
// Each segment is reduced by one thread, one warp or one block depending on its length (the
// tuning's thresholds), so short segments cost little; see docs/device-segmented-reduce.md. The
// grouping of a segment's items depends only on its length and the tuning: results are
// deterministic run to run.
//
//   // int* d_in = {8, 6, 7, 5, 3, 0, 9}; int* d_offsets = {0, 3, 3, 7}; int* d_out (3 items)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceSegmentedReduce::Sum(d_temp, temp_bytes, d_in, d_out, 3, d_offsets, d_offsets + 1);
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceSegmentedReduce::Sum(d_temp, temp_bytes, d_in, d_out, 3, d_offsets, d_offsets + 1);
//   // d_out = {21, 0, 17}
//   xcub::DeviceSegmentedReduce::Max(d_temp, temp_bytes, d_in, d_out, 2, 3);   // fixed size: {8, 5}
//
// DeviceSegmentedReduceTuned<Tuning> is the same API with another tuning (a type as
// <xcub/backend/tuning/segmented_reduce.hpp>'s): tests force the warp and block paths with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/detail/fold.hpp>  // detail::accumulator_t
#include <xcub/util/key_value_pair.hpp>
#include <xcub/device/detail/arg_extremum.hpp>
#include <xcub/device/detail/agent/segment_source.hpp>
#include <xcub/device/device_reduce.hpp>  // detail::iterator_value_t, reduce_output_t
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/segmented_reduce.hpp>
#include <xcub/backend/dispatch/segmented_reduce.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::segmented_reduce>
struct DeviceSegmentedReduceTuned {
 private:
  template <class It>
  static constexpr bool is_offsets = !std::is_integral_v<It>;
  template <class S>
  static constexpr bool is_size = std::is_integral_v<S>;

 public:
  // ---- segments by begin/end offsets ------------------------------------------------------------

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class ReductionOp, class T, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
                        ReductionOp reduction_op, T initial_value, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Reduce", d_temp_storage);
    using accum_t = detail::accumulator_t<ReductionOp, T, detail::iterator_value_t<InputIt>>;
    return by_offsets<accum_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                      d_begin_offsets, d_end_offsets, reduction_op, initial_value,
                                                      stream);
  }

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Sum", d_temp_storage);
    using init_t = detail::reduce_output_t<OutputIt, InputIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, detail::iterator_value_t<InputIt>>;
    return by_offsets<accum_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                      d_begin_offsets, d_end_offsets, xcub::Sum{}, init_t{}, stream);
  }

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Min", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return by_offsets<input_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                      d_begin_offsets, d_end_offsets, xcub::Min{},
                                                      std::numeric_limits<input_t>::max(), stream);
  }

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Max", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return by_offsets<input_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                      d_begin_offsets, d_end_offsets, xcub::Max{},
                                                      std::numeric_limits<input_t>::lowest(), stream);
  }

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::ArgMin", d_temp_storage);
    using pair_t = arg_pair_t<InputIt, OutputIt>;
    using accum_t = detail::arg_accum_of_t<pair_t>;
    return by_offsets<accum_t, false, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                            d_begin_offsets, d_end_offsets, xcub::ArgMin{},
                                            arg_empty<false, InputIt, pair_t>(), stream);
  }

  template <class InputIt, class OutputIt, class BeginIt, class EndIt, class NumSegmentsT,
            std::enable_if_t<is_offsets<BeginIt>, int> = 0>
  static error_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::ArgMax", d_temp_storage);
    using pair_t = arg_pair_t<InputIt, OutputIt>;
    using accum_t = detail::arg_accum_of_t<pair_t>;
    return by_offsets<accum_t, false, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                            d_begin_offsets, d_end_offsets, xcub::ArgMax{},
                                            arg_empty<true, InputIt, pair_t>(), stream);
  }

  // ---- segments of one fixed size ---------------------------------------------------------------

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, class ReductionOp, class T,
            std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, SizeT segment_size, ReductionOp reduction_op, T initial_value,
                        stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Reduce", d_temp_storage);
    using accum_t = detail::accumulator_t<ReductionOp, T, detail::iterator_value_t<InputIt>>;
    return by_size<accum_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                   segment_size, reduction_op, initial_value, stream);
  }

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, SizeT segment_size, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Sum", d_temp_storage);
    using init_t = detail::reduce_output_t<OutputIt, InputIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, detail::iterator_value_t<InputIt>>;
    return by_size<accum_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                   segment_size, xcub::Sum{}, init_t{}, stream);
  }

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, SizeT segment_size, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Min", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return by_size<input_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                   segment_size, xcub::Min{}, std::numeric_limits<input_t>::max(),
                                                   stream);
  }

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                     NumSegmentsT num_segments, SizeT segment_size, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::Max", d_temp_storage);
    using input_t = detail::iterator_value_t<InputIt>;
    return by_size<input_t, true, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                                   segment_size, xcub::Max{}, std::numeric_limits<input_t>::lowest(),
                                                   stream);
  }

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, SizeT segment_size, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::ArgMin", d_temp_storage);
    using pair_t = arg_pair_t<InputIt, OutputIt>;
    using accum_t = detail::arg_accum_of_t<pair_t>;
    return by_size<accum_t, false, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                         segment_size, xcub::ArgMin{}, arg_empty<false, InputIt, pair_t>(),
                                         stream);
  }

  template <class InputIt, class OutputIt, class NumSegmentsT, class SizeT, std::enable_if_t<is_size<SizeT>, int> = 0>
  static error_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSegmentsT num_segments, SizeT segment_size, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedReduce::ArgMax", d_temp_storage);
    using pair_t = arg_pair_t<InputIt, OutputIt>;
    using accum_t = detail::arg_accum_of_t<pair_t>;
    return by_size<accum_t, false, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                         segment_size, xcub::ArgMax{}, arg_empty<true, InputIt, pair_t>(),
                                         stream);
  }

 protected:
  /// The arg reductions' pair: the output's value type, or KeyValuePair<int, T> where it is void.
  template <class InputIt, class OutputIt>
  using arg_pair_t = std::conditional_t<std::is_void_v<detail::iterator_value_t<OutputIt>>,
                                        KeyValuePair<int, detail::iterator_value_t<InputIt>>,
                                        detail::iterator_value_t<OutputIt>>;

  /// An empty segment's arg result: {1, max()} (ArgMin) or {1, lowest()} (ArgMax) of the input type.
  template <bool IS_MAX, class InputIt, class PairT>
  static PairT arg_empty() {
    using input_t = detail::iterator_value_t<InputIt>;
    const input_t v = IS_MAX ? std::numeric_limits<input_t>::lowest() : std::numeric_limits<input_t>::max();
    return PairT(typename PairT::Key(1), static_cast<typename PairT::Value>(v));
  }

  template <class AccumT, bool APPLY_INIT, bool ARG, class InputIt, class OutputIt, class NumSegmentsT, class BeginIt,
            class EndIt, class ReductionOp, class InitT>
  static error_t by_offsets(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                            InputIt d_in, OutputIt d_out,
                            NumSegmentsT num_segments, BeginIt d_begin, EndIt d_end, ReductionOp op, InitT init,
                            stream_t stream) {
    using begin_t = detail::iterator_value_t<BeginIt>;
    using end_t = detail::iterator_value_t<EndIt>;
    static_assert(std::is_integral_v<begin_t> && std::is_integral_v<end_t>,
                  "xcub::DeviceSegmentedReduce: segment offsets must be integers");
    using offset_t = std::common_type_t<begin_t, end_t, int>;  // at least int: sizes meet the tuning's thresholds
    const bool segments = detail::valid_count(num_segments) && num_segments > 0;
    if (!call.count(num_segments, "num_segments") || !call.data(d_in, "d_in", segments) ||
        !call.data(d_out, "d_out", segments) || !call.data(d_begin, "d_begin_offsets", segments) ||
        !call.data(d_end, "d_end_offsets", segments))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_segmented_reduce<Tuning>::template run<AccumT, APPLY_INIT>(
          temp, bytes, detail::offset_segments<BeginIt, EndIt, offset_t>{d_begin, d_end},
          detail::segment_reader_t<ARG, InputIt, AccumT, InitT>{d_in}, d_out,
          static_cast<std::uint64_t>(num_segments), op, init, stream);
    });
  }

  template <class AccumT, bool APPLY_INIT, bool ARG, class InputIt, class OutputIt, class NumSegmentsT, class SizeT,
            class ReductionOp, class InitT>
  static error_t by_size(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                         InputIt d_in, OutputIt d_out,
                         NumSegmentsT num_segments, SizeT segment_size, ReductionOp op, InitT init, stream_t stream) {
    if (!call.count(num_segments, "num_segments") || !call.count(segment_size, "segment_size"))
      return error_invalid_value;
    if (!call.data(d_out, "d_out", num_segments > 0) || !call.data(d_in, "d_in", num_segments > 0 && segment_size > 0))
      return error_invalid_value;
    const std::uint64_t segments = static_cast<std::uint64_t>(num_segments);
    const std::uint64_t size = static_cast<std::uint64_t>(segment_size);
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      if (size == 0 || segments <= std::uint64_t{0xffffffff} / size)  // every item offset fits in 32 bits
        return detail::dispatch_segmented_reduce<Tuning>::template run<AccumT, APPLY_INIT>(
            temp, bytes, detail::fixed_segments<std::uint32_t>{static_cast<std::uint32_t>(size)},
            detail::segment_reader_t<ARG, InputIt, AccumT, InitT>{d_in}, d_out, segments, op, init, stream);
      return detail::dispatch_segmented_reduce<Tuning>::template run<AccumT, APPLY_INIT>(
          temp, bytes, detail::fixed_segments<std::uint64_t>{size},
          detail::segment_reader_t<ARG, InputIt, AccumT, InitT>{d_in}, d_out, segments, op, init, stream);
    });
  }
};

/// DeviceSegmentedReduce with the backend's default tuning.
struct DeviceSegmentedReduce : DeviceSegmentedReduceTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
