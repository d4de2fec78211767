// DeviceScan::ExclusiveSum (int32, int64) and DeviceScan::ExclusiveScan with cuda::maximum<> and the
// type's lowest value as init (int32, float), xcub against CUB; both sides get the same operator
// object, as ported CUB code would pass it.
#include <cub/device/device_scan.cuh>
#include <cuda/functional>

#include <xcub/device/device_scan.hpp>

#include "device_scan_bench.hpp"

namespace xcub_bench::device {
namespace {

template <class T>
void exclusive_sum(report& rep) {
  const cudaStream_t stream = nullptr;
  scan_sizes<T>(
      rep, "DeviceScan::ExclusiveSum",
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return xcub::DeviceScan::ExclusiveSum(t, b, in, out, n, stream);
      },
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return cub::DeviceScan::ExclusiveSum(t, b, in, out, n, stream);
      });
}

template <class T>
void exclusive_max(report& rep) {
  const cudaStream_t stream = nullptr;
  const T init = std::numeric_limits<T>::lowest();
  scan_sizes<T>(
      rep, "DeviceScan::ExclusiveScan max",
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return xcub::DeviceScan::ExclusiveScan(t, b, in, out, cuda::maximum<>{}, init, n, stream);
      },
      [=](void* t, std::size_t& b, const T* in, T* out, auto n) {
        return cub::DeviceScan::ExclusiveScan(t, b, in, out, cuda::maximum<>{}, init, n, stream);
      });
}

}  // namespace

void run_scan_exclusive(report& rep) {
  exclusive_sum<std::int32_t>(rep);
  exclusive_sum<std::int64_t>(rep);
  exclusive_max<std::int32_t>(rep);
  exclusive_max<float>(rep);
}

}  // namespace xcub_bench::device
