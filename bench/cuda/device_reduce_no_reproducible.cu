// Stands in for device_reduce_reproducible.cu until DeviceReduce::Sum takes xcub::reproducible
// (bench/cuda/meson.build picks one of the two): the program then says so and runs the rest.
#include "device_harness.hpp"

namespace xcub_bench::device {

void run_reduce_reproducible(report&) {
  std::fprintf(stderr, "  DeviceReduce::Sum reproducible: skipped, DeviceReduce::Sum takes no xcub::reproducible\n");
}

}  // namespace xcub_bench::device
