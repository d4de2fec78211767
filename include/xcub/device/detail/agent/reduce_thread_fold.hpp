// xcub/device/detail/agent/reduce_thread_fold.hpp: how the reduce agent turns a thread's raw items
// into its accumulator. By default each item converts to AccumT and the items fold with the
// operator. An operator whose accumulator has a cheaper way to take many raw items at once (the
// reproducible sum's binned accumulator: <xcub/device/reproducible.hpp>) specializes this.
#pragma once

#include <xcub/config.hpp>
#include <xcub/thread/thread_reduce.hpp>

namespace xcub::detail {

template <class AccumT, class ReductionOp>
struct reduce_thread_fold {
  /// One raw item as an accumulator.
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static AccumT convert(const ReductionOp&, const T& item) {
    return static_cast<AccumT>(item);
  }
  /// A thread's N raw items folded into one accumulator, in order.
  template <class T, int N>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static AccumT fold(const ReductionOp& op, const T (&items)[N]) {
    AccumT values[N];
XCUB_UNROLL
    for (int i = 0; i < N; ++i) values[i] = static_cast<AccumT>(items[i]);
    return ThreadReduce(values, op);
  }
};

}  // namespace xcub::detail
