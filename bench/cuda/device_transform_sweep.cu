// A sweep of DeviceTransform's and DeviceFor's CUDA tunings against CUB: Transform int32 of one
// input (x * 2 + 1) and DeviceFor::ForEachN int32 (in-place increment) over block threads and items
// per thread (16-byte vectors; ForEachN also down to 1 item per thread), at 2^24 and 2^28 items unless XCUB_BENCH_LOG2 says otherwise. Every
// output is compared with CUB's. Built on demand (ninja bench/cuda/device_transform_sweep), not by
// run-gpu.sh.
//
//   device_transform_sweep [results.json]
#include <cub/cub.cuh>

#include <xcub/device/device_for.hpp>
#include <xcub/device/device_transform.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct affine {
  __host__ __device__ int operator()(int x) const { return x * 2 + 1; }
};
struct increment {
  __host__ __device__ void operator()(int& x) const { ++x; }
};

template <int THREADS, int ITEMS, int VECTOR>
struct candidate {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int) {
    return {THREADS, xcub::detail::scaled_items(ITEMS, static_cast<int>(sizeof(T))), VECTOR};
  }
  static std::string label() {
    return " [" + std::to_string(THREADS) + "x" + std::to_string(ITEMS) + " vec " + std::to_string(VECTOR) + "]";
  }
};
struct transform_default {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int arch) {
    return xcub::tuning::transform::policy<T>(arch);
  }
  static std::string label() { return " [default]"; }
};
struct for_default {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int arch) {
    return xcub::tuning::for_each::policy<T>(arch);
  }
  static std::string label() { return " [default]"; }
};

template <class C>
void transform_case(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  dev_array<int> a(n), x_out(n), c_out(n);
  fill(a.get(), n, 1);
  const int* da = a.get();
  int *xo = x_out.get(), *co = c_out.get();
  const int items = static_cast<int>(n);
  const std::string name = "Transform x*2+1" + C::label();
  const bench_case c{name, "int32", k, n, 2 * n * sizeof(int), n * sizeof(int)};
  run_pair(
      rep, c,
      [=](void* t, std::size_t& s) { return xcub::DeviceTransformTuned<C>::Transform(t, s, da, xo, items, affine{}); },
      [=](void* t, std::size_t& s) { return cub::DeviceTransform::Transform(t, s, da, co, items, affine{}); },
      [&] { expect_equal(xo, co, n, name); });
}

template <class C>
void for_case(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  dev_array<int> a(n), x_out(n), c_out(n);
  fill(a.get(), n, 1);
  int *xo = x_out.get(), *co = c_out.get();
  check(cudaMemcpy(xo, a.get(), n * sizeof(int), cudaMemcpyDeviceToDevice), "copy");
  check(cudaMemcpy(co, a.get(), n * sizeof(int), cudaMemcpyDeviceToDevice), "copy");
  const int items = static_cast<int>(n);
  const std::string name = "DeviceFor::ForEachN ++x" + C::label();
  const bench_case c{name, "int32", k, n, 2 * n * sizeof(int), n * sizeof(int)};
  run_pair(
      rep, c, [=](void* t, std::size_t& s) { return xcub::DeviceForTuned<C>::ForEachN(t, s, xo, items, increment{}); },
      [=](void* t, std::size_t& s) { return cub::DeviceFor::ForEachN(t, s, co, items, increment{}); },
      [&] { expect_equal(xo, co, n, name); });
}

template <class... C>
void sweep(report& rep, int k) {
  (transform_case<C>(rep, k), ...);
  (for_case<C>(rep, k), ...);
}
template <class... C>
void sweep_for(report& rep, int k) {
  (for_case<C>(rep, k), ...);
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "24 28", 0);
  report rep("device_transform_sweep");
  for (int k : log2_sizes()) {
    transform_case<transform_default>(rep, k);
    for_case<for_default>(rep, k);
    sweep<candidate<256, 8, 16>, candidate<256, 32, 16>, candidate<128, 16, 16>, candidate<512, 16, 16>,
          candidate<128, 32, 16>, candidate<512, 8, 16>, candidate<256, 16, 0>, candidate<1024, 8, 16>>(rep, k);
    // ForEachN's op writes through its reference, so a thread's items go one after the other
    // (load, op, store): fewer items per thread, more threads in flight.
    sweep_for<candidate<256, 1, 16>, candidate<256, 2, 16>, candidate<256, 4, 16>, candidate<512, 2, 16>,
              candidate<128, 2, 16>>(rep, k);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
