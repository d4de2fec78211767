// DeviceReduce::Min (int32, int64, float; int and std::int64_t counts) and DeviceReduce::ArgMax
// (int32, double; CUB's current form with separate value and index outputs, which takes
// std::int64_t counts only), xcub against CUB. The input holds many copies of
// its extremes, so ArgMax also checks CUB's tie rule (the first index). Minimum traffic: the input
// read once, the result written once.
#include <cub/device/device_reduce.cuh>

#include <xcub/device/device_reduce.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

template <class T>
void min(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::Min";
  if (!fits(n * sizeof(T), n * sizeof(T))) return skip(name, type_name<T>(), k);
  dev_array<T> in(n), out(2);
  fill(in.get(), n);
  const T* d_in = in.get();
  T *x_out = out.get(), *c_out = out.get() + 1;
  const cudaStream_t stream = nullptr;
  for_each_count([&](auto count) {  // int and std::int64_t counts (" i64")
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    const bench_case c{name, counted<Count>(type_name<T>()), k, n, (n + 1) * sizeof(T), n * sizeof(T)};
    run_pair(
        rep, c, [=](void* t, std::size_t& b) { return xcub::DeviceReduce::Min(t, b, d_in, x_out, items, stream); },
        [=](void* t, std::size_t& b) { return cub::DeviceReduce::Min(t, b, d_in, c_out, items, stream); },
        [&] { expect_equal(x_out, c_out, 1, std::string(name) + " " + c.type); });
  });
}

template <class T>
void arg_max(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::ArgMax";
  if (!fits(n * sizeof(T), n * sizeof(T))) return skip(name, type_name<T>(), k);
  dev_array<T> in(n), value(2);
  dev_array<std::int64_t> index(2);
  fill(in.get(), n);
  const T* d_in = in.get();
  T *x_value = value.get(), *c_value = value.get() + 1;
  std::int64_t *x_index = index.get(), *c_index = index.get() + 1;
  const auto items = static_cast<std::int64_t>(n);
  const cudaStream_t stream = nullptr;
  const bench_case c{name, type_name<T>(), k, n, n * sizeof(T) + sizeof(T) + sizeof(std::int64_t), n * sizeof(T)};
  run_pair(
      rep, c,
      [=](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, d_in, x_value, x_index, items, stream); },
      [=](void* t, std::size_t& b) { return cub::DeviceReduce::ArgMax(t, b, d_in, c_value, c_index, items, stream); },
      [&] {
        const std::string what = std::string(name) + " " + type_name<T>();
        expect_equal(x_value, c_value, 1, what + " (value)");
        expect_equal(x_index, c_index, 1, what + " (index)");
      });
}

}  // namespace

void run_reduce_minmax(report& rep) {
  const std::vector<int> sizes = log2_sizes();
  for (int k : sizes) min<std::int32_t>(rep, k);
  for (int k : sizes) min<std::int64_t>(rep, k);
  for (int k : sizes) min<float>(rep, k);
  for (int k : sizes) arg_max<std::int32_t>(rep, k);
  for (int k : sizes) arg_max<double>(rep, k);
}

}  // namespace xcub_bench::device
