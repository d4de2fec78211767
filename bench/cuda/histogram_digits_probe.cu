// What does DeviceRadixSort's histogram kernel cost per digit it counts? SortKeys u32 at 2^LOG2
// uniformly random keys over bits [0, 8 d) for d = 1 to 4 (one to four 8-bit digits, so one to four
// shared-memory atomics per key in the histogram kernel, the same keys read), xcub's and CUB's, two
// sorts each, for Nsight Compute to time each kernel:
//   ncu --clock-control none -k regex:[Hh]istogram --metrics gpu__time_duration.sum histogram_digits_probe [LOG2]
// (CUB's kernel is DeviceRadixSortHistogramKernel). The sorts' outputs are not checked: the
// benchmarks compare the same sorts with CUB's.
// It tells what computing the next pass's digit counts inside each onesweep pass (instead of all of
// them up front) could save (docs/device-radix-sort.md). Built on demand: ninja
// bench/cuda/histogram_digits_probe.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"
#include "harness.hpp"

int main(int argc, char** argv) {
  using xcub_bench::check;
  const int log2 = argc > 1 ? std::atoi(argv[1]) : 28;
  if (log2 < 1 || log2 > 30) {
    std::fprintf(stderr, "histogram_digits_probe: LOG2 is 1 to 30\n");
    return 1;
  }
  const int n = 1 << log2;
  using u32 = std::uint32_t;
  u32 *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, std::size_t(n) * sizeof(u32)), "malloc");
  check(cudaMalloc(&out, std::size_t(n) * sizeof(u32)), "malloc");
  xcub_bench::device::fill_random(in, std::size_t(n), 7);
  std::size_t xb = 0, cb = 0;
  check(xcub::DeviceRadixSort::SortKeys(nullptr, xb, in, out, n), "xcub size");
  check(cub::DeviceRadixSort::SortKeys(nullptr, cb, in, out, n), "cub size");
  void* temp = nullptr;
  check(cudaMalloc(&temp, xb > cb ? xb : cb), "malloc");
  for (int digits = 1; digits <= 4; ++digits) {
    for (int round = 0; round < 2; ++round) {
      std::size_t b = xb;
      check(xcub::DeviceRadixSort::SortKeys(temp, b, in, out, n, 0, 8 * digits), "xcub");
      b = cb;
      check(cub::DeviceRadixSort::SortKeys(temp, b, in, out, n, 0, 8 * digits), "cub");
    }
    check(cudaDeviceSynchronize(), "sort");
    std::printf("digits %d: sorted\n", digits);
  }
  return 0;
}
