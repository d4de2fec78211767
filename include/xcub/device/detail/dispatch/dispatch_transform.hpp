// xcub/device/detail/dispatch/dispatch_transform.hpp: launches DeviceTransform's and DeviceFor's
// kernel.
//
// dispatch_elementwise<Tuning, PolicyT>(body, num_items, vectorize, stream): one launch of
// elementwise_kernel, a block per tile of Tuning::policy<PolicyT>(arch) (at most 2^31 - 1 blocks;
// they loop past that). No items: nothing is launched. No temp storage. The caller (the façade)
// has checked the arguments.
#pragma once

#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/transform.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning, class PolicyT, class OffsetT, class Body>
error_t dispatch_elementwise(Body body, OffsetT num_items, bool vectorize, stream_t stream) {
  if (num_items == 0) return success;
  constexpr auto kernel = &elementwise_kernel<Tuning, PolicyT, OffsetT, Body>;
  int arch = 0;
  if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
  const transform_policy policy = Tuning::template policy<PolicyT>(arch);
  const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items());
  const std::uint64_t tiles = (static_cast<std::uint64_t>(num_items) + tile - 1) / tile;
  constexpr std::uint64_t max_grid = 0x7fffffff;
  const unsigned grid = static_cast<unsigned>(tiles < max_grid ? tiles : max_grid);
  return launch(dim3(grid), dim3(static_cast<unsigned>(policy.block_threads)), 0, stream, kernel, body, num_items,
                vectorize);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
