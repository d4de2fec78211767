// xcub/device/detail/kernels/find.hpp: the kernels of DeviceFind::FindIf. Launched by
// dispatch/dispatch_find.hpp: find_init_kernel, then find_if_kernel overlapped with it. (LowerBound
// and UpperBound run agent_elementwise's kernel, kernels/transform.hpp.)
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_find.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// One thread: resets the search state (best = n: nothing found); with no items it writes the
/// result (0) itself and no search kernel follows.
template <class OutputIt, class IndexT, class OffsetT>
XCUB_KERNEL void find_init_kernel(find_state<OffsetT>* state, OutputIt out, OffsetT n) {
  arch::release_next_grid();  // the search kernel may start: it waits for this grid before using the state
  if (n == 0) {
    out[0] = static_cast<IndexT>(0);
    return;
  }
  state->best = n;
  state->tickets = 0;
  state->done = 0;
}

/// A grid of at most the resident blocks searches `tiles` tiles of n items (agent_find.hpp), and
/// the last block to finish writes the first match's index (or n) to out[0] as IndexT.
template <class Tuning, class InputIt, class OutputIt, class IndexT, class Pred, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, reduce_item_t<InputIt>>::value.block_threads))
    find_if_kernel(InputIt in, OutputIt out, Pred pred, find_state<OffsetT>* state, OffsetT n, std::uint64_t tiles,
                   bool vector_aligned) {
  using agent = agent_find_if<active_policy<Tuning, reduce_item_t<InputIt>>, InputIt, OffsetT, Pred>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  agent a{storage, in, pred, state, vector_aligned};
  a.search(n, tiles);
  if (arch::linear_thread_id() == 0) a.template finish<IndexT>(out);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
