// xcub/device/detail/agent/agent_segmented_sort.hpp: one block's group of segments of a
// DeviceSegmentedRadixSort or DeviceSegmentedSort, the segments longer than the small path takes.
//
// agent_segmented_sort<Policy, KeyT, ValueT, DESCENDING>: Policy is a type whose `static constexpr
// segmented_sort_policy value` gives the shape; ValueT = NullType sorts keys only.
// consume_group(storage, segments, buffers, first, count, begin_bit, end_bit, passes) sorts the
// segments of [first, first + count) (count <= block_threads) that are longer than
// small_items_max() by bits [begin_bit, end_bit) of their keys' radix images, stably; every thread
// of the block calls it, with one shared TempStorage<OffsetT> (OffsetT: the segment source's offset
// type). Shorter segments are left alone: segmented_sort_small_kernel sorts them (a logical warp
// each, in a kernel of its own, so that their occupancy is not bound by the block paths' registers
// and shared memory). Each segment here goes where its size says:
//   - size <= one tile: the block's BlockRadixSort, the tile padded with keys that sort last;
//   - longer: the block, `passes` radix passes through global memory (segmented_radix_pass.hpp),
//     ping-ponging between the final and the other buffer so that the last pass lands in the final.
// The tile path reads the input buffers and writes the final ones. Sizes come from the segment
// source (segment_source.hpp: an end at or before its begin is an empty segment).
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/device/detail/agent/segment_source.hpp>
#include <xcub/device/detail/agent/segmented_radix_pass.hpp>
#include <xcub/device/detail/agent/segmented_sort_small.hpp>  // segmented_sort_buffers
#include <xcub/device/detail/policy.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Policy, class KeyT, class ValueT, bool DESCENDING>
struct agent_segmented_sort {
  static constexpr segmented_sort_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int width = arch::warp_threads;
  static constexpr int warps = threads / width;
  static_assert(threads % width == 0 && threads <= 1024,
                "xcub::DeviceSegmentedSort: a tuning's block_threads must be a multiple of the warp, at most 1024");
  static_assert(items >= 1 && policy.radix_bits >= 1 && policy.radix_bits <= 8 &&
                    policy.segments_per_block >= 1 && policy.segments_per_block <= threads,
                "xcub::DeviceSegmentedSort: a tuning needs items_per_thread >= 1, radix_bits 1..8 and "
                "1 <= segments_per_block <= block_threads");

  using rk = radix::radix_key<KeyT>;
  using image_t = typename rk::image_t;
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
  using value_t = std::conditional_t<keys_only, NullType, ValueT>;
  static constexpr image_t pad_image = DESCENDING ? image_t(0) : static_cast<image_t>(~image_t(0));
  using block_sort = BlockRadixSort<KeyT, threads, items, value_t, policy.radix_bits>;

  template <class OffsetT>
  struct TempStorage {
    union {
      typename block_sort::TempStorage block;
      typename segmented_radix_pass<KeyT, ValueT, threads, items, policy.radix_bits, DESCENDING,
                                    OffsetT>::TempStorage pass;
    } u;
    arch::lane_mask_t large[warps];  // per warp: its lanes whose segment takes the block
    int large_list[threads];         // the group's segments that take the block (group-relative), in order
  };

  template <class Segments, class Storage>
  XCUB_DEVICE XCUB_FORCEINLINE static void consume_group(Storage& storage, const Segments& segments,
                                                         const segmented_sort_buffers<KeyT, ValueT>& buf,
                                                         std::uint64_t first, int count, int begin_bit, int end_bit,
                                                         int passes) {
    using offset_t = typename Segments::offset_type;
    const int tid = static_cast<int>(arch::linear_thread_id());
    const int lane = tid % width, warp = tid / width;
    segment_range<offset_t> r{offset_t(0), offset_t(0)};
    if (tid < count) r = segments.at(first + static_cast<std::uint64_t>(tid));
    const bool is_large = tid < count && r.size > static_cast<offset_t>(policy.small_items_max());
    const arch::lane_mask_t large = arch::ballot(arch::full_lane_mask, is_large);
    if (lane == 0) storage.large[warp] = large;
    arch::sync_threads();
    int large_count = 0, large_at = 0;
    for (int w = 0; w < warps; ++w) {
      if (w == warp) large_at = large_count;
      large_count += arch::lane_count(storage.large[w]);
    }
    const arch::lane_mask_t below = arch::lane_range_mask(0u, static_cast<unsigned>(lane));
    if (is_large) storage.large_list[large_at + arch::lane_count(large & below)] = tid;
    arch::sync_threads();
    if (large_count == 0) return;  // nothing shared is read past the barrier above: the next group may write
    for (int k = 0; k < large_count; ++k) {
      const segment_range<offset_t> seg = segments.at(first + static_cast<std::uint64_t>(storage.large_list[k]));
      if (seg.size <= static_cast<offset_t>(threads * items))
        sort_tile(storage.u.block, seg, buf, begin_bit, end_bit);
      else
        sort_passes(storage.u.pass, seg, buf, begin_bit, end_bit, passes);
      arch::sync_threads();  // before the storage (and, after the last, the lists) is reused
    }
  }

 private:
  template <class Storage, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort_tile(Storage& storage, const segment_range<OffsetT>& seg,
                                                     const segmented_sort_buffers<KeyT, ValueT>& buf, int begin_bit,
                                                     int end_bit) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    KeyT keys[items];
    value_t values[items];
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const OffsetT j = static_cast<OffsetT>(tid * items + i);
      keys[i] = j < seg.size ? buf.keys_in[seg.begin + j] : rk::from_image(pad_image);
      if constexpr (!keys_only)
        values[i] = j < seg.size ? buf.values_in[seg.begin + j] : ValueT();
    }
    if constexpr (DESCENDING)
      block_sort(storage).SortDescendingBlockedToStriped(keys, values, begin_bit, end_bit);
    else
      block_sort(storage).SortBlockedToStriped(keys, values, begin_bit, end_bit);
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const OffsetT j = static_cast<OffsetT>(i * threads + tid);
      if (j < seg.size) {
        buf.keys_final[seg.begin + j] = keys[i];
        if constexpr (!keys_only) buf.values_final[seg.begin + j] = values[i];
      }
    }
  }

  template <class Storage, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort_passes(Storage& storage, const segment_range<OffsetT>& seg,
                                                       const segmented_sort_buffers<KeyT, ValueT>& buf, int begin_bit,
                                                       int end_bit, int passes) {
    using pass_t = segmented_radix_pass<KeyT, ValueT, threads, items, policy.radix_bits, DESCENDING, OffsetT>;
    const KeyT* src_keys = buf.keys_in;
    const ValueT* src_values = buf.values_in;
    for (int p = 0; p < passes; ++p) {
      const bool to_final = (passes - 1 - p) % 2 == 0;  // the last pass lands in the final buffer
      KeyT* dst_keys = to_final ? buf.keys_final : buf.keys_other;
      ValueT* dst_values = to_final ? buf.values_final : buf.values_other;
      pass_t::run(storage, src_keys, src_values, dst_keys, dst_values, seg.begin, seg.size,
                  begin_bit + p * policy.radix_bits, end_bit);
      arch::sync_threads();  // this pass's output is the next one's input
      src_keys = dst_keys;
      src_values = dst_values;
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
