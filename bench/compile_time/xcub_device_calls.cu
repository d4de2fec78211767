// Compile-time probe, xcub's side (bench/compile_time.sh): one translation unit that calls
// DeviceReduce::Sum, DeviceReduce::ArgMax, DeviceScan::InclusiveSum, DeviceScan::ExclusiveScan (max)
// and DeviceSegmentedReduce::Sum on int, each in the two-phase form. cub_device_calls.cu is the same
// source written with CUB; only the library differs.
#include <cstddef>
#include <cstdint>
#include <limits>

#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>

namespace {

/// Sizes the temp storage, allocates it, runs the call, frees it.
template <class Call>
bool two_phase(Call call) {
  std::size_t bytes = 0;
  void* temp = nullptr;
  bool ok = call(nullptr, bytes) == cudaSuccess && cudaMalloc(&temp, bytes) == cudaSuccess;
  ok = ok && call(temp, bytes) == cudaSuccess;
  cudaFree(temp);
  return ok;
}

}  // namespace

/// Runs the five algorithms on int input of n items (segments: `segments` + 1 offsets).
bool device_calls(const int* in, int* out, std::int64_t* index, const int* offsets, int n, int segments,
                  cudaStream_t s) {
  bool ok = two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, in, out, n, s); });
  ok &= two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, in, out, index, n, s); });
  ok &= two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSum(t, b, in, out, n, s); });
  ok &= two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceScan::ExclusiveScan(t, b, in, out, xcub::Max{}, std::numeric_limits<int>::lowest(), n, s);
  });
  ok &= two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedReduce::Sum(t, b, in, out, segments, offsets, offsets + 1, s);
  });
  return ok;
}
