// libFuzzer target: DeviceHistogram (HistogramEven, HistogramRange, MultiHistogramEven and
// MultiHistogramRange with 4 channels of which 3 are counted; each in its flat and its row-strided
// form) and DeviceFind (FindIf, LowerBound, UpperBound), on 8-bit unsigned samples with int levels
// and float samples with float levels (any bit pattern: NaNs, infinities). The input picks the
// algorithm, the type, the counts (negative too), the rows, the row stride (valid, not a multiple of
// the sample, or shorter than a row), each channel's levels (too few too) and range, null pointers,
// the search's predicate and order (ascending or descending; floats by their total order), the temp
// size and the items. Every result is compared with the oracle and every refusal must have written
// nothing.
#include "fuzz_support.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <memory>

#include <xcub/device/device_find.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/reference/find.hpp>
#include <xcub/reference/histogram.hpp>

using namespace xcub_fuzz;

namespace {

/// A float's place in the total order -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN; for
/// integers, the value.
template <class T>
long long order_of(T x) {
  if constexpr (std::is_same_v<T, float>) {
    std::int32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b < 0 ? -1LL - (b & 0x7fffffff) : static_cast<long long>(b);
  } else {
    return static_cast<long long>(x);
  }
}
struct total_less {
  template <class T>
  bool operator()(T a, T b) const { return order_of(a) < order_of(b); }
};
struct total_greater {
  template <class T>
  bool operator()(T a, T b) const { return order_of(a) > order_of(b); }
};
template <class T>
struct equals {
  T target;
  bool operator()(T x) const { return x == target; }
};
template <class T>
struct above {
  T target;
  bool operator()(T x) const { return x > target; }
};

/// A level from the input: mostly small and finite (int16 / 8 for floats), sometimes any bit pattern.
template <class L>
L level_from(reader& in, bool raw) {
  const std::int16_t v = in.take<std::int16_t>();
  if constexpr (std::is_same_v<L, float>) {
    if (raw) {
      const std::uint32_t bits = in.take<std::uint32_t>();
      float f;
      std::memcpy(&f, &bits, sizeof f);
      return f;
    }
    return static_cast<float>(v) / 8.0f;
  } else {
    return static_cast<L>(v % 300);
  }
}

// ---- DeviceHistogram -------------------------------------------------------------------------------

template <int C, int A, class S, class L, class Counter>
void histogram(reader& in, bool ranged) {
  const std::uint8_t flags = in.byte(), nulls = in.byte(), layout = in.byte();
  const bool any_null = flags & 2;
  const bool null_samples = any_null && (nulls & 1), null_levels = any_null && (nulls & 2);
  const bool raw_levels = flags & 4;
  const bool rows_form = flags & 8;
  std::array<bool, A> null_hist{};
  for (int c = 0; c < A; ++c) null_hist[c] = any_null && (nulls & (4 << c));
  const std::size_t pixels = in.count(std::size_t{3000} / C);
  const long long num_pixels = (flags & 1) ? -1 - static_cast<long long>(pixels % 4) : static_cast<long long>(pixels);
  std::size_t rows = 1;
  long long num_rows = 1;
  std::size_t stride_bytes = 0, stride = pixels * C;  // stride in samples
  bool stride_ok = true;
  if (rows_form) {
    rows = layout % 6;  // 0 .. 5
    num_rows = (layout & 0x40) ? -1 - static_cast<long long>(rows) : static_cast<long long>(rows);
    stride = pixels * C + (layout >> 3) % 4;
    stride_bytes = stride * sizeof(S);
    if (layout & 0x80) {  // a bad stride: shorter than a row, or (floats) not a multiple of the sample
      if (sizeof(S) > 1 && (layout & 0x20)) stride_bytes += 1 + (layout >> 5) % (sizeof(S) - 1);
      else if (pixels > 0) stride_bytes = (pixels * C - 1) * sizeof(S);
      stride_ok = rows <= 1 || !(stride_bytes % sizeof(S) != 0 || stride_bytes < pixels * C * sizeof(S));
    }
  }
  std::array<int, A> num_levels{};
  std::array<L, A> lower{}, upper{};
  std::array<std::vector<L>, A> levels;
  for (int c = 0; c < A; ++c) {
    num_levels[c] = static_cast<int>(in.byte() % 40) - 2;  // -2 .. 37: below 2 is an error
    if (ranged) {
      for (int l = 0; l < std::max(num_levels[c], 0); ++l) levels[c].push_back(level_from<L>(in, false));
      std::sort(levels[c].begin(), levels[c].end());  // ascending, as the contract asks
    } else {
      lower[c] = level_from<L>(in, raw_levels);
      upper[c] = level_from<L>(in, raw_levels);
    }
  }
  const bool samples_wanted = num_pixels > 0 && num_rows > 0;
  const std::size_t total = samples_wanted && stride_ok ? (rows - 1) * stride + pixels * C
                          : samples_wanted              ? rows * pixels * C
                                                        : 0;
  const std::vector<S> samples = in.items<S>(total);

  buffer<S> d_samples(samples, null_samples);
  std::array<std::unique_ptr<buffer<Counter>>, A> d_hist;
  std::array<std::unique_ptr<buffer<L>>, A> d_levels;
  std::array<Counter*, A> hist_ptr{};
  std::array<const L*, A> level_ptr{};
  for (int c = 0; c < A; ++c) {
    d_hist[c] = std::make_unique<buffer<Counter>>(static_cast<std::size_t>(std::max(num_levels[c] - 1, 1)), null_hist[c]);
    d_levels[c] = std::make_unique<buffer<L>>(levels[c], null_levels);
    hist_ptr[c] = d_hist[c]->data();
    level_ptr[c] = d_levels[c]->data();
  }
  // The documented refusals, exact.
  bool must_refuse = num_pixels < 0 || num_rows < 0;
  for (int c = 0; c < A; ++c) {
    using common_t = std::common_type_t<S, L>;
    must_refuse = must_refuse || num_levels[c] < 2 || null_hist[c] || (ranged && null_levels);
    if (!ranged) {
      const common_t lo = static_cast<common_t>(lower[c]), hi = static_cast<common_t>(upper[c]);
      must_refuse = must_refuse || !(lo < hi);
      if constexpr (std::is_floating_point_v<common_t>) {
        // levels whose bins cannot be computed: an infinite level, width or scale
        const common_t width = hi - lo, scale = static_cast<common_t>(num_levels[c] - 1) / width;
        must_refuse = must_refuse || !std::isfinite(width) || !std::isfinite(scale) || !(scale > 0);
      }
    }
  }
  must_refuse = must_refuse || (samples_wanted && null_samples) || (num_rows > 1 && !stride_ok);
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) -> xcub::error_t {
    using H = xcub::DeviceHistogram;
    const S* s = d_samples.data();
    if constexpr (C == 1 && A == 1) {
      if (ranged) {
        return rows_form ? H::HistogramRange(t, b, s, hist_ptr[0], num_levels[0], level_ptr[0], num_pixels, num_rows,
                                             stride_bytes)
                         : H::HistogramRange(t, b, s, hist_ptr[0], num_levels[0], level_ptr[0], num_pixels);
      }
      return rows_form ? H::HistogramEven(t, b, s, hist_ptr[0], num_levels[0], lower[0], upper[0], num_pixels,
                                          num_rows, stride_bytes)
                       : H::HistogramEven(t, b, s, hist_ptr[0], num_levels[0], lower[0], upper[0], num_pixels);
    } else {
      if (ranged) {
        return rows_form ? H::MultiHistogramRange<C, A>(t, b, s, hist_ptr, num_levels, level_ptr, num_pixels, num_rows,
                                                        stride_bytes)
                         : H::MultiHistogramRange<C, A>(t, b, s, hist_ptr, num_levels, level_ptr, num_pixels);
      }
      return rows_form ? H::MultiHistogramEven<C, A>(t, b, s, hist_ptr, num_levels, lower, upper, num_pixels, num_rows,
                                                     stride_bytes)
                       : H::MultiHistogramEven<C, A>(t, b, s, hist_ptr, num_levels, lower, upper, num_pixels);
    }
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(same_bits(d_samples.download(), samples));
  if (o != outcome::ran) {
    for (int c = 0; c < A; ++c) XCUB_FUZZ_CHECK(d_hist[c]->untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  // every bin written, zeros too
  for (int c = 0; c < A; ++c) {
    const std::vector<S> channel =
        samples_wanted ? xcub::reference::channel_samples(samples, C, c, pixels, rows, stride) : std::vector<S>{};
    const std::vector<Counter> want = ranged ? xcub::reference::histogram_range<Counter>(channel, levels[c])
                                             : xcub::reference::histogram_even<Counter>(channel, num_levels[c],
                                                                                       lower[c], upper[c]);
    XCUB_FUZZ_CHECK(d_hist[c]->download() == want);
  }
}

// ---- DeviceFind --------------------------------------------------------------------------------------

template <class T>
void find_if(reader& in) {
  const std::uint8_t flags = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool null_in = (flags & 2) && (flags & 4), null_out = (flags & 2) && (flags & 8);
  const bool greater = flags & 16;
  const std::size_t at = in.count(n + 4);  // the target: an item's value (or past the end: a drawn one)
  const T drawn = in.take<T>();
  const std::vector<T> host = in.items<T>(n);
  const T target = at < n ? host[at] : drawn;
  buffer<T> d_in(host, null_in);
  buffer<long long> d_out(1, null_out);
  const bool must_refuse = count < 0 || null_out || (count > 0 && null_in);
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) {
    return greater ? xcub::DeviceFind::FindIf(t, b, d_in.data(), d_out.data(), above<T>{target}, count)
                   : xcub::DeviceFind::FindIf(t, b, d_in.data(), d_out.data(), equals<T>{target}, count);
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(same_bits(d_in.download(), host));
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  const std::size_t want = greater ? xcub::reference::find_if(host, above<T>{target})
                                   : xcub::reference::find_if(host, equals<T>{target});
  XCUB_FUZZ_CHECK(d_out.download()[0] == static_cast<long long>(want));
}

template <class T>
void bounds(reader& in, bool upper) {
  const std::uint8_t flags = in.byte();
  const std::size_t m = in.count(2000), q = in.count(1000);
  const long long range_count = (flags & 1) ? -1 - static_cast<long long>(m % 4) : static_cast<long long>(m);
  const long long values_count = (flags & 64) ? -1 - static_cast<long long>(q % 4) : static_cast<long long>(q);
  const bool any_null = flags & 2;
  const bool null_range = any_null && (flags & 4), null_values = any_null && (flags & 8),
             null_out = any_null && (flags & 16);
  const bool descending = flags & 32;
  const std::vector<std::uint16_t> picks = in.items<std::uint16_t>(q);
  std::vector<T> range = in.items<T>(m);
  if (descending) std::sort(range.begin(), range.end(), total_greater{});
  else std::sort(range.begin(), range.end(), total_less{});
  std::vector<T> values = in.items<T>(q + 7);
  values.erase(values.begin(), values.begin() + 7);  // other items than the range's first ones
  for (std::size_t i = 0; i < q && m > 0; ++i)  // some values taken from the range: ties
    if (picks[i] & 1) values[i] = range[(picks[i] >> 1) % m];
  buffer<T> d_range(range, null_range), d_values(values, null_values);
  buffer<long long> d_out(q, null_out);
  const bool must_refuse = range_count < 0 || values_count < 0 || (range_count > 0 && null_range) ||
                           (values_count > 0 && (null_values || null_out));
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) -> xcub::error_t {
    using F = xcub::DeviceFind;
    const T* r = d_range.data();
    const T* v = d_values.data();
    long long* out = d_out.data();
    if constexpr (std::is_same_v<T, float>) {  // a comparator of the caller's: the total order
      if (descending)
        return upper ? F::UpperBound(t, b, r, range_count, v, values_count, out, total_greater{})
                     : F::LowerBound(t, b, r, range_count, v, values_count, out, total_greater{});
      return upper ? F::UpperBound(t, b, r, range_count, v, values_count, out, total_less{})
                   : F::LowerBound(t, b, r, range_count, v, values_count, out, total_less{});
    } else {  // the default std::less<>, and std::greater<>
      if (descending)
        return upper ? F::UpperBound(t, b, r, range_count, v, values_count, out, std::greater<>{})
                     : F::LowerBound(t, b, r, range_count, v, values_count, out, std::greater<>{});
      return upper ? F::UpperBound(t, b, r, range_count, v, values_count, out)
                   : F::LowerBound(t, b, r, range_count, v, values_count, out);
    }
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(same_bits(d_range.download(), range) && same_bits(d_values.download(), values));
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  if (values_count <= 0) return XCUB_FUZZ_CHECK(d_out.untouched());
  std::vector<std::size_t> want;
  if (descending) {
    want = upper ? xcub::reference::upper_bound(range, values, total_greater{})
                 : xcub::reference::lower_bound(range, values, total_greater{});
  } else {
    want = upper ? xcub::reference::upper_bound(range, values, total_less{})
                 : xcub::reference::lower_bound(range, values, total_less{});
  }
  const std::vector<long long> got = d_out.download();
  for (std::size_t i = 0; i < q; ++i) XCUB_FUZZ_CHECK(got[i] == static_cast<long long>(want[i]));
}

template <class S, class L, class Counter>
void run(reader& in, unsigned algorithm) {
  switch (algorithm) {
    case 0: histogram<1, 1, S, L, Counter>(in, false); break;
    case 1: histogram<1, 1, S, L, Counter>(in, true); break;
    case 2: histogram<4, 3, S, L, Counter>(in, false); break;
    case 3: histogram<4, 3, S, L, Counter>(in, true); break;
    case 4: find_if<S>(in); break;
    case 5: bounds<S>(in, false); break;
    default: bounds<S>(in, true); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  const std::uint8_t pick = in.byte();
  const unsigned algorithm = (pick >> 1) % 7;
  if (pick & 1) run<float, float, unsigned long long>(in, algorithm);
  else run<std::uint8_t, int, int>(in, algorithm);
  return 0;
}
