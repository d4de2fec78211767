// DeviceReduce::Sum, xcub against CUB: int8, int32, int64, float, double. The output type is the
// input type (an int8 sum wraps alike on both sides: both add in int and convert once). Minimum
// traffic: the input read once, one item written.
#include <cub/device/device_reduce.cuh>

#include <xcub/device/device_reduce.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

template <class T>
void sum(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::Sum";
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
        rep, c, [=](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, d_in, x_out, items, stream); },
        [=](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, c_out, items, stream); },
        [&] { expect_close_sum(to_host(x_out), to_host(c_out), n, std::string(name) + " " + c.type); });
  });
}

template <class T>
void sum_all(report& rep) {
  for (int k : log2_sizes()) sum<T>(rep, k);
}

}  // namespace

void run_reduce_sum(report& rep) {
  sum_all<std::int8_t>(rep);
  sum_all<std::int32_t>(rep);
  sum_all<std::int64_t>(rep);
  sum_all<float>(rep);
  sum_all<double>(rep);
}

}  // namespace xcub_bench::device
