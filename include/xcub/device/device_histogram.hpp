// xcub/device/device_histogram.hpp: device-wide histograms of samples (CUB's DeviceHistogram),
// docs/device-histogram.md.
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only writes the
// temp storage size into temp_storage_bytes (1: nothing is kept there); the second, with at least
// that much device memory, launches. Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    nothing is launched and nothing is written, for, in both calls:
//     - num_levels < 2 (for any active channel);
//     - HistogramEven: !(lower_level < upper_level) (also NaN levels; CUB counts nothing there), a bin
//       count that the common type of SampleT and LevelT cannot hold, or an integer range whose
//       product with the bin count overflows (CUB's overflow check, see detail/histogram_bins.hpp);
//       floating point: an infinite level, or upper_level - lower_level or the bin count over it
//       not finite (every sample's bin would be NaN);
//     - a negative sample, pixel or row count;
//   and in the second call only (the size query, d_temp_storage == nullptr, accepts them, as CUB's):
//     - a null histogram pointer; a null d_levels pointer (Range); null samples with samples to count;
//     - with more than one row: row_stride_bytes not a multiple of sizeof(SampleT), or smaller than a
//       row (num_row_pixels * NUM_CHANNELS samples);
//     - temp_storage_bytes smaller than the first phase gave.
//   With XCUB_DEBUG_LOG=1 each names the argument on stderr (<xcub/device/detail/argument_check.hpp>).

// The histograms are fully written by the call: every bin, zeros included (also with no samples).
//
// Forms (CUB's names and argument order; OffsetT: any integer type up to 64 bits; SampleIteratorT: a
// pointer or any random-access iterator over an arithmetic SampleT; LevelT arithmetic):
//   HistogramEven(temp, bytes, d_samples, d_histogram, num_levels, lower_level, upper_level,
//                 num_samples, [stream])
//   HistogramEven(temp, bytes, d_samples, d_histogram, num_levels, lower_level, upper_level,
//                 num_row_samples, num_rows, row_stride_bytes, [stream])
//   HistogramRange(temp, bytes, d_samples, d_histogram, num_levels, d_levels, num_samples, [stream])
//   HistogramRange(temp, bytes, d_samples, d_histogram, num_levels, d_levels,
//                  num_row_samples, num_rows, row_stride_bytes, [stream])
//   MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(temp, bytes, d_samples, d_histogram[],
//                 num_levels[], lower_level[], upper_level[], num_pixels, [stream])
//   MultiHistogramEven<...>(..., num_row_pixels, num_rows, row_stride_bytes, [stream])
//   MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(temp, bytes, d_samples, d_histogram[],
//                 num_levels[], d_levels[], num_pixels, [stream])
//   MultiHistogramRange<...>(..., num_row_pixels, num_rows, row_stride_bytes, [stream])
// The per-channel arguments [] have NUM_ACTIVE_CHANNELS entries, as CUB takes them: std::array or
// cuda::std::array (CUB 3.x; any array class template <class T, std::size_t N>), or C arrays (CUB's
// older overloads). Template parameters in CUB's order: <NUM_CHANNELS, NUM_ACTIVE_CHANNELS, SampleIteratorT,
// CounterT, LevelT, OffsetT>.
//   - num_levels levels make num_levels - 1 bins. Even: equal-width bins over [lower, upper); Range:
//     bin i is [d_levels[i], d_levels[i + 1]) (levels in device memory, sorted ascending: not checked,
//     see detail/histogram_bins.hpp). Samples outside, and NaN samples, are not counted. Bins are
//     computed as CUB computes them, so the counts are CUB's.
//   - Multi: samples are interleaved pixels of NUM_CHANNELS samples; the first NUM_ACTIVE_CHANNELS of
//     each pixel are counted, channel c into d_histogram[c] (1 <= NUM_ACTIVE_CHANNELS <= NUM_CHANNELS).
//   - Rows: row r starts at d_samples + r * row_stride_bytes / sizeof(SampleT).
//   - CounterT: an integer type of 4 or 8 bytes (counts are added with atomics); the histograms must
//     not overlap the samples or each other.
//
//   // unsigned char* d_pixels (n bytes); unsigned* d_hist (256 counters), device memory
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_pixels, d_hist, 257, 0, 256, n);  // sizes
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_pixels, d_hist, 257, 0, 256, n);  // counts
//
// DeviceHistogramTuned<Tuning> is the same API with another tuning (a type whose policy<SampleT>(arch)
// returns a detail::histogram_policy): tests force tiny tiles and the global-atomic path with it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <xcub/runtime.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/device/detail/histogram_bins.hpp>
#include <xcub/backend/dispatch/histogram.hpp>  // the backend's dispatch: kernels, or Kokkos patterns
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/histogram.hpp>

namespace xcub {

namespace detail {
/// The element type of a per-channel argument (std::array, cuda::std::array, C array, pointer).
template <class Arr>
using channel_elem_t = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<Arr&>()[0])>>;
}  // namespace detail

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::histogram>
struct DeviceHistogramTuned {
 private:
  /// NUM_ACTIVE_CHANNELS as an array class's size.
  template <int A>
  static constexpr std::size_t channels = static_cast<std::size_t>(A);

 public:
  // ---- evenly spaced bins ----------------------------------------------------------------------
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t HistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                               CounterT* d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                               OffsetT num_samples, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::HistogramEven", d_temp_storage);
    return even<1, 1>(call, d_temp_storage, temp_storage_bytes, d_samples, std::array<CounterT*, 1>{d_histogram},
                      std::array<int, 1>{num_levels}, std::array<LevelT, 1>{lower_level},
                      std::array<LevelT, 1>{upper_level}, num_samples, OffsetT(1), 0, stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t HistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                               CounterT* d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                               OffsetT num_row_samples, OffsetT num_rows, std::size_t row_stride_bytes,
                               stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::HistogramEven", d_temp_storage);
    return even<1, 1>(call, d_temp_storage, temp_storage_bytes, d_samples, std::array<CounterT*, 1>{d_histogram},
                      std::array<int, 1>{num_levels}, std::array<LevelT, 1>{lower_level},
                      std::array<LevelT, 1>{upper_level}, num_row_samples, num_rows, row_stride_bytes, stream);
  }
  // The per-channel arguments as CUB takes them: array classes (std::array, cuda::std::array) of
  // NUM_ACTIVE_CHANNELS entries, or C arrays (CUB's older overloads). Template parameters in CUB's order.
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT,
            template <class, std::size_t> class Array>
  static error_t MultiHistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                    const Array<CounterT*, channels<NUM_ACTIVE_CHANNELS>>& d_histogram,
                                    const Array<int, channels<NUM_ACTIVE_CHANNELS>>& num_levels,
                                    const Array<LevelT, channels<NUM_ACTIVE_CHANNELS>>& lower_level,
                                    const Array<LevelT, channels<NUM_ACTIVE_CHANNELS>>& upper_level, OffsetT num_pixels,
                                    stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramEven", d_temp_storage);
    return MultiHistogramEvenRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                     d_samples, d_histogram, num_levels, lower_level,
                                                                     upper_level, num_pixels, OffsetT(1), 0, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT,
            template <class, std::size_t> class Array>
  static error_t MultiHistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                    const Array<CounterT*, channels<NUM_ACTIVE_CHANNELS>>& d_histogram,
                                    const Array<int, channels<NUM_ACTIVE_CHANNELS>>& num_levels,
                                    const Array<LevelT, channels<NUM_ACTIVE_CHANNELS>>& lower_level,
                                    const Array<LevelT, channels<NUM_ACTIVE_CHANNELS>>& upper_level,
                                        OffsetT num_row_pixels,
                                    OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramEven", d_temp_storage);
    return MultiHistogramEvenRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                     d_samples, d_histogram, num_levels, lower_level,
                                                                     upper_level, num_row_pixels, num_rows,
                                                                     row_stride_bytes, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t MultiHistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                    CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                    const int num_levels[NUM_ACTIVE_CHANNELS],
                                    const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                    const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                                    stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramEven", d_temp_storage);
    return MultiHistogramEvenRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                     d_samples, d_histogram, num_levels, lower_level,
                                                                     upper_level, num_pixels, OffsetT(1), 0, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t MultiHistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                    CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                    const int num_levels[NUM_ACTIVE_CHANNELS],
                                    const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                    const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                                    OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramEven", d_temp_storage);
    return MultiHistogramEvenRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                     d_samples, d_histogram, num_levels, lower_level,
                                                                     upper_level, num_row_pixels, num_rows,
                                                                     row_stride_bytes, stream);
  }

  // ---- bins between given levels -----------------------------------------------------------------
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t HistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                CounterT* d_histogram, int num_levels, const LevelT* d_levels, OffsetT num_samples,
                                stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::HistogramRange", d_temp_storage);
    return ranged<1, 1>(call, d_temp_storage, temp_storage_bytes, d_samples, std::array<CounterT*, 1>{d_histogram},
                        std::array<int, 1>{num_levels}, std::array<const LevelT*, 1>{d_levels}, num_samples,
                        OffsetT(1), 0, stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t HistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                CounterT* d_histogram, int num_levels, const LevelT* d_levels,
                                OffsetT num_row_samples, OffsetT num_rows, std::size_t row_stride_bytes,
                                stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::HistogramRange", d_temp_storage);
    return ranged<1, 1>(call, d_temp_storage, temp_storage_bytes, d_samples, std::array<CounterT*, 1>{d_histogram},
                        std::array<int, 1>{num_levels}, std::array<const LevelT*, 1>{d_levels}, num_row_samples,
                        num_rows, row_stride_bytes, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT,
            template <class, std::size_t> class Array>
  static error_t MultiHistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                     const Array<CounterT*, channels<NUM_ACTIVE_CHANNELS>>& d_histogram,
                                     const Array<int, channels<NUM_ACTIVE_CHANNELS>>& num_levels,
                                     const Array<const LevelT*, channels<NUM_ACTIVE_CHANNELS>>& d_levels,
                                         OffsetT num_pixels,
                                     stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramRange", d_temp_storage);
    return MultiHistogramRangeRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                      d_samples, d_histogram, num_levels, d_levels,
                                                                      num_pixels, OffsetT(1), 0, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT,
            template <class, std::size_t> class Array>
  static error_t MultiHistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                     const Array<CounterT*, channels<NUM_ACTIVE_CHANNELS>>& d_histogram,
                                     const Array<int, channels<NUM_ACTIVE_CHANNELS>>& num_levels,
                                     const Array<const LevelT*, channels<NUM_ACTIVE_CHANNELS>>& d_levels,
                                     OffsetT num_row_pixels, OffsetT num_rows, std::size_t row_stride_bytes,
                                     stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramRange", d_temp_storage);
    return MultiHistogramRangeRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                      d_samples, d_histogram, num_levels, d_levels,
                                                                      num_row_pixels, num_rows, row_stride_bytes,
                                                                      stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t MultiHistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                     CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                     const int num_levels[NUM_ACTIVE_CHANNELS],
                                     const LevelT* const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                                     stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramRange", d_temp_storage);
    return MultiHistogramRangeRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                      d_samples, d_histogram, num_levels, d_levels,
                                                                      num_pixels, OffsetT(1), 0, stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t MultiHistogramRange(void* d_temp_storage, std::size_t& temp_storage_bytes, SampleIt d_samples,
                                     CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                     const int num_levels[NUM_ACTIVE_CHANNELS],
                                     const LevelT* const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                                     OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceHistogram::MultiHistogramRange", d_temp_storage);
    return MultiHistogramRangeRows<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(call, d_temp_storage, temp_storage_bytes,
                                                                      d_samples, d_histogram, num_levels, d_levels,
                                                                      num_row_pixels, num_rows, row_stride_bytes,
                                                                      stream);
  }

 private:
  template <int C, int A, class SampleIt, class HistogramsT, class NumLevelsT, class LowerT, class UpperT,
            class OffsetT>
  static error_t MultiHistogramEvenRows(const detail::entry_point& call, void* d_temp_storage,
                                        std::size_t& temp_storage_bytes, SampleIt d_samples,
                                        const HistogramsT& d_histogram, const NumLevelsT& num_levels,
                                        const LowerT& lower_level, const UpperT& upper_level, OffsetT num_row_pixels,
                                        OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream) {
    static_assert(1 <= A && A <= C, "xcub::DeviceHistogram: 1 <= NUM_ACTIVE_CHANNELS <= NUM_CHANNELS");
    using counter_ptr = detail::channel_elem_t<HistogramsT>;
    using level_t = detail::channel_elem_t<LowerT>;
    static_assert(std::is_pointer_v<counter_ptr>, "xcub::DeviceHistogram: d_histogram holds a pointer per channel");
    static_assert(std::is_same_v<level_t, detail::channel_elem_t<UpperT>>,
                  "xcub::DeviceHistogram: lower_level and upper_level hold levels of one type");
    std::array<counter_ptr, A> out;
    std::array<int, A> levels;
    std::array<level_t, A> lower, upper;
    for (int c = 0; c < A; ++c) {
      out[c] = d_histogram[c];
      levels[c] = num_levels[c];
      lower[c] = lower_level[c];
      upper[c] = upper_level[c];
    }
    return even<C, A>(call, d_temp_storage, temp_storage_bytes, d_samples, out, levels, lower, upper, num_row_pixels,
                      num_rows, row_stride_bytes, stream);
  }

  template <int C, int A, class SampleIt, class HistogramsT, class NumLevelsT, class LevelsT, class OffsetT>
  static error_t MultiHistogramRangeRows(const detail::entry_point& call, void* d_temp_storage,
                                         std::size_t& temp_storage_bytes, SampleIt d_samples,
                                         const HistogramsT& d_histogram, const NumLevelsT& num_levels,
                                         const LevelsT& d_levels, OffsetT num_row_pixels, OffsetT num_rows,
                                         std::size_t row_stride_bytes, stream_t stream) {
    static_assert(1 <= A && A <= C, "xcub::DeviceHistogram: 1 <= NUM_ACTIVE_CHANNELS <= NUM_CHANNELS");
    using counter_ptr = detail::channel_elem_t<HistogramsT>;
    using levels_ptr = detail::channel_elem_t<LevelsT>;
    static_assert(std::is_pointer_v<counter_ptr>, "xcub::DeviceHistogram: d_histogram holds a pointer per channel");
    static_assert(std::is_pointer_v<levels_ptr>, "xcub::DeviceHistogram: d_levels holds a pointer per channel");
    using level_t = std::remove_cv_t<std::remove_pointer_t<levels_ptr>>;
    std::array<counter_ptr, A> out;
    std::array<int, A> levels;
    std::array<const level_t*, A> where;
    for (int c = 0; c < A; ++c) {
      out[c] = d_histogram[c];
      levels[c] = num_levels[c];
      where[c] = d_levels[c];
    }
    return ranged<C, A>(call, d_temp_storage, temp_storage_bytes, d_samples, out, levels, where, num_row_pixels,
                        num_rows,
                        row_stride_bytes, stream);
  }

  template <int C, int A, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t even(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                      SampleIt d_samples,
                      const std::array<CounterT*, A>& out, const std::array<int, A>& num_levels,
                      const std::array<LevelT, A>& lower, const std::array<LevelT, A>& upper, OffsetT num_row_pixels,
                      OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream) {
    using binner = detail::even_bins<detail::histogram_sample_t<SampleIt>, LevelT>;
    std::array<binner, A> binners;
    for (int c = 0; c < A; ++c) {
      if (!levels_valid(call, num_levels[c], c, A)) return error_invalid_value;
      if (binner::make(num_levels[c], lower[c], upper[c], binners[c]) != success)
        return A == 1 ? call.fail("lower_level and upper_level give no bins (not lower < upper, or a bin count or "
                                  "range the sample and level types cannot hold)")
                      : call.fail("lower_level[%d] and upper_level[%d] give no bins (not lower < upper, or a bin "
                                  "count or range the sample and level types cannot hold)",
                                  c, c);
    }
    return run<C, A>(call, d_temp_storage, temp_storage_bytes, d_samples, out, binners, num_row_pixels, num_rows,
                     row_stride_bytes, stream);
  }

  template <int C, int A, class SampleIt, class CounterT, class LevelT, class OffsetT>
  static error_t ranged(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                        SampleIt d_samples,
                        const std::array<CounterT*, A>& out, const std::array<int, A>& num_levels,
                        const std::array<const LevelT*, A>& d_levels, OffsetT num_row_pixels, OffsetT num_rows,
                        std::size_t row_stride_bytes, stream_t stream) {
    using binner = detail::range_bins<detail::histogram_sample_t<SampleIt>, LevelT>;
    std::array<binner, A> binners;
    for (int c = 0; c < A; ++c) {
      if (!levels_valid(call, num_levels[c], c, A)) return error_invalid_value;
      // The levels are read by the kernels only: null levels pass the size query, as CUB's.
      if (!call.query() && d_levels[c] == nullptr)
        return A == 1 ? call.fail("d_levels is null") : call.fail("d_levels[%d] is null", c);
      binners[c] = binner{d_levels[c], num_levels[c]};
    }
    return run<C, A>(call, d_temp_storage, temp_storage_bytes, d_samples, out, binners, num_row_pixels, num_rows,
                     row_stride_bytes, stream);
  }

  /// num_levels of channel c (of A): at least 2 (one bin); checked in both calls, as CUB's.
  static bool levels_valid(const detail::entry_point& call, int num_levels, int c, int active) {
    if (num_levels >= 2) return true;
    if (active == 1) (void)call.fail("num_levels (%d) < 2", num_levels);
    else (void)call.fail("num_levels[%d] (%d) < 2", c, num_levels);
    return false;
  }

  /// The checks every form shares, the two phases, then the dispatch (row_stride_bytes is used only
  /// with more than one row).
  template <int C, int A, class SampleIt, class CounterT, class Binner, class OffsetT>
  static error_t run(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                     SampleIt d_samples,
                     const std::array<CounterT*, A>& out, const std::array<Binner, A>& binners, OffsetT num_row_pixels,
                     OffsetT num_rows, std::size_t row_stride_bytes, stream_t stream) {
    static_assert(std::is_integral_v<CounterT> && (sizeof(CounterT) == 4 || sizeof(CounterT) == 8),
                  "xcub::DeviceHistogram: CounterT must be an integer type of 4 or 8 bytes (counts are added with "
                  "the backend contract's atomics, which take 4- and 8-byte words)");
    using sample_t = detail::histogram_sample_t<SampleIt>;
    const bool single = A == 1 && C == 1;
    if (!call.count(num_row_pixels, single ? "num_row_samples" : "num_row_pixels") || !call.count(num_rows, "num_rows"))
      return error_invalid_value;
    // The size is one byte whatever the rest: the pointers and the row layout are checked in the second call.
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes < 1) return call.fail("temp_storage_bytes (%zu) < 1, the size the query gives",
        temp_storage_bytes);
    for (int c = 0; c < A; ++c)
      if (out[c] == nullptr) return A == 1 ? call.fail("d_histogram is null") : call.fail("d_histogram[%d] is null", c);
    const auto pixels = static_cast<std::uint64_t>(num_row_pixels);
    const auto rows = static_cast<std::uint64_t>(num_rows);
    if (!call.data(d_samples, "d_samples", pixels > 0 && rows > 0)) return error_invalid_value;
    std::uint64_t stride = pixels * C;  // in samples
    if (rows > 1) {
      if (row_stride_bytes % sizeof(sample_t) != 0)
        return call.fail("row_stride_bytes (%zu) is not a multiple of the sample size (%zu)", row_stride_bytes,
                         sizeof(sample_t));
      if (pixels > (~std::uint64_t{0} / sizeof(sample_t)) / C)
        return call.fail("%s (%llu) overflows a row's size in bytes", single ? "num_row_samples" : "num_row_pixels",
                         static_cast<unsigned long long>(pixels));
      stride = row_stride_bytes / sizeof(sample_t);
      if (stride < pixels * C)
        return call.fail("row_stride_bytes (%zu) < a row of %llu samples", row_stride_bytes,
                         static_cast<unsigned long long>(pixels * C));
    }
    return detail::dispatch_histogram<Tuning, C, A>(d_samples, out, binners, pixels, rows, stride, stream);
  }
};

/// DeviceHistogram with the backend's default tuning.
struct DeviceHistogram : DeviceHistogramTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
