// xcub/device/detail/kernels/histogram.hpp: DeviceHistogram's kernels. Launched by
// dispatch/dispatch_histogram.hpp: the init kernel zeroes every output bin, then the sweep kernel
// (launched overlapped with it on sm_90) counts.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_histogram.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>

namespace xcub::detail {

/// The output histograms and their bin counts, what the init kernel zeroes.
template <int A, class CounterT>
struct histogram_outputs {
  CounterT* out[A];
  int bins[A];
};

/// The sample type the histogram tuning is asked for.
template <class SampleIt>
using histogram_sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;

}  // namespace xcub::detail

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// out[c][i] = 0 for every channel c and bin i < bins[c]: one thread per bin index, any grid.
template <int A, class CounterT>
XCUB_KERNEL void histogram_init_kernel(histogram_outputs<A, CounterT> outputs) {
  arch::release_next_grid();  // the sweep may start: it waits for this grid before it adds to the output
  const std::uint64_t i = static_cast<std::uint64_t>(arch::block_idx().x) * arch::block_dim().x + arch::thread_idx().x;
XCUB_UNROLL
  for (int c = 0; c < A; ++c)
    if (i < static_cast<std::uint64_t>(outputs.bins[c])) outputs.out[c][i] = CounterT(0);
}

/// One agent_histogram sweep (SHARED: privatized counters in the launch's dynamic shared memory;
/// SMALL: the policy's small tile, small_pixels_per_thread pixels per thread). Where the policy has
/// no smaller tile, the dispatch never launches the SMALL kernel: its body is then empty, so that it
/// costs no compile time.
template <class Tuning, int C, int A, bool SHARED, bool RAW, bool SMALL, class SampleIt, class CounterT, class Binner>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, histogram_sample_t<SampleIt>>::value.block_threads))
    histogram_sweep_kernel(histogram_args<A, SampleIt, CounterT, Binner> args) {
  using policy = active_policy<Tuning, histogram_sample_t<SampleIt>>;
  constexpr histogram_policy p = policy::value;
  constexpr int sample_bytes = static_cast<int>(sizeof(histogram_sample_t<SampleIt>));
  if constexpr (!SMALL || p.small_pixels_per_thread(C, sample_bytes) != p.pixels_per_thread(C))
    agent_histogram<policy, C, A, SHARED, RAW, SMALL, SampleIt, CounterT, Binner>(args).run();
  else
    (void)args;
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
