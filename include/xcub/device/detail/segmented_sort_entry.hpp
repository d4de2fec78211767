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
// (no bits to sort by: issue 12's contract, as DeviceRadixSort; CUB copies instead);
// with items, a null key (or value) buffer; with segments, null offsets; a temp storage smaller
// than the first call gave.
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
#include <xcub/device/detail/dispatch/checks.hpp>
#include <xcub/backend/dispatch/segmented_sort.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub::detail {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning>
struct segmented_sort_entry {
  template <bool DESCENDING, class KeyT, class ValueT, class NumItemsT, class NumSegmentsT, class BeginIt, class EndIt>
  static error_t sort(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& keys,
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
    if (!valid_count(num_items) || !valid_count(num_segments)) return error_invalid_value;
    if (begin_bit < 0 || end_bit > radix::radix_key<KeyT>::default_end_bit || begin_bit >= end_bit)
      return error_invalid_value;
    if (num_items > 0) {
      if (!keys.d_buffers[0] || !keys.d_buffers[1]) return error_invalid_value;
      if (!keys_only && (!values.d_buffers[0] || !values.d_buffers[1])) return error_invalid_value;
    }
    if (num_segments > 0 && (is_null_iterator(d_begin) || is_null_iterator(d_end))) return error_invalid_value;
    return dispatch_segmented_sort<Tuning>::template run<DESCENDING>(
        d_temp_storage, temp_storage_bytes, offset_segments<BeginIt, EndIt, offset_t>{d_begin, d_end}, keys, values,
        static_cast<std::uint64_t>(num_items), static_cast<std::uint64_t>(num_segments), begin_bit, end_bit,
        double_buffer, stream);
  }
};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub::detail
