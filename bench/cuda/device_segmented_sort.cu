// DeviceSegmentedRadixSort and DeviceSegmentedSort against CUB (device_segmented_sort.hpp says how),
// 2^22 and 2^26 items by default (XCUB_BENCH_LOG2 picks).
//
//   device_segmented_sort [results.json]
#include "device_segmented_sort.hpp"

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const std::vector<int> sizes = std::getenv("XCUB_BENCH_LOG2") ? log2_sizes() : std::vector<int>{22, 26};
  report rep("device_segmented_sort");
  for (const int length : {100, 1000, 0}) {
    segmented_sort<algo::radix, false>(rep, length, sizes);
    segmented_sort<algo::radix, true>(rep, length, sizes);
    segmented_sort<algo::merge, false>(rep, length, sizes);
    segmented_sort<algo::merge, true>(rep, length, sizes);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
