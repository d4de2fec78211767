// One DeviceScan benchmark over the sizes: `xcub_call` and `cub_call` make the two sides' calls from
// (input, output, items), items an int and then a std::int64_t (generic lambdas; rows " i64"); the
// outputs are compared whole (floating point: within 1e-5 relative plus 1e-3 absolute, room for
// roundings only: the input's prefix sums are exact in practice).
// Minimum traffic: the input read once, the output written once.
#pragma once

#include "device_harness.hpp"

namespace xcub_bench::device {

template <class T, class XcubCall, class CubCall>
void scan_sizes(report& rep, const char* name, XcubCall xcub_call, CubCall cub_call) {
  const double rel_tol = std::is_floating_point_v<T> ? 1e-5 : 0.0, abs_tol = std::is_floating_point_v<T> ? 1e-3 : 0.0;
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(3 * n * sizeof(T), n * sizeof(T))) {
      skip(name, type_name<T>(), k);
      continue;
    }
    dev_array<T> in(n), x_out(n), c_out(n);
    fill(in.get(), n);
    const T* d_in = in.get();
    T *xo = x_out.get(), *co = c_out.get();
    for_each_count([&](auto count) {  // int and std::int64_t counts (" i64")
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      const bench_case c{name, counted<Count>(type_name<T>()), k, n, 2 * n * sizeof(T), n * sizeof(T)};
      run_pair(
          rep, c, [=](void* t, std::size_t& b) { return xcub_call(t, b, d_in, xo, items); },
          [=](void* t, std::size_t& b) { return cub_call(t, b, d_in, co, items); },
          [&] { expect_equal(xo, co, n, std::string(name) + " " + c.type, rel_tol, abs_tol); });
    });
  }
}

}  // namespace xcub_bench::device
