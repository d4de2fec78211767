// Kokkos tuning of DeviceMemcpy::Batched and DeviceCopy::Batched: nothing is read (a team per
// buffer, its units shared by the team's threads; Kokkos picks the team size). The policy exists so
// that DeviceMemcpyTuned<Tuning> and DeviceCopyTuned<Tuning> compile as on the other backends: a
// user's tuning is accepted and ignored (docs/kokkos-backend.md).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct batched_copy {
  template <class T>
  static constexpr detail::batched_copy_policy policy(int /*arch*/) {
    return {128, 4, 16, 4, 256, 2, 256, 4, 4096, 2, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
