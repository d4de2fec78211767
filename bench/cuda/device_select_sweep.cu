// A sweep of DeviceSelect's and DeviceRunLengthEncode's sm_90 tile shape against CUB, at 2^28 int32
// items (argv[2] sets log2): each candidate takes the backend's select policy and overrides block
// threads, items per thread (for 4-byte items, unscaled), the load algorithm, the load modifier,
// the look-back waits and the look-back window (DeviceSelectTuned<Candidate>, DeviceRunLengthEncodeTuned<Candidate>),
// and (first) the pipelined agent's rings for If and Unique (pipeline_candidate); every output is
// compared with CUB's. Built on demand (ninja bench/cuda/device_select_sweep), not by run-gpu.sh.
//
//   device_select_sweep [results.json] [log2]      (XCUB_SWEEP_ONLY=text: only names containing it;
//                                                   XCUB_SWEEP_TILES=1: the tile shapes too)
#include <cub/cub.cuh>

#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_select.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct below {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x < bound; }
};

__global__ void fill_kernel(int* p, std::size_t n, int run) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = run > 0 ? int(mix(i / run) % 1000) : int(mix(i) % 100);
}

template <int THREADS, int ITEMS, xcub::BlockLoadAlgorithm LOAD = xcub::BLOCK_LOAD_WARP_TRANSPOSE, int DELAY = -1,
          int SETTLE = -1, xcub::CacheLoadModifier MOD = xcub::LOAD_DEFAULT, int WINDOW = -1>
struct candidate {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int arch) {
    auto p = xcub::tuning::select::policy<T>(arch);
    p.block_threads = THREADS;
    p.items_per_thread = ITEMS;
    p.load_algorithm = LOAD;
    if (DELAY >= 0) p.lookback_delay_ns = DELAY;
    if (SETTLE >= 0) p.lookback_settle_ns = SETTLE;
    p.load_modifier = MOD;
    if (WINDOW >= 0) p.lookback_window = WINDOW;
    return p;
  }
};

/// The library's select tuning with another pipeline for If, Unique and Encode (STAGES 0: none),
/// from MIN_TILES tiles up.
template <int STAGES, int TILE_ITEMS, int CONSUMERS, int WINDOW = 8, int MIN_TILES = 2>
struct pipeline_candidate : xcub::tuning::select {
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    return {STAGES, TILE_ITEMS, CONSUMERS, MIN_TILES, WINDOW, 0};
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline_unique(int arch) {
    return pipeline<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline_encode(int arch) {
    return pipeline<T>(arch);
  }
};

enum class kind { select_if, unique, encode };

/// Encode's compacted tile takes 8 bytes an item (item and length): larger tiles do not fit 48 KiB.
template <class Tuning>
constexpr bool encode_fits = Tuning::template policy<int>(900).tile_items() * 8 <= 46 * 1024;

template <class Tuning>
void one(report& rep, kind which, const std::string& label, int k) {
  const char* base = which == kind::select_if ? "Select::If 50%" : which == kind::unique ? "Select::Unique" : "Encode";
  const std::string name = std::string(base) + " [" + label + "]";
  if (const char* only = std::getenv("XCUB_SWEEP_ONLY"); only && name.find(only) == std::string::npos) return;
  const std::size_t n = std::size_t{1} << k;
  const int run = which == kind::select_if ? 0 : 4;
  dev_array<int> in(n), xo(n), co(n), xl(n), cl(n), xc(1), cc(1);
  fill_kernel<<<2048, 256>>>(in.get(), n, run);
  check(cudaDeviceSynchronize(), "fill");
  const int* d_in = in.get();
  int *x_out = xo.get(), *c_out = co.get(), *x_len = xl.get(), *c_len = cl.get(), *x_cnt = xc.get(), *c_cnt = cc.get();
  const int items = static_cast<int>(n);
  std::size_t bytes = n * sizeof(int) + (run ? (which == kind::encode ? 2 : 1) * (n / run) : n / 2) * sizeof(int);
  const bench_case c{name, "int32", k, n, bytes, n * sizeof(int)};
  const auto verify = [&] {
    const int selected = to_host(c_cnt);
    if (to_host(x_cnt) != selected) fail(name + ": counts differ");
    expect_equal(x_out, c_out, static_cast<std::size_t>(selected), name);
    if (which == kind::encode) expect_equal(x_len, c_len, static_cast<std::size_t>(selected), name + " lengths");
  };
  using sel = xcub::DeviceSelectTuned<Tuning>;
  using rle = xcub::DeviceRunLengthEncodeTuned<Tuning>;
  const below half{50};
  if (which == kind::select_if)
    run_pair(
        rep, c, [=](void* t, std::size_t& b) { return sel::If(t, b, d_in, x_out, x_cnt, items, half); },
        [=](void* t, std::size_t& b) { return cub::DeviceSelect::If(t, b, d_in, c_out, c_cnt, items, half); }, verify);
  else if (which == kind::unique)
    run_pair(
        rep, c, [=](void* t, std::size_t& b) { return sel::Unique(t, b, d_in, x_out, x_cnt, items); },
        [=](void* t, std::size_t& b) { return cub::DeviceSelect::Unique(t, b, d_in, c_out, c_cnt, items); }, verify);
  else if constexpr (encode_fits<Tuning>)
    run_pair(
        rep, c, [=](void* t, std::size_t& b) { return rle::Encode(t, b, d_in, x_out, x_len, x_cnt, items); },
        [=](void* t, std::size_t& b) {
          return cub::DeviceRunLengthEncode::Encode(t, b, d_in, c_out, c_len, c_cnt, items);
        },
        verify);
}

template <class Tuning>
void all_three(report& rep, const std::string& label, int k) {
  one<Tuning>(rep, kind::select_if, label, k);
  one<Tuning>(rep, kind::unique, label, k);
  if constexpr (encode_fits<Tuning>) one<Tuning>(rep, kind::encode, label, k);
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const int k = argc > 2 ? std::atoi(argv[2]) : 28;
  report rep("device_select_sweep");
  all_three<xcub::tuning::select>(rep, "default", k);
  // The pipelined agent: rings, consumer warps (as many reducers), look-ahead windows; If and Unique,
  // then Encode (whose consumers keep 2 bytes per item of a tile beside the ring). Earlier sweeps'
  // shapes: docs/device-select.md.
  const auto pipelines = [&](auto tuning, const std::string& label) {
    one<decltype(tuning)>(rep, kind::select_if, label, k);
    one<decltype(tuning)>(rep, kind::unique, label, k);
  };
  const auto encode_only = [&](auto tuning, const std::string& label) {
    one<decltype(tuning)>(rep, kind::encode, label, k);
  };
  pipelines(pipeline_candidate<0, 0, 0>{}, "tiles only");
  pipelines(pipeline_candidate<6, 9216, 8, 32>{}, "6 x 36 KiB, 8 consumers, window 32");
  pipelines(pipeline_candidate<6, 9216, 8, 16>{}, "6 x 36 KiB, 8 consumers, window 16");
  pipelines(pipeline_candidate<5, 11264, 8, 16>{}, "5 x 44 KiB, 8 consumers, window 16");
  encode_only(pipeline_candidate<0, 0, 0>{}, "tiles only");
  encode_only(pipeline_candidate<5, 9216, 8, 32>{}, "5 x 36 KiB, 8 consumers, window 32");
  encode_only(pipeline_candidate<5, 9216, 8, 16>{}, "5 x 36 KiB, 8 consumers, window 16");
  encode_only(pipeline_candidate<5, 9216, 12, 32>{}, "5 x 36 KiB, 12 consumers, window 32");
  encode_only(pipeline_candidate<5, 10240, 8, 32>{}, "5 x 40 KiB, 8 consumers, window 32");
  encode_only(pipeline_candidate<5, 10240, 10, 32>{}, "5 x 40 KiB, 10 consumers, window 32");
  encode_only(pipeline_candidate<4, 12288, 8, 32>{}, "4 x 48 KiB, 8 consumers, window 32");
  encode_only(pipeline_candidate<4, 12288, 12, 32>{}, "4 x 48 KiB, 12 consumers, window 32");
  encode_only(pipeline_candidate<6, 8192, 8, 32>{}, "6 x 32 KiB, 8 consumers, window 32");
  encode_only(pipeline_candidate<7, 7168, 8, 32>{}, "7 x 28 KiB, 8 consumers, window 32");
  if (!std::getenv("XCUB_SWEEP_TILES")) {
    rep.finish(argc > 1 ? argv[1] : nullptr);
    return 0;
  }
  // The one-tile-per-block agent's shapes (XCUB_SWEEP_TILES=1).
  all_three<candidate<128, 20>>(rep, "128x20", k);
  all_three<candidate<128, 24>>(rep, "128x24", k);
  all_three<candidate<128, 28>>(rep, "128x28", k);
  all_three<candidate<128, 32>>(rep, "128x32", k);
  all_three<candidate<256, 12>>(rep, "256x12", k);
  all_three<candidate<256, 16>>(rep, "256x16", k);
  all_three<candidate<256, 24>>(rep, "256x24", k);
  all_three<candidate<384, 17>>(rep, "384x17", k);
  all_three<candidate<512, 12>>(rep, "512x12", k);
  using xcub::BLOCK_LOAD_WARP_TRANSPOSE;
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_CG>>(rep, "128x24 ld.cg", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_CS>>(rep, "128x24 ld.cs", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_LDG>>(rep, "128x24 ld.global.nc", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_DEFAULT, 16>>(rep, "128x24 window 16", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_DEFAULT, 8>>(rep, "128x24 window 8", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_DEFAULT, 4>>(rep, "128x24 window 4", k);
  all_three<candidate<384, 17, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_DEFAULT, 8>>(rep, "384x17 window 8", k);
  all_three<candidate<128, 24, BLOCK_LOAD_WARP_TRANSPOSE, -1, -1, xcub::LOAD_DEFAULT, 0>>(rep, "128x24 window 32", k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
