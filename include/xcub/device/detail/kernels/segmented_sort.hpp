// xcub/device/detail/kernels/segmented_sort.hpp: the kernel of DeviceSegmentedRadixSort and
// DeviceSegmentedSort (shared storage and a loop of agent calls). Launched by
// dispatch/dispatch_segmented_sort.hpp.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_segmented_sort.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Block b sorts the groups b, b + grid, ... of `group` consecutive segments each (the last group
/// may be shorter), each segment by bits [begin_bit, end_bit) in `passes` passes where it is
/// longer than a tile.
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
