// xcub/backend/dispatch/reduce.hpp (kokkos): DeviceReduce's dispatch on Kokkos patterns, with the
// types and signatures of the kernel dispatch (include/xcub/device/detail/dispatch/): the façade
// <xcub/device/device_reduce.hpp> makes its checks, then calls
//   dispatch_reduce<Tuning>::run<AccumT>(d_temp, bytes, in, out, n, op, init, stream)
//     *out = op(init, ordered fold of in[0, n)) (init alone when n == 0): summarize + carry, the
//     carry pass writes *out. Items become accumulators as on every backend
//     (reduce_thread_fold::convert: the reproducible sum's binned accumulator).
//   dispatch_reduce_by_key<Tuning>::run<AccumT>(d_temp, bytes, keys, unique_out, values,
//     aggregates_out, num_runs_out, op, equal, n, stream)
//     heads at key changes; the rescan writes each run's first key at its head and its aggregate at
//     its last item; the carry pass writes the run count.
// Tuning: only the policy's tile_items() (items per team chunk). Errors: temp storage too small.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/tuning/reduce.hpp>
#include <xcub/backend/tuning/scan.hpp>
#include <xcub/device/detail/agent/reduce_thread_fold.hpp>

namespace xcub::detail {

namespace kk {

template <class It>
using diff_t = typename std::iterator_traits<It>::difference_type;

/// Items of a reduction: no heads; each item converted as the reduce agents convert it.
template <class AccumT, class InputIt, class ReductionOp>
struct reduce_source {
  InputIt in;
  ReductionOp op;
  KOKKOS_INLINE_FUNCTION bool head(std::uint64_t) const { return false; }
  KOKKOS_INLINE_FUNCTION slot<AccumT> at_head() const { return {AccumT{}, false}; }
  KOKKOS_INLINE_FUNCTION AccumT item(std::uint64_t i) const {
    return reduce_thread_fold<AccumT, ReductionOp>::convert(op, in[static_cast<diff_t<InputIt>>(i)]);
  }
};

/// *out = op(init, total), or init for an empty input.
template <class AccumT, class OutputIt, class ReductionOp, class InitT>
struct reduce_finish {
  OutputIt out;
  ReductionOp op;
  InitT init;
  KOKKOS_INLINE_FUNCTION void operator()(const summary<AccumT>& total) const {
    if (total.value.valid)
      *out = op(static_cast<AccumT>(init), total.value.value);
    else
      *out = init;
  }
};

/// Items of a keyed fold: a head where the key differs from the one before (equal: EqualityOp).
template <class AccumT, class KeysIt, class ValuesIt, class EqualityOp>
struct keyed_source {
  KeysIt keys;
  ValuesIt values;
  EqualityOp equal;
  slot<AccumT> start;  // what every run starts from
  KOKKOS_INLINE_FUNCTION bool head(std::uint64_t i) const {
    return i == 0 || !equal(keys[static_cast<diff_t<KeysIt>>(i - 1)], keys[static_cast<diff_t<KeysIt>>(i)]);
  }
  KOKKOS_INLINE_FUNCTION slot<AccumT> at_head() const { return start; }
  KOKKOS_INLINE_FUNCTION AccumT item(std::uint64_t i) const {
    return static_cast<AccumT>(values[static_cast<diff_t<ValuesIt>>(i)]);
  }
};

/// ReduceByKey's outputs: a run's first key at its head, its aggregate at its last item.
template <class Source, class UniqueIt, class AggregatesIt>
struct runs_emit {
  Source src;
  UniqueIt unique_out;
  AggregatesIt aggregates_out;
  std::uint64_t n;
  template <class S>
  KOKKOS_INLINE_FUNCTION void before(std::uint64_t i, bool head, const S& s) const {
    if (head)
      unique_out[static_cast<diff_t<UniqueIt>>(s.heads - 1)] = src.keys[static_cast<diff_t<decltype(src.keys)>>(i)];
  }
  template <class S>
  KOKKOS_INLINE_FUNCTION void after(std::uint64_t i, const S& s) const {
    if (i + 1 == n || src.head(i + 1)) aggregates_out[static_cast<diff_t<AggregatesIt>>(s.heads - 1)] = s.value.value;
  }
};

template <class NumRunsIt>
struct runs_finish {
  NumRunsIt num_runs_out;
  template <class S>
  KOKKOS_INLINE_FUNCTION void operator()(const S& total) const {
    using count_t = typename std::iterator_traits<NumRunsIt>::value_type;
    *num_runs_out = static_cast<count_t>(total.heads);
  }
};

}  // namespace kk

template <class Tuning = tuning::reduce>
struct dispatch_reduce {
  template <class AccumT, class InputIt, class OutputIt, class OffsetT, class ReductionOp, class InitT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out,
                     OffsetT num_items, ReductionOp op, InitT init, stream_t stream) {
    const int tile_items = Tuning::template policy<AccumT>(0).tile_items();
    return kk::ordered_fold<AccumT, false>(
        d_temp_storage, temp_storage_bytes, static_cast<std::uint64_t>(num_items), tile_items, stream,
        "xcub::DeviceReduce", kk::reduce_source<AccumT, InputIt, ReductionOp>{in, op}, op, kk::no_emit{},
        kk::reduce_finish<AccumT, OutputIt, ReductionOp, InitT>{out, op, init}, true);
  }
};

template <class Tuning = tuning::scan>
struct dispatch_reduce_by_key {
  template <class AccumT, class KeysIt, class UniqueIt, class ValuesIt, class AggregatesIt, class NumRunsIt,
            class ReductionOp, class EqualityOp, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt keys, UniqueIt unique_out,
                     ValuesIt values, AggregatesIt aggregates_out, NumRunsIt num_runs_out, ReductionOp op,
                     EqualityOp equal, OffsetT num_items, stream_t stream) {
    using source = kk::keyed_source<AccumT, KeysIt, ValuesIt, EqualityOp>;
    const source src{keys, values, equal, {AccumT{}, false}};
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    return kk::ordered_fold<AccumT, true>(
        d_temp_storage, temp_storage_bytes, n, Tuning::template policy<AccumT>(0).tile_items(), stream,
        "xcub::DeviceReduce::ReduceByKey", src, op,
        kk::runs_emit<source, UniqueIt, AggregatesIt>{src, unique_out, aggregates_out, n},
        kk::runs_finish<NumRunsIt>{num_runs_out}, true);
  }
};

}  // namespace xcub::detail
