// One DeviceSegmentedReduce::Sum benchmark over the sizes, for segments of `length` items (0: random
// lengths uniform in [0, 2000], drawn on the host from a seed fixed per size). At 2^k nominal items
// it makes as many whole segments as fit (random: until the next would not), so `items` is at most
// 2^k; sizes with no whole segment, or with more than 2^26 segments, are left out (CUB runs one
// block per segment: 2^28 one-item segments would take hundreds of ms per call). Minimum traffic:
// the input read once, the offsets read once (one array serves as begin and end), one sum written
// per segment. Outputs are compared whole (floating point: within 1e-5 relative plus 1e-3
// absolute, room for roundings only).
#pragma once

#include <cub/device/device_segmented_reduce.cuh>

#include <xcub/device/device_segmented_reduce.hpp>

#include <random>

#include "device_harness.hpp"

namespace xcub_bench::device {

template <class T>
void segmented_sum(report& rep, int length) {
  const std::string name = length == 0 ? std::string("DeviceSegmentedReduce::Sum random 0..2000")
                                       : "DeviceSegmentedReduce::Sum segments of " + std::to_string(length);
  const double rel_tol = std::is_floating_point_v<T> ? 1e-5 : 0.0, abs_tol = std::is_floating_point_v<T> ? 1e-3 : 0.0;
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;
    std::vector<int> host_offsets;
    if (length == 0) host_offsets = random_offsets(k);
    const std::size_t segments = length == 0 ? host_offsets.size() - 1 : n / length;
    if (segments == 0) {
      std::fprintf(stderr, "  %s %s 2^%d: skipped, no whole segment\n", name.c_str(), type_name<T>(), k);
      continue;
    }
    if (segments > max_segments) {
      std::fprintf(stderr, "  %s %s 2^%d: skipped, more than 2^26 segments\n", name.c_str(), type_name<T>(), k);
      continue;
    }
    const std::size_t items = length == 0 ? std::size_t(host_offsets.back()) : segments * length;
    if (!fits(items * sizeof(T) + (segments + 1) * sizeof(int) + 2 * segments * sizeof(T), items * sizeof(T))) {
      skip(name.c_str(), type_name<T>(), k);
      continue;
    }
    dev_array<T> in(items), x_out(segments), c_out(segments);
    dev_array<int> offsets(segments + 1);
    fill(in.get(), items);
    if (length == 0) {
      check(cudaMemcpy(offsets.get(), host_offsets.data(), host_offsets.size() * sizeof(int), cudaMemcpyHostToDevice),
            "copy offsets");
    } else {
      fill_fixed_offsets(offsets.get(), segments, length);
    }
    check(cudaDeviceSynchronize(), "offsets");
    const T* d_in = in.get();
    T *xo = x_out.get(), *co = c_out.get();
    const int* begin = offsets.get();
    const int* end = offsets.get() + 1;
    const auto num_segments = static_cast<std::int64_t>(segments);
    const cudaStream_t stream = nullptr;
    const bench_case c{name, type_name<T>(), k, items,
                       items * sizeof(T) + (segments + 1) * sizeof(int) + segments * sizeof(T), items * sizeof(T)};
    run_pair(
        rep, c,
        [=](void* t, std::size_t& b) {
          return xcub::DeviceSegmentedReduce::Sum(t, b, d_in, xo, num_segments, begin, end, stream);
        },
        [=](void* t, std::size_t& b) {
          return cub::DeviceSegmentedReduce::Sum(t, b, d_in, co, num_segments, begin, end, stream);
        },
        [&] { expect_equal(xo, co, segments, name + " " + type_name<T>(), rel_tol, abs_tol); });
  }
}

}  // namespace xcub_bench::device
