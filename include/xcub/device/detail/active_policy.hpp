// xcub/device/detail/active_policy.hpp: the policy a kernel compiled for the current device pass
// uses: Tuning::policy<T...>(arch::target_arch()), a constant of the pass. The host asks the same
// function with the architecture the launcher reports for the kernel (kernel_arch.hpp), so both
// sides agree. One definition for every device algorithm's kernels.
#pragma once

#include <xcub/arch/target.hpp>

namespace xcub::detail {

template <class Tuning, class... T>
struct active_policy {
  static constexpr auto value = Tuning::template policy<T...>(arch::target_arch());
};

}  // namespace xcub::detail
