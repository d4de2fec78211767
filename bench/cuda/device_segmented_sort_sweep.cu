// A sweep of DeviceSegmentedSort's CUDA tuning against CUB on device_segmented_sort.hpp's cases
// (segments of 100 and of random lengths in [0, 2000], keys and pairs, 2^26 items unless
// XCUB_BENCH_LOG2 says otherwise): the small path's logical warp (lanes x keys a lane; odd key
// counts keep the merge sort's blocked shared-memory stores off shared banks), the block size and
// the oversubscription of the grid. Every output is compared with CUB's. Built on demand (ninja
// bench/cuda/device_segmented_sort_sweep), not by run-gpu.sh.
//
//   device_segmented_sort_sweep [results.json]
#include "device_segmented_sort.hpp"

namespace xcub_bench::device {
namespace {

template <int THREADS, int LANES, int ITEMS, int OVER>
struct candidate {
  template <class KeyT>
  static constexpr xcub::detail::segmented_sort_policy policy(int arch) {
    auto p = xcub::tuning::segmented_sort::policy<KeyT>(arch);
    p.block_threads = THREADS;
    p.small_threads = LANES;
    p.small_items = ITEMS;
    return p;
  }
  static constexpr int oversubscription = OVER;
  static std::string label() {
    return " [" + std::to_string(THREADS) + " threads, " + std::to_string(LANES) + "x" + std::to_string(ITEMS) +
           ", over " + std::to_string(OVER) + "]";
  }
};

template <class... C>
void sweep(report& rep, int length, const std::vector<int>& sizes) {
  (segmented_sort<algo::merge, false, xcub::DeviceSegmentedSortTuned<C>>(rep, length, sizes, C::label()), ...);
  (segmented_sort<algo::merge, true, xcub::DeviceSegmentedSortTuned<C>>(rep, length, sizes, C::label()), ...);
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const std::vector<int> sizes = std::getenv("XCUB_BENCH_LOG2") ? log2_sizes() : std::vector<int>{26};
  report rep("device_segmented_sort_sweep");
  for (const int length : {100, 0}) {
    segmented_sort<algo::merge, false>(rep, length, sizes, " [default]");
    segmented_sort<algo::merge, true>(rep, length, sizes, " [default]");
    sweep<candidate<256, 16, 7, 2>, candidate<256, 16, 7, 8>, candidate<128, 16, 7, 4>, candidate<512, 16, 7, 4>,
          candidate<256, 8, 13, 4>, candidate<128, 4, 25, 4>, candidate<256, 32, 5, 4>>(rep, length, sizes);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
