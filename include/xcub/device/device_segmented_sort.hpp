// xcub/device/device_segmented_sort.hpp: a sort of every segment of an array of keys (and
// values) (CUB's DeviceSegmentedSort).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: with d_temp_storage == nullptr the call only writes
// the temp storage size into temp_storage_bytes. Returns xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_items or num_segments; with items, a null key or value
//                          buffer; with segments, null offsets; temp_storage_bytes smaller than the
//                          first call gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Template parameters in CUB 3.0.1's order: <KeyT, [ValueT,] BeginOffsetIteratorT, EndOffsetIteratorT>,
// then the deduced count types.
// Methods: SortKeys, SortPairs, StableSortKeys, StableSortPairs and their Descending forms, each
// with pointers (d_temp, bytes, keys_in, keys_out, [values_in, values_out,] num_items,
// num_segments, d_begin_offsets, d_end_offsets, stream) and with DoubleBuffers (d_temp, bytes,
// keys, [values,] num_items, ...), in CUB 3.0.1's order.
//   - Segment i is [d_begin_offsets[i], d_end_offsets[i]) (offsets of any integer type; an end at
//     or before its begin is an empty segment); segments must not overlap, may come in any order
//     and need not cover the array: items outside every segment are neither read nor written.
//   - Order: CUB's radix order of the whole key (the same keys as DeviceSegmentedRadixSort: -0.0
//     and +0.0 equal, NaNs at the ends by their sign bit); no bit range. Every method is stable
//     (Sort* promise less, as in CUB, but run the same engine).
//   - Pointer forms: the outputs must not overlap the inputs; the temp storage holds a second copy
//     of the keys (and values) for segments longer than a tile.
//   - DoubleBuffer forms: temp storage is O(1); the sort may use both buffers and leaves the
//     result in the one named by keys.selector (values.selector), which it sets.
// This is DeviceSegmentedRadixSort's engine over the full key width: see
// docs/device-segmented-sort.md.
//
//   // float d_keys_in[] = {2.5f, -1, 0, 7, 3}; int d_offsets[] = {0, 2, 5}; float d_keys_out[5]
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceSegmentedSort::SortKeysDescending(d_temp, temp_bytes, d_keys_in, d_keys_out, 5, 2, d_offsets,
//                                                 d_offsets + 1);
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceSegmentedSort::SortKeysDescending(d_temp, temp_bytes, d_keys_in, d_keys_out, 5, 2, d_offsets,
//                                                 d_offsets + 1);
//   // d_keys_out = {2.5f, -1, 7, 3, 0}
//
// DeviceSegmentedSortTuned<Tuning> is the same API with another tuning (a type as
// <xcub/backend/tuning/segmented_sort.hpp>'s).
#pragma once

#include <cstddef>

#include <xcub/runtime.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/device/detail/segmented_sort_entry.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/segmented_sort.hpp>

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::segmented_sort>
struct DeviceSegmentedSortTuned {
 private:
  template <class KeyT>
  static constexpr int bits_of = detail::radix::radix_key<KeyT>::default_end_bit;
  using engine = detail::segmented_sort_entry<Tuning>;

 public:
  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items,
                   NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortPairs", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, NumSegmentsT num_segments,
                   BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortPairs", d_temp_storage);
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                                        num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets,
                   EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortKeys", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortKeys", d_temp_storage);
    DoubleBuffer<NullType> values;
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, d_keys, values, num_items,
                                        num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items,
                   NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortPairsDescending", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, NumSegmentsT num_segments,
                   BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortPairsDescending", d_temp_storage);
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                                       num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets,
                   EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortKeysDescending", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::SortKeysDescending", d_temp_storage);
    DoubleBuffer<NullType> values;
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, d_keys, values, num_items,
                                       num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items,
                   NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortPairs", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, NumSegmentsT num_segments,
                   BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortPairs", d_temp_storage);
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                                        num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets,
                   EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortKeys", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortKeys", d_temp_storage);
    DoubleBuffer<NullType> values;
    return engine::template sort<false>(call, d_temp_storage, temp_storage_bytes, d_keys, values, num_items,
                                        num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items,
                   NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortPairsDescending", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class ValueT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, NumSegmentsT num_segments,
                   BeginIt d_begin_offsets, EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortPairsDescending", d_temp_storage);
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                                       num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                   KeyT* d_keys_out, NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets,
                   EndIt d_end_offsets, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortKeysDescending", d_temp_storage);
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, keys, values, num_items, num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, false, stream);
  }

  template <class KeyT, class BeginIt, class EndIt, class NumItemsT, class NumSegmentsT>
  static error_t StableSortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   NumItemsT num_items, NumSegmentsT num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceSegmentedSort::StableSortKeysDescending", d_temp_storage);
    DoubleBuffer<NullType> values;
    return engine::template sort<true>(call, d_temp_storage, temp_storage_bytes, d_keys, values, num_items,
                                       num_segments,
                                      d_begin_offsets, d_end_offsets, 0, bits_of<KeyT>, true, stream);
  }
};

/// DeviceSegmentedSort with the backend's default tuning.
struct DeviceSegmentedSort : DeviceSegmentedSortTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
