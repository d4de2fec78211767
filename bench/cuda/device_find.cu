// DeviceFind against the closest CUB calls (device_find.hpp says which), 2^28 items by default
// (XCUB_BENCH_LOG2 picks).
//
//   device_find [results.json]
#include "device_find.hpp"

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "28", 0);
  report rep("device_find");
  run_find_if(rep);
  run_bounds(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
