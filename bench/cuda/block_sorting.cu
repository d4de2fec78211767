// The block layer's sorting family, xcub against CUB in one binary on the same buffers, block sizes
// and items per thread: BlockRadixSort (keys and pairs; uint32, uint64 and float keys; RADIX_BITS 4,
// and 6 for uint32), BlockRadixRank alone (BASIC, MEMOIZE, MATCH, MATCH_EARLY_COUNTS_ANY and
// _ATOMIC_OR), BlockHistogram (ATOMIC and SORT, 256 bins of uint8 samples) and BlockMergeSort (keys
// and pairs; uint32 and float keys): block_radix_sort_{u32,u64,f32}.cu, block_radix_rank.cu,
// block_histogram.cu, block_merge_sort.cu.
//
// Input: 256 MiB of random keys (several times the L2), in whole tiles. Each kernel walks the tiles
// grid-stride on a grid of SMs x its resident blocks per SM. Block sizes 128 and 256, items per
// thread 4, 8 and 16. Before timing, each benchmark checks two tiles (two blocks' histograms) of
// CUB's output on the host and xcub's whole output against CUB's (abort on a difference); then each
// is timed with CUDA events (median of 30 runs after 5 warm-ups, in alternation, the order and the
// two output buffers swapped every round).
//
//   block_sorting [results.json [name-filter]]   (only benchmarks whose names contain name-filter)
#include "block_sort_bench.hpp"

int main(int argc, char** argv) {
  using namespace xcub_bench;
  using namespace xcub_bench::block;
  using namespace xcub_bench::block::sorting;
  if (argc > 2) name_filter = argv[2];
  report rep("block sorting", "items per thread");
  buffers buf;
  buf.bytes = input_bytes;
  check(cudaDeviceGetAttribute(&buf.sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
  check(cudaMalloc(&buf.in, input_bytes), "malloc");
  check(cudaMalloc(&buf.out, output_bytes), "malloc");
  check(cudaMalloc(&buf.ref, output_bytes), "malloc");
  check(cudaMalloc(&buf.mismatch, sizeof *buf.mismatch), "malloc");
  run_radix_sort_u32(rep, buf);
  run_radix_sort_u64(rep, buf);
  run_radix_sort_f32(rep, buf);
  run_radix_rank(rep, buf);
  run_histogram(rep, buf);
  run_merge_sort(rep, buf);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  cudaFree(buf.in);
  cudaFree(buf.out);
  cudaFree(buf.ref);
  cudaFree(buf.mismatch);
  return 0;
}
