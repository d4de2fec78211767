// BlockExchange, xcub against CUB: a round trip per tile. Each thread loads its striped items
// directly (coalesced), StripedToBlocked, adds its item's blocked slot index i to items[i] (so an
// exchange that moved nothing gives a wrong output instead of a copy), BlockedToStriped, and
// stores them striped; a barrier between the two exchanges and after the second (one TempStorage).
#include <cub/block/block_exchange.cuh>

#include <xcub/block/block_exchange.hpp>

#include "block_bench.hpp"

namespace xcub_bench::block {
namespace {

struct use_cub {
  template <class T, int B, int I>
  using exchange = cub::BlockExchange<T, B, I>;
};
struct use_xcub {
  template <class T, int B, int I>
  using exchange = xcub::BlockExchange<T, B, I>;
};

template <class Impl, class T, int B, int I>
__global__ void __launch_bounds__(B) exchange_kernel(const T* in, T* out, std::size_t tiles) {
  using exchange_t = typename Impl::template exchange<T, B, I>;
  __shared__ typename exchange_t::TempStorage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const T* src = in + t * tile + threadIdx.x;
    T items[I];
#pragma unroll
    for (int i = 0; i < I; ++i) items[i] = src[i * B];
    exchange_t(temp).StripedToBlocked(items, items);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < I; ++i) items[i] += static_cast<T>(i);
    exchange_t(temp).BlockedToStriped(items, items);
    T* dst = out + t * tile + threadIdx.x;
#pragma unroll
    for (int i = 0; i < I; ++i) dst[i * B] = items[i];
    __syncthreads();
  }
}

template <class T, int B, int I>
void run_config(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<T>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  kernel_t<T> xk = exchange_kernel<use_xcub, T, B, I>;
  const bench_case c{"BlockExchange StripedToBlocked+BlockedToStriped", type, B, I, n, n, 2 * n * sizeof(T)};
  // The first and the last tile: out[k] = in[k] + k's blocked slot (k % I).
  run_pair<T>(rep, buf, c, xk, exchange_kernel<use_cub, T, B, I>, tiles, tile, {0, tiles - 1},
              [&](const std::vector<T>& got, unsigned) {
                for (std::size_t k = 0; k < got.size(); ++k) {
                  const std::size_t at = (k < tile ? 0 : tiles - 1) * tile + k % tile;
                  if (got[k] != static_cast<T>(input_value<T>(at) + static_cast<T>(k % I))) return false;
                }
                return true;
              });
}

}  // namespace

template <class T>
void run_exchange(report& rep, buffers& buf, const char* type) {
  run_config<T, 128, 4>(rep, buf, type);
  run_config<T, 128, 16>(rep, buf, type);
  run_config<T, 256, 4>(rep, buf, type);
  run_config<T, 256, 8>(rep, buf, type);
  run_config<T, 256, 16>(rep, buf, type);
}

template void run_exchange<int>(report&, buffers&, const char*);
template void run_exchange<long long>(report&, buffers&, const char*);

}  // namespace xcub_bench::block
