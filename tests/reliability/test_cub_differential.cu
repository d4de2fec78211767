// The GPU differential suite (CUDA only, built when CUB is present: the CCCL of the CUDA
// Toolkit): every device algorithm that CUB 3.0.1 has runs in xcub and in CUB on the same random
// inputs, and the outputs are compared bitwise. Sizes from 0 to past a million items, integer and
// floating-point types where the results are defined bitwise (sums on integers only: a float sum's
// rounding depends on the order, which CUB leaves unspecified). Where xcub documents a deliberate
// difference (docs/porting-from-cub.md), the inputs stay inside what both define: valid arguments,
// counts of selected items compared before the items. Run by scripts/gpu-check.sh (step
// "differential").
// Deliberate differences, and how each is kept out: ArgMin/ArgMax of 0 items (value-and-index form)
// is checked against xcub's documented result alone; segments with an end before their begin,
// -0.0 (the random floats are k / 8: +0.0 only; it matters to runs and to descending sorts by a bit
// range), double histogram levels and bit ranges with begin_bit == end_bit are not generated. DeviceFor, DeviceTransform and the batched copies have none: their inputs are valid
// for both (non-negative sizes, destinations that overlap nothing), and their calls go through the
// temp-storage overloads of both libraries. Not compared (xcub does not have them):
// DeviceFor::ForEachInExtents, DeviceTransform::TransformStableArgumentAddresses.
#include "test_support.hpp"

#include <cuda_runtime.h>

#include <limits>

#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_copy.cuh>
#include <cub/device/device_for.cuh>
#include <cub/device/device_memcpy.cuh>
#include <cub/device/device_transform.cuh>
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
#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_transform.hpp>
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
#include <xcub/iterator/counting_input_iterator.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <cuda/std/tuple>

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

namespace {
// DeviceFor and DeviceTransform: the same function objects (and index ranges: xcub's counting
// iterator in both) in both libraries; the outputs are compared bitwise. The temp-storage overloads (1 byte, nothing launched by the size query) let
// differ() call both the same way.
struct times5_plus1 {
  __host__ __device__ void operator()(int& x) const { x = x * 5 + 1; }
};
/// For an index (Bulk, ForEach over a counting range): out[i] = in[i] * 7 ^ i.
struct write_indexed {
  const int* in;
  int* out;
  __host__ __device__ void operator()(long long i) const { out[i] = (in[i] * 7) ^ static_cast<int>(i); }
};
struct write_indexed_int {
  const int* in;
  int* out;
  __host__ __device__ void operator()(int i) const { out[i] = (in[i] * 7) ^ i; }
};
/// For a copied item: counts it into a histogram of 64 bins (the order of the calls does not matter).
struct count_item {
  int* bins;
  __device__ void operator()(int x) const { atomicAdd(&bins[x & 63], 1); }
};
struct affine {
  __host__ __device__ int operator()(int a) const { return a * 3 - 7; }
};
struct fma3 {
  __host__ __device__ float operator()(int a, float b, unsigned char c) const {
    return static_cast<float>(a) * 0.5f + b - static_cast<float>(c);
  }
};
}  // namespace

TEST_CASE("differential against CUB (GPU only): DeviceFor, DeviceTransform") {
  auto rng = xcub_test::rng_for("differential for transform");
  for (int n : sizes) {
    const auto h = random_items<int>(static_cast<std::size_t>(n), rng, 1000);
    const auto hf = random_items<float>(static_cast<std::size_t>(n), rng, 1000);
    std::vector<unsigned char> hb(static_cast<std::size_t>(n));
    for (auto& b : hb) b = static_cast<unsigned char>(rng());
    dev<int> in(h);
    dev<float> inf(hf);
    dev<unsigned char> inb(hb);
    {
      dev<int> x(h), c(h);  // in place
      differ(tag("DeviceFor::ForEachN (in place)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceFor::ForEachN(t, b, x.p, n, times5_plus1{}); },
             [&](void* t, std::size_t& b) { return cub::DeviceFor::ForEachN(t, b, c.p, n, times5_plus1{}); },
             {both(x, c)});
      differ(tag("DeviceFor::ForEach (in place, again)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceFor::ForEach(t, b, x.p, x.p + n, times5_plus1{}); },
             [&](void* t, std::size_t& b) { return cub::DeviceFor::ForEach(t, b, c.p, c.p + n, times5_plus1{}); },
             {both(x, c)});
    }
    {
      dev<int> x(n), c(n);  // poisoned: untouched items must agree too
      differ(tag("DeviceFor::Bulk", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceFor::Bulk(t, b, static_cast<long long>(n), write_indexed{in.p, x.p}); },
             [&](void* t, std::size_t& b) { return cub::DeviceFor::Bulk(t, b, static_cast<long long>(n), write_indexed{in.p, c.p}); },
             {both(x, c)});
      differ(tag("DeviceFor::ForEachCopyN (indices)", n),
             [&](void* t, std::size_t& b) {
               return xcub::DeviceFor::ForEachCopyN(t, b, xcub::CountingInputIterator<int>(0), n, write_indexed_int{in.p, x.p});
             },
             [&](void* t, std::size_t& b) {
               return cub::DeviceFor::ForEachCopyN(t, b, xcub::CountingInputIterator<int>(0), n, write_indexed_int{in.p, c.p});
             },
             {both(x, c)});
      // Only the first n - n / 3 items: the rest stay poisoned on both sides.
      const int m = n - n / 3;
      differ(tag("DeviceFor::ForEachCopy (indices, a prefix)", n),
             [&](void* t, std::size_t& b) {
               return xcub::DeviceFor::ForEachCopy(t, b, xcub::CountingInputIterator<int>(0),
                                                   xcub::CountingInputIterator<int>(m), write_indexed_int{in.p, x.p});
             },
             [&](void* t, std::size_t& b) {
               return cub::DeviceFor::ForEachCopy(t, b, xcub::CountingInputIterator<int>(0), xcub::CountingInputIterator<int>(m),
                                                  write_indexed_int{in.p, c.p});
             },
             {both(x, c)});
    }
    {
      // ForEachCopyN over a pointer: items read in 16-byte words where aligned, one item
      // off alignment (in.p + 1) the other way.
      for (const int shift : {0, 1}) {
        const int m = n > shift ? n - shift : 0;
        dev<int> x(64), c(64);
        REQUIRE(cudaMemset(x.p, 0, 64 * sizeof(int)) == cudaSuccess);
        REQUIRE(cudaMemset(c.p, 0, 64 * sizeof(int)) == cudaSuccess);
        differ(tag(shift ? "DeviceFor::ForEachCopyN (pointer, one item in)" : "DeviceFor::ForEachCopyN (pointer)", n),
               [&](void* t, std::size_t& b) { return xcub::DeviceFor::ForEachCopyN(t, b, in.p + shift, m, count_item{x.p}); },
               [&](void* t, std::size_t& b) { return cub::DeviceFor::ForEachCopyN(t, b, in.p + shift, m, count_item{c.p}); },
               {both(x, c)});
      }
    }
    {
      dev<int> x(n), c(n);
      differ(tag("DeviceTransform::Transform (one input)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceTransform::Transform(t, b, in.p, x.p, n, affine{}); },
             [&](void* t, std::size_t& b) { return cub::DeviceTransform::Transform(t, b, in.p, c.p, n, affine{}); },
             {both(x, c)});
      const int m = n > 1 ? n - 1 : 0;
      dev<int> xu(n), cu(n);
      differ(tag("DeviceTransform::Transform (one input, unaligned by an item)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceTransform::Transform(t, b, in.p + 1, xu.p + 1, m, affine{}); },
             [&](void* t, std::size_t& b) { return cub::DeviceTransform::Transform(t, b, in.p + 1, cu.p + 1, m, affine{}); },
             {both(xu, cu)});
      dev<float> xf(n), cf(n);
      differ(tag("DeviceTransform::Transform (three inputs: int, float, byte)", n),
             [&](void* t, std::size_t& b) {
               return xcub::DeviceTransform::Transform(t, b, std::make_tuple(in.p, inf.p, inb.p), xf.p, n, fma3{});
             },
             [&](void* t, std::size_t& b) {
               return cub::DeviceTransform::Transform(t, b, ::cuda::std::make_tuple(in.p, inf.p, inb.p), cf.p, n, fma3{});
             },
             {both(xf, cf)});
      dev<int> xi(h), ci(h);
      differ(tag("DeviceTransform::Transform (in place)", n),
             [&](void* t, std::size_t& b) { return xcub::DeviceTransform::Transform(t, b, xi.p, xi.p, n, affine{}); },
             [&](void* t, std::size_t& b) { return cub::DeviceTransform::Transform(t, b, ci.p, ci.p, n, affine{}); },
             {both(xi, ci)});
    }
  }
}

namespace {
/// A 3-byte item: not a power of two (DeviceCopy's item-by-item path).
struct rgb {
  unsigned char v[3];
};

/// A batch of buffers (or ranges) of `item` bytes per item: random counts (zero among them, some
/// past a tile), sources anywhere in one random array (offsets by whole items from an unaligned
/// base where `skew`), destinations one after another with random gaps that stay poisoned.
struct batch {
  std::vector<long long> src_at, dst_at, count;
  long long src_items = 0, dst_items = 0;
  batch(std::mt19937_64& rng, int buffers, bool large_ones) {
    for (int b = 0; b < buffers; ++b) {
      long long c;
      switch (rng() % 8) {
        case 0: c = 0; break;                                           // empty
        case 1: c = static_cast<long long>(rng() % 4); break;           // a few
        case 2: c = large_ones ? static_cast<long long>(rng() % 300000) : 4096; break;  // past a tile
        case 3: c = static_cast<long long>(rng() % 5000); break;
        default: c = static_cast<long long>(rng() % 300); break;
      }
      count.push_back(c);
    }
    for (const long long c : count) src_items = std::max(src_items, c);
    src_items += 4096;
    for (const long long c : count) {
      src_at.push_back(static_cast<long long>(rng() % static_cast<std::uint64_t>(src_items - c + 1)));
      dst_items += static_cast<long long>(rng() % 40);  // a gap
      dst_at.push_back(dst_items);
      dst_items += c;
    }
    dst_items += 7;
  }
};

template <class T>
void copy_batch(std::mt19937_64& rng, int buffers, bool large_ones, bool memcpy_form, const char* what) {
  const batch bt(rng, buffers, large_ones);
  std::vector<T> hs(static_cast<std::size_t>(bt.src_items) + 1);
  for (auto& x : hs) {
    unsigned char* bytes = reinterpret_cast<unsigned char*>(&x);
    for (std::size_t k = 0; k < sizeof(T); ++k) bytes[k] = static_cast<unsigned char>(rng());
  }
  dev<T> src(hs), x(static_cast<std::size_t>(bt.dst_items)), c(static_cast<std::size_t>(bt.dst_items));
  // Sources one item in from the allocation (unaligned for 16-byte words) half the time.
  const T* base = src.p + (rng() % 2);
  std::vector<const T*> srcs;
  std::vector<T*> xd, cd;
  std::vector<long long> sizes;
  for (std::size_t b = 0; b < bt.count.size(); ++b) {
    srcs.push_back(base + bt.src_at[b]);
    xd.push_back(x.p + bt.dst_at[b]);
    cd.push_back(c.p + bt.dst_at[b]);
    sizes.push_back(memcpy_form ? bt.count[b] * static_cast<long long>(sizeof(T)) : bt.count[b]);
  }
  dev<const T*> d_srcs(srcs);
  dev<T*> d_xd(xd), d_cd(cd);
  dev<long long> d_sizes(sizes);
  const long long nb = static_cast<long long>(buffers);
  const std::string name = tag(what, buffers);
  if (memcpy_form)
    differ(name,
           [&](void* t, std::size_t& b) { return xcub::DeviceMemcpy::Batched(t, b, d_srcs.p, d_xd.p, d_sizes.p, nb); },
           [&](void* t, std::size_t& b) { return cub::DeviceMemcpy::Batched(t, b, d_srcs.p, d_cd.p, d_sizes.p, nb); },
           {both(x, c)});
  else
    differ(name,
           [&](void* t, std::size_t& b) { return xcub::DeviceCopy::Batched(t, b, d_srcs.p, d_xd.p, d_sizes.p, nb); },
           [&](void* t, std::size_t& b) { return cub::DeviceCopy::Batched(t, b, d_srcs.p, d_cd.p, d_sizes.p, nb); },
           {both(x, c)});
}
}  // namespace

TEST_CASE("differential against CUB (GPU only): DeviceMemcpy::Batched, DeviceCopy::Batched") {
  auto rng = xcub_test::rng_for("differential batched copy");
  // Buffer counts around the batch tiles; the first batches hold only small buffers, the later
  // ones buffers of up to 300000 items as well (each size class of both libraries).
  for (const int buffers : {0, 1, 2, 31, 32, 33, 255, 256, 257, 1000, 4097, 20011}) {
    for (const bool large_ones : {false, true}) {
      if (large_ones && buffers > 1000) continue;  // keeps the batch below a few hundred MB
      copy_batch<unsigned char>(rng, buffers, large_ones, true, "DeviceMemcpy::Batched (bytes)");
      copy_batch<int>(rng, buffers, large_ones, true, "DeviceMemcpy::Batched (int buffers, byte sizes)");
      copy_batch<int>(rng, buffers, large_ones, false, "DeviceCopy::Batched (int ranges)");
      copy_batch<std::uint16_t>(rng, buffers, large_ones, false, "DeviceCopy::Batched (uint16 ranges)");
      copy_batch<rgb>(rng, buffers, large_ones, false, "DeviceCopy::Batched (3-byte items)");
    }
  }
  {
    // Every buffer empty.
    std::vector<long long> zero(100, 0);
    dev<unsigned char> src(16), x(16), c(16);
    std::vector<const unsigned char*> srcs(100, src.p);
    std::vector<unsigned char*> xd(100, x.p), cd(100, c.p);
    dev<const unsigned char*> d_srcs(srcs);
    dev<unsigned char*> d_xd(xd), d_cd(cd);
    dev<long long> d_zero(zero);
    differ("DeviceMemcpy::Batched, 100 empty buffers",
           [&](void* t, std::size_t& b) { return xcub::DeviceMemcpy::Batched(t, b, d_srcs.p, d_xd.p, d_zero.p, 100); },
           [&](void* t, std::size_t& b) { return cub::DeviceMemcpy::Batched(t, b, d_srcs.p, d_cd.p, d_zero.p, 100); },
           {both(x, c)});
    differ("DeviceCopy::Batched, 100 empty ranges",
           [&](void* t, std::size_t& b) { return xcub::DeviceCopy::Batched(t, b, d_srcs.p, d_xd.p, d_zero.p, 100); },
           [&](void* t, std::size_t& b) { return cub::DeviceCopy::Batched(t, b, d_srcs.p, d_cd.p, d_zero.p, 100); },
           {both(x, c)});
  }
}
