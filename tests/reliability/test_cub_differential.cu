// The GPU differential suite (CUDA only, built when CUB is present: the CCCL of the CUDA
// Toolkit): every device algorithm that CUB 3.0.1 has runs in xcub and in CUB on the same random
// inputs, and the outputs are compared bitwise. Sizes from 0 to past a million items, integer and
// floating-point types where the results are defined bitwise (sums on integers only: a float sum's
// rounding depends on the order, which CUB leaves unspecified). Where xcub documents a deliberate
// difference (docs/porting-from-cub.md), the inputs stay inside what both define: valid arguments,
// counts of selected items compared before the items. Run by scripts/gpu-check.sh (step
// "differential").
#include "test_support.hpp"

#include <cuda_runtime.h>

#include <limits>

#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/device/device_select.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

const std::vector<int> sizes = {0, 1, 31, 32, 33, 1000, 4097, 65539, (1 << 20) + 7};

/// A device array of n items, uploaded from host or poisoned (0xEE bytes).
template <class T>
struct dev {
  T* p = nullptr;
  std::size_t n = 0;
  explicit dev(std::size_t count) : n(count) {
    REQUIRE(cudaMalloc(&p, std::max<std::size_t>(n, 1) * sizeof(T)) == cudaSuccess);
    REQUIRE(cudaMemset(p, 0xEE, std::max<std::size_t>(n, 1) * sizeof(T)) == cudaSuccess);
  }
  explicit dev(const std::vector<T>& h) : dev(h.size()) {
    if (n) REQUIRE(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice) == cudaSuccess);
  }
  ~dev() { cudaFree(p); }
  dev(const dev&) = delete;
  std::vector<unsigned char> bytes(std::size_t count) const {
    std::vector<unsigned char> h(count * sizeof(T));
    if (count) REQUIRE(cudaMemcpy(h.data(), p, count * sizeof(T), cudaMemcpyDeviceToHost) == cudaSuccess);
    return h;
  }
};

/// An output of both sides: the items to compare, all n or as many as a count on the device says.
struct out_pair {
  const void* x;
  const void* c;
  std::size_t item_bytes, items;
  const int* x_count = nullptr;  // compare x_count[0] items (after checking the two counts agree)
  const int* c_count = nullptr;
};
template <class T>
out_pair both(const dev<T>& x, const dev<T>& c) { return {x.p, c.p, sizeof(T), x.n}; }
template <class T>
out_pair both_counted(const dev<T>& x, const dev<T>& c, const dev<int>& xn, const dev<int>& cn) {
  return {x.p, c.p, sizeof(T), x.n, xn.p, cn.p};
}

template <class Call>
void two_phase(Call call, const char* side) {
  std::size_t bytes = 0;
  INFO(side);
  REQUIRE(call(nullptr, bytes) == cudaSuccess);
  void* temp = nullptr;
  REQUIRE(cudaMalloc(&temp, std::max<std::size_t>(bytes, 1)) == cudaSuccess);
  REQUIRE(call(temp, bytes) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  cudaFree(temp);
}

template <class X, class C>
void differ(const std::string& what, X x, C c, std::initializer_list<out_pair> outs) {
  INFO(what);
  two_phase(x, "xcub");
  two_phase(c, "CUB");
  for (const out_pair& o : outs) {
    std::size_t items = o.items;
    if (o.x_count) {
      int xn = 0, cn = 0;
      REQUIRE(cudaMemcpy(&xn, o.x_count, sizeof xn, cudaMemcpyDeviceToHost) == cudaSuccess);
      REQUIRE(cudaMemcpy(&cn, o.c_count, sizeof cn, cudaMemcpyDeviceToHost) == cudaSuccess);
      REQUIRE(xn == cn);
      items = static_cast<std::size_t>(xn);
    }
    std::vector<unsigned char> hx(items * o.item_bytes), hc(items * o.item_bytes);
    if (!hx.empty()) {
      REQUIRE(cudaMemcpy(hx.data(), o.x, hx.size(), cudaMemcpyDeviceToHost) == cudaSuccess);
      REQUIRE(cudaMemcpy(hc.data(), o.c, hc.size(), cudaMemcpyDeviceToHost) == cudaSuccess);
    }
    std::size_t first = 0;
    while (first < hx.size() && hx[first] == hc[first]) ++first;
    INFO("first differing byte: " << first << " of " << hx.size());
    CHECK(first == hx.size());
  }
}

template <class T>
std::vector<T> random_items(std::size_t n, std::mt19937_64& rng, int range) {
  std::vector<T> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>) x = static_cast<T>(static_cast<int>(rng() % (2 * range + 1)) - range) / T(8);
    else x = static_cast<T>(static_cast<long long>(rng() % static_cast<std::uint64_t>(2 * range + 1)) - range);
  }
  return v;
}

struct max_op {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
struct is_odd {
  template <class T>
  __host__ __device__ bool operator()(T x) const { return (static_cast<long long>(x) & 1) != 0; }
};
struct less_op {
  template <class T>
  __host__ __device__ bool operator()(T a, T b) const { return a < b; }
};
struct diff_op {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return static_cast<T>(a - b); }
};

std::string tag(const char* name, int n) { return std::string(name) + ", n = " + std::to_string(n); }

}  // namespace

TEST_CASE("differential against CUB (GPU only): DeviceReduce, DeviceSegmentedReduce") {
  auto rng = xcub_test::rng_for("differential reduce");
  for (int n : sizes) {
    const auto h = random_items<int>(static_cast<std::size_t>(n), rng, 1000);
    const auto hf = random_items<float>(static_cast<std::size_t>(n), rng, 1000);
    dev<int> in(h);
    dev<float> inf(hf);
    {
      dev<int> x(1), c(1);
      differ(tag("Sum", n), [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, in.p, x.p, n); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, in.p, c.p, n); }, {both(x, c)});
      differ(tag("Reduce (max, init)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Reduce(t, b, in.p, x.p, n, max_op{}, -5); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::Reduce(t, b, in.p, c.p, n, max_op{}, -5); },
             {both(x, c)});
    }
    {
      dev<float> x(2), c(2);
      differ(tag("Min, Max (float)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Min(t, b, inf.p, x.p, n); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::Min(t, b, inf.p, c.p, n); }, {both(x, c)});
      differ(tag("Max (float)", n), [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Max(t, b, inf.p, x.p + 1, n); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::Max(t, b, inf.p, c.p + 1, n); }, {both(x, c)});
    }
    if (n == 0) {
      // Differs on purpose (docs/porting-from-cub.md): for 0 items CUB's value-and-index form writes
      // nothing, xcub writes the documented empty result, which is checked here instead.
      dev<float> xv(1);
      dev<std::int64_t> xi(1);
      for (const bool is_min : {true, false}) {
        INFO((is_min ? "ArgMin" : "ArgMax") << " (value and index outputs), n = 0");
        two_phase([&](void* t, std::size_t& b) {
          return is_min ? xcub::DeviceReduce::ArgMin(t, b, inf.p, xv.p, xi.p, n)
                        : xcub::DeviceReduce::ArgMax(t, b, inf.p, xv.p, xi.p, n);
        }, "xcub");
        float v = 0;
        std::int64_t i = 0;
        REQUIRE(cudaMemcpy(&v, xv.p, sizeof v, cudaMemcpyDeviceToHost) == cudaSuccess);
        REQUIRE(cudaMemcpy(&i, xi.p, sizeof i, cudaMemcpyDeviceToHost) == cudaSuccess);
        CHECK(v == (is_min ? std::numeric_limits<float>::max() : std::numeric_limits<float>::lowest()));
        CHECK(i == 1);
      }
    } else {
      dev<float> xv(1), cv(1);
      dev<std::int64_t> xi(1), ci(1);
      differ(tag("ArgMin (value and index outputs)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMin(t, b, inf.p, xv.p, xi.p, n); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::ArgMin(t, b, inf.p, cv.p, ci.p, n); },
             {both(xv, cv), both(xi, ci)});
      differ(tag("ArgMax (value and index outputs)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, inf.p, xv.p, xi.p, n); },
             [&](void* t, std::size_t& b) { return cub::DeviceReduce::ArgMax(t, b, inf.p, cv.p, ci.p, n); },
             {both(xv, cv), both(xi, ci)});
    }
    {
      const auto hk = random_items<int>(static_cast<std::size_t>(n), rng, 3);  // runs of equal keys
      dev<int> keys(hk), xu(n), cu(n), xa(n), ca(n), xr(1), cr(1);
      differ(tag("ReduceByKey", n),
             [&](void* t, std::size_t& b) {
               return xcub::DeviceReduce::ReduceByKey(t, b, keys.p, xu.p, in.p, xa.p, xr.p, max_op{}, n);
             },
             [&](void* t, std::size_t& b) {
               return cub::DeviceReduce::ReduceByKey(t, b, keys.p, cu.p, in.p, ca.p, cr.p, max_op{}, n);
             },
             {both_counted(xu, cu, xr, cr), both_counted(xa, ca, xr, cr)});
    }
    {
      const int segments = std::max(1, n / 100);
      std::vector<int> offs(static_cast<std::size_t>(segments) + 1);
      for (int s = 0; s <= segments; ++s) offs[static_cast<std::size_t>(s)] = static_cast<int>(1ll * s * n / segments);
      dev<int> d_offs(offs), x(segments), c(segments);
      differ(tag("DeviceSegmentedReduce::Sum", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceSegmentedReduce::Sum(t, b, in.p, x.p, segments, d_offs.p, d_offs.p + 1); },
             [&](void* t, std::size_t& b) { return cub::DeviceSegmentedReduce::Sum(t, b, in.p, c.p, segments, d_offs.p, d_offs.p + 1); },
             {both(x, c)});
      differ(tag("DeviceSegmentedReduce::Min", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceSegmentedReduce::Min(t, b, in.p, x.p, segments, d_offs.p, d_offs.p + 1); },
             [&](void* t, std::size_t& b) { return cub::DeviceSegmentedReduce::Min(t, b, in.p, c.p, segments, d_offs.p, d_offs.p + 1); },
             {both(x, c)});
      differ(tag("DeviceSegmentedReduce::Max", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceSegmentedReduce::Max(t, b, in.p, x.p, segments, d_offs.p, d_offs.p + 1); },
             [&](void* t, std::size_t& b) { return cub::DeviceSegmentedReduce::Max(t, b, in.p, c.p, segments, d_offs.p, d_offs.p + 1); },
             {both(x, c)});
    }
  }
}

TEST_CASE("differential against CUB (GPU only): DeviceScan, DeviceAdjacentDifference") {
  auto rng = xcub_test::rng_for("differential scan");
  for (int n : sizes) {
    const auto h = random_items<int>(static_cast<std::size_t>(n), rng, 1000);
    const auto hk = random_items<int>(static_cast<std::size_t>(n), rng, 2);
    dev<int> in(h), keys(hk), x(n), c(n);
    differ(tag("ExclusiveSum", n), [&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSum(t, b, in.p, x.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::ExclusiveSum(t, b, in.p, c.p, n); }, {both(x, c)});
    differ(tag("InclusiveSum", n), [&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSum(t, b, in.p, x.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::InclusiveSum(t, b, in.p, c.p, n); }, {both(x, c)});
    differ(tag("ExclusiveScan (max)", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveScan(t, b, in.p, x.p, max_op{}, -7, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::ExclusiveScan(t, b, in.p, c.p, max_op{}, -7, n); },
           {both(x, c)});
    differ(tag("InclusiveScan (max)", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveScan(t, b, in.p, x.p, max_op{}, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::InclusiveScan(t, b, in.p, c.p, max_op{}, n); },
           {both(x, c)});
    differ(tag("ExclusiveSumByKey", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSumByKey(t, b, keys.p, in.p, x.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::ExclusiveSumByKey(t, b, keys.p, in.p, c.p, n); },
           {both(x, c)});
    differ(tag("InclusiveSumByKey", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSumByKey(t, b, keys.p, in.p, x.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceScan::InclusiveSumByKey(t, b, keys.p, in.p, c.p, n); },
           {both(x, c)});
    differ(tag("SubtractLeftCopy", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, in.p, x.p, n, diff_op{}); },
           [&](void* t, std::size_t& b) { return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, in.p, c.p, n, diff_op{}); },
           {both(x, c)});
    differ(tag("SubtractRightCopy", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceAdjacentDifference::SubtractRightCopy(t, b, in.p, x.p, n, diff_op{}); },
           [&](void* t, std::size_t& b) { return cub::DeviceAdjacentDifference::SubtractRightCopy(t, b, in.p, c.p, n, diff_op{}); },
           {both(x, c)});
  }
}

TEST_CASE("differential against CUB (GPU only): DeviceSelect, DevicePartition, DeviceRunLengthEncode, DeviceHistogram") {
  auto rng = xcub_test::rng_for("differential select");
  for (int n : sizes) {
    const auto h = random_items<int>(static_cast<std::size_t>(n), rng, 4);
    std::vector<unsigned char> hf(static_cast<std::size_t>(n));
    for (auto& f : hf) f = static_cast<unsigned char>(rng() % 3 == 0);
    dev<int> in(h), vals(random_items<int>(static_cast<std::size_t>(n), rng, 1000)), x(n), c(n), xv(n), cv(n), xn(1), cn(1);
    dev<unsigned char> flags(hf);
    differ(tag("DeviceSelect::Flagged", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceSelect::Flagged(t, b, in.p, flags.p, x.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceSelect::Flagged(t, b, in.p, flags.p, c.p, cn.p, n); },
           {both_counted(x, c, xn, cn)});
    differ(tag("DeviceSelect::If", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceSelect::If(t, b, in.p, x.p, xn.p, n, is_odd{}); },
           [&](void* t, std::size_t& b) { return cub::DeviceSelect::If(t, b, in.p, c.p, cn.p, n, is_odd{}); },
           {both_counted(x, c, xn, cn)});
    differ(tag("DeviceSelect::Unique", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceSelect::Unique(t, b, in.p, x.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceSelect::Unique(t, b, in.p, c.p, cn.p, n); },
           {both_counted(x, c, xn, cn)});
    differ(tag("DeviceSelect::UniqueByKey", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceSelect::UniqueByKey(t, b, in.p, vals.p, x.p, xv.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceSelect::UniqueByKey(t, b, in.p, vals.p, c.p, cv.p, cn.p, n); },
           {both_counted(x, c, xn, cn), both_counted(xv, cv, xn, cn)});
    differ(tag("DevicePartition::Flagged", n),
           [&](void* t, std::size_t& b) { return xcub::DevicePartition::Flagged(t, b, in.p, flags.p, x.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DevicePartition::Flagged(t, b, in.p, flags.p, c.p, cn.p, n); },
           {both(x, c), both(xn, cn)});
    differ(tag("DevicePartition::If", n),
           [&](void* t, std::size_t& b) { return xcub::DevicePartition::If(t, b, in.p, x.p, xn.p, n, is_odd{}); },
           [&](void* t, std::size_t& b) { return cub::DevicePartition::If(t, b, in.p, c.p, cn.p, n, is_odd{}); },
           {both(x, c), both(xn, cn)});
    differ(tag("DeviceRunLengthEncode::Encode", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceRunLengthEncode::Encode(t, b, in.p, x.p, xv.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceRunLengthEncode::Encode(t, b, in.p, c.p, cv.p, cn.p, n); },
           {both_counted(x, c, xn, cn), both_counted(xv, cv, xn, cn)});
    differ(tag("DeviceRunLengthEncode::NonTrivialRuns", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, in.p, x.p, xv.p, xn.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, in.p, c.p, cv.p, cn.p, n); },
           {both_counted(x, c, xn, cn), both_counted(xv, cv, xn, cn)});
    const auto hs = random_items<float>(static_cast<std::size_t>(n), rng, 900);
    dev<float> samples(hs), levels(std::vector<float>{-100.f, -50.f, -1.f, 0.f, 0.5f, 3.f, 90.f});
    dev<int> xh(16), ch(16);
    differ(tag("DeviceHistogram::HistogramEven", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceHistogram::HistogramEven(t, b, samples.p, xh.p, 17, -80.f, 80.f, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceHistogram::HistogramEven(t, b, samples.p, ch.p, 17, -80.f, 80.f, n); },
           {both(xh, ch)});
    differ(tag("DeviceHistogram::HistogramRange", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceHistogram::HistogramRange(t, b, samples.p, xh.p, 7, levels.p, n); },
           [&](void* t, std::size_t& b) { return cub::DeviceHistogram::HistogramRange(t, b, samples.p, ch.p, 7, levels.p, n); },
           {out_pair{xh.p, ch.p, sizeof(int), 6}});
  }
}

template <class K>
void sorts(std::mt19937_64& rng, int n) {
  const auto hk = random_items<K>(static_cast<std::size_t>(n), rng, 1 << 20);
  std::vector<int> hv(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) hv[static_cast<std::size_t>(i)] = i;
  dev<K> keys(hk), xk(n), ck(n);
  dev<int> vals(hv), xv(n), cv(n);
  const int bits = static_cast<int>(sizeof(K) * 8);
  differ(tag("DeviceRadixSort::SortPairs", n),
         [&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortPairs(t, b, keys.p, xk.p, vals.p, xv.p, n); },
         [&](void* t, std::size_t& b) { return cub::DeviceRadixSort::SortPairs(t, b, keys.p, ck.p, vals.p, cv.p, n); },
         {both(xk, ck), both(xv, cv)});
  differ(tag("DeviceRadixSort::SortPairsDescending", n),
         [&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortPairsDescending(t, b, keys.p, xk.p, vals.p, xv.p, n); },
         [&](void* t, std::size_t& b) { return cub::DeviceRadixSort::SortPairsDescending(t, b, keys.p, ck.p, vals.p, cv.p, n); },
         {both(xk, ck), both(xv, cv)});
  differ(tag("DeviceRadixSort::SortKeys (bits 3 to 17)", n),
         [&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortKeys(t, b, keys.p, xk.p, n, 3, 17); },
         [&](void* t, std::size_t& b) { return cub::DeviceRadixSort::SortKeys(t, b, keys.p, ck.p, n, 3, 17); },
         {both(xk, ck)});
  differ(tag("DeviceRadixSort::SortKeysDescending", n),
         [&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortKeysDescending(t, b, keys.p, xk.p, n, 0, bits); },
         [&](void* t, std::size_t& b) { return cub::DeviceRadixSort::SortKeysDescending(t, b, keys.p, ck.p, n, 0, bits); },
         {both(xk, ck)});
  differ(tag("DeviceMergeSort::SortPairsCopy", n),
         [&](void* t, std::size_t& b) { return xcub::DeviceMergeSort::SortPairsCopy(t, b, keys.p, vals.p, xk.p, xv.p, n, less_op{}); },
         [&](void* t, std::size_t& b) { return cub::DeviceMergeSort::SortPairsCopy(t, b, keys.p, vals.p, ck.p, cv.p, n, less_op{}); },
         {both(xk, ck), both(xv, cv)});
  // segments: uneven, some empty, covering the array
  std::vector<int> offs = {0};
  while (offs.back() < n) offs.push_back(std::min(n, offs.back() + static_cast<int>(rng() % 3000)));
  const int segments = static_cast<int>(offs.size()) - 1;
  dev<int> d_offs(offs);
  differ(tag("DeviceSegmentedRadixSort::SortPairs", n),
         [&](void* t, std::size_t& b) {
           return xcub::DeviceSegmentedRadixSort::SortPairs(t, b, keys.p, xk.p, vals.p, xv.p, n, segments, d_offs.p, d_offs.p + 1);
         },
         [&](void* t, std::size_t& b) {
           return cub::DeviceSegmentedRadixSort::SortPairs(t, b, keys.p, ck.p, vals.p, cv.p, n, segments, d_offs.p, d_offs.p + 1);
         },
         {both(xk, ck), both(xv, cv)});
  differ(tag("DeviceSegmentedSort::StableSortPairs", n),
         [&](void* t, std::size_t& b) {
           return xcub::DeviceSegmentedSort::StableSortPairs(t, b, keys.p, xk.p, vals.p, xv.p, n, segments, d_offs.p, d_offs.p + 1);
         },
         [&](void* t, std::size_t& b) {
           return cub::DeviceSegmentedSort::StableSortPairs(t, b, keys.p, ck.p, vals.p, cv.p, n, segments, d_offs.p, d_offs.p + 1);
         },
         {both(xk, ck), both(xv, cv)});
}

TEST_CASE("differential against CUB (GPU only): radix, merge and segmented sorts, DeviceMerge") {
  auto rng = xcub_test::rng_for("differential sort");
  for (int n : sizes) {
    sorts<std::uint32_t>(rng, n);
    sorts<std::int64_t>(rng, n);
    sorts<float>(rng, n);
    auto a = random_items<int>(static_cast<std::size_t>(n), rng, 1 << 20), b2 = random_items<int>(static_cast<std::size_t>(n / 3), rng, 1 << 20);
    std::sort(a.begin(), a.end());
    std::sort(b2.begin(), b2.end());
    const int n2 = static_cast<int>(b2.size());
    dev<int> da(a), db(b2), x(n + n2), c(n + n2);
    differ(tag("DeviceMerge::MergeKeys", n),
           [&](void* t, std::size_t& b) { return xcub::DeviceMerge::MergeKeys(t, b, da.p, n, db.p, n2, x.p, less_op{}); },
           [&](void* t, std::size_t& b) { return cub::DeviceMerge::MergeKeys(t, b, da.p, n, db.p, n2, c.p, less_op{}); },
           {both(x, c)});
  }
}
