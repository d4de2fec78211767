// DeviceReduce, xcub against CUB in one binary on the same input, 2^16 to 2^30 items (XCUB_BENCH_LOG2
// picks): Sum (int8, int32, int64, float, double; device_reduce_sum.cu), Min (int32, int64, float)
// and ArgMax (int32, double; device_reduce_minmax.cu), and the reproducible float and double Sum
// against CUB's plain Sum and against xcub's plain Sum (device_reduce_reproducible.cu).
// Every xcub result is compared with CUB's before and after timing (see device_harness.hpp).
//
//   device_reduce [results.json]
#include "device_harness.hpp"

namespace xcub_bench::device {
void run_reduce_sum(report& rep);
void run_reduce_minmax(report& rep);
void run_reduce_reproducible(report& rep);
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  report rep("device_reduce");
  run_reduce_sum(rep);
  run_reduce_minmax(rep);
  run_reduce_reproducible(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
