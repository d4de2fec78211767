// DeviceHistogram against the oracle: HistogramEven and HistogramRange with 1, 7, 256, 1000 and 5000
// bins (5000: past the shared-memory path of the host tuning), u8, u16, int, float and double samples
// (samples outside the levels, NaN samples, skewed inputs), 1 to 4 channels with fewer active,
// row-strided inputs with padding (aligned and not), an iterator input, 4- and 8-byte counters;
// sizes 0, 1, around the warp and the tile, many tiles (tiny tunings: one sample per thread, a partial
// warp, the global-atomic path), the random schedule; every bad input.
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include <xcub/device/device_histogram.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/histogram.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

template <int THREADS, int ITEMS, int VECTOR, int COPIES, int BUDGET>
struct hg_tuning {
  template <class T>
  static constexpr xcub::detail::histogram_policy policy(int) {
    return {THREADS, ITEMS, VECTOR, COPIES, BUDGET, 1};
  }
};
constexpr int W = xcub::arch::warp_threads;
using tiny = hg_tuning<W, 1, 0, 64, 65536>;        // a sample (pixel) per thread; always shared, the budget
                                                    // clamped to 48 KiB: 64 copies of 7 bins (more than the
                                                    // block's threads), 32 of 256, 8 of 1000, 2 of 5000
using vec = hg_tuning<W + W / 2, 32, 16, 2, 2048>;  // 16-byte words, a partial warp; 1000 bins go global;
                                                    // small inputs take fractions of the tile
using global = hg_tuning<W, 4, 16, 1, 0>;           // every sample a device-scope atomic
using host_default = xcub::tuning::histogram;        // 1000 bins shared, 5000 global

template <class Tuning, class S>
std::vector<std::size_t> sizes_for() {
  const auto tile = static_cast<std::size_t>(Tuning::template policy<S>(0).tile_pixels(1));
  return {0, 1, W - 1u, W + 1u, tile - 1, tile, tile + 1, 9 * tile + 3, 3001};
}

/// Random samples of S: integers in [lo, hi]; floating point in [lo, hi] with a few NaNs and values
/// at and just below `edge` (a bin boundary where rounding matters); one run in four is skewed (most
/// samples one value: every thread hits one counter).
template <class S>
std::vector<S> samples_of(std::size_t n, std::mt19937_64& rng, double lo, double hi, double edge = 0) {
  std::vector<S> v(n);
  const bool skewed = rng() % 4 == 0;
  std::uniform_real_distribution<double> pick(lo, hi);
  for (auto& x : v) {
    const double d = pick(rng);
    if constexpr (std::is_floating_point_v<S>) {
      const unsigned r = static_cast<unsigned>(rng() % 64);
      x = r == 0 ? std::numeric_limits<S>::quiet_NaN()
          : r == 1 ? static_cast<S>(edge)
          : r == 2 ? std::nextafter(static_cast<S>(edge), S(-1e30))
                   : static_cast<S>(d);
    } else {
      x = static_cast<S>(std::llround(d));
    }
    if (skewed && rng() % 8 != 0) x = static_cast<S>(lo + (hi - lo) / 3);
  }
  return v;
}

template <class T>
xcub::device_buffer<T> dirty(std::size_t n) {  // device memory that the call must overwrite
  xcub::device_buffer<T> d(n);
  d.fill_bytes(0x5A);
  return d;
}

template <class Tuning, class CounterT, class S, class L>
void check_even(const std::vector<S>& samples, int num_levels, L lower, L upper, const char* what) {
  INFO(what << ": " << samples.size() << " samples, " << num_levels - 1 << " bins");
  const auto d_samples = to_device(samples);
  auto d_hist = dirty<CounterT>(static_cast<std::size_t>(num_levels - 1));
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogramTuned<Tuning>::HistogramEven(t, b, d_samples.data(), d_hist.data(), num_levels, lower,
                                                             upper, static_cast<long long>(samples.size()));
  });
  xcub_test::check_equal(d_hist.download(), xcub::reference::histogram_even<CounterT>(samples, num_levels, lower, upper),
                         what);
}

template <class Tuning, class CounterT, class S, class L>
void check_range(const std::vector<S>& samples, const std::vector<L>& levels, const char* what) {
  INFO(what << ": " << samples.size() << " samples, " << levels.size() - 1 << " bins");
  const auto d_samples = to_device(samples);
  const auto d_levels = to_device(levels);
  auto d_hist = dirty<CounterT>(levels.size() - 1);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogramTuned<Tuning>::HistogramRange(t, b, d_samples.data(), d_hist.data(),
                                                              static_cast<int>(levels.size()), d_levels.data(),
                                                              static_cast<int>(samples.size()));
  });
  xcub_test::check_equal(d_hist.download(), xcub::reference::histogram_range<CounterT>(samples, levels), what);
}

/// `bins` + 1 ascending levels between lo and hi, unevenly spaced.
template <class L>
std::vector<L> levels_of(int bins, std::mt19937_64& rng, double lo, double hi) {
  std::vector<double> cuts(static_cast<std::size_t>(bins) + 1);
  std::uniform_real_distribution<double> pick(lo, hi);
  for (auto& c : cuts) c = pick(rng);
  cuts.front() = lo;
  cuts.back() = hi;
  std::sort(cuts.begin(), cuts.end());
  std::vector<L> levels(cuts.size());
  for (std::size_t i = 0; i < cuts.size(); ++i) levels[i] = static_cast<L>(cuts[i]);
  if constexpr (std::is_integral_v<L>) {  // strictly ascending integers
    for (std::size_t i = 1; i < levels.size(); ++i)
      if (levels[i] <= levels[i - 1]) levels[i] = static_cast<L>(levels[i - 1] + 1);
  }
  return levels;
}

/// The single-channel forms over every size, for one tuning: the paths of u8 (raw counters, 16-byte
/// words), int (integer bins, a range not a multiple of the bin count) and float (NaN, edges).
template <class Tuning>
void check_single(std::mt19937_64& rng) {
  for (const std::size_t n : sizes_for<Tuning, std::uint8_t>()) {
    const auto bytes = samples_of<std::uint8_t>(n, rng, 0, 255);
    check_even<Tuning, unsigned>(bytes, 257, 0, 256, "u8 256 bins");
    check_even<Tuning, int>(bytes, 8, 10, 200, "u8 7 bins of [10, 200)");
    check_range<Tuning, unsigned>(bytes, levels_of<int>(7, rng, 5, 250), "u8 range 7 bins");
  }
  for (const std::size_t n : sizes_for<Tuning, int>()) {
    const auto ints = samples_of<int>(n, rng, -150, 150);
    check_even<Tuning, unsigned>(ints, 8, -100, 101, "int 7 bins of [-100, 101)");
    check_even<Tuning, long long>(ints, 2, -10, 10, "int 1 bin");
    check_range<Tuning, unsigned long long>(ints, levels_of<int>(7, rng, -120, 120), "int range 7 bins");
  }
  for (const std::size_t n : sizes_for<Tuning, float>()) {
    const auto floats = samples_of<float>(n, rng, -100, 100, 50.0);
    check_even<Tuning, unsigned>(floats, 257, -50.0f, 50.0f, "float 256 bins");
    check_range<Tuning, unsigned>(floats, levels_of<float>(64, rng, -80, 80), "float range 64 bins");
  }
}

/// Many bins: 1000 (shared under the host tuning, global under `vec`) and 5000 (global past 4 KiB).
template <class Tuning>
void check_many_bins(std::mt19937_64& rng) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{777}, std::size_t{20000}}) {
    const auto ints = samples_of<int>(n, rng, -100, 5100);
    check_even<Tuning, unsigned>(ints, 1001, 0, 5000, "int 1000 bins");
    check_even<Tuning, unsigned>(ints, 5001, 0, 5000, "int 5000 bins");
    const auto floats = samples_of<float>(n, rng, -1, 1, 0.5);
    check_range<Tuning, unsigned>(floats, levels_of<float>(1000, rng, -0.9, 0.9), "float range 1000 bins");
  }
}

/// The other sample types: u16 (32-bit bin arithmetic), double.
template <class Tuning>
void check_more_types(std::mt19937_64& rng) {
  for (const std::size_t n : sizes_for<Tuning, double>()) {
    const auto shorts = samples_of<std::uint16_t>(n, rng, 0, 65535);
    check_even<Tuning, unsigned>(shorts, 8, 1000, 60000, "u16 7 bins");
    check_even<Tuning, unsigned>(shorts, 257, std::uint16_t{0}, std::uint16_t{65535}, "u16 256 bins, u16 levels");
    check_range<Tuning, unsigned>(shorts, levels_of<std::uint16_t>(30, rng, 100, 65000), "u16 range 30 bins");
    const auto doubles = samples_of<double>(n, rng, -3, 3, 1.0);
    check_even<Tuning, unsigned long long>(doubles, 8, -1.0, 1.0, "double 7 bins");
    check_range<Tuning, unsigned>(doubles, levels_of<double>(256, rng, -2.5, 2.5), "double range 256 bins");
  }
}

/// Multi-channel, row-strided: `rows` rows of `pixels` pixels of C samples, `pad` samples after each
/// row; channels [0, A) counted (Even over [lo, hi) with channel-dependent bin counts, or Range).
template <class Tuning, int C, int A, class S>
void check_multi(std::mt19937_64& rng, std::size_t pixels, std::size_t rows, std::size_t pad, double lo, double hi) {
  INFO(C << " channels, " << A << " active, " << rows << " rows of " << pixels << " pixels, pad " << pad);
  using L = std::conditional_t<std::is_integral_v<S>, int, S>;  // levels
  const std::size_t stride = pixels * C + pad;
  const std::size_t total = rows > 0 ? (rows - 1) * stride + pixels * C : 0;
  const auto data = samples_of<S>(total + 1, rng, lo - (hi - lo) / 10, hi + (hi - lo) / 10);
  const auto d_data = to_device(data);
  std::array<int, A> num_levels;
  std::array<L, A> lower, upper;
  std::array<std::vector<L>, A> levels;
  std::array<xcub::device_buffer<L>, A> d_levels;
  std::array<xcub::device_buffer<unsigned>, A> d_even, d_range;
  std::array<unsigned*, A> even_out, range_out;
  std::array<const L*, A> levels_in;
  for (int c = 0; c < A; ++c) {
    num_levels[c] = c == 1 ? 2 : 5 + 100 * c;  // 4, 1, 204, 304 bins
    lower[c] = static_cast<L>(lo);
    upper[c] = static_cast<L>(hi);
    levels[c] = levels_of<L>(num_levels[c] - 1, rng, lo, hi);
    d_levels[c] = to_device(levels[c]);
    d_even[c] = dirty<unsigned>(static_cast<std::size_t>(num_levels[c] - 1));
    d_range[c] = dirty<unsigned>(static_cast<std::size_t>(num_levels[c] - 1));
    even_out[c] = d_even[c].data();
    range_out[c] = d_range[c].data();
    levels_in[c] = d_levels[c].data();
  }
  using dh = xcub::DeviceHistogramTuned<Tuning>;
  const std::size_t stride_bytes = stride * sizeof(S);
  if (rows == 1 && pad == 0) {  // the plain forms
    two_phase([&](void* t, std::size_t& b) {
      return dh::template MultiHistogramEven<C, A>(t, b, d_data.data(), even_out, num_levels, lower, upper,
                                                   static_cast<int>(pixels));
    });
    two_phase([&](void* t, std::size_t& b) {
      return dh::template MultiHistogramRange<C, A>(t, b, d_data.data(), range_out, num_levels, levels_in,
                                                    static_cast<std::int64_t>(pixels));
    });
  } else {
    two_phase([&](void* t, std::size_t& b) {
      return dh::template MultiHistogramEven<C, A>(t, b, d_data.data(), even_out, num_levels, lower, upper,
                                                   static_cast<int>(pixels), static_cast<int>(rows), stride_bytes);
    });
    two_phase([&](void* t, std::size_t& b) {
      return dh::template MultiHistogramRange<C, A>(t, b, d_data.data(), range_out, num_levels, levels_in,
                                                    static_cast<std::uint64_t>(pixels),
                                                    static_cast<std::uint64_t>(rows), stride_bytes);
    });
  }
  for (int c = 0; c < A; ++c) {
    INFO("channel " << c);
    const auto mine = xcub::reference::channel_samples(data, C, c, pixels, rows, stride);
    xcub_test::check_equal(d_even[c].download(),
                           xcub::reference::histogram_even<unsigned>(mine, num_levels[c], lower[c], upper[c]), "even");
    xcub_test::check_equal(d_range[c].download(), xcub::reference::histogram_range<unsigned>(mine, levels[c]), "range");
  }
}

/// The row-strided single-channel forms, padded rows whose starts are 16-byte aligned or not.
template <class Tuning, class S>
void check_rows(std::mt19937_64& rng, std::size_t row_samples, std::size_t rows, std::size_t pad) {
  INFO(rows << " rows of " << row_samples << " samples, pad " << pad);
  const std::size_t stride = row_samples + pad;
  const auto data = samples_of<S>(rows * stride, rng, -10, 300, 200);
  const auto d_data = to_device(data);
  const auto mine = xcub::reference::channel_samples(data, 1, 0, row_samples, rows, stride);
  auto d_hist = dirty<unsigned>(256);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogramTuned<Tuning>::HistogramEven(t, b, d_data.data(), d_hist.data(), 257, 0, 256,
                                                             row_samples, rows, stride * sizeof(S));
  });
  xcub_test::check_equal(d_hist.download(), xcub::reference::histogram_even<unsigned>(mine, 257, 0, 256), "even rows");
  const auto levels = levels_of<std::conditional_t<std::is_integral_v<S>, int, S>>(40, rng, 0, 250);
  const auto d_levels = to_device(levels);
  auto d_range = dirty<unsigned>(40);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogramTuned<Tuning>::HistogramRange(t, b, d_data.data(), d_range.data(), 41, d_levels.data(),
                                                              static_cast<long long>(row_samples),
                                                              static_cast<long long>(rows), stride * sizeof(S));
  });
  xcub_test::check_equal(d_range.download(), xcub::reference::histogram_range<unsigned>(mine, levels), "range rows");
}

template <class Tuning>
void check_layouts(std::mt19937_64& rng) {
  const auto tile1 = static_cast<std::size_t>(Tuning::template policy<std::uint8_t>(0).tile_pixels(4));
  for (const std::size_t pixels : {std::size_t{1}, tile1 - 1, tile1, 5 * tile1 + 7}) {
    check_multi<Tuning, 4, 3, std::uint8_t>(rng, pixels, 1, 0, 0, 256);   // RGBA: 16-byte words of 4 pixels
    check_multi<Tuning, 4, 3, std::uint8_t>(rng, pixels, 3, 16, 0, 256);  // padded rows, aligned starts
    check_multi<Tuning, 3, 2, std::uint8_t>(rng, pixels, 4, 1, 0, 256);   // odd pixels, unaligned rows
    check_multi<Tuning, 2, 1, float>(rng, pixels, 2, 0, -5, 5);            // rows end to end: one row
    check_multi<Tuning, 4, 4, float>(rng, pixels, 3, 3, -5, 5);
  }
  check_multi<Tuning, 4, 3, std::uint8_t>(rng, 0, 3, 4, 0, 256);  // no pixels: the outputs zeroed
  check_multi<Tuning, 1, 1, int>(rng, 9, 0, 4, -50, 50);          // no rows
  for (const std::size_t rows : {std::size_t{1}, std::size_t{2}, std::size_t{37}})
    for (const std::size_t samples : {std::size_t{1}, std::size_t{33}, std::size_t{700}}) {
      check_rows<Tuning, std::uint8_t>(rng, samples, rows, 16 - samples % 16);  // 16-byte aligned row starts
      check_rows<Tuning, std::uint8_t>(rng, samples, rows, 5);
      check_rows<Tuning, float>(rng, samples, rows, 1);
    }
}

}  // namespace

TEST_CASE("device histogram: even and range, u8 int float, every size and tuning") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device histogram single");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_single<tiny>(r);
    check_single<vec>(r);
    check_single<global>(r);
    check_single<host_default>(r);
  });
}

TEST_CASE("device histogram: 1000 and 5000 bins, u16 and double samples") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device histogram bins");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_many_bins<vec>(r);
    check_many_bins<host_default>(r);
    check_more_types<host_default>(r);
#if XCUB_TEST_MATRIX_FULL
    check_many_bins<tiny>(r);
    check_more_types<tiny>(r);
    check_more_types<global>(r);
#endif
  });
}

TEST_CASE("device histogram: channels, active channels, row-strided inputs") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device histogram layouts");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_layouts<tiny>(r);
    check_layouts<vec>(r);
    check_layouts<host_default>(r);
#if XCUB_TEST_MATRIX_FULL
    check_layouts<global>(r);
#endif
  });
}

TEST_CASE("device histogram: an iterator input, C arrays as the channel arguments") {
  XCUB_TEST_CONTEXT();
  // counting samples -7, -6, ...: 7 bins of [-5, 30)
  const int n = 100;
  std::vector<int> seq(n);
  std::iota(seq.begin(), seq.end(), -7);
  auto d_hist = dirty<long long>(7);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::HistogramEven(t, b, xcub::CountingInputIterator<int>(-7), d_hist.data(), 8, -5, 30,
                                                static_cast<short>(n));
  });
  xcub_test::check_equal(d_hist.download(), xcub::reference::histogram_even<long long>(seq, 8, -5, 30), "counting");
  // CUB's older overloads: the channel arguments as C arrays
  auto rng = xcub_test::rng_for("device histogram c arrays");
  const auto data = samples_of<std::uint8_t>(4 * 500, rng, 0, 255);
  const auto d_data = to_device(data);
  auto d_r = dirty<unsigned>(256), d_g = dirty<unsigned>(16);
  unsigned* hists[2] = {d_r.data(), d_g.data()};
  const int num_levels[2] = {257, 17};
  const int lower[2] = {0, 0}, upper[2] = {256, 256};
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::MultiHistogramEven<4, 2>(t, b, d_data.data(), hists, num_levels, lower, upper, 500);
  });
  xcub_test::check_equal(d_r.download(),
                         xcub::reference::histogram_even<unsigned>(
                             xcub::reference::channel_samples(data, 4, 0, 500, 1, 2000), 257, 0, 256),
                         "c arrays, r");
  xcub_test::check_equal(d_g.download(),
                         xcub::reference::histogram_even<unsigned>(
                             xcub::reference::channel_samples(data, 4, 1, 500, 1, 2000), 17, 0, 256),
                         "c arrays, g");
}

TEST_CASE("device histogram: unsorted levels are searched, not checked") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device histogram unsorted");
  const auto data = samples_of<float>(1000, rng, 0, 10);
  const auto d_data = to_device(data);
  const auto d_levels = to_device(std::vector<float>{5, 1, 9, 2, 8});
  auto d_hist = dirty<unsigned>(4);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::HistogramRange(t, b, d_data.data(), d_hist.data(), 5, d_levels.data(), 1000);
  });
  const auto got = d_hist.download();
  CHECK(std::accumulate(got.begin(), got.end(), 0ull) <= 1000);  // every sample in at most one bin
}

TEST_CASE("device histogram: 2^31 + 1000 samples of a counting iterator (64-bit counts; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    const long long n = (1LL << 31) + 1000;
    // 3 bins of [0, n): bin b holds the s with floor(3 s / n) == b, s in [ceil(b n / 3), ceil((b + 1) n / 3))
    std::vector<unsigned long long> want(3);
    for (int b = 0; b < 3; ++b) want[b] = static_cast<unsigned long long>((((b + 1) * n + 2) / 3) - ((b * n + 2) / 3));
    auto d_hist = dirty<unsigned long long>(3);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceHistogram::HistogramEven(t, b, xcub::CountingInputIterator<long long>(0), d_hist.data(), 4,
                                                  0LL, n, n);
    });
    xcub_test::check_equal(d_hist.download(), want, "counts");
  }
}

TEST_CASE("device histogram: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  using dh = xcub::DeviceHistogram;
  const auto e = xcub::error_invalid_value;
  const auto d_bytes = to_device(std::vector<std::uint8_t>(64, 7));
  const auto d_floats = to_device(std::vector<float>(64, 0.5f));
  const auto d_levels = to_device(std::vector<float>{0, 0.25f, 0.75f, 1});
  auto d_hist = dirty<unsigned>(256);
  auto d_hist2 = dirty<unsigned>(256);
  const auto sentinel = d_hist.download();
  unsigned* null_hist = nullptr;
  const std::uint8_t* null_bytes = nullptr;
  const float* null_levels = nullptr;
  std::size_t bytes = 0;
  REQUIRE(dh::HistogramEven(nullptr, bytes, d_bytes.data(), d_hist.data(), 257, 0, 256, 64) == xcub::success);
  CHECK(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (void* phase : {static_cast<void*>(nullptr), t}) {
    INFO((phase ? "second phase" : "size query"));
    std::size_t b = phase ? bytes : 12345;
    // null data pointers and the row layout are checked in the second call only (the size query
    // answers with them, as CUB's)
    const xcub::error_t second_only = phase ? e : xcub::success;
    // levels
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 1, 0, 256, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 0, 0, 256, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 256, 0, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 5, 5, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 9, 0.0f, nan, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 9, nan, 1.0f, 64) == e);
    // floating-point levels whose bins cannot be computed: an infinite level, a width past float's
    // range, a bin count over a subnormal width that overflows
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 9, -inf, 1.0f, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 9, 0.0f, inf, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 9, -3e38f, 3e38f, 64) == e);
    CHECK(dh::HistogramEven(phase, b, d_floats.data(), d_hist.data(), 201, 0.0f,
                            std::numeric_limits<float>::denorm_min(), 64) == e);
    // 256 bins do not fit the common type of u8 samples and u8 levels
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, std::uint8_t{0}, std::uint8_t{255}, 64) ==
          e);
    // (upper - lower) * bins overflows 64 bits
    const auto d_wide = to_device(std::vector<long long>(8, 0));
    CHECK(dh::HistogramEven(phase, b, d_wide.data(), d_hist.data(), 11, -(1LL << 62), 1LL << 62, 8) == e);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), d_hist.data(), 1, d_levels.data(), 64) == e);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), d_hist.data(), 4, null_levels, 64) == second_only);
    // pointers and counts
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), null_hist, 257, 0, 256, 64) == second_only);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), null_hist, 257, 0, 256, 0) == second_only);
    CHECK(dh::HistogramEven(phase, b, null_bytes, d_hist.data(), 257, 0, 256, 64) == second_only);
    CHECK(dh::HistogramEven(phase, b, null_bytes, d_hist.data(), 257, 0, 256, 8, 2, 8) == second_only);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 0, 256, -1) == e);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 0, 256, -1, 2, 8) == e);
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 0, 256, 8, -2, 8) == e);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), null_hist, 4, d_levels.data(), 64) == second_only);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), d_hist.data(), 4, d_levels.data(), 8LL, -1LL, 32) == e);
    // row strides: smaller than a row, not a multiple of the sample
    CHECK(dh::HistogramEven(phase, b, d_bytes.data(), d_hist.data(), 257, 0, 256, 8, 2, 7) == second_only);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), d_hist.data(), 4, d_levels.data(), 8, 2, 31) == second_only);
    CHECK(dh::HistogramRange(phase, b, d_floats.data(), d_hist.data(), 4, d_levels.data(), 8, 2, 34) == second_only);
    // one bad channel of several
    std::array<unsigned*, 2> hists = {d_hist.data(), null_hist};
    CHECK(dh::MultiHistogramEven<4, 2>(phase, b, d_bytes.data(), hists, std::array<int, 2>{257, 257},
                                       std::array<int, 2>{0, 0}, std::array<int, 2>{256, 256}, 16) == second_only);
    std::array<unsigned*, 2> good = {d_hist.data(), d_hist2.data()};
    CHECK(dh::MultiHistogramEven<4, 2>(phase, b, d_bytes.data(), good, std::array<int, 2>{257, 1},
                                       std::array<int, 2>{0, 0}, std::array<int, 2>{256, 256}, 16) == e);
    CHECK(dh::MultiHistogramEven<4, 2>(phase, b, d_bytes.data(), good, std::array<int, 2>{257, 257},
                                       std::array<int, 2>{0, 9}, std::array<int, 2>{256, 9}, 16) == e);
    CHECK(dh::MultiHistogramRange<2, 2>(phase, b, d_floats.data(), good, std::array<int, 2>{4, 4},
                                        std::array<const float*, 2>{d_levels.data(), null_levels}, 32) == second_only);
    CHECK(dh::MultiHistogramRange<2, 2>(phase, b, d_floats.data(), good, std::array<int, 2>{4, 4},
                                        std::array<const float*, 2>{d_levels.data(), d_levels.data()}, 4, 2,
                                            31) == second_only);
    if (phase) CHECK(b == bytes);  // nothing written
  }
  std::size_t none = 0;
  CHECK(dh::HistogramEven(t, none, d_bytes.data(), d_hist.data(), 257, 0, 256, 64) == e);  // temp too small
  XCUB_TEST_CALL(xcub::device_synchronize());
  CHECK(d_hist.download() == sentinel);
  CHECK(d_hist2.download() == sentinel);
  // no samples (a null input is fine then): the histogram is zeroed
  std::size_t b = bytes;
  CHECK(dh::HistogramEven(t, b, null_bytes, d_hist.data(), 257, 0, 256, 0) == xcub::success);
  CHECK(dh::HistogramEven(t, b, null_bytes, d_hist2.data(), 257, 0, 256, 8, 0, 1) == xcub::success);
  XCUB_TEST_CALL(xcub::device_synchronize());
  CHECK(d_hist.download() == std::vector<unsigned>(256, 0));
  CHECK(d_hist2.download() == std::vector<unsigned>(256, 0));
}
