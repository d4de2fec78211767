// DeviceHistogram's benchmark cases, xcub against CUB in one binary on the same input (2^16 to 2^30
// samples by default; XCUB_BENCH_LOG2 picks): HistogramEven u8 of 256 bins over [0, 256) (uniform
// random bytes), HistogramEven f32 of 256 bins over [0, 1), MultiHistogramEven<4, 3> u8 RGBA pixels
// (3 histograms of 256 bins; the items are the samples, four per pixel), HistogramRange f32 of 64
// unevenly spaced levels. Every xcub histogram is compared with CUB's, whole and exactly (the bins are
// computed as CUB computes them), before and after timing (device_harness.hpp). Minimum traffic: every
// sample read once (the histograms are a few KiB). The xcub side is DeviceHistogramTuned<Tuning> with
// a label, so that device_histogram_sweep.cu runs the same cases over candidate tunings. Each case
// runs with int and with std::int64_t sample counts (rows " i64": CUB's dispatch takes the count's
// type as its offset type).
#pragma once

#include <cub/cub.cuh>

#include <xcub/device/device_histogram.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace histogram_bench {

constexpr int bins = histogram_bins;
constexpr int range_bins = histogram_range_bins;

enum class kind { even_u8, even_f32, multi_rgba, range_f32 };

inline const char* name_of(kind k) {
  switch (k) {
    case kind::even_u8: return "HistogramEven 256 bins";
    case kind::even_f32: return "HistogramEven 256 bins";
    case kind::multi_rgba: return "MultiHistogramEven<4,3> RGBA 256 bins";
    default: return "HistogramRange 64 bins";
  }
}

template <class Tuning = xcub::tuning::histogram>
void run_one(report& rep, kind which, const std::string& label = "") {
  using X = xcub::DeviceHistogramTuned<Tuning>;
  const std::string name_text = std::string(name_of(which)) + label;
  const char* name = name_text.c_str();
  const bool bytes_in = which == kind::even_u8 || which == kind::multi_rgba;
  const char* type = bytes_in ? "uint8" : "float";
  const std::size_t sample_bytes = bytes_in ? 1 : 4;
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;  // samples
    if (!fits(n * sample_bytes, n * sample_bytes)) {
      skip(name, type, k);
      continue;
    }
    dev_array<std::uint8_t> bytes(bytes_in ? n : 0);
    dev_array<float> floats(bytes_in ? 0 : n);
    if (bytes_in) fill_sample_bytes(bytes.get(), n);
    else fill_unit_floats(floats.get(), n);
    dev_array<int> x_hist(3 * bins), c_hist(3 * bins);
    dev_array<float> levels(range_bins + 1);
    const auto host_levels = range_levels();
    check(cudaMemcpy(levels.get(), host_levels.data(), host_levels.size() * sizeof(float), cudaMemcpyHostToDevice),
          "levels");
    const std::uint8_t* db = bytes.get();
    const float* df = floats.get();
    const float* dl = levels.get();
    int *xh = x_hist.get(), *ch = c_hist.get();
    const std::size_t outputs = which == kind::multi_rgba ? 3 * bins : which == kind::range_f32 ? range_bins : bins;
    const auto verify = [&] { expect_equal(xh, ch, outputs, name); };
    for_each_count([&](auto count) {  // int and std::int64_t sample counts (" i64")
      using Count = decltype(count);
      const Count items = static_cast<Count>(n), pixels = static_cast<Count>(n / 4);
      const bench_case c{name, counted<Count>(type), k, n, n * sample_bytes, n * sample_bytes};
      switch (which) {
        case kind::even_u8: {
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) { return X::HistogramEven(t, s, db, xh, bins + 1, 0, 256, items); },
              [=](void* t, std::size_t& s) { return cub::DeviceHistogram::HistogramEven(t, s, db, ch, bins + 1, 0, 256, items); },
              verify);
          break;
        }
        case kind::even_f32: {
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) {
                return X::HistogramEven(t, s, df, xh, bins + 1, 0.0f, 1.0f, items);
              },
              [=](void* t, std::size_t& s) {
                return cub::DeviceHistogram::HistogramEven(t, s, df, ch, bins + 1, 0.0f, 1.0f, items);
              },
              verify);
          break;
        }
        case kind::multi_rgba: {
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) {
                // CUB 3.x's cuda::std::array arguments, unchanged (xcub takes anything indexable per channel)
                return X::template MultiHistogramEven<4, 3>(
                    t, s, db, ::cuda::std::array<int*, 3>{xh, xh + bins, xh + 2 * bins},
                    ::cuda::std::array<int, 3>{257, 257, 257}, ::cuda::std::array<int, 3>{0, 0, 0},
                    ::cuda::std::array<int, 3>{256, 256, 256}, pixels);
              },
              [=](void* t, std::size_t& s) {
                return cub::DeviceHistogram::MultiHistogramEven<4, 3>(
                    t, s, db, ::cuda::std::array<int*, 3>{ch, ch + bins, ch + 2 * bins},
                    ::cuda::std::array<int, 3>{257, 257, 257}, ::cuda::std::array<int, 3>{0, 0, 0},
                    ::cuda::std::array<int, 3>{256, 256, 256}, pixels);
              },
              verify);
          break;
        }
        case kind::range_f32: {
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) {
                return X::HistogramRange(t, s, df, xh, range_bins + 1, dl, items);
              },
              [=](void* t, std::size_t& s) {
                return cub::DeviceHistogram::HistogramRange(t, s, df, ch, range_bins + 1, dl, items);
              },
              verify);
          break;
        }
      }
    });
  }
}

}  // namespace histogram_bench
}  // namespace xcub_bench::device
