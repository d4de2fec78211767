// A sweep of DeviceHistogram's CUDA tuning against CUB on device_histogram.hpp's cases (2^28 samples
// unless XCUB_BENCH_LOG2 says otherwise; XCUB_SWEEP_ONLY=u8 runs the byte cases only): interleaved
// privatized copies (8, 16, 32: a copy per lane keeps a warp's atomics off each other's banks,
// fewer copies take less shared memory and leave more blocks resident), block threads, bytes of
// samples per thread per tile, and the counters' budget. Every output is compared with CUB's. Built
// on demand (ninja bench/cuda/device_histogram_sweep), not by run-gpu.sh.
//
//   device_histogram_sweep [results.json]
#include <cstdlib>
#include <cstring>
#include <string>

#include "device_histogram.hpp"

namespace xcub_bench::device::histogram_bench {
namespace {

template <int THREADS, int BYTES, int COPIES, int BUDGET, xcub::CacheLoadModifier MOD = xcub::LOAD_DEFAULT>
struct candidate {
  template <class SampleT>
  static constexpr xcub::detail::histogram_policy policy(int) {
    return {THREADS, static_cast<int>(BYTES / sizeof(SampleT)), 16, COPIES, BUDGET, 1, MOD};
  }
  static std::string label() {
    const char* mod = MOD == xcub::LOAD_LDG ? ", ldg" : MOD == xcub::LOAD_CG ? ", cg" : MOD == xcub::LOAD_CS ? ", cs" : "";
    return " [" + std::to_string(THREADS) + " threads, " + std::to_string(BYTES) + " B, " + std::to_string(COPIES) +
           " copies, " + std::to_string(BUDGET / 1024) + " KiB" + mod + "]";
  }
};

template <class... C>
void sweep(report& rep, kind which) {
  (run_one<C>(rep, which, C::label()), ...);
}

}  // namespace
}  // namespace xcub_bench::device::histogram_bench

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  using namespace xcub_bench::device::histogram_bench;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "28", 0);
  const char* only = std::getenv("XCUB_SWEEP_ONLY");
  const bool bytes_only = only && std::strcmp(only, "u8") == 0;
  report rep("device_histogram_sweep");
  for (kind k : {kind::even_u8, kind::multi_rgba, kind::even_f32}) {
    if (bytes_only && k == kind::even_f32) continue;
    run_one(rep, k, " [default]");
    sweep<candidate<1024, 64, 32, 32768>, candidate<1024, 64, 32, 32768, xcub::LOAD_CG>,
          candidate<1024, 64, 32, 32768, xcub::LOAD_CS>, candidate<1024, 128, 32, 32768, xcub::LOAD_CG>,
          candidate<1024, 64, 16, 32768, xcub::LOAD_CG>, candidate<768, 64, 32, 32768, xcub::LOAD_CG>,
          candidate<1024, 48, 32, 32768, xcub::LOAD_CG>, candidate<512, 128, 32, 32768, xcub::LOAD_CG>,
          candidate<256, 128, 32, 32768, xcub::LOAD_CG>, candidate<1024, 32, 32, 32768, xcub::LOAD_CG>>(rep, k);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
