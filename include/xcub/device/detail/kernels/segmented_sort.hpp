// xcub/device/detail/kernels/segmented_sort.hpp: the two kernels of DeviceSegmentedRadixSort and
// DeviceSegmentedSort, launched one after the other by dispatch/dispatch_segmented_sort.hpp:
//   segmented_sort_small_kernel  the segments of 1 to small_items_max() items, a logical warp each
//                                (segmented_sort_small.hpp), grid-stride over the segments;
//   segmented_sort_kernel        the longer ones, a block each (agent_segmented_sort.hpp).
// Each kernel reads every segment's offsets and sorts only its own, so the two never touch the same
// items. Two kernels rather than one, because the block paths' registers and shared memory would
// otherwise bound how many logical warps run at once (docs/device-segmented-sort.md).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_segmented_sort.hpp>
#include <xcub/device/detail/agent/segmented_sort_small.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Logical warp w of the grid (block_threads / small_threads of them per block) sorts segments w,
/// w + (logical warps of the grid), ... whose size is 1 to small_items_max(), by bits
/// [begin_bit, end_bit) (WHOLE_KEYS: they cover the key); it skips the others.
template <class Tuning, bool DESCENDING, bool WHOLE_KEYS, class KeyT, class ValueT, class Segments>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT>::value.block_threads))
    segmented_sort_small_kernel(Segments segments, segmented_sort_buffers<KeyT, ValueT> buffers,
                                std::uint64_t num_segments, int begin_bit, int end_bit) {
  constexpr segmented_sort_policy policy = active_policy<Tuning, KeyT>::value;
  static_assert(policy.small_threads >= 1 && policy.small_threads <= arch::warp_threads &&
                    arch::warp_threads % policy.small_threads == 0 && policy.small_items >= 1,
                "xcub::DeviceSegmentedSort: a tuning's small_threads must divide the warp, small_items >= 1");
  using small_sort =
      segmented_sort_small<KeyT, ValueT, policy.small_threads, policy.small_items, DESCENDING, WHOLE_KEYS>;
  constexpr int sorters = policy.block_threads / policy.small_threads;
  using storage_t = typename small_sort::TempStorage[sorters];
  XCUB_SHARED(storage_t, storage);
  using offset_t = typename Segments::offset_type;
  const int sorter = static_cast<int>(arch::linear_thread_id()) / policy.small_threads;
  const std::uint64_t step = static_cast<std::uint64_t>(sorters) * arch::grid_dim().x;
  for (std::uint64_t s = static_cast<std::uint64_t>(arch::block_idx().x) * sorters + static_cast<std::uint64_t>(sorter);
       s < num_segments; s += step) {
    const segment_range<offset_t> seg = segments.at(s);
    if (seg.size > offset_t(0) && seg.size <= static_cast<offset_t>(policy.small_items_max()))
      small_sort::sort(storage[sorter], seg, buffers, begin_bit, end_bit);
  }
}

/// Block b sorts the groups b, b + grid, ... of `group` consecutive segments each (the last group
/// may be shorter): each segment longer than small_items_max() by bits [begin_bit, end_bit), in
/// `passes` passes where it is longer than a tile.
template <class Tuning, bool DESCENDING, class KeyT, class ValueT, class Segments>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT>::value.block_threads))
    segmented_sort_kernel(Segments segments, segmented_sort_buffers<KeyT, ValueT> buffers, std::uint64_t num_segments,
                          int group, int begin_bit, int end_bit, int passes) {
  using agent = agent_segmented_sort<active_policy<Tuning, KeyT>, KeyT, ValueT, DESCENDING>;
  using storage_t = typename agent::template TempStorage<typename Segments::offset_type>;
  XCUB_SHARED(storage_t, storage);
  const std::uint64_t step = static_cast<std::uint64_t>(group) * arch::grid_dim().x;
  for (std::uint64_t first = static_cast<std::uint64_t>(group) * arch::block_idx().x; first < num_segments;
       first += step) {
    const std::uint64_t left = num_segments - first;
    const int count = left < static_cast<std::uint64_t>(group) ? static_cast<int>(left) : group;
    agent::consume_group(storage, segments, buffers, first, count, begin_bit, end_bit, passes);
  }
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
