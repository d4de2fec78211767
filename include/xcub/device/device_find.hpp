// xcub/device/device_find.hpp: the first item that satisfies a predicate, and lower and upper bounds
// of many values in one sorted range (CUB's DeviceFind). The interface follows CCCL 3.3.0 (CUDA
// 13.3), where DeviceFind first appears; CCCL 3.4's environment-based overloads (no temp storage
// arguments) are not provided.
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it. Two-phase temp storage: with d_temp_storage == nullptr only temp_storage_bytes
// is written (at least 1) and nothing runs. Counts: any integer type up to 64 bits. Returns
// xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative count; a null d_out (FindIf); a null input with items; a null
//                          d_values or d_output with values, a null d_range with range items (bounds);
//                          temp_storage_bytes smaller than asked for. Nothing is launched or written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
//
// FindIf(d_temp_storage, temp_storage_bytes, d_in, d_out, predicate, num_items, stream = 0)
//   d_out[0] = the smallest i in [0, num_items) with predicate(d_in[i]) true, or num_items if none
//   (as NumItemsT, converted to d_out's type). predicate is copied to the device and called on items
//   in no particular order, on some items past the first match and not on others: it must have no
//   side effects that matter. The search stops early: blocks take tiles in order and stop at the first
//   one past the best match found so far, so an early match reads little of the input. d_out must not
//   overlap the input. Temp storage: a few hundred bytes.
//
// LowerBound(d_temp_storage, temp_storage_bytes, d_range, range_num_items, d_values, values_num_items,
//            d_output, comp = std::less<>{}, stream = 0)
// UpperBound(... the same ...)
//   For each i in [0, values_num_items): d_output[i] = the index in [d_range, d_range +
//   range_num_items) of the first item not ordered before d_values[i] (LowerBound: !comp(item, value))
//   or ordered after it (UpperBound: comp(value, item)), range_num_items if none, as RangeNumItemsT.
//   The range must be sorted by comp (a strict weak ordering; std::greater<>{} for a descending range).
//   One binary search per value, at most 64 steps. CCCL requires comp; here it defaults to
//   std::less<> (to pass a stream, pass comp too). Temp storage: 1 byte, unused. d_output must not
//   overlap the range or the values.
//
//   struct is_negative { XCUB_HOST_DEVICE bool operator()(int x) const { return x < 0; } };
//   std::size_t bytes = 0;
//   xcub::DeviceFind::FindIf(nullptr, bytes, d_in, d_index, is_negative{}, n);     // size the temp storage
//   xcub::DeviceFind::FindIf(d_temp, bytes, d_in, d_index, is_negative{}, n);      // *d_index: first x < 0, or n
//   xcub::DeviceFind::LowerBound(d_temp, bytes, d_sorted, m, d_queries, q, d_pos); // d_pos[i]: insertion point
//
// DeviceFindTuned<FindIfTuning, BoundsTuning> is the same API with other tunings
// (<xcub/backend/tuning/find.hpp>'s find_if and find_bounds): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <functional>

#include <xcub/runtime.hpp>
#include <xcub/backend/dispatch/find.hpp>  // the backend's dispatch: kernels, or Kokkos patterns
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/find.hpp>
#include <xcub/device/detail/argument_check.hpp>

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class FindIfTuning = tuning::find_if, class BoundsTuning = tuning::find_bounds>
struct DeviceFindTuned {
  template <class InputIt, class OutputIt, class Predicate, class NumItemsT>
  static error_t FindIf(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        Predicate predicate, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFind::FindIf", d_temp_storage);
    if (!call.count(num_items, "num_items") || !call.data(d_out, "d_out") || !call.data(d_in, "d_in", num_items > 0))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_find_if<FindIfTuning, NumItemsT>(
          temp, bytes, d_in, d_out, predicate, static_cast<detail::offset_for<NumItemsT>>(num_items), stream);
    });
  }

  template <class RangeIt, class RangeNumItemsT, class ValuesIt, class ValuesNumItemsT, class OutputIt,
            class CompareOp = std::less<>>
  static error_t LowerBound(void* d_temp_storage, std::size_t& temp_storage_bytes, RangeIt d_range,
                            RangeNumItemsT range_num_items, ValuesIt d_values, ValuesNumItemsT values_num_items,
                            OutputIt d_output, CompareOp comp = {}, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFind::LowerBound", d_temp_storage);
    return bounds<false>(call, d_temp_storage, temp_storage_bytes, d_range, range_num_items, d_values, values_num_items,
                         d_output, comp, stream);
  }

  template <class RangeIt, class RangeNumItemsT, class ValuesIt, class ValuesNumItemsT, class OutputIt,
            class CompareOp = std::less<>>
  static error_t UpperBound(void* d_temp_storage, std::size_t& temp_storage_bytes, RangeIt d_range,
                            RangeNumItemsT range_num_items, ValuesIt d_values, ValuesNumItemsT values_num_items,
                            OutputIt d_output, CompareOp comp = {}, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFind::UpperBound", d_temp_storage);
    return bounds<true>(call, d_temp_storage, temp_storage_bytes, d_range, range_num_items, d_values, values_num_items,
                        d_output, comp, stream);
  }

 private:
  template <bool UPPER, class RangeIt, class RangeNumItemsT, class ValuesIt, class ValuesNumItemsT, class OutputIt,
            class CompareOp>
  static error_t bounds(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                        RangeIt d_range,
                        RangeNumItemsT range_num_items, ValuesIt d_values, ValuesNumItemsT values_num_items,
                        OutputIt d_output, CompareOp comp, stream_t stream) {
    if (!call.count(range_num_items, "range_num_items") || !call.count(values_num_items, "values_num_items") ||
        !call.data(d_range, "d_range", range_num_items > 0) || !call.data(d_values, "d_values", values_num_items > 0) ||
        !call.data(d_output, "d_output", values_num_items > 0))
      return error_invalid_value;
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes < 1) return call.fail("temp_storage_bytes (%zu) < 1, the size the query gives",
        temp_storage_bytes);

    using range_size_t = detail::offset_for<RangeNumItemsT>;
    return detail::dispatch_bound_search<UPPER, RangeNumItemsT, BoundsTuning>(
        d_range, static_cast<range_size_t>(range_num_items), d_values,
        static_cast<detail::offset_for<ValuesNumItemsT>>(values_num_items), d_output, comp, stream);
  }
};

/// DeviceFind with the backend's default tunings.
struct DeviceFind : DeviceFindTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
