// xcub/device/device_merge_sort.hpp: DeviceMergeSort, a stable comparison sort of keys (and values
// moving with them) by any strict weak ordering (CUB's DeviceMergeSort).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it. Two phases, as CUB: with d_temp_storage == nullptr the call only writes the temp
// storage size into temp_storage_bytes (about one copy of the keys and values, plus 8 bytes per tile).
//   SortKeys(temp, bytes, d_keys, num_items, compare_op, stream = 0)                  in place
//   SortPairs(temp, bytes, d_keys, d_items, num_items, compare_op, stream = 0)        in place
//   SortKeysCopy(temp, bytes, d_input_keys, d_output_keys, num_items, compare_op, stream = 0)
//   SortPairsCopy(temp, bytes, d_input_keys, d_input_items, d_output_keys, d_output_items, num_items,
//                 compare_op, stream = 0)
//   StableSortKeys, StableSortPairs, StableSortKeysCopy: the same arguments.
// - Every form is stable (equivalent keys keep their input order, with their values); the Sort*
//   forms promise no order of equivalent keys, as CUB, but today run the same stable algorithm.
// - compare_op(a, b): true when a goes before b; a strict weak ordering callable in device code
//   (std::less<>, std::greater<> for descending, a lambda or functor on a custom key type).
// - Iterators: random access. The Copy forms only read their inputs (any random-access input
//   iterator: CountingInputIterator, TransformInputIterator ...; each item once, the keys of a
//   last partial tile twice) and write the outputs, which must be readable
//   too (pointers in practice): they hold the data between merge passes. Keys are sorted as the value
//   type of d_keys / d_output_keys, values as that of d_items / d_output_items. Inputs and outputs
//   must not overlap (except in the in-place forms, where they are one).
// - num_items: any integer type up to 64 bits.
// Returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_items; with items: a null key or value pointer (input or
//                          output); temp_storage_bytes smaller than the first call gave. Nothing is
//                          launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Algorithm (docs/device-merge-sort.md): each tile sorted by a block (BlockMergeSort), then
// ceil(log2(tiles)) merge passes, each a merge-path partition per tile and a merge of each output
// tile in shared memory. On the kokkos backend: runs insertion-sorted by a thread each, then merge
// passes of a thread per output tile (docs/kokkos-backend.md).
//
//   // int* d_keys = {8, 6, 7, 5, 3, 0, 9}
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceMergeSort::SortKeys(d_temp, temp_bytes, d_keys, 7, std::greater<>{});
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceMergeSort::SortKeys(d_temp, temp_bytes, d_keys, 7, std::greater<>{});
//   // d_keys = {9, 8, 7, 6, 5, 3, 0}
//
// DeviceMergeSortTuned<Tuning> is the same API with another tuning (a type as
// <xcub/backend/tuning/merge_sort.hpp>'s xcub::tuning::merge_sort, whose
// `template <class KeyT, class ValueT = NullType> static constexpr merge_sort_policy policy(int arch)`
// is asked with ValueT NullType for keys only): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/device/detail/agent/merge_source.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/merge_sort.hpp>
#include <xcub/backend/dispatch/merge_sort.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

namespace detail {
template <class It>
using merge_value_t = typename std::iterator_traits<It>::value_type;
}  // namespace detail

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::merge_sort>
struct DeviceMergeSortTuned {
  template <class KeyIt, class ValueIt, class OffsetT, class CompareOp>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt d_keys, ValueIt d_items,
                           OffsetT num_items, CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::SortPairs", d_temp_storage);
    return pairs(call, d_temp_storage, temp_storage_bytes, d_keys, d_items, d_keys, d_items, num_items, compare_op,
                 false,
                 stream);
  }

  template <class KeyInputIt, class ValueInputIt, class KeyIt, class ValueIt, class OffsetT, class CompareOp>
  static error_t SortPairsCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyInputIt d_input_keys,
                               ValueInputIt d_input_items, KeyIt d_output_keys, ValueIt d_output_items,
                               OffsetT num_items, CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::SortPairsCopy", d_temp_storage);
    return pairs(call, d_temp_storage, temp_storage_bytes, d_input_keys, d_input_items, d_output_keys, d_output_items,
                 num_items, compare_op, true, stream);
  }

  template <class KeyIt, class OffsetT, class CompareOp>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt d_keys, OffsetT num_items,
                          CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::SortKeys", d_temp_storage);
    return keys(call, d_temp_storage, temp_storage_bytes, d_keys, d_keys, num_items, compare_op, false, stream);
  }

  template <class KeyInputIt, class KeyIt, class OffsetT, class CompareOp>
  static error_t SortKeysCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyInputIt d_input_keys,
                              KeyIt d_output_keys, OffsetT num_items, CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::SortKeysCopy", d_temp_storage);
    return keys(call, d_temp_storage, temp_storage_bytes, d_input_keys, d_output_keys, num_items, compare_op, true,
                stream);
  }

  template <class KeyIt, class ValueIt, class OffsetT, class CompareOp>
  static error_t StableSortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt d_keys,
                                 ValueIt d_items, OffsetT num_items, CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::StableSortPairs", d_temp_storage);
    return pairs(call, d_temp_storage, temp_storage_bytes, d_keys, d_items, d_keys, d_items, num_items, compare_op,
                 false,
                 stream);
  }

  template <class KeyIt, class OffsetT, class CompareOp>
  static error_t StableSortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt d_keys,
                                OffsetT num_items, CompareOp compare_op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::StableSortKeys", d_temp_storage);
    return keys(call, d_temp_storage, temp_storage_bytes, d_keys, d_keys, num_items, compare_op, false, stream);
  }

  template <class KeyInputIt, class KeyIt, class OffsetT, class CompareOp>
  static error_t StableSortKeysCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyInputIt d_input_keys,
                                    KeyIt d_output_keys, OffsetT num_items, CompareOp compare_op,
                                    stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMergeSort::StableSortKeysCopy", d_temp_storage);
    return keys(call, d_temp_storage, temp_storage_bytes, d_input_keys, d_output_keys, num_items, compare_op, true,
                stream);
  }

 protected:
  template <class KeyIn, class KeyOut, class OffsetT, class CompareOp>
  static error_t keys(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                      KeyIn keys_in, KeyOut keys_out,
                      OffsetT num_items, CompareOp compare_op, bool copy, stream_t stream) {
    const bool items = detail::valid_count(num_items) && num_items > 0;
    if (!call.count(num_items, "num_items") || !call.data(keys_in, copy ? "d_input_keys" : "d_keys", items) ||
        !call.data(keys_out, "d_output_keys", items))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_merge_sort<Tuning>::template sort<detail::merge_value_t<KeyOut>, NullType>(
          temp, bytes, keys_in, detail::no_values{}, keys_out, detail::no_values{},
          static_cast<std::uint64_t>(num_items), compare_op, stream);
    });
  }

  template <class KeyIn, class ValueIn, class KeyOut, class ValueOut, class OffsetT, class CompareOp>
  static error_t pairs(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                       KeyIn keys_in, ValueIn values_in, KeyOut keys_out, ValueOut values_out, OffsetT num_items,
                       CompareOp compare_op, bool copy, stream_t stream) {
    const bool items = detail::valid_count(num_items) && num_items > 0;
    if (!call.count(num_items, "num_items") || !call.data(keys_in, copy ? "d_input_keys" : "d_keys", items) ||
        !call.data(values_in, copy ? "d_input_items" : "d_items", items) ||
        !call.data(keys_out, "d_output_keys", items) || !call.data(values_out, "d_output_items", items))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_merge_sort<Tuning>::template sort<detail::merge_value_t<KeyOut>,
                                                                detail::merge_value_t<ValueOut>>(
          temp, bytes, keys_in, values_in, keys_out, values_out, static_cast<std::uint64_t>(num_items), compare_op,
          stream);
    });
  }
};

/// DeviceMergeSort with the backend's default tuning.
struct DeviceMergeSort : DeviceMergeSortTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
