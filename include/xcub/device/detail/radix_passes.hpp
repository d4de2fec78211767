// xcub/device/detail/radix_passes.hpp: which buffer each pass of an LSD radix sort writes, the plan
// every backend's DeviceRadixSort dispatch follows (so that the result lands where the façade's
// contract says, whichever backend sorts).
#pragma once

namespace xcub::detail {

/// The buffer pass p of `passes` writes. buffers = {current (the input), alternate}.
///   - overwrite (a DoubleBuffer): the buffer the pass does not read, so pass p reads
///     buffers[p % 2] and the result ends in buffers[passes % 2];
///   - otherwise the last pass writes buffers[1] (the output) and the passes before it alternate
///     with `temp` backwards from there: the input is never written.
template <class T>
constexpr T* radix_pass_target(int p, int passes, bool overwrite, T* const (&buffers)[2], T* temp) {
  if (overwrite) return buffers[(p + 1) % 2];
  return (passes - 1 - p) % 2 == 0 ? buffers[1] : temp;
}

}  // namespace xcub::detail
