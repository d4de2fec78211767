// DeviceScan, xcub against CUB in one binary on the same input, 2^16 to 2^30 items (XCUB_BENCH_LOG2
// picks): InclusiveSum (int8, int32, int64, float, double; device_scan_inclusive.cu), ExclusiveSum
// (int32, int64) and ExclusiveScan with cuda::maximum<> and the lowest value as init (int32, float;
// device_scan_exclusive.cu). Every xcub output is compared with CUB's, whole, on the device, before
// and after timing (see device_harness.hpp).
//
//   device_scan [results.json]
#include "device_harness.hpp"

namespace xcub_bench::device {
void run_scan_inclusive(report& rep);
void run_scan_exclusive(report& rep);
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  report rep("device_scan");
  run_scan_inclusive(rep);
  run_scan_exclusive(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
