// xcub/device/detail/dispatch/dispatch_segmented_sort.hpp: sizes the temp storage of
// DeviceSegmentedRadixSort / DeviceSegmentedSort and launches their kernel.
//
// dispatch_segmented_sort<Tuning>::run<DESCENDING>(d_temp, bytes, segments, keys, values,
// num_items, num_segments, begin_bit, end_bit, double_buffer, stream):
//   - pointer form (double_buffer false): keys/values are {current = input, alternate = output};
//     the temp storage holds the radix passes' other buffers (num_items keys, and values), used only
//     by segments longer than a tile; the result lands in the output.
//   - DoubleBuffer form: no temp storage is used (1 byte is reported); the passes ping-pong between
//     the two buffers and every segment's result lands in the same one, which run() selects in
//     `keys` and `values`: the alternate when the pass count is odd.
// Two launches (kernels/segmented_sort.hpp): the short segments, a logical warp each (a grid that
// fills the device `oversubscription` times, grid-stride beyond); then the longer ones, whose
// blocks take groups of consecutive segments, as DeviceSegmentedReduce (enough groups to fill the
// device `oversubscription` times when there are that many segments, at most the policy's
// segments_per_block per group). The caller (the public façade) has checked the
// arguments; run() checks only the temp storage size.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/segmented_sort.hpp>
#include <xcub/backend/tuning/segmented_sort.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::segmented_sort>
struct dispatch_segmented_sort {
  template <bool DESCENDING, class KeyT, class ValueT, class Segments>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Segments segments,
                     DoubleBuffer<KeyT>& keys, DoubleBuffer<ValueT>& values, std::uint64_t num_items,
                     std::uint64_t num_segments, int begin_bit, int end_bit, bool double_buffer, stream_t stream) {
    constexpr auto kernel = &segmented_sort_kernel<Tuning, DESCENDING, KeyT, ValueT, Segments>;
    constexpr auto small_kernel = &segmented_sort_small_kernel<Tuning, DESCENDING, false, KeyT, ValueT, Segments>;
    constexpr auto whole_small_kernel = &segmented_sort_small_kernel<Tuning, DESCENDING, true, KeyT, ValueT, Segments>;
    constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
    void* allocations[2] = {nullptr, nullptr};
    std::size_t sizes[2] = {0, 0};
    if (!double_buffer) {
      sizes[0] = static_cast<std::size_t>(num_items) * sizeof(KeyT);
      sizes[1] = keys_only ? 0 : static_cast<std::size_t>(num_items) * sizeof(ValueT);
    }
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, allocations, sizes); e != success)
      return e;
    if (!d_temp_storage) return success;
    // DoubleBuffer with no bits to sort: nothing to do, the data stays where it is (as CUB).
    if (num_items == 0 || num_segments == 0) return success;

    int arch = 0;
    if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
    const segmented_sort_policy policy = Tuning::template policy<KeyT>(arch);
    const int bits = end_bit - begin_bit;
    const int passes = (bits + policy.radix_bits - 1) / policy.radix_bits;  // bits >= 1 (the façade checks)

    segmented_sort_buffers<KeyT, ValueT> buf{};
    buf.keys_in = keys.Current();
    buf.values_in = values.Current();
    if (double_buffer) {
      const bool odd = passes % 2 == 1;
      buf.keys_final = odd ? keys.Alternate() : keys.Current();
      buf.keys_other = odd ? keys.Current() : keys.Alternate();
      buf.values_final = odd ? values.Alternate() : values.Current();
      buf.values_other = odd ? values.Current() : values.Alternate();
    } else {
      buf.keys_final = keys.Alternate();
      buf.keys_other = static_cast<KeyT*>(allocations[0]);
      buf.values_final = values.Alternate();
      buf.values_other = static_cast<ValueT*>(allocations[1]);
    }

    // Short segments: a logical warp each, in a kernel of its own for whole keys (a plain comparator;
    // DeviceSegmentedSort always) and for bit ranges (agent/segmented_sort_small.hpp).
    const bool whole = begin_bit == 0 && end_bit >= static_cast<int>(sizeof(typename radix::radix_key<KeyT>::image_t) * 8);
    const auto launch_small = [&](auto small) -> error_t {
      std::uint64_t resident = 0;
      if (const error_t e = resident_blocks(small, policy.block_threads, resident); e != success) return e;
      const std::uint64_t sorters = static_cast<std::uint64_t>(policy.block_threads / policy.small_threads);
      const std::uint64_t small_blocks = (num_segments + sorters - 1) / sorters;
      const std::uint64_t small_cap = resident * static_cast<std::uint64_t>(Tuning::oversubscription);
      const unsigned small_grid = static_cast<unsigned>(small_blocks < small_cap ? small_blocks : small_cap);
      return launch(dim3(small_grid), dim3(policy.block_threads), 0, stream, small, segments, buf, num_segments,
                    begin_bit, end_bit);
    };
    if (const error_t e = whole ? launch_small(whole_small_kernel) : launch_small(small_kernel); e != success) return e;
    // Longer segments: a block each.
    int group = 1;
    unsigned grid = 1;
    if (const error_t e = segment_groups(kernel, policy.block_threads, Tuning::oversubscription, num_segments,
                                         policy.segments_per_block, group, grid);
        e != success)
      return e;
    if (const error_t e = launch(dim3(grid), dim3(policy.block_threads), 0, stream, kernel, segments, buf,
                                 num_segments, group, begin_bit, end_bit, passes);
        e != success)
      return e;
    if (double_buffer && passes % 2 == 1) {
      keys.selector ^= 1;
      values.selector ^= 1;
    }
    return success;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
