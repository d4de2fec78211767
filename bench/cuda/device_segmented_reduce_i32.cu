// DeviceSegmentedReduce::Sum over int32, xcub against CUB: segments of 1, 8, 64, 1000 and 10^5 items
// and random lengths (the issue's targets at 2^28 items: segments of 8 at >= 50% of the copy
// bandwidth, of 1000 at >= 80%).
#include "device_segmented_bench.hpp"

namespace xcub_bench::device {

void run_segmented_i32(report& rep) {
  for (int length : {1, 8, 64, 1000, 100000, 0}) segmented_sum<std::int32_t>(rep, length);
}

}  // namespace xcub_bench::device
