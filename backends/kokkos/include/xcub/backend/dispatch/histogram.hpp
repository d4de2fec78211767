// xcub/backend/dispatch/histogram.hpp (kokkos): DeviceHistogram's dispatch on Kokkos patterns, with
// the kernel dispatch's name, template parameters and signature:
//   dispatch_histogram<Tuning, C, A>(samples, out, binners, row_pixels, rows, row_stride, stream)
// 1. a parallel_for over [0, max bins) zeroes out[c][0, binners[c].bin_count()) for every active
//    channel c (also with no samples: the call always writes the whole output);
// 2. with samples, a parallel_for over the pixels (rows * row_pixels, 64-bit indices): pixel p of row
//    r reads its A active samples at r * row_stride + p * C + c and adds 1 to out[c][bin] with
//    Kokkos::atomic_add where binners[c].bin() (detail/histogram_bins.hpp: CUB's exact bins, the code
//    the kernels use) counts the sample.
// The two launches are ordered on the stream's execution space instance; nothing is fenced. Rows laid
// end to end are swept as one row (no division per pixel). Counts are exact whatever order the
// pixels run in (integer atomics). No temp storage (the façade reports its one byte). The tuning is
// not read: Kokkos schedules the pixels, and the native kernels' privatized shared-memory counters
// are theirs alone (docs/kokkos-backend.md).
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/tuning/histogram.hpp>
#include <xcub/device/detail/histogram_bins.hpp>

namespace xcub::detail {

/// The sample type of an input iterator (what the façade builds its binners for).
template <class SampleIt>
using histogram_sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;

namespace kk {

/// The outputs as plain arrays (device-copyable on every space, unlike std::array in Kokkos 3.x).
template <int A, class CounterT>
struct histogram_zero_pass {
  CounterT* out[A];
  int bins[A];
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    for (int c = 0; c < A; ++c)
      if (i < bins[c]) out[c][i] = CounterT(0);
  }
};

/// One pixel: its active channels' samples counted into their bins.
template <int C, int A, class SampleIt, class CounterT, class Binner>
struct histogram_count_pass {
  SampleIt samples;
  CounterT* out[A];
  Binner binners[A];
  std::uint64_t row_pixels;
  std::uint64_t row_stride;  // in samples
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const std::uint64_t p = static_cast<std::uint64_t>(i);
    const std::uint64_t row = p / row_pixels;
    const std::uint64_t at = row * row_stride + (p - row * row_pixels) * static_cast<std::uint64_t>(C);
    for (int c = 0; c < A; ++c) {
      const int b = binners[c].bin(samples[static_cast<std::int64_t>(at + static_cast<std::uint64_t>(c))]);
      if (b >= 0) Kokkos::atomic_add(&out[c][b], CounterT(1));
    }
  }
};

}  // namespace kk

template <class Tuning, int C, int A, class SampleIt, class CounterT, class Binner>
error_t dispatch_histogram(SampleIt samples, const std::array<CounterT*, A>& out, const std::array<Binner, A>& binners,
                           std::uint64_t row_pixels, std::uint64_t rows, std::uint64_t row_stride, stream_t stream) {
  using policy = Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace, Kokkos::IndexType<std::int64_t>>;
  kk::histogram_zero_pass<A, CounterT> zero{};
  int max_bins = 0;
  for (int c = 0; c < A; ++c) {
    zero.out[c] = out[c];
    zero.bins[c] = binners[c].bin_count();
    max_bins = zero.bins[c] > max_bins ? zero.bins[c] : max_bins;
  }
  Kokkos::parallel_for("xcub::DeviceHistogram (zero)", policy(stream.space(), 0, max_bins), zero);
  if (rows == 0 || row_pixels == 0) return success;
  if (rows > 1 && row_stride == row_pixels * C) {  // rows end to end: one long row
    row_pixels *= rows;
    rows = 1;
  }
  kk::histogram_count_pass<C, A, SampleIt, CounterT, Binner> count{};
  count.samples = samples;
  for (int c = 0; c < A; ++c) {
    count.out[c] = out[c];
    count.binners[c] = binners[c];
  }
  count.row_pixels = row_pixels;
  count.row_stride = rows > 1 ? row_stride : row_pixels * C;
  Kokkos::parallel_for("xcub::DeviceHistogram", policy(stream.space(), 0, static_cast<std::int64_t>(rows * row_pixels)),
                       count);
  return success;
}

}  // namespace xcub::detail
