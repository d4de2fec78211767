// DeviceMemcpy::Batched, xcub against CUB in one binary on the same buffers
// (device_batched_copy.hpp says how the batches are laid out and checked). Batches of 2^k buffers,
// k = 20 by default (XCUB_BENCH_LOG2 picks):
//   uniform 4-4096        sizes uniform in [4, 4096] bytes (the issue's headline case)
//   uniform 4-4096 al16   the same rounded up to 16 bytes, every buffer 16-byte aligned
//   uniform 1-128         tiny buffers only
//   uniform 64K-1M        2^(k-8) large buffers only
//   mixed                 2^k buffers of 1-256 bytes and 16 of 2^(k+6) bytes (64 MiB at k = 20) among them
// GB/s count every byte read once and written once; %copy compares with a memcpy of the batch's bytes.
//
//   device_batched_copy [results.json]
#include "device_batched_copy.hpp"

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const std::vector<int> ks = std::getenv("XCUB_BENCH_LOG2") ? log2_sizes() : std::vector<int>{20};
  report rep("device_batched_copy");
  for (const batch_spec& s : batch_specs())
    for (int k : ks)
      if (k > s.count_shift)
        if (const auto b = make_batch(s, k)) run_batch<xcub::tuning::batched_copy>(rep, *b);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
