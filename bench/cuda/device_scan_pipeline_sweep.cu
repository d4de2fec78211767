// The pipelined DeviceScan (agent_scan_pipelined.hpp) on sm_90, against CUB: the library's tuning,
// the one-tile-per-block agent alone (pipeline off), and pipelines of several rings from any size
// up (min_tiles 2), InclusiveSum int32, float, int64 and double from 2^18 to 2^28 (8-byte types to
// 2^27), two rounds; each candidate's output is checked against CUB's before timing
// (device_sweep.hpp). Where the pipeline starts to win sets the tuning's min_tiles; the rings its
// shape. Built on demand:
//
//   ninja -C build/cuda-bench bench/cuda/device_scan_pipeline_sweep
//   build/cuda-bench/bench/cuda/device_scan_pipeline_sweep [results.json]
#include <cstdint>
#include <string>

#include <xcub/device/device_scan.hpp>

#include "device_harness.hpp"
#include "device_sweep.hpp"

namespace {

/// The library's tuning with another pipeline (STAGES 0: none) for every type.
template <int STAGES, int TILE_BYTES, int CONSUMERS, int WINDOW = 8>
struct pipeline_tuning : xcub::tuning::scan {
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    return {STAGES, TILE_BYTES / static_cast<int>(sizeof(T)), CONSUMERS, 2, WINDOW, 0};
  }
};

template <class T>
void sweep(xcub_bench::device::report& rep, int k) {
  using namespace xcub_bench::device;
  sweep_inclusive_sum<xcub::DeviceScan, T>(rep, "default", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<0, 0, 0>>, T>(rep, "tiles only", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<6, 32768, 4>>, T>(rep, "6 x 32 KiB, 4 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<5, 32768, 4>>, T>(rep, "5 x 32 KiB, 4 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<7, 32768, 4>>, T>(rep, "7 x 32 KiB, 4 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<7, 32768, 4, 16>>, T>(rep, "7 x 32 KiB, 4 consumers, window 16", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<7, 32768, 8>>, T>(rep, "7 x 32 KiB, 8 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<8, 28672, 4>>, T>(rep, "8 x 28 KiB, 4 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<14, 16384, 4>>, T>(rep, "14 x 16 KiB, 4 consumers", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<pipeline_tuning<9, 24576, 4>>, T>(rep, "9 x 24 KiB, 4 consumers", k);
}

}  // namespace

int main(int argc, char** argv) {
  xcub_bench::device::report rep("device_scan_pipeline_sweep");
  for (int round = 0; round < 2; ++round) {
    for (int k : {20, 22, 24, 26, 28}) {
      sweep<int>(rep, k);
      sweep<float>(rep, k);
      if (k <= 26) {
        sweep<std::int64_t>(rep, k);
        sweep<double>(rep, k);
      }
    }
    sweep<std::int64_t>(rep, 27);
    sweep<double>(rep, 27);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
