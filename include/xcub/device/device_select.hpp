// xcub/device/device_select.hpp: device-wide stream compaction (CUB's DeviceSelect), single pass
// with decoupled look-back (docs/device-select.md).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only
// writes the temp storage size into temp_storage_bytes (at least 1, also for 0 items); the second,
// with that much device memory, launches. Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative item count; a null d_num_selected_out; a null input, flag or
//                          output pointer with items; temp_storage_bytes smaller than the first call
//                          gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Template parameters in CUB 3.0.1's order (iterators, then SelectOp), then the deduced count type.
// Item counts are any integer type up to 64 bits. The selected items keep their input order and
// are written to d_out[0, *d_num_selected_out); *d_num_selected_out (device memory) is written by the
// kernel, also 0 for no items. Outputs must not overlap the inputs, except in the in-place forms.
//
//   Flagged(temp, bytes, d_in, d_flags, d_out, d_num_selected_out, n, stream)   items whose flag is true
//   Flagged(temp, bytes, d_data, d_flags, d_num_selected_out, n, stream)        the same, in place
//   FlaggedIf(temp, bytes, d_in, d_flags, d_out, d_num_selected_out, n, select_op, stream)
//   FlaggedIf(temp, bytes, d_data, d_flags, d_num_selected_out, n, select_op, stream)
//                                                   items whose flag f has select_op(f) true
//   If(temp, bytes, d_in, d_out, d_num_selected_out, n, select_op, stream)      items with select_op(item)
//   If(temp, bytes, d_data, d_num_selected_out, n, select_op, stream)           the same, in place
//   Unique(temp, bytes, d_in, d_out, d_num_selected_out, n, stream)   the first item of each run of
//                                                   equal (==) consecutive items
//   UniqueByKey(temp, bytes, d_keys_in, d_values_in, d_keys_out, d_values_out, d_num_selected_out, n,
//               [equality_op,] stream)             the first key of each run of equal keys, and its value
//
//   // int* d_in = {1, 2, 3, 4, 5, 6, 7, 8}; int* d_out; int* d_count (device memory)
//   auto even = [] __device__ (int x) { return x % 2 == 0; };   // any functor callable on the device
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceSelect::If(d_temp, temp_bytes, d_in, d_out, d_count, 8, even);  // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceSelect::If(d_temp, temp_bytes, d_in, d_out, d_count, 8, even);  // d_out = {2, 4, 6, 8}, *d_count = 4
//
// DeviceSelectTuned<Tuning> is the same API with another tuning (a type whose policy<T>(arch) returns
// a detail::select_policy): tests force tiny tiles with it, bench/ sweeps policies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/select.hpp>
#include <xcub/backend/dispatch/select.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

namespace detail {
/// Selects the overload whose item count is an integer (the in-place forms have one argument fewer).
template <class NumItemsT>
using if_count = std::enable_if_t<std::is_integral_v<NumItemsT>, int>;
}  // namespace detail

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::select>
struct DeviceSelectTuned {
  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, FlagIt d_flags,
                         OutputIt d_out, NumSelectedIt d_num_selected_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::Flagged", d_temp_storage);
    return flagged(call, d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num_selected_out, num_items,
                   detail::flag_is_set{}, stream);
  }
  template <class IteratorT, class FlagIt, class NumSelectedIt, class NumItemsT, detail::if_count<NumItemsT> = 0>
  static error_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data, FlagIt d_flags,
                         NumSelectedIt d_num_selected_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::Flagged", d_temp_storage);
    return flagged(call, d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out, num_items,
                   detail::flag_is_set{}, stream);
  }

  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt, class SelectOp, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t FlaggedIf(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, FlagIt d_flags,
                           OutputIt d_out, NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectOp select_op,
                           stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::FlaggedIf", d_temp_storage);
    return flagged(call, d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num_selected_out, num_items,
                   select_op,
                   stream);
  }
  template <class IteratorT, class FlagIt, class NumSelectedIt, class SelectOp, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t FlaggedIf(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data, FlagIt d_flags,
                           NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectOp select_op,
                           stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::FlaggedIf", d_temp_storage);
    return flagged(call, d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out, num_items,
                   select_op, stream);
  }

  template <class InputIt, class OutputIt, class NumSelectedIt, class SelectOp, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                    NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectOp select_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::If", d_temp_storage);
    if (!valid(call, d_in, d_out, d_num_selected_out, num_items)) return error_invalid_value;
    return run(call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
               detail::select_if<SelectOp>{select_op},
               detail::out_selected<OutputIt>{d_out}, d_num_selected_out, num_items, stream);
  }
  template <class IteratorT, class NumSelectedIt, class SelectOp, class NumItemsT, detail::if_count<NumItemsT> = 0>
  static error_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                    NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectOp select_op, stream_t stream = 0) {
    return If(d_temp_storage, temp_storage_bytes, d_data, d_data, d_num_selected_out, num_items, select_op, stream);
  }

  template <class InputIt, class OutputIt, class NumSelectedIt, class NumItemsT, detail::if_count<NumItemsT> = 0>
  static error_t Unique(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                        NumSelectedIt d_num_selected_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::Unique", d_temp_storage);
    if (!valid(call, d_in, d_out, d_num_selected_out, num_items)) return error_invalid_value;
    return run(call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
               detail::select_unique<Equality>{Equality{}}, detail::out_selected<OutputIt>{d_out}, d_num_selected_out,
               num_items, stream);
  }

  template <class KeysIt, class ValuesIt, class KeysOutIt, class ValuesOutIt, class NumSelectedIt, class NumItemsT,
            class EqualityOpT, detail::if_count<NumItemsT> = 0,
            std::enable_if_t<!std::is_convertible_v<EqualityOpT, stream_t>, int> = 0>
  static error_t UniqueByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                             ValuesIt d_values_in, KeysOutIt d_keys_out, ValuesOutIt d_values_out,
                             NumSelectedIt d_num_selected_out, NumItemsT num_items, EqualityOpT equality_op,
                             stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSelect::UniqueByKey", d_temp_storage);
    if (!valid(call, d_keys_in, d_keys_out, d_num_selected_out, num_items, "d_keys_in", "d_keys_out") ||
        !call.data(d_values_in, "d_values_in", num_items > 0) || !call.data(d_values_out, "d_values_out",
            num_items > 0))
      return error_invalid_value;
    return run(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
               detail::select_unique<EqualityOpT>{equality_op},
               detail::out_selected_by_key<KeysOutIt, ValuesOutIt>{d_keys_out, d_values_out}, d_num_selected_out,
               num_items, stream);
  }
  template <class KeysIt, class ValuesIt, class KeysOutIt, class ValuesOutIt, class NumSelectedIt, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t UniqueByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                             ValuesIt d_values_in, KeysOutIt d_keys_out, ValuesOutIt d_values_out,
                             NumSelectedIt d_num_selected_out, NumItemsT num_items, stream_t stream = 0) {
    return UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out, d_values_out,
                       d_num_selected_out, num_items, Equality{}, stream);
  }

 protected:
  /// The checks every entry point makes: a valid count, a count output, an input and an output with items.
  template <class InputIt, class OutputIt, class NumSelectedIt, class NumItemsT>
  static bool valid(const detail::entry_point& call, InputIt in, OutputIt out, NumSelectedIt num_selected_out,
                    NumItemsT num_items, const char* in_name = "d_in", const char* out_name = "d_out") {
    if (!call.count(num_items, "num_items") || !call.data(num_selected_out, "d_num_selected_out")) return false;
    return call.data(in, in_name, num_items > 0) && call.data(out, out_name, num_items > 0);
  }

  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt, class NumItemsT, class FlagOp>
  static error_t flagged(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                         InputIt d_in, FlagIt d_flags,
                         OutputIt d_out, NumSelectedIt d_num_selected_out, NumItemsT num_items, FlagOp op,
                         stream_t stream) {
    if (!valid(call, d_in, d_out, d_num_selected_out, num_items)) return error_invalid_value;
    if (!call.data(d_flags, "d_flags", num_items > 0)) return error_invalid_value;
    return run(call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
               detail::select_flagged<FlagIt, FlagOp>{d_flags, op}, detail::out_selected<OutputIt>{d_out},
               d_num_selected_out, num_items, stream);
  }

  template <class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt, class NumItemsT>
  static error_t run(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                     InputIt in, ValuesIt values,
                     Selector selector, Output out, NumSelectedIt num_selected_out, NumItemsT num_items,
                     stream_t stream) {
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_select<Tuning>::run(temp, bytes, in, values, selector, out, num_selected_out,
                                                  static_cast<offset_t>(num_items), stream);
    });
  }
};

/// DeviceSelect with the backend's default tuning.
struct DeviceSelect : DeviceSelectTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
