// xcub/device/detail/kernels/segmented_reduce.hpp: the kernel of DeviceSegmentedReduce (shared
// storage and a loop of agent calls). Launched by dispatch/dispatch_segmented_reduce.hpp.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_segmented_reduce.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Block b reduces the groups b, b + grid, ... of `group` consecutive segments each (the last
/// group may be shorter) and writes one result per segment.
template <class Tuning, bool APPLY_INIT, class Segments, class Reader, class OutputIt, class AccumT, class ReductionOp,
          class InitT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, AccumT>::value.block_threads))
    segmented_reduce_kernel(Segments segments, Reader read, OutputIt out, std::uint64_t num_segments, int group,
                            ReductionOp op, InitT init) {
  using agent = agent_segmented_reduce<active_policy<Tuning, AccumT>, AccumT, ReductionOp,
                                       typename Reader::value_type>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  const std::uint64_t step = static_cast<std::uint64_t>(group) * arch::grid_dim().x;
  for (std::uint64_t first = static_cast<std::uint64_t>(group) * arch::block_idx().x; first < num_segments;
       first += step) {
    const std::uint64_t left = num_segments - first;
    const int count = left < static_cast<std::uint64_t>(group) ? static_cast<int>(left) : group;
    agent{storage, op}.template consume_group<APPLY_INIT>(segments, read, out, first, count, init);
  }
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
