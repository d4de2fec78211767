// xcub/device/detail/segmented_sort_entry.hpp: what DeviceSegmentedRadixSort and
// DeviceSegmentedSort share behind their façades: the argument checks and the call of the one
// engine (dispatch/dispatch_segmented_sort.hpp, reached through the backend seam
// <xcub/backend/dispatch/segmented_sort.hpp>: backends/native for host, CUDA and HIP, Kokkos patterns
// on the kokkos backend).
//
// segmented_sort_entry<Tuning>::sort<DESCENDING>(d_temp, bytes, keys, values, num_items,
// num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, double_buffer, stream):
// keys / values as dispatch_segmented_sort::run takes them (values a DoubleBuffer<NullType> for
// keys only). Returns error_invalid_value, having launched and written nothing, for: a negative
// num_items or num_segments; begin_bit < 0, end_bit past the key's width or begin_bit >= end_bit
// (no bits to sort by, as DeviceRadixSort; CUB copies instead); in the second call only (the size
// query accepts them, as CUB's), with items, a null key (or value) buffer, with segments, null
// offsets; a temp storage smaller than the first call gave. `call` names the entry point in the
// debug log (<xcub/device/detail/argument_check.hpp>).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/device_reduce.hpp>  // detail::iterator_value_t
#include <xcub/device/detail/agent/segment_source.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/dispatch/segmented_sort.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub::detail {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning>
struct segmented_sort_entry {
  template <bool DESCENDING, class KeyT, class ValueT, class NumItemsT, class NumSegmentsT, class BeginIt, class EndIt>
  static error_t sort(const entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                      DoubleBuffer<KeyT>& keys,
                      DoubleBuffer<ValueT>& values, NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin,
                      EndIt d_end, int begin_bit, int end_bit, bool double_buffer, stream_t stream) {
    using begin_t = iterator_value_t<BeginIt>;
    using end_t = iterator_value_t<EndIt>;
    static_assert(std::is_integral_v<begin_t> && std::is_integral_v<end_t>,
                  "xcub::DeviceSegmentedSort: segment offsets must be integers");
    static_assert(radix::is_radix_key_v<KeyT>,
                  "xcub::DeviceSegmentedSort: keys must be radix keys (bool, integers of 8 to 128 bits, float, "
                  "double, the backend's 16-bit floats)");
    using offset_t = std::common_type_t<begin_t, end_t, int>;
    constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
    const bool items = valid_count(num_items) && num_items > 0;
    const bool segments = valid_count(num_segments) && num_segments > 0;
    const char* const names[4] = {double_buffer ? "d_keys.d_buffers[0]" : "d_keys_in",
                                  double_buffer ? "d_keys.d_buffers[1]" : "d_keys_out",
                                  double_buffer ? "d_values.d_buffers[0]" : "d_values_in",
                                  double_buffer ? "d_values.d_buffers[1]" : "d_values_out"};
    if (!call.count(num_items, "num_items") || !call.count(num_segments, "num_segments") ||
        !call.bits(begin_bit, end_bit, radix::radix_key<KeyT>::default_end_bit) ||
        !call.data(keys.d_buffers[0], names[0], items) || !call.data(keys.d_buffers[1], names[1], items) ||
        !call.data(values.d_buffers[0], names[2], items && !keys_only) ||
        !call.data(values.d_buffers[1], names[3], items && !keys_only) ||
        !call.data(d_begin, "d_begin_offsets", segments) || !call.data(d_end, "d_end_offsets", segments))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return dispatch_segmented_sort<Tuning>::template run<DESCENDING>(
          temp, bytes, offset_segments<BeginIt, EndIt, offset_t>{d_begin, d_end}, keys, values,
          static_cast<std::uint64_t>(num_items), static_cast<std::uint64_t>(num_segments), begin_bit, end_bit,
          double_buffer, stream);
    });
  }
};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub::detail
