// DeviceFind, xcub against the closest CUB calls (CUB 3.0.1 has no DeviceFind) in one binary on the
// same input, 2^28 items by default (XCUB_BENCH_LOG2 picks):
//   FindIf int32, the only match at the end, in the middle, at 1% of the input (x > 50 over items in
//     [-4, 4]). CUB: DeviceReduce::Reduce with cuda::minimum over a transform iterator mapping index i
//     to (match ? i : n), which reads the whole input. Minimum traffic: the items up to the match.
//   LowerBound and UpperBound of n/16 int32 values (hashes) in a sorted int32 range of n (2i + 1 at
//     i). CUB: DeviceFor::Bulk calling cub::LowerBound / cub::UpperBound (thread_search.cuh) per value.
//     Minimum traffic: the values read and the bounds written (the range's reads depend on caching).
// Every xcub output is compared with CUB's on the device, before and after timing (device_harness.hpp).
// Each with int and with std::int64_t counts (rows " i64"): CUB's Reduce picks its offsets from the
// count type, DeviceFor::Bulk takes the shape's type as its offsets.
// The runs take the xcub side as DeviceFindTuned<...> and a label, so that device_find_sweep.cu runs
// them over other tunings.
#pragma once
#include <string>

#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <xcub/device/device_find.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct above_50 {
  __host__ __device__ bool operator()(int x) const { return x > 50; }
};
/// CUB's side of FindIf: index i if item i matches, else n (in the count type).
template <class Count>
struct match_index {
  const int* in;
  Count n;
  __host__ __device__ Count operator()(Count i) const { return in[i] > 50 ? i : n; }
};

/// CUB's side of the bounds: DeviceFor::Bulk over the values, its shape of the count type.
template <bool UPPER, class Count>
struct cub_bound {
  const int* range;
  int n;
  const int* values;
  int* out;
  __device__ void operator()(Count i) const {
    out[i] = UPPER ? cub::UpperBound(range, n, values[i]) : cub::LowerBound(range, n, values[i]);
  }
};

template <class Find = xcub::DeviceFind>
void run_find_if(report& rep, const std::string& label = "") {
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (k > 30 || !fits(n * sizeof(int), n * sizeof(int))) {
      skip("FindIf", "int32", k);
      continue;
    }
    dev_array<int> in(n);
    dev_array<std::int64_t> x_out(1), c_out(1);  // an int or std::int64_t index
    fill(in.get(), n, 1);  // items in [-4, 4]: no match
    const int* din = in.get();
    struct where {
      const char* name;
      std::size_t at;
    };
    for (const where w : {where{"FindIf x>50, match at 1%", n / 100}, where{"FindIf x>50, match at 50%", n / 2},
                          where{"FindIf x>50, match at the end", n - 1}}) {
      place_match(in.get(), w.at);
      const std::size_t bytes = (w.at + 1) * sizeof(int);
      const std::string name = std::string(w.name) + label;
      for_each_count([&](auto count) {  // int and std::int64_t counts (" i64"; the index in that type)
        using Count = decltype(count);
        const Count items = static_cast<Count>(n);
        Count* xo = reinterpret_cast<Count*>(x_out.get());
        Count* co = reinterpret_cast<Count*>(c_out.get());
        const bench_case c{name.c_str(), counted<Count>("int32"), k, w.at + 1, bytes, bytes};
        const auto cub_in = thrust::make_transform_iterator(thrust::make_counting_iterator(Count{0}),
                                                            match_index<Count>{din, items});
        run_pair(
            rep, c,
            [=](void* t, std::size_t& s) { return Find::FindIf(t, s, din, xo, above_50{}, items); },
            [=](void* t, std::size_t& s) {
              return cub::DeviceReduce::Reduce(t, s, cub_in, co, items, ::cuda::minimum<>{}, items);
            },
            [&] {
              expect_equal(xo, co, 1, w.name);
              if (to_host(xo) != static_cast<Count>(w.at)) fail(std::string(w.name) + ": wrong index");
            });
      });
      fill(in.get(), n, 1);  // remove the match
    }
  }
}

template <class Find = xcub::DeviceFind>
void run_bounds(report& rep, const std::string& label = "") {
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k, m = n / 16;
    if (k > 30 || !fits((n + 3 * m) * sizeof(int), m * sizeof(int))) {
      skip("LowerBound", "int32", k);
      continue;
    }
    dev_array<int> range(n), values(m), x_out(m), c_out(m);
    fill_sorted_range(range.get(), n, values.get(), m);
    const int *dr = range.get(), *dv = values.get();
    int *xo = x_out.get(), *co = c_out.get();
    const int rn = static_cast<int>(n);
    const std::string lower_name = "LowerBound of n/16 values, sorted range of n" + label;
    const std::string upper_name = "UpperBound of n/16 values, sorted range of n" + label;
    for_each_count([&](auto count) {  // int and std::int64_t value counts (" i64")
      using Count = decltype(count);
      const Count vn = static_cast<Count>(m);
      const bench_case lower{lower_name.c_str(), counted<Count>("int32"), k, m, 2 * m * sizeof(int), m * sizeof(int)};
      run_pair(
          rep, lower,
          [=](void* t, std::size_t& s) { return Find::LowerBound(t, s, dr, rn, dv, vn, xo); },
          [=](void* t, std::size_t& s) { return cub::DeviceFor::Bulk(t, s, vn, cub_bound<false, Count>{dr, rn, dv, co}); },
          [&] { expect_equal(xo, co, m, lower.benchmark); });
      const bench_case upper{upper_name.c_str(), counted<Count>("int32"), k, m, 2 * m * sizeof(int), m * sizeof(int)};
      run_pair(
          rep, upper,
          [=](void* t, std::size_t& s) {
            return Find::UpperBound(t, s, dr, rn, dv, vn, xo, ::cuda::std::less<>{});
          },
          [=](void* t, std::size_t& s) { return cub::DeviceFor::Bulk(t, s, vn, cub_bound<true, Count>{dr, rn, dv, co}); },
          [&] { expect_equal(xo, co, m, upper.benchmark); });
    });
  }
}

}  // namespace
}  // namespace xcub_bench::device
