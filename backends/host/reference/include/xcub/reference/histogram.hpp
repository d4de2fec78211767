// xcub/reference/histogram.hpp: the oracle for histograms: sequential counts of samples that are bin
// indices (BlockHistogram), and DeviceHistogram's even and ranged bins over one channel of
// row-strided pixels. It shares no code with the algorithms it checks.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace xcub::reference {

/// `counts` with one added to counts[s] for every sample s; a sample outside [0, counts.size())
/// throws (the algorithms' contract excludes it, so a test that draws one is wrong).
template <class T, class C>
std::vector<C> composite_histogram(const std::vector<T>& samples, std::vector<C> counts) {
  for (const T& s : samples) {
    const bool negative = [&] {
      if constexpr (std::is_signed_v<T>) return s < 0;
      else return false;
    }();
    if (negative || static_cast<unsigned long long>(s) >= counts.size()) {
      throw std::out_of_range("reference::composite_histogram: a sample outside [0, bins)");
    }
    counts[static_cast<std::size_t>(s)] += C(1);
  }
  return counts;
}

/// The counts of the samples in `bins` bins, from zero.
template <class C, class T>
std::vector<C> histogram(const std::vector<T>& samples, std::size_t bins) {
  return composite_histogram(samples, std::vector<C>(bins, C(0)));
}

/// Channel `channel` of `rows` rows of `row_pixels` pixels of `channels` interleaved samples, row r
/// starting at data[r * row_stride] (DeviceHistogram's multi-channel, row-strided input), in order.
template <class S>
std::vector<S> channel_samples(const std::vector<S>& data, int channels, int channel, std::size_t row_pixels,
                               std::size_t rows, std::size_t row_stride) {
  std::vector<S> out;
  out.reserve(row_pixels * rows);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t p = 0; p < row_pixels; ++p)
      out.push_back(data.at(r * row_stride + p * static_cast<std::size_t>(channels) + static_cast<std::size_t>(channel)));
  return out;
}

/// DeviceHistogram::HistogramEven's counts: num_levels - 1 bins over [lower, upper), in the common
/// type T of S and L; a sample counts when lower <= T(s) < upper. Integer T: the bin is
/// floor((s - lower) * bins / (upper - lower)), exact (128-bit). Floating-point T: CUB's formula,
/// int((T(s) - lower) * T(T(bins) / (upper - lower))), a result of `bins` or more not counted.
template <class C, class S, class L>
std::vector<C> histogram_even(const std::vector<S>& samples, int num_levels, L lower, L upper) {
  using T = std::common_type_t<S, L>;
  const int bins = num_levels - 1;
  std::vector<C> counts(static_cast<std::size_t>(bins), C(0));
  const T lo = static_cast<T>(lower), hi = static_cast<T>(upper);
  for (const S& sample : samples) {
    const T s = static_cast<T>(sample);
    if (!(s >= lo && s < hi)) continue;
    long long bin;
    if constexpr (std::is_floating_point_v<T>) {
      const T scale = static_cast<T>(static_cast<T>(bins) / static_cast<T>(hi - lo));
      const T position = (s - lo) * scale;
      if (!(position >= T(0) && position < static_cast<T>(bins))) continue;  // also NaN: never converted
      bin = static_cast<long long>(position);
    } else {
      __extension__ const __int128 offset = static_cast<__int128>(s) - static_cast<__int128>(lo);
      __extension__ const __int128 range = static_cast<__int128>(hi) - static_cast<__int128>(lo);
      bin = static_cast<long long>(offset * bins / range);
    }
    if (bin >= 0 && bin < bins) counts[static_cast<std::size_t>(bin)] += C(1);
  }
  return counts;
}

/// DeviceHistogram::HistogramRange's counts: levels.size() - 1 bins, bin i = [levels[i], levels[i+1])
/// (ascending levels), the sample compared as L(s); below the first level, at or past the last, or
/// NaN: not counted.
template <class C, class S, class L>
std::vector<C> histogram_range(const std::vector<S>& samples, const std::vector<L>& levels) {
  const std::size_t bins = levels.size() - 1;
  std::vector<C> counts(bins, C(0));
  for (const S& sample : samples) {
    const L v = static_cast<L>(sample);
    if (v != v) continue;  // NaN
    const auto above = std::upper_bound(levels.begin(), levels.end(), v);
    if (above == levels.begin() || above == levels.end()) continue;
    counts[static_cast<std::size_t>(above - levels.begin()) - 1] += C(1);
  }
  return counts;
}

}  // namespace xcub::reference
