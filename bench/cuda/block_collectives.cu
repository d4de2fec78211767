// The block layer, xcub against CUB in one binary on the same buffers, block sizes and items per
// thread: BlockLoad + BlockStore (a copy per algorithm), BlockReduce::Sum (one sum per tile),
// BlockScan::ExclusiveSum with a running prefix carried across a block's tiles, and a BlockExchange
// round trip (block_load_store.cu, block_reduce.cu, block_scan.cu, block_exchange.cu).
//
// Input: 1 GiB (2^28 int32, 2^27 int64), several times the L2, in whole tiles. Each kernel walks the
// tiles grid-stride on a grid of SMs x its resident blocks per SM. Block sizes 128 and 256, items
// per thread 4 and 16 (and 8 at 256 threads). Before timing, each benchmark checks a few tiles of
// CUB's output on the host and xcub's whole output against CUB's (abort on a difference); then
// each is timed with CUDA events (median of 30 runs after 5 warm-ups).
//
//   block_collectives [results.json]
#include "block_bench.hpp"

namespace {

using namespace xcub_bench;
using namespace xcub_bench::block;

template <class T>
void run_type(report& rep, buffers& buf, const char* type) {
  fill_kernel<T><<<buf.sms * 8, 256>>>(static_cast<T*>(buf.in), input_items<T>());
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "fill");
  std::fprintf(stderr, "%s:\n", type);
  run_load_store<T>(rep, buf, type);
  run_reduce<T>(rep, buf, type);
  run_scan<T>(rep, buf, type);
  run_exchange<T>(rep, buf, type);
}

}  // namespace

int main(int argc, char** argv) {
  report rep("block collectives", "items per thread");
  buffers buf;
  buf.bytes = std::size_t{1} << 30;
  check(cudaDeviceGetAttribute(&buf.sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
  check(cudaMalloc(&buf.in, buf.bytes), "malloc");
  check(cudaMalloc(&buf.out, buf.bytes), "malloc");
  check(cudaMalloc(&buf.ref, buf.bytes), "malloc");
  check(cudaMalloc(&buf.mismatch, sizeof *buf.mismatch), "malloc");
  run_type<int>(rep, buf, "int32");
  run_type<long long>(rep, buf, "int64");
  rep.finish(argc > 1 ? argv[1] : nullptr);
  cudaFree(buf.in);
  cudaFree(buf.out);
  cudaFree(buf.ref);
  cudaFree(buf.mismatch);
  return 0;
}
