// xcub/device/device_merge.hpp: DeviceMerge, the stable merge of two sorted ranges (CUB's
// DeviceMerge).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it. Two phases, as CUB: with d_temp_storage == nullptr the call only writes the temp
// storage size into temp_storage_bytes (8 bytes per output tile, at least 1).
//   MergeKeys(temp, bytes, keys_in1, num_keys1, keys_in2, num_keys2, keys_out, compare_op = {}, stream = 0)
//   MergePairs(temp, bytes, keys_in1, items_in1, num_keys1, keys_in2, items_in2, num_keys2, keys_out,
//              items_out, compare_op = {}, stream = 0)
// - Both inputs sorted by compare_op (a strict weak ordering callable in device code; default
//   std::less<>). keys_out[0, num_keys1 + num_keys2) receives their merge, stable: of equivalent
//   keys, those of the first range come first, each range's in its order; items move with their keys.
// - Inputs: any random-access input iterators (CountingInputIterator, TransformInputIterator ...);
//   keys are merged as the value type of keys_in1, items as that of items_in1. The output must not
//   overlap the inputs. Counts: any integer type up to 64 bits (CUB: int64_t).
// Returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative count; a null input pointer of a non-empty range; a null
//                          output pointer with items; temp_storage_bytes smaller than the first call
//                          gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Template parameters in CUB 3.0.1's order: iterators, CompareOp = std::less<>, then the deduced
// count types.
// Algorithm: one merge pass of DeviceMergeSort (docs/device-merge-sort.md): a merge-path partition
// per output tile, then each tile merged by a block in shared memory.
//
//   // int* d_a = {1, 3, 5}; int* d_b = {2, 3, 4}; int* d_out (6 items)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceMerge::MergeKeys(d_temp, temp_bytes, d_a, 3, d_b, 3, d_out);
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceMerge::MergeKeys(d_temp, temp_bytes, d_a, 3, d_b, 3, d_out);   // {1, 2, 3, 3, 4, 5}
//
// DeviceMergeTuned<Tuning> is the same API with another tuning (as xcub::tuning::merge).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include <xcub/runtime.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/device/device_merge_sort.hpp>  // detail::merge_value_t
#include <xcub/device/detail/agent/merge_source.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/merge_sort.hpp>

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::merge>
struct DeviceMergeTuned {
  template <class KeyIt1, class KeyIt2, class KeyOut, class CompareOp = std::less<>, class Count1 = std::int64_t,
            class Count2 = std::int64_t>
  static error_t MergeKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt1 keys_in1, Count1 num_keys1,
                           KeyIt2 keys_in2, Count2 num_keys2, KeyOut keys_out, CompareOp compare_op = {},
                           stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMerge::MergeKeys", d_temp_storage);
    if (!call.count(num_keys1, "num_keys1") || !call.count(num_keys2, "num_keys2")) return error_invalid_value;
    if (!call.data(keys_in1, "keys_in1", num_keys1 > 0) || !call.data(keys_in2, "keys_in2", num_keys2 > 0) ||
        !call.data(keys_out, "keys_out", num_keys1 > 0 || num_keys2 > 0))
      return error_invalid_value;
    const auto a = static_cast<std::uint64_t>(num_keys1), b = static_cast<std::uint64_t>(num_keys2);
    using source_t = detail::two_runs<KeyIt1, detail::no_values, KeyIt2, detail::no_values>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_merge_sort<Tuning>::template merge<detail::merge_value_t<KeyIt1>, NullType>(
          temp, bytes, source_t{keys_in1, {}, keys_in2, {}, a, b}, keys_out, detail::no_values{}, a + b, compare_op,
          stream);
    });
  }

  template <class KeyIt1, class ItemIt1, class KeyIt2, class ItemIt2, class KeyOut, class ItemOut,
            class CompareOp = std::less<>, class Count1 = std::int64_t, class Count2 = std::int64_t>
  static error_t MergePairs(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIt1 keys_in1, ItemIt1 items_in1,
                            Count1 num_keys1, KeyIt2 keys_in2, ItemIt2 items_in2, Count2 num_keys2, KeyOut keys_out,
                            ItemOut items_out, CompareOp compare_op = {}, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceMerge::MergePairs", d_temp_storage);
    if (!call.count(num_keys1, "num_keys1") || !call.count(num_keys2, "num_keys2")) return error_invalid_value;
    const bool any = num_keys1 > 0 || num_keys2 > 0;
    if (!call.data(keys_in1, "keys_in1", num_keys1 > 0) || !call.data(items_in1, "items_in1", num_keys1 > 0) ||
        !call.data(keys_in2, "keys_in2", num_keys2 > 0) || !call.data(items_in2, "items_in2", num_keys2 > 0) ||
        !call.data(keys_out, "keys_out", any) || !call.data(items_out, "items_out", any))
      return error_invalid_value;
    const auto a = static_cast<std::uint64_t>(num_keys1), b = static_cast<std::uint64_t>(num_keys2);
    using source_t = detail::two_runs<KeyIt1, ItemIt1, KeyIt2, ItemIt2>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_merge_sort<Tuning>::template merge<detail::merge_value_t<KeyIt1>,
                                                                 detail::merge_value_t<ItemIt1>>(
          temp, bytes, source_t{keys_in1, items_in1, keys_in2, items_in2, a, b}, keys_out, items_out, a + b,
          compare_op, stream);
    });

  }
};

/// DeviceMerge with the backend's default tuning.
struct DeviceMerge : DeviceMergeTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
