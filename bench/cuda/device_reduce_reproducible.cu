// The reproducible floating-point sum, xcub::DeviceReduce::Sum(..., n, xcub::reproducible, stream),
// float and double, timed twice: against CUB's plain DeviceReduce::Sum (baseline "cub") and against
// xcub's plain Sum (baseline "xcub Sum"; the issue's target: within 1.5x). Its result must lie
// within the sum tolerance of CUB's plain sum and keep the same bits from the first call to the last.
#include <cub/device/device_reduce.cuh>

#include <xcub/device/device_reduce.hpp>
#include <xcub/device/reproducible.hpp>

#include <cstring>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

template <class T>
void reproducible_sum(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::Sum reproducible";
  if (!fits(n * sizeof(T), n * sizeof(T))) return skip(name, type_name<T>(), k);
  dev_array<T> in(n), out(3);
  fill(in.get(), n);
  const T* d_in = in.get();
  T *r_out = out.get(), *c_out = out.get() + 1, *x_out = out.get() + 2;
  const cudaStream_t stream = nullptr;
  for_each_count([&](auto count) {  // int and std::int64_t counts (" i64"), each checked on its own
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    const std::string what = std::string(name) + " " + counted<Count>(type_name<T>());
    bool have_first = false;
    T first{};
    // The reproducible sum against `plain_out` (CUB's or xcub's plain sum), and bit for bit against its
    // own first result.
    auto verify = [&](const T* plain_out) {
      const T got = to_host(r_out);
      expect_close_sum(got, to_host(plain_out), n, what);
      if (!have_first) {
        first = got;
        have_first = true;
      }
      if (std::memcmp(&got, &first, sizeof(T)) != 0)
        fail(what + ": not reproducible: " + show(got) + " after " + show(first));
    };
    auto repro = [=](void* t, std::size_t& b) {
      return xcub::DeviceReduce::Sum(t, b, d_in, r_out, items, xcub::reproducible, stream);
    };
    bench_case c{name, counted<Count>(type_name<T>()), k, n, (n + 1) * sizeof(T), n * sizeof(T)};
    run_pair(rep, c, repro,
             [=](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, c_out, items, stream); },
             [&] { verify(c_out); });
    c.baseline = "xcub Sum";
    run_pair(rep, c, repro,
             [=](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, d_in, x_out, items, stream); },
             [&] { verify(x_out); });
  });
}

}  // namespace

void run_reduce_reproducible(report& rep) {
  const std::vector<int> sizes = log2_sizes();
  for (int k : sizes) reproducible_sum<float>(rep, k);
  for (int k : sizes) reproducible_sum<double>(rep, k);
}

}  // namespace xcub_bench::device
