// xcub/device/detail/kernels/transform.hpp: the kernel of DeviceTransform and DeviceFor (one
// agent_elementwise walk). Launched by dispatch/dispatch_transform.hpp.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_transform.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// Tuning::policy<PolicyT>(arch) sizes the tiles; `vectorize`: the body's pointers are aligned to
/// its words (the policy may still turn the vector path off with vector_bytes == 0).
template <class Tuning, class PolicyT, class OffsetT, class Body>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, PolicyT>::value.block_threads))
    elementwise_kernel(Body body, OffsetT num_items, bool vectorize) {
  constexpr transform_policy policy = active_policy<Tuning, PolicyT>::value;
  agent_elementwise<policy.block_threads, policy.items_per_thread, OffsetT, Body>::run(
      body, num_items, vectorize && policy.vector_bytes != 0);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
