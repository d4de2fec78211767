// DeviceScan::InclusiveSum, xcub against CUB: int8, int32, int64, float, double (output type = input
// type; an int8 prefix sum wraps alike on both sides).
#include <cub/device/device_scan.cuh>

#include <xcub/device/device_scan.hpp>

#include "device_scan_bench.hpp"

namespace xcub_bench::device {
namespace {

template <class T>
void inclusive_sum(report& rep) {
  const cudaStream_t stream = nullptr;
  scan_sizes<T>(
      rep, "DeviceScan::InclusiveSum",
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return xcub::DeviceScan::InclusiveSum(t, b, in, out, n, stream);
      },
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return cub::DeviceScan::InclusiveSum(t, b, in, out, n, stream);
      });
}

}  // namespace

void run_scan_inclusive(report& rep) {
  inclusive_sum<std::int8_t>(rep);
  inclusive_sum<std::int32_t>(rep);
  inclusive_sum<std::int64_t>(rep);
  inclusive_sum<float>(rep);
  inclusive_sum<double>(rep);
}

}  // namespace xcub_bench::device
