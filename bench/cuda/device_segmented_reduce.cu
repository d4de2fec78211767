// DeviceSegmentedReduce::Sum, xcub against CUB in one binary on the same input and offsets, 2^16 to
// 2^30 items (XCUB_BENCH_LOG2 picks), segments of fixed length 1, 8, 64, 1000 and 10^5 and of random
// lengths uniform in [0, 2000] (empty segments included): int32 with every length
// (device_segmented_reduce_i32.cu), int8, int64, float and double with a few
// (device_segmented_reduce_types.cu). Both sides get one int offsets array as begin (offsets) and end
// (offsets + 1) pointers. Every xcub output is compared with CUB's, whole, on the device, before and
// after timing (see device_harness.hpp).
//
//   device_segmented_reduce [results.json]
#include "device_harness.hpp"

namespace xcub_bench::device {
void run_segmented_i32(report& rep);
void run_segmented_types(report& rep);
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  report rep("device_segmented_reduce");
  run_segmented_i32(rep);
  run_segmented_types(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
