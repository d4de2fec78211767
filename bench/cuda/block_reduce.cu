// BlockReduce::Sum, xcub against CUB, per algorithm: each tile is loaded directly (blocked, 16-byte
// words), summed over the block, and thread 0 writes the tile's sum (one item per tile); a barrier
// before the TempStorage serves the next tile.
#include <cub/block/block_reduce.cuh>
#include <xcub/block/block_algorithms.hpp>

#include <xcub/block/block_reduce.hpp>

#include "block_bench.hpp"

namespace xcub_bench::block {
namespace {

constexpr cub::BlockReduceAlgorithm to_cub(xcub::BlockReduceAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY: return cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY;
    case xcub::BLOCK_REDUCE_RAKING: return cub::BLOCK_REDUCE_RAKING;
    case xcub::BLOCK_REDUCE_WARP_REDUCTIONS: return cub::BLOCK_REDUCE_WARP_REDUCTIONS;
  }
  return cub::BLOCK_REDUCE_RAKING;
}

constexpr const char* name_of(xcub::BlockReduceAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY: return "BlockReduce::Sum RAKING_COMMUTATIVE_ONLY";
    case xcub::BLOCK_REDUCE_RAKING: return "BlockReduce::Sum RAKING";
    case xcub::BLOCK_REDUCE_WARP_REDUCTIONS: return "BlockReduce::Sum WARP_REDUCTIONS";
  }
  return "?";
}

struct use_cub {
  template <class T, int B, xcub::BlockReduceAlgorithm A>
  using reduce = cub::BlockReduce<T, B, to_cub(A)>;
};
struct use_xcub {
  template <class T, int B, xcub::BlockReduceAlgorithm A>
  using reduce = xcub::BlockReduce<T, B, A>;
};

template <class Impl, class T, int B, int I, xcub::BlockReduceAlgorithm A>
__global__ void __launch_bounds__(B) reduce_kernel(const T* in, T* out, std::size_t tiles) {
  using reduce_t = typename Impl::template reduce<T, B, A>;
  __shared__ typename reduce_t::TempStorage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    T items[I];
    load_blocked_16(in + t * tile + threadIdx.x * I, items);
    const T sum = reduce_t(temp).Sum(items);
    if (threadIdx.x == 0) out[t] = sum;
    __syncthreads();
  }
}

template <class T, int B, int I, xcub::BlockReduceAlgorithm A>
void run_one(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<T>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  kernel_t<T> xk = reduce_kernel<use_xcub, T, B, I, A>;
  const bench_case c{name_of(A), type, B, I, n, tiles, (n + tiles) * sizeof(T)};
  // The sums of the first and the last tile.
  run_pair<T>(rep, buf, c, xk, reduce_kernel<use_cub, T, B, I, A>, tiles, 1, {0, tiles - 1},
              [&](const std::vector<T>& got, unsigned) {
                for (std::size_t k = 0; k < 2; ++k) {
                  const std::size_t first = (k == 0 ? 0 : tiles - 1) * tile;
                  T sum = 0;
                  for (std::size_t i = 0; i < tile; ++i) sum += input_value<T>(first + i);
                  if (got[k] != sum) return false;
                }
                return true;
              });
}

template <class T, int B, int I>
void run_config(report& rep, buffers& buf, const char* type) {
  run_one<T, B, I, xcub::BLOCK_REDUCE_RAKING>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_REDUCE_WARP_REDUCTIONS>(rep, buf, type);
}

}  // namespace

template <class T>
void run_reduce(report& rep, buffers& buf, const char* type) {
  run_config<T, 128, 4>(rep, buf, type);
  run_config<T, 128, 16>(rep, buf, type);
  run_config<T, 256, 4>(rep, buf, type);
  run_config<T, 256, 8>(rep, buf, type);
  run_config<T, 256, 16>(rep, buf, type);
}

template void run_reduce<int>(report&, buffers&, const char*);
template void run_reduce<long long>(report&, buffers&, const char*);

}  // namespace xcub_bench::block
