// DeviceSegmentedReduce::Sum over the other types, xcub against CUB, a few lengths each: int8 64;
// int64 8 and 1000; float 8 and 1000; double 1000 and random.
#include "device_segmented_bench.hpp"

namespace xcub_bench::device {

void run_segmented_types(report& rep) {
  segmented_sum<std::int8_t>(rep, 64);
  segmented_sum<std::int64_t>(rep, 8);
  segmented_sum<std::int64_t>(rep, 1000);
  segmented_sum<float>(rep, 8);
  segmented_sum<float>(rep, 1000);
  segmented_sum<double>(rep, 1000);
  segmented_sum<double>(rep, 0);
}

}  // namespace xcub_bench::device
