// xcub/device/device_partition.hpp: device-wide partitions (CUB's DevicePartition), single pass with
// decoupled look-back (docs/device-select.md); the same machinery as DeviceSelect.
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
// Template parameters in CUB 3.0.1's order: iterators, select operators, then NumItemsT.
// Item counts are any integer type up to 64 bits. Outputs must not overlap the inputs.
//
//   Flagged(temp, bytes, d_in, d_flags, d_out, d_num_selected_out, n, stream)
//   If(temp, bytes, d_in, d_out, d_num_selected_out, n, select_op, stream)
//       the selected items (flag true; select_op(item) true) go to d_out[0, s) in input order, the
//       others to d_out[s, n) in REVERSE input order (the first rejected item at d_out[n - 1]), as
//       CUB; s = *d_num_selected_out.
//   If(temp, bytes, d_in, d_first_part_out, d_second_part_out, d_unselected_out, d_num_selected_out, n,
//      select_first_part_op, select_second_part_op, stream)
//       three ways: items with select_first_part_op(item) to d_first_part_out, the others with
//       select_second_part_op(item) to d_second_part_out, the rest to d_unselected_out, each in
//       input order (as CUB's code and its example do; its text says reverse);
//       d_num_selected_out[0] and [1] get the sizes of the first two parts.
//
//   // int* d_in = {0, 2, 3, 9, 5, 2, 81, 8}; int* d_out; int* d_count (device memory)
//   auto small = [] __device__ (int x) { return x < 7; };
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DevicePartition::If(d_temp, temp_bytes, d_in, d_out, d_count, 8, small);  // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DevicePartition::If(d_temp, temp_bytes, d_in, d_out, d_count, 8, small);
//   // d_out = {0, 2, 3, 5, 2, 8, 81, 9}, *d_count = 5
//
// DevicePartitionTuned<Tuning> is the same API with another select tuning.
#pragma once

#include <xcub/device/device_select.hpp>

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::select>
struct DevicePartitionTuned : private DeviceSelectTuned<Tuning> {
 private:
  using select = DeviceSelectTuned<Tuning>;

 public:
  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, FlagIt d_flags,
                         OutputIt d_out, NumSelectedIt d_num_selected_out, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DevicePartition::Flagged", d_temp_storage);
    if (!select::valid(call, d_in, d_out, d_num_selected_out, num_items) ||
        !call.data(d_flags, "d_flags", num_items > 0))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return select::run(call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
                       detail::select_flagged<FlagIt>{d_flags, detail::flag_is_set{}},
                       detail::out_partition<OutputIt, offset_t>{d_out, static_cast<offset_t>(num_items)},
                       d_num_selected_out, num_items, stream);
  }

  template <class InputIt, class OutputIt, class NumSelectedIt, class SelectOp, class NumItemsT,
            detail::if_count<NumItemsT> = 0>
  static error_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                    NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectOp select_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DevicePartition::If", d_temp_storage);
    if (!select::valid(call, d_in, d_out, d_num_selected_out, num_items)) return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return select::run(call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
                       detail::select_if<SelectOp>{select_op},
                       detail::out_partition<OutputIt, offset_t>{d_out, static_cast<offset_t>(num_items)},
                       d_num_selected_out, num_items, stream);
  }

  template <class InputIt, class FirstOutIt, class SecondOutIt, class UnselectedOutIt, class NumSelectedIt,
            class SelectFirstPartOp, class SelectSecondPartOp, class NumItemsT, detail::if_count<NumItemsT> = 0>
  static error_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in,
                    FirstOutIt d_first_part_out, SecondOutIt d_second_part_out, UnselectedOutIt d_unselected_out,
                    NumSelectedIt d_num_selected_out, NumItemsT num_items, SelectFirstPartOp select_first_part_op,
                    SelectSecondPartOp select_second_part_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DevicePartition::If", d_temp_storage);
    if (!select::valid(call, d_in, d_first_part_out, d_num_selected_out, num_items, "d_in", "d_first_part_out") ||
        !call.data(d_second_part_out, "d_second_part_out", num_items > 0) ||
        !call.data(d_unselected_out, "d_unselected_out", num_items > 0))
      return error_invalid_value;
    return select::run(
        call, d_temp_storage, temp_storage_bytes, d_in, detail::no_values{},
        detail::select_if2<SelectFirstPartOp, SelectSecondPartOp>{select_first_part_op, select_second_part_op},
        detail::out_three_way<FirstOutIt, SecondOutIt, UnselectedOutIt>{d_first_part_out, d_second_part_out,
                                                                         d_unselected_out},
        d_num_selected_out, num_items, stream);
  }
};

/// DevicePartition with the backend's default tuning.
struct DevicePartition : DevicePartitionTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
