// xcub/device/detail/histogram_bins.hpp: which bin a sample falls in, for DeviceHistogram's two forms.
// Host and device code: the façade builds the binners (and checks their levels) on the host, the
// kernels call bin() per sample.
//
// even_bins<SampleT, LevelT> (HistogramEven): num_levels - 1 bins over [lower, upper), computed exactly
// as CUB computes them, so that counts match CUB's bit for bit, in the common type C of SampleT and
// LevelT (std::common_type):
//   - a sample s counts when lower <= C(s) < upper (NaN never does);
//   - floating-point C: bin = int((C(s) - lower) * r), r = C(C(bins) / (upper - lower)) computed once
//     on the host; a bin that rounds up to `bins` (s just below upper) is not counted, as in CUB's
//     shared-memory path;
//   - integer C: bin = (U(s - lower) * U(bins)) / U(upper - lower) in U = uint32_t when sizeof(SampleT)
//     + sizeof(C) <= 4, else uint64_t (CUB's IntArithmeticT); the differences are taken modulo U's
//     width: the true difference, also where CUB's wraps (CUB keeps upper - lower in C, so a range
//     wider than C's positive values, int8_t levels -100 and 100 say, gives it wrong bins).
//   make() refuses (error_invalid_value) num_levels < 2, !(lower < upper), a bin count that C cannot
//   hold, an integer range whose product with the bin count overflows U (CUB's overflow check), and,
//   floating point, an infinite level, width (upper - lower) or scale (bins / width).
// range_bins<SampleT, LevelT> (HistogramRange): levels[0..num_levels) in device memory; a sample s
//   goes to bin i where levels[i] <= LevelT(s) < levels[i + 1], found by CUB's upper-bound binary
//   search (the first level greater than LevelT(s), minus one); below levels[0], at or past the last
//   level, or NaN: not counted. Unsorted levels are not checked (that would cost a kernel and a wait):
//   their bins are whatever the search finds, as in CUB.
// bin() returns the bin in [0, bin_count()) or -1 (not counted).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>

namespace xcub::detail {

template <class SampleT, class LevelT>
struct even_bins {
  static_assert(std::is_arithmetic_v<SampleT> && !std::is_same_v<SampleT, bool>,
                "xcub::DeviceHistogram: samples must be of an arithmetic type (integer or floating point)");
  static_assert(std::is_arithmetic_v<LevelT> && !std::is_same_v<LevelT, bool>,
                "xcub::DeviceHistogram: levels must be of an arithmetic type (integer or floating point)");
  using common_t = std::common_type_t<SampleT, LevelT>;
  static constexpr bool fp = std::is_floating_point_v<common_t>;
  using uint_t = std::conditional_t<sizeof(SampleT) + sizeof(common_t) <= 4, std::uint32_t, std::uint64_t>;
  static constexpr bool has_levels = false;

  common_t lower;
  common_t upper;
  common_t scale;  // floating point: bins / (upper - lower); integer: the bin count
  uint_t range;    // integer: upper - lower
  int bins;

  /// Whether x is neither infinite nor NaN (x - x is 0 exactly then).
  static bool finite(common_t x) { return x - x == common_t(0); }

  /// The binner of `num_levels` levels over [lower, upper), or error_invalid_value (see above).
  static error_t make(int num_levels, LevelT lower_level, LevelT upper_level, even_bins& out) {
    if (num_levels < 2) return error_invalid_value;
    const common_t lo = static_cast<common_t>(lower_level), hi = static_cast<common_t>(upper_level);
    if (!(lo < hi)) return error_invalid_value;
    even_bins b{};
    b.lower = lo;
    b.upper = hi;
    b.bins = num_levels - 1;
    if constexpr (fp) {
      // An infinite level, a width upper - lower past the type's range, or a bin width too small
      // for bins / width to be finite would make (s - lower) * scale NaN or infinite for every
      // sample (a NaN converted to int is undefined, and CPUs and GPUs convert it differently).
      const common_t width = static_cast<common_t>(hi - lo);
      b.scale = static_cast<common_t>(static_cast<common_t>(b.bins) / width);
      if (!finite(width) || !finite(b.scale) || !(b.scale > 0)) return error_invalid_value;
      b.range = 0;
    } else {
      b.scale = static_cast<common_t>(b.bins);
      if (static_cast<long long>(b.scale) != b.bins) return error_invalid_value;  // C cannot hold the count
      b.range = static_cast<uint_t>(static_cast<uint_t>(hi) - static_cast<uint_t>(lo));
      if (b.range > std::numeric_limits<uint_t>::max() / static_cast<uint_t>(b.scale)) return error_invalid_value;
    }
    out = b;
    return success;
  }

  XCUB_HOST_DEVICE int bin_count() const { return bins; }

  XCUB_HOST_DEVICE XCUB_FORCEINLINE int bin(SampleT sample) const {
    const common_t s = static_cast<common_t>(sample);
    if (!(s >= lower && s < upper)) return -1;
    int b;
    if constexpr (fp) {
      b = static_cast<int>((s - lower) * scale);
    } else {
      const uint_t offset = static_cast<uint_t>(static_cast<uint_t>(s) - static_cast<uint_t>(lower));
      b = static_cast<int>(offset * static_cast<uint_t>(scale) / range);
    }
    return static_cast<unsigned>(b) < static_cast<unsigned>(bins) ? b : -1;  // also a NaN or infinite product
  }
};

template <class SampleT, class LevelT>
struct range_bins {
  static_assert(std::is_arithmetic_v<SampleT> && !std::is_same_v<SampleT, bool>,
                "xcub::DeviceHistogram: samples must be of an arithmetic type (integer or floating point)");
  static_assert(std::is_arithmetic_v<LevelT> && !std::is_same_v<LevelT, bool>,
                "xcub::DeviceHistogram: levels must be of an arithmetic type (integer or floating point)");
  using level_t = LevelT;
  static constexpr bool has_levels = true;

  const LevelT* levels;  // device memory, or the block's shared copy (the kernels stage it there)
  int num_levels;

  /// The binner of `num_levels` levels at d_levels, or error_invalid_value (fewer than 2 levels, null).
  static error_t make(int num_levels, const LevelT* d_levels, range_bins& out) {
    if (num_levels < 2 || d_levels == nullptr) return error_invalid_value;
    out = range_bins{d_levels, num_levels};
    return success;
  }

  XCUB_HOST_DEVICE int bin_count() const { return num_levels - 1; }

  XCUB_HOST_DEVICE XCUB_FORCEINLINE int bin(SampleT sample) const {
    const LevelT v = static_cast<LevelT>(sample);
    int first = 0, count = num_levels;
    while (count > 0) {  // the first level greater than v
      const int half = count >> 1;
      if (v < levels[first + half]) {
        count = half;
      } else {
        first += half + 1;
        count -= half + 1;
      }
    }
    return first >= 1 && first < num_levels ? first - 1 : -1;
  }
};

}  // namespace xcub::detail
