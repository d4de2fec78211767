// Runners for the policy sweep (bench/sweep_device.py generates a program from them): one Device*
// call through a given façade (xcub::DeviceReduceTuned<Candidate>, xcub::DeviceScanTuned<Candidate>,
// or the default xcub::DeviceReduce / DeviceScan) against CUB, with the device harness: outputs
// compared before and after timing, then timed in alternation. The row's benchmark name carries the
// candidate's label in brackets: "DeviceReduce::Sum [256x16]".
#pragma once

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <string>

#include "device_harness.hpp"

namespace xcub_bench::device {

/// Facade::Sum against cub::DeviceReduce::Sum over 2^k items of T.
template <class Facade, class T>
void sweep_reduce_sum(report& rep, const std::string& label, int k) {
  const std::size_t n = std::size_t{1} << k;
  const std::string name = "DeviceReduce::Sum [" + label + "]";
  if (!fits(n * sizeof(T), n * sizeof(T))) return skip(name.c_str(), type_name<T>(), k);
  dev_array<T> in(n), out(2);
  fill(in.get(), n);
  const T* d_in = in.get();
  T *x_out = out.get(), *c_out = out.get() + 1;
  const int items = static_cast<int>(n);
  const cudaStream_t stream = nullptr;
  const bench_case c{name, type_name<T>(), k, n, (n + 1) * sizeof(T), n * sizeof(T)};
  run_pair(
      rep, c, [=](void* t, std::size_t& b) { return Facade::Sum(t, b, d_in, x_out, items, stream); },
      [=](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, c_out, items, stream); },
      [&] { expect_close_sum(to_host(x_out), to_host(c_out), n, name + " " + type_name<T>()); });
}

/// Facade::InclusiveSum against cub::DeviceScan::InclusiveSum over 2^k items of T.
template <class Facade, class T>
void sweep_inclusive_sum(report& rep, const std::string& label, int k) {
  const std::size_t n = std::size_t{1} << k;
  const std::string name = "DeviceScan::InclusiveSum [" + label + "]";
  if (!fits(3 * n * sizeof(T), n * sizeof(T))) return skip(name.c_str(), type_name<T>(), k);
  dev_array<T> in(n), x_out(n), c_out(n);
  fill(in.get(), n);
  const T* d_in = in.get();
  T *xo = x_out.get(), *co = c_out.get();
  const int items = static_cast<int>(n);
  const cudaStream_t stream = nullptr;
  const double rel_tol = std::is_floating_point_v<T> ? 1e-5 : 0.0, abs_tol = std::is_floating_point_v<T> ? 1e-3 : 0.0;
  const bench_case c{name, type_name<T>(), k, n, 2 * n * sizeof(T), n * sizeof(T)};
  run_pair(
      rep, c, [=](void* t, std::size_t& b) { return Facade::InclusiveSum(t, b, d_in, xo, items, stream); },
      [=](void* t, std::size_t& b) { return cub::DeviceScan::InclusiveSum(t, b, d_in, co, items, stream); },
      [&] { expect_equal(xo, co, n, name + " " + type_name<T>(), rel_tol, abs_tol); });
}

}  // namespace xcub_bench::device
