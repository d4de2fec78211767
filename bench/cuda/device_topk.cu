// DeviceTopK (xcub) against a full CUB radix sort of the same keys (CUB 3.0.1 of the CUDA Toolkit has
// no DeviceTopK): MaxKeys float against cub::DeviceRadixSort::SortKeys, MinPairs float/int32 against
// cub::DeviceRadixSort::SortPairs, k = 1, 100 and 10^4, 2^20 to 2^28 keys by default (XCUB_BENCH_LOG2
// picks). Keys: uniform random floats in [-1, 1) (a hash of the index; almost all distinct); values:
// the input positions. Checks, before and after timing: xcub's k keys, sorted on the device, equal
// the k largest (smallest) of CUB's sorted output, and every xcub pair is an input pair (the key at
// the value's position). Minimum traffic: the keys read once, k keys (and k values read and written)
// written. The issue's target: k = 100 of 2^28 floats at least 5x faster than SortKeys (the ratio).
// Each with int and with std::int64_t counts on both sides (rows " i64": CUB's radix sort picks its
// offsets from the count type).
//
//   device_topk [results.json]
#include <cub/cub.cuh>

#include <xcub/device/device_topk.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

/// Counts the pairs (keys_out[j], values_out[j]) whose key is not keys_in[values_out[j]].
__global__ void check_pairs(const float* keys_in, std::size_t n, const float* keys_out, const int* values_out,
                            std::size_t k, unsigned long long* bad) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t j = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; j < k; j += stride) {
    const auto at = static_cast<std::size_t>(values_out[j]);
    if (values_out[j] < 0 || at >= n || keys_in[at] != keys_out[j]) atomicAdd(bad, 1ull);
  }
}

/// Aborts unless got[0, k) (any order) holds the keys of want[0, k) (sorted ascending).
void expect_same_keys(const float* got, const float* want, std::size_t k, const std::string& what) {
  dev_array<float> sorted(k);
  std::size_t bytes = 0;
  check(cub::DeviceRadixSort::SortKeys(nullptr, bytes, got, sorted.get(), static_cast<int>(k)), "sort size");
  dev_array<unsigned char> temp(bytes);
  check(cub::DeviceRadixSort::SortKeys(temp.get(), bytes, got, sorted.get(), static_cast<int>(k)), "sort");
  expect_equal(sorted.get(), want, k, what);
}

void expect_input_pairs(const float* keys_in, std::size_t n, const float* keys_out, const int* values_out,
                        std::size_t k, const std::string& what) {
  dev_array<unsigned long long> bad(1);
  check(cudaMemset(bad.get(), 0, sizeof(unsigned long long)), "memset");
  check_pairs<<<256, 256>>>(keys_in, n, keys_out, values_out, k, bad.get());
  check(cudaGetLastError(), "check launch");
  if (const unsigned long long b = to_host(bad.get()); b != 0)
    fail(what + ": " + std::to_string(b) + " output pairs are not input pairs");
}

void run_keys(report& rep) {
  for (int lg : log2_sizes()) {
    const std::size_t n = std::size_t{1} << lg;
    if (!fits(3 * n * sizeof(float) + n * sizeof(int), n * sizeof(float))) {
      skip("MaxKeys", "float", lg);
      continue;
    }
    dev_array<float> keys(n), sorted(n);
    dev_array<int> positions(n);
    fill_uniform(keys.get(), positions.get(), n);
    for_each_count([&](auto count) {  // int and std::int64_t counts (" i64") on both sides
      using Count = decltype(count);
      for (const std::size_t k : {std::size_t{1}, std::size_t{100}, std::size_t{10000}}) {
        dev_array<float> top(k);
        const float* in = keys.get();
        float *out = top.get(), *all = sorted.get();
        const Count items = static_cast<Count>(n), kk = static_cast<Count>(k);
        const std::string name = "MaxKeys k=" + std::to_string(k);
        bench_case c{name, counted<Count>("float"), lg, n, n * sizeof(float) + k * sizeof(float), n * sizeof(float),
                     "cub SortKeys"};
        run_pair(
            rep, c, [=](void* t, std::size_t& s) { return xcub::DeviceTopK::MaxKeys(t, s, in, out, items, kk); },
            [=](void* t, std::size_t& s) { return cub::DeviceRadixSort::SortKeys(t, s, in, all, items); },
            [&] { expect_same_keys(out, all + (n - k), k, name); });
      }
    });
  }
}

void run_pairs(report& rep) {
  for (int lg : log2_sizes()) {
    const std::size_t n = std::size_t{1} << lg;
    if (!fits(2 * n * sizeof(float) + 2 * n * sizeof(int), n * sizeof(float))) {
      skip("MinPairs", "float/int32", lg);
      continue;
    }
    dev_array<float> keys(n), sorted_keys(n);
    dev_array<int> positions(n), sorted_values(n);
    fill_uniform(keys.get(), positions.get(), n);
    for_each_count([&](auto count) {  // int and std::int64_t counts (" i64") on both sides
      using Count = decltype(count);
      for (const std::size_t k : {std::size_t{1}, std::size_t{100}, std::size_t{10000}}) {
        dev_array<float> top_keys(k);
        dev_array<int> top_values(k);
        const float* in = keys.get();
        const int* vin = positions.get();
        float *out = top_keys.get(), *all = sorted_keys.get();
        int *vout = top_values.get(), *vall = sorted_values.get();
        const Count items = static_cast<Count>(n), kk = static_cast<Count>(k);
        const std::string name = "MinPairs k=" + std::to_string(k);
        bench_case c{name, counted<Count>("float/int32"), lg, n, n * sizeof(float) + k * (sizeof(float) + 2 * sizeof(int)),
                     n * sizeof(float), "cub SortPairs"};
        run_pair(
            rep, c,
            [=](void* t, std::size_t& s) { return xcub::DeviceTopK::MinPairs(t, s, in, out, vin, vout, items, kk); },
            [=](void* t, std::size_t& s) { return cub::DeviceRadixSort::SortPairs(t, s, in, all, vin, vall, items); },
            [&] {
              expect_same_keys(out, all, k, name);
              expect_input_pairs(in, n, out, vout, k, name);
            });
      }
    });
  }
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "20 22 24 26 28", 0);
  report rep("device_topk");
  run_keys(rep);
  run_pairs(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
