// A sweep of DeviceFind's CUDA tunings against CUB on device_find.hpp's cases (2^28 items unless
// XCUB_BENCH_LOG2 says otherwise): FindIf over block threads, items per thread and the load
// modifier (a tile's overhead, one ticket and one block reduction, against the bytes in flight);
// LowerBound/UpperBound over block threads and values per thread. Every output is compared with
// CUB's. Built on demand (ninja bench/cuda/device_find_sweep), not by run-gpu.sh.
//
//   device_find_sweep [results.json]
#include "device_find.hpp"

namespace xcub_bench::device {
namespace {

template <int THREADS, int ITEMS, xcub::CacheLoadModifier MOD>
struct find_candidate {
  template <class T>
  static constexpr xcub::detail::find_policy policy(int arch) {
    auto p = xcub::tuning::find_if::policy<T>(arch);
    p.block_threads = THREADS;
    p.items_per_thread = ITEMS;
    p.load_modifier = MOD;
    return p;
  }
  static std::string label() {
    return " [" + std::to_string(THREADS) + "x" + std::to_string(ITEMS) + (MOD == xcub::LOAD_LDG ? " ldg" : " default") +
           "]";
  }
};

template <int THREADS, int ITEMS>
struct bounds_candidate {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int) {
    return {THREADS, ITEMS, 0};
  }
  static std::string label() { return " [" + std::to_string(THREADS) + "x" + std::to_string(ITEMS) + "]"; }
};

template <class... C>
void sweep_find_if(report& rep) {
  (run_find_if<xcub::DeviceFindTuned<C>>(rep, C::label()), ...);
}
template <class... C>
void sweep_bounds(report& rep) {
  (run_bounds<xcub::DeviceFindTuned<xcub::tuning::find_if, C>>(rep, C::label()), ...);
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "28", 0);
  report rep("device_find_sweep");
  run_find_if(rep, " [default]");
  sweep_find_if<find_candidate<256, 32, xcub::LOAD_LDG>, find_candidate<256, 64, xcub::LOAD_LDG>,
                find_candidate<512, 16, xcub::LOAD_LDG>, find_candidate<512, 32, xcub::LOAD_LDG>,
                find_candidate<128, 32, xcub::LOAD_LDG>, find_candidate<256, 16, xcub::LOAD_DEFAULT>,
                find_candidate<256, 32, xcub::LOAD_DEFAULT>>(rep);
  run_bounds(rep, " [default]");
  sweep_bounds<bounds_candidate<128, 1>, bounds_candidate<512, 1>, bounds_candidate<256, 2>,
               bounds_candidate<256, 4>, bounds_candidate<1024, 1>>(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
