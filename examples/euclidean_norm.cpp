// The Euclidean norm of a vector, ||v|| = sqrt(sum of v[i]^2), in two portable kernels:
//   1. every block reads its tile through a TransformInputIterator that squares each element as it
//      is loaded (4 items per thread, blocked) and BlockReduce sums the tile into one partial;
//   2. one block folds the partials (each thread strides over them, then BlockReduce's
//      Sum(x, num_valid), since there may be fewer partials than threads);
// and the host takes the square root and checks it against a sequential computation. The same
// source builds for the host emulator, CUDA and HIP.
#include <xcub/xcub.hpp>
#include <xcub/block/block_reduce.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace arch = xcub::arch;

constexpr int block_threads = 256;
constexpr int items_per_thread = 4;
constexpr int tile = block_threads * items_per_thread;

struct square {
  XCUB_HOST_DEVICE double operator()(float x) const { return static_cast<double>(x) * x; }
};
using squares_t = xcub::TransformInputIterator<double, square, const float*>;
using BlockReduce = xcub::BlockReduce<double, block_threads>;

/// partials[b] = the sum of the squares of block b's tile.
XCUB_KERNEL void tile_sums(squares_t squares, double* partials, long long n) {
  XCUB_SHARED(BlockReduce::TempStorage, temp);
  const long long base = static_cast<long long>(arch::block_idx().x) * tile;
  const int t = static_cast<int>(arch::thread_idx().x);
  double items[items_per_thread];
  for (int i = 0; i < items_per_thread; ++i) {
    const long long k = base + t * items_per_thread + i;
    items[i] = k < n ? squares[k] : 0.0;  // zero adds nothing: the last tile may be a full one
  }
  const double sum = BlockReduce(temp).Sum(items);
  if (t == 0) partials[arch::block_idx().x] = sum;  // valid in thread 0
}

/// *total = the sum of partials[0, count), by one block.
XCUB_KERNEL void fold_partials(const double* partials, int count, double* total) {
  XCUB_SHARED(BlockReduce::TempStorage, temp);
  const int t = static_cast<int>(arch::thread_idx().x);
  double x = 0.0;
  for (int k = t; k < count; k += block_threads) x += partials[k];
  const double sum = BlockReduce(temp).Sum(x, count < block_threads ? count : block_threads);
  if (t == 0) *total = sum;
}

int main() {
  const long long n = 1000003;
  const int blocks = static_cast<int>((n + tile - 1) / tile);
  std::vector<float> h(n);
  std::mt19937 rng(2026);
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  for (float& x : h) x = dist(rng);

  xcub::device_buffer<float> d_in(h);
  xcub::device_buffer<double> d_partials(blocks), d_total(1);
  const squares_t squares(d_in.data(), square{});
  xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, nullptr, tile_sums, squares,
                                   d_partials.data(), n);
  if (err == xcub::success)
    err = xcub::launch(xcub::dim3(1), xcub::dim3(block_threads), 0, nullptr, fold_partials, d_partials.data(), blocks,
                       d_total.data());
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("euclidean_norm: failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const double got = std::sqrt(d_total.download()[0]);
  double sum = 0.0;
  for (float x : h) sum += static_cast<double>(x) * x;
  const double want = std::sqrt(sum);
  const bool ok = std::fabs(got - want) <= 1e-9 * want;  // the two sums associate differently
  std::printf("euclidean_norm: %lld floats, %d blocks of %d threads x %d items, backend %s, warp width %d: "
              "norm %.12f, expected %.12f: %s\n",
              n, blocks, block_threads, items_per_thread, xcub::backend_name, arch::warp_threads, got, want,
              ok ? "OK" : "MISMATCH");
  return ok ? 0 : 1;
}
