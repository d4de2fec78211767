// xcub/device/detail/kernels/topk.hpp: the kernels of DeviceTopK (each: shared storage and one
// agent call). Launched in this order by dispatch/dispatch_topk.hpp, all in one stream:
//   topk_init_kernel    zeroes every round's digit counts and sets the search state
//   topk_round_kernel   round 0, then after each scan the next round (agent_topk.hpp)
//   topk_scan_kernel    one block: the k-th key's digit of the round just counted (agent_topk_scan.hpp)
#pragma once

#include <cstddef>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_topk.hpp>
#include <xcub/device/detail/agent/agent_topk_scan.hpp>
#include <xcub/device/detail/agent/topk_state.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>

namespace xcub::detail::topk {
/// Threads of the init kernel's blocks.
inline constexpr int init_threads = 256;
}  // namespace xcub::detail::topk

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Zeroes `words` digit counts (grid-strided) and sets the state for round 0: no prefix, k keys
/// missing, C_0 = the num_items input keys, unbuffered, the last round `passes`.
template <class BitsT, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(topk::init_threads)
    topk_init_kernel(topk::state<BitsT, OffsetT>* st, OffsetT* counts, std::size_t words, OffsetT num_items, OffsetT k,
                     int passes) {
  const std::size_t stride = static_cast<std::size_t>(arch::grid_dim().x) * topk::init_threads;
  for (std::size_t i = arch::block_idx().x * std::size_t{topk::init_threads} + arch::thread_idx().x; i < words;
       i += stride)
    counts[i] = 0;
  if (arch::block_idx().x == 0 && arch::thread_idx().x == 0) {
    topk::state<BitsT, OffsetT> s{};
    s.prefix = 0;
    s.k_left = k;
    s.dst_count = num_items;
    s.last_round = passes;
    *st = s;
  }
}

template <class Tuning, bool LARGEST, class Args>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(
    (active_policy<Tuning, typename Args::key_t, typename Args::value_t>::value.block_threads))
    topk_round_kernel(Args args, int round) {
  using agent = topk::agent_topk_round<active_policy<Tuning, typename Args::key_t, typename Args::value_t>, LARGEST,
                                       Args>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  agent{storage, args}.run(round);
}

template <class Tuning, class KeyT, class ValueT, class BitsT, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT, ValueT>::value.scan_threads))
    topk_scan_kernel(topk::state<BitsT, OffsetT>* st, const OffsetT* counts, int round, OffsetT capacity) {
  using agent = topk::agent_topk_scan<active_policy<Tuning, KeyT, ValueT>, BitsT, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  agent::run(storage, st, counts, round, capacity);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
