// BlockHistogram, xcub against CUB, per algorithm (BLOCK_HISTO_ATOMIC, BLOCK_HISTO_SORT): 256 bins
// of uint8 samples, as a device histogram's blocks use it. Each block clears its shared histogram
// (InitHistogram), then for each of its tiles loads the samples directly (blocked) and adds them
// with Composite (a barrier before the TempStorage serves the next tile), and at the end writes its
// 256 counts (uint32) to out[block * 256 ...]. The output depends on the grid: both are checked on
// the same one.
#include <cub/block/block_histogram.cuh>

#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_histogram.hpp>

#include "block_sort_bench.hpp"

namespace xcub_bench::block::sorting {
namespace {

constexpr int bins = 256;
using sample_t = std::uint8_t;
using count_t = unsigned int;

constexpr cub::BlockHistogramAlgorithm to_cub(xcub::BlockHistogramAlgorithm a) {
  return a == xcub::BLOCK_HISTO_ATOMIC ? cub::BLOCK_HISTO_ATOMIC : cub::BLOCK_HISTO_SORT;
}

constexpr const char* name_of(xcub::BlockHistogramAlgorithm a) {
  return a == xcub::BLOCK_HISTO_ATOMIC ? "BlockHistogram::Composite ATOMIC, 256 bins"
                                       : "BlockHistogram::Composite SORT, 256 bins";
}

struct use_cub {
  template <int B, int I, xcub::BlockHistogramAlgorithm A>
  using histogram = cub::BlockHistogram<sample_t, B, I, bins, to_cub(A)>;
};
struct use_xcub {
  template <int B, int I, xcub::BlockHistogramAlgorithm A>
  using histogram = xcub::BlockHistogram<sample_t, B, I, bins, A>;
};

template <class Impl, int B, int I, xcub::BlockHistogramAlgorithm A>
__global__ void __launch_bounds__(B) histogram_kernel(const sample_t* in, void* out, std::size_t tiles) {
  using histogram_t = typename Impl::template histogram<B, I, A>;
  __shared__ typename histogram_t::TempStorage temp;
  __shared__ count_t counts[bins];
  constexpr std::size_t tile = std::size_t{B} * I;
  histogram_t(temp).InitHistogram(counts);
  __syncthreads();
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    sample_t samples[I];
    load_row(in + t * tile + threadIdx.x * I, samples);
    histogram_t(temp).Composite(samples, counts);
    __syncthreads();
  }
  count_t* block_counts = static_cast<count_t*>(out) + std::size_t{blockIdx.x} * bins;
  for (int b = threadIdx.x; b < bins; b += B) block_counts[b] = counts[b];
}

template <int B, int I, xcub::BlockHistogramAlgorithm A>
void run_one(report& rep, buffers& buf) {
  constexpr std::size_t n = input_items<sample_t>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  // At most 2048 / B resident blocks per SM: the output of the largest grid.
  const std::size_t out_bytes = std::size_t(buf.sms) * (2048 / B) * bins * sizeof(count_t);
  const sort_case c{name_of(A), "uint8", B, I, n, out_bytes, n * sizeof(sample_t)};
  kernel_t<sample_t> xk = histogram_kernel<use_xcub, B, I, A>;
  kernel_t<sample_t> ck = histogram_kernel<use_cub, B, I, A>;
  // The first and the last block: the counts of the samples of their tiles (b, b + grid, ...).
  run_sort_pair<sample_t>(rep, buf, c, xk, ck, tiles, [&](const output_reader& out, unsigned grid) {
    for (const std::size_t b : {std::size_t{0}, std::size_t{grid} - 1}) {
      const std::vector<count_t> got = out.read<count_t>(b * bins * sizeof(count_t), bins);
      std::vector<count_t> want(bins, 0);
      for (std::size_t t = b; t < tiles; t += grid)
        for (std::size_t i = 0; i < tile; ++i) ++want[random_key<sample_t>(t * tile + i)];
      if (got != want) return false;
    }
    return true;
  });
}

template <int B, int I>
void run_config(report& rep, buffers& buf) {
  run_one<B, I, xcub::BLOCK_HISTO_ATOMIC>(rep, buf);
  run_one<B, I, xcub::BLOCK_HISTO_SORT>(rep, buf);
}

}  // namespace

void run_histogram(report& rep, buffers& buf) {
  fill_input<sample_t>(buf);
  std::fprintf(stderr, "BlockHistogram, uint8 samples:\n");
  run_config<128, 4>(rep, buf);
  run_config<128, 8>(rep, buf);
  run_config<128, 16>(rep, buf);
  run_config<256, 4>(rep, buf);
  run_config<256, 8>(rep, buf);
  run_config<256, 16>(rep, buf);
}

}  // namespace xcub_bench::block::sorting
