// xcub/device/detail/histogram_policy.hpp: the tuning policy of DeviceHistogram, plain constexpr data
// (in its own header rather than policy.hpp so that the histogram family stays one set of files).
//
// A histogram tuning is a type with `template <class SampleT> static constexpr histogram_policy
// policy(int arch)` (arch numbered as arch::target_arch(): CUDA 900, HIP 910/942/1030, host 0); each
// backend's <xcub/backend/tuning/histogram.hpp> holds the default one (xcub::tuning::histogram).
// docs/device-histogram.md says what the numbers do.
#pragma once

#include <xcub/thread/cache_modifier.hpp>

namespace xcub::detail {

/// DeviceHistogram: blocks sweep tiles of block_threads * pixels_per_thread(C) pixels (a row of the
/// input is cut into tiles; tiles never cross rows), each block counting into privatized counters in
/// shared memory (up to sub_histograms interleaved copies, thread t counting into copy t % copies)
/// when they fit shared_bytes, and adding them to the output once at its end; otherwise straight into
/// the output with device-scope atomics.
struct histogram_policy {
  int block_threads;     // any count >= 1 (a multiple of the warp is best)
  int items_per_thread;  // samples per thread per tile (rounded down to whole pixels, at least one pixel)
  int vector_bytes;      // 16: full tiles of aligned pointers read in 16-byte words (0: sample by sample)
  int sub_histograms;    // privatized copies per block (>= 1): the most that fit shared_bytes, rounded down
                         // to a power of two; as many as a warp has lanes keeps a warp's atomics off
                         // each other's banks (copies past the block's threads are idle)
  int shared_bytes;      // budget for the privatized counters (and a Range's staged levels); clamped to
                         // the device's shared memory per block without opt-in (48 KiB on NVIDIA GPUs)
  int oversubscription;  // the grid is the device's resident blocks times this (at most one block per tile)
  CacheLoadModifier load_modifier = LOAD_DEFAULT;  // 16-byte words of a plain pointer input (a
                                                   // CacheModifiedInputIterator's own modifier wins)

  /// Pixels of C samples a thread takes per tile.
  constexpr int pixels_per_thread(int channels) const {
    const int p = items_per_thread / (channels > 0 ? channels : 1);
    return p < 1 ? 1 : p;
  }
  constexpr int tile_pixels(int channels) const { return block_threads * pixels_per_thread(channels); }
  /// Pixels per thread of the small tile (taken by inputs too small to give every resident block a
  /// whole tile): pixels_per_thread halved while it stays even and, where the policy reads 16-byte
  /// words, a whole number of words of sample_bytes samples.
  constexpr int small_pixels_per_thread(int channels, int sample_bytes) const {
    int p = pixels_per_thread(channels);
    while (p % 2 == 0 && (vector_bytes != 16 || (p / 2) * channels * sample_bytes % 16 == 0)) p /= 2;
    return p;
  }
};

}  // namespace xcub::detail
