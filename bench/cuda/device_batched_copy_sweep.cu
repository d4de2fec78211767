// A sweep of DeviceMemcpy::Batched's tuning against CUB on the benchmark's batches
// (device_batched_copy.hpp) at 2^20 buffers (argv[2] sets log2): each candidate takes the backend's
// policy and overrides block threads, buffers per thread, the tiny class's limit and units per
// thread, the warp class's limit and words in flight, the large kernel's words in flight and chunk
// (DeviceMemcpyTuned<Candidate>); every output is compared with CUB's. Built on demand (ninja
// bench/cuda/device_batched_copy_sweep), not by run-gpu.sh.
//
//   device_batched_copy_sweep [results.json] [log2]      (XCUB_SWEEP_ONLY=text: only names containing it)
#include "device_batched_copy.hpp"

namespace xcub_bench::device {
namespace {

template <int THREADS, int PER, int TINY, int STEP, int WARP_MAX, int WORDS, int LWORDS, int CHUNK>
struct candidate {
  template <class T>
  static constexpr xcub::detail::batched_copy_policy policy(int arch) {
    auto p = xcub::tuning::batched_copy::policy<T>(arch);
    p.block_threads = THREADS;
    p.buffers_per_thread = PER;
    p.tiny_max_bytes = TINY;
    p.tiny_units_per_thread = STEP;
    p.warp_max_bytes = WARP_MAX;
    p.warp_words = WORDS;
    p.large_words = LWORDS;
    p.large_chunk_bytes = CHUNK;
    return p;
  }
  static std::string label() {
    return " [" + std::to_string(THREADS) + "x" + std::to_string(PER) + " tiny " + std::to_string(TINY) + "/" +
           std::to_string(STEP) + " warp " + std::to_string(WARP_MAX) + "/" + std::to_string(WORDS) + " large " +
           std::to_string(LWORDS) + "/" + std::to_string(CHUNK) + "]";
  }
};

template <class... Candidates>
void sweep(report& rep, const batch& b) {
  const char* only = std::getenv("XCUB_SWEEP_ONLY");
  const auto one = [&](auto c) {
    using C = decltype(c);
    if (only && (b.name + C::label()).find(only) == std::string::npos) return;
    run_batch<C>(rep, b, C::label());
  };
  (one(Candidates{}), ...);
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const int k = argc > 2 ? std::atoi(argv[2]) : 20;
  report rep("device_batched_copy_sweep");
  for (const batch_spec& s : batch_specs()) {
    if (k <= s.count_shift) continue;
    const auto b = make_batch(s, k);
    if (!b) continue;
    run_batch<xcub::tuning::batched_copy>(rep, *b, " [default]");
    sweep<candidate<256, 2, 32, 8, 8192, 4, 4, 4096>,     // a smaller tiny class
          candidate<256, 2, 48, 8, 8192, 4, 4, 4096>,     // between
          candidate<256, 2, 96, 8, 8192, 4, 4, 4096>,     // a larger one
          candidate<256, 2, 64, 4, 8192, 4, 4, 4096>,     // fewer tiny units per thread
          candidate<256, 2, 64, 16, 8192, 4, 4, 4096>,    // more
          candidate<256, 1, 64, 8, 8192, 4, 4, 4096>,     // smaller tiles
          candidate<256, 2, 64, 8, 8192, 2, 4, 4096>,     // fewer warp words
          candidate<256, 2, 64, 8, 16384, 8, 4, 4096>,    // a warp up to 16 KiB, 8 words
          candidate<512, 2, 64, 8, 8192, 4, 4, 4096>>(    // larger blocks
        rep, *b);
  }
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
