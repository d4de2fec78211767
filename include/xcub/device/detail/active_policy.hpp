// xcub/device/detail/active_policy.hpp: the policy a kernel compiled for the current device pass
// uses: Tuning::policy<T...>(arch::target_arch()), a constant of the pass. The host asks the same
// function with the architecture the launcher reports for the kernel (kernel_arch.hpp), so both
// sides agree. One definition for every device algorithm's kernels.
#pragma once

#include <xcub/arch/target.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

template <class Tuning, class... T>
struct active_policy {
  static constexpr auto value = Tuning::template policy<T...>(arch::target_arch());
};

/// The pipeline of T in this tuning (pipeline_of: off where the tuning offers none), as active_policy.
template <class Tuning, class T>
struct active_pipeline {
  static constexpr pipelined_scan_policy value = pipeline_of<Tuning, T>::get(arch::target_arch());
};

}  // namespace xcub::detail
