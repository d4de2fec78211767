// xcub/device/device_adjacent_difference.hpp: differences of neighbouring items (CUB's
// DeviceAdjacentDifference).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: with d_temp_storage == nullptr the call only writes
// the temp storage size into temp_storage_bytes (the in-place forms need one item per tile; the
// copy forms 1 byte). Returns xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_items; a null input or output pointer with items;
//                          temp_storage_bytes smaller than the first call gave. Nothing is launched
//                          and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Template parameters in CUB 3.0.1's order: iterators, DifferenceOpT = Difference, NumItemsT.
// Methods (num_items: any integer type up to 64 bits; op defaults to Difference, a - b):
//   SubtractLeftCopy(d_temp, bytes, d_in, d_out, n[, op])   d_out[0] = d_in[0],
//                                                           d_out[i] = op(d_in[i], d_in[i - 1])
//   SubtractLeft(d_temp, bytes, d_in, n[, op])              the same in place (d_in written)
//   SubtractRightCopy(d_temp, bytes, d_in, d_out, n[, op])  d_out[n - 1] = d_in[n - 1],
//                                                           d_out[i] = op(d_in[i], d_in[i + 1])
//   SubtractRight(d_temp, bytes, d_in, n[, op])             the same in place
// op's result (and a copied item) is converted to the output's value type (the input's where the
// output iterator's is void). In the copy forms d_out must not overlap d_in (use the in-place
// forms); the in-place forms first save each tile's neighbour item in the temp storage, so every
// difference is of the original items. op need not be commutative.
//
//   // int* d_in = {1, 4, 9, 16}; int* d_out (4 items)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceAdjacentDifference::SubtractLeftCopy(d_temp, temp_bytes, d_in, d_out, 4);
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceAdjacentDifference::SubtractLeftCopy(d_temp, temp_bytes, d_in, d_out, 4);
//   // d_out = {1, 3, 5, 7}
//
// DeviceAdjacentDifferenceTuned<Tuning> is the same API with another tuning
// (<xcub/backend/tuning/transform.hpp>'s adjacent_difference): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <cstdint>

#include <xcub/config.hpp>
#include <xcub/device/device_reduce.hpp>  // detail::iterator_value_t, reduce_output_t
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/transform.hpp>
#include <xcub/backend/dispatch/adjacent_difference.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

/// DeviceAdjacentDifference's default op: a - b (CUB's minus).
struct Difference {
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr auto operator()(const A& a, const B& b) const {
    return a - b;
  }
};

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::adjacent_difference>
struct DeviceAdjacentDifferenceTuned {
  template <class InputIt, class OutputIt, class DifferenceOpT = Difference, class NumItemsT = std::uint32_t>
  static error_t SubtractLeftCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_input,
                                  OutputIt d_output, NumItemsT num_items, DifferenceOpT difference_op = {},
                                  stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceAdjacentDifference::SubtractLeftCopy", d_temp_storage);
    return copy_form<true>(call, d_temp_storage, temp_storage_bytes, d_input, d_output, num_items, difference_op,
        stream);
  }

  template <class InputIt, class OutputIt, class DifferenceOpT = Difference, class NumItemsT = std::uint32_t>
  static error_t SubtractRightCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_input,
                                   OutputIt d_output, NumItemsT num_items, DifferenceOpT difference_op = {},
                                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceAdjacentDifference::SubtractRightCopy", d_temp_storage);
    return copy_form<false>(call, d_temp_storage, temp_storage_bytes, d_input, d_output, num_items, difference_op,
        stream);
  }

  template <class It, class DifferenceOpT = Difference, class NumItemsT = std::uint32_t>
  static error_t SubtractLeft(void* d_temp_storage, std::size_t& temp_storage_bytes, It d_input, NumItemsT num_items,
                              DifferenceOpT difference_op = {}, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceAdjacentDifference::SubtractLeft", d_temp_storage);
    return in_place<true>(call, d_temp_storage, temp_storage_bytes, d_input, num_items, difference_op, stream);
  }

  template <class It, class DifferenceOpT = Difference, class NumItemsT = std::uint32_t>
  static error_t SubtractRight(
void* d_temp_storage, std::size_t& temp_storage_bytes, It d_input, NumItemsT num_items,
                               DifferenceOpT difference_op = {}, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceAdjacentDifference::SubtractRight", d_temp_storage);
    return in_place<false>(call, d_temp_storage, temp_storage_bytes, d_input, num_items, difference_op, stream);
  }

 private:
  template <bool LEFT, class InputIt, class OutputIt, class NumItemsT, class Op>
  static error_t copy_form(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                           InputIt in, OutputIt out,
                           NumItemsT num_items, Op op, stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(in, "d_input", num_items > 0) ||
        !call.data(out, "d_output", num_items > 0))
      return error_invalid_value;
    using input_t = detail::iterator_value_t<InputIt>;
    using output_t = detail::reduce_output_t<OutputIt, InputIt>;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_adjacent_difference<Tuning>::template run<LEFT, false, input_t, output_t>(
          temp, bytes, in, out, static_cast<offset_t>(num_items), op, stream);
    });
  }

  template <bool LEFT, class It, class NumItemsT, class Op>
  static error_t in_place(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                          It data, NumItemsT num_items, Op op,
                          stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(data, "d_input", num_items > 0)) return error_invalid_value;
    using value_t = detail::iterator_value_t<It>;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_adjacent_difference<Tuning>::template run<LEFT, true, value_t, value_t>(
          temp, bytes, data, data, static_cast<offset_t>(num_items), op, stream);
    });
  }
};

/// DeviceAdjacentDifference with the backend's default tuning.
struct DeviceAdjacentDifference : DeviceAdjacentDifferenceTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
