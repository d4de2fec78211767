// xcub/device/detail/dispatch/dispatch_histogram.hpp: launches DeviceHistogram's kernels (host side).
//
// dispatch_histogram<Tuning, C, A>(samples, out, binners, row_pixels, rows, row_stride, stream):
//   1. histogram_init_kernel zeroes out[c][0, binners[c].bin_count()) for every active channel c
//      (also when there are no samples: the call always writes the whole output);
//   2. with samples, histogram_sweep_kernel counts them (launch_overlapped after the init kernel),
//      on a grid of the device's resident blocks times the policy's oversubscription, at most one
//      block per tile. Its shared-memory path is taken when one copy of the privatized counters
//      (256 per channel for 1-byte samples, else the channel's bins; a Range's levels besides) fits
//      the policy's shared_bytes (at most the device's shared memory per block); the most copies that
//      fit, up to sub_histograms, rounded down to a power of two, are used. Otherwise the
//      global-atomic path.
// Rows laid end to end (row_stride == the row's samples) are swept as one row. No temp storage. The
// façade has checked the arguments; the output's CounterT is 4 or 8 bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/kernels/histogram.hpp>
#include <xcub/util/device_properties.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Threads per block of the init kernel.
inline constexpr unsigned histogram_init_threads = 256;

template <class Tuning, int C, int A, class SampleIt, class CounterT, class Binner>
error_t dispatch_histogram(SampleIt samples, const std::array<CounterT*, A>& out, const std::array<Binner, A>& binners,
                           std::uint64_t row_pixels, std::uint64_t rows, std::uint64_t row_stride, stream_t stream) {
  using sample_t = histogram_sample_t<SampleIt>;
  using word_t = histogram_word_t<CounterT>;
  constexpr bool raw = sizeof(sample_t) == 1;  // privatize the 256 sample values, bin them at the end
  constexpr auto shared_kernel = &histogram_sweep_kernel<Tuning, C, A, true, raw, false, SampleIt, CounterT, Binner>;
  constexpr auto small_kernel = &histogram_sweep_kernel<Tuning, C, A, true, raw, true, SampleIt, CounterT, Binner>;
  constexpr auto global_kernel = &histogram_sweep_kernel<Tuning, C, A, false, false, false, SampleIt, CounterT, Binner>;

  histogram_outputs<A, CounterT> outputs{};
  int max_bins = 0;
  for (int c = 0; c < A; ++c) {
    outputs.out[c] = out[c];
    outputs.bins[c] = binners[c].bin_count();
    max_bins = outputs.bins[c] > max_bins ? outputs.bins[c] : max_bins;
  }
  const unsigned init_blocks = static_cast<unsigned>((static_cast<std::uint64_t>(max_bins) + histogram_init_threads - 1) /
                                                     histogram_init_threads);
  if (const error_t e = launch(dim3(init_blocks), dim3(histogram_init_threads), 0, stream,
                               &histogram_init_kernel<A, CounterT>, outputs);
      e != success)
    return e;
  if (rows == 0 || row_pixels == 0) return success;
  if (rows > 1 && row_stride == row_pixels * C) {  // rows end to end: one long row
    row_pixels *= rows;
    rows = 1;
  }

  int arch = 0;
  if (const error_t e = cached_kernel_arch<shared_kernel>(arch); e != success) return e;
  const histogram_policy policy = Tuning::template policy<sample_t>(arch);

  histogram_args<A, SampleIt, CounterT, Binner> args{};
  args.samples = samples;
  int stride = 0, max_levels = 0;
  for (int c = 0; c < A; ++c) {
    args.out[c] = out[c];
    args.binners[c] = binners[c];
    args.privatized[c] = raw ? 256 : binners[c].bin_count();
    stride = args.privatized[c] > stride ? args.privatized[c] : stride;
    max_levels = binners[c].bin_count() + 1 > max_levels ? binners[c].bin_count() + 1 : max_levels;
  }
  args.row_samples = row_pixels * C;
  args.row_stride = rows > 1 ? row_stride : args.row_samples;
  args.vectorize = false;
  if constexpr (vector_load_source<sample_t, SampleIt>::value) {
    const auto address = reinterpret_cast<std::uintptr_t>(vector_load_source<sample_t, SampleIt>::pointer(samples));
    args.vectorize = address % 16 == 0 && (rows == 1 || args.row_stride * sizeof(sample_t) % 16 == 0);
  }

  // The shared-memory path where one copy of the counters (and the staged levels) fits the budget.
  std::size_t levels_bytes = 0;
  if constexpr (Binner::has_levels && !raw) levels_bytes = static_cast<std::size_t>(A) * max_levels * sizeof(typename Binner::level_t);
  const std::size_t copy_counters = static_cast<std::size_t>(A) * static_cast<std::size_t>(stride);
  // The budget is clamped to what a block gets without opting in on this device (48 KiB on NVIDIA
  // GPUs, 64 KiB on AMD ones): a launch asking for more dynamic shared memory fails unless the kernel
  // opted in first, so a tuning's larger budget would fail every launch.
  std::size_t budget = policy.shared_bytes > 0 ? static_cast<std::size_t>(policy.shared_bytes) : 0;
  {
    int device = 0;
    device_properties props;
    if (const error_t e = get_device(&device); e != success) return e;
    if (const error_t e = get_device_properties(device, &props); e != success) return e;
    const std::size_t block_limit = props.shared_memory_per_block > 0 ? static_cast<std::size_t>(props.shared_memory_per_block) : 0;
    budget = budget < block_limit ? budget : block_limit;
  }
  const bool shared = histogram_counter_bytes(copy_counters, sizeof(word_t)) + levels_bytes <= budget;
  std::size_t shared_bytes = 0;
  if (shared) {
    // The interleaved layout indexes copies with a shift and a mask: a power of two.
    int shift = 0;
    while (shift < 30 && (2 << shift) <= policy.sub_histograms &&
           histogram_counter_bytes((std::size_t{2} << shift) * copy_counters, sizeof(word_t)) + levels_bytes <= budget)
      ++shift;
    const int copies = 1 << shift;
    args.stride = stride;
    args.copies = copies;
    args.copy_shift = shift;
    args.levels_stride = levels_bytes > 0 ? max_levels : 0;
    shared_bytes = histogram_counter_bytes(copies * copy_counters, sizeof(word_t)) + levels_bytes;
  }

  std::uint64_t resident = 0;
  const error_t occupancy = shared ? resident_blocks(shared_kernel, policy.block_threads, resident, shared_bytes)
                                   : resident_blocks(global_kernel, policy.block_threads, resident);
  if (occupancy != success) return occupancy;
  const std::uint64_t over = policy.oversubscription > 1 ? static_cast<std::uint64_t>(policy.oversubscription) : 1;
  std::uint64_t grid = resident * over;

  // The tile: the policy's, or on the shared path the policy's small one (its own kernel) where the
  // input gives fewer whole tiles than the grid has blocks: a small input then spreads over more SMs
  // rather than one long tile per block. The global path keeps the policy's tile: its atomics, not
  // the spread, bound it.
  const auto tiles_of = [&](int pixels) {
    const std::uint64_t tile_pixels = static_cast<std::uint64_t>(policy.block_threads) * static_cast<std::uint64_t>(pixels);
    return rows * ((row_pixels + tile_pixels - 1) / tile_pixels);
  };
  const int small_pixels = policy.small_pixels_per_thread(C, static_cast<int>(sizeof(sample_t)));
  const bool small = shared && small_pixels != policy.pixels_per_thread(C) && tiles_of(policy.pixels_per_thread(C)) < grid;
  args.num_tiles = tiles_of(small ? small_pixels : policy.pixels_per_thread(C));
  args.tiles_per_row = args.num_tiles / rows;
  grid = grid < args.num_tiles ? grid : args.num_tiles;
  grid = grid < 0x7fffffffu ? grid : 0x7fffffffu;
  const dim3 block(static_cast<unsigned>(policy.block_threads));
  if (small) return launch_overlapped(arch, dim3(static_cast<unsigned>(grid)), block, shared_bytes, stream, small_kernel, args);
  if (shared) return launch_overlapped(arch, dim3(static_cast<unsigned>(grid)), block, shared_bytes, stream, shared_kernel, args);
  return launch_overlapped(arch, dim3(static_cast<unsigned>(grid)), block, 0, stream, global_kernel, args);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
