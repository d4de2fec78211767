// The look-back window (scan_policy::lookback_window: tiles per poll) of DeviceScan on sm_90,
// against CUB: the library's sm_90 tuning with 4, 8, 16 and 32 tiles per poll, InclusiveSum int32,
// float and int8 (int accumulators) at 2^20, 2^24 and 2^28, int64 and double at 2^27, two rounds;
// each candidate's output is checked against CUB's before timing (device_sweep.hpp). Built on
// demand:
//
//   ninja -C build/cuda-bench bench/cuda/device_scan_window_sweep
//   build/cuda-bench/bench/cuda/device_scan_window_sweep [results.json]
#include <cstdint>
#include <string>

#include <xcub/device/device_scan.hpp>

#include "device_harness.hpp"
#include "device_sweep.hpp"

namespace {

template <int WINDOW>
struct window_tuning : xcub::tuning::scan {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int arch) {
    xcub::detail::scan_policy p = xcub::tuning::scan::policy<T>(arch);
    p.lookback_window = WINDOW;
    return p;
  }
};

template <class T>
void sweep(xcub_bench::device::report& rep, int k) {
  using namespace xcub_bench::device;
  sweep_inclusive_sum<xcub::DeviceScan, T>(rep, "default", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<window_tuning<32>>, T>(rep, "window 32", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<window_tuning<16>>, T>(rep, "window 16", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<window_tuning<8>>, T>(rep, "window 8", k);
  sweep_inclusive_sum<xcub::DeviceScanTuned<window_tuning<4>>, T>(rep, "window 4", k);
}

}  // namespace

int main(int argc, char** argv) {
  xcub_bench::device::report rep("device_scan_window_sweep");
  for (int round = 0; round < 2; ++round) {
    for (int k : {20, 24, 28}) {
      sweep<int>(rep, k);
      sweep<float>(rep, k);
      sweep<std::int8_t>(rep, k);
    }
    sweep<std::int64_t>(rep, 27);
    sweep<double>(rep, 27);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
