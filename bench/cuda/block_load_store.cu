// BlockLoad + BlockStore, xcub against CUB: a copy kernel per algorithm (the load and the store of
// the same algorithm) over whole tiles. Between the two, each thread adds its item's slot index i
// to items[i], so that a load and a store that agree with each other but not with the algorithm's
// arrangement (blocked, or striped for STRIPED) give a wrong output instead of a copy.
// The algorithms that use shared memory (the transposes) share one TempStorage union and take a
// barrier after the load and after the store, as a user's kernel must; the others take none.
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <xcub/block/block_algorithms.hpp>

#include <xcub/block/block_load.hpp>
#include <xcub/block/block_store.hpp>

#include "block_bench.hpp"

namespace xcub_bench::block {
namespace {

constexpr cub::BlockLoadAlgorithm to_cub(xcub::BlockLoadAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_LOAD_DIRECT: return cub::BLOCK_LOAD_DIRECT;
    case xcub::BLOCK_LOAD_STRIPED: return cub::BLOCK_LOAD_STRIPED;
    case xcub::BLOCK_LOAD_VECTORIZE: return cub::BLOCK_LOAD_VECTORIZE;
    case xcub::BLOCK_LOAD_TRANSPOSE: return cub::BLOCK_LOAD_TRANSPOSE;
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE: return cub::BLOCK_LOAD_WARP_TRANSPOSE;
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED: return cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
  }
  return cub::BLOCK_LOAD_DIRECT;
}

/// The store algorithm that goes with a load algorithm (the same name).
constexpr xcub::BlockStoreAlgorithm store_of(xcub::BlockLoadAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_LOAD_DIRECT: return xcub::BLOCK_STORE_DIRECT;
    case xcub::BLOCK_LOAD_STRIPED: return xcub::BLOCK_STORE_STRIPED;
    case xcub::BLOCK_LOAD_VECTORIZE: return xcub::BLOCK_STORE_VECTORIZE;
    case xcub::BLOCK_LOAD_TRANSPOSE: return xcub::BLOCK_STORE_TRANSPOSE;
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE: return xcub::BLOCK_STORE_WARP_TRANSPOSE;
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED: return xcub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
  }
  return xcub::BLOCK_STORE_DIRECT;
}

constexpr cub::BlockStoreAlgorithm to_cub(xcub::BlockStoreAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_STORE_DIRECT: return cub::BLOCK_STORE_DIRECT;
    case xcub::BLOCK_STORE_STRIPED: return cub::BLOCK_STORE_STRIPED;
    case xcub::BLOCK_STORE_VECTORIZE: return cub::BLOCK_STORE_VECTORIZE;
    case xcub::BLOCK_STORE_TRANSPOSE: return cub::BLOCK_STORE_TRANSPOSE;
    case xcub::BLOCK_STORE_WARP_TRANSPOSE: return cub::BLOCK_STORE_WARP_TRANSPOSE;
    case xcub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED: return cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
  }
  return cub::BLOCK_STORE_DIRECT;
}

constexpr const char* name_of(xcub::BlockLoadAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_LOAD_DIRECT: return "BlockLoad+BlockStore DIRECT";
    case xcub::BLOCK_LOAD_STRIPED: return "BlockLoad+BlockStore STRIPED";
    case xcub::BLOCK_LOAD_VECTORIZE: return "BlockLoad+BlockStore VECTORIZE";
    case xcub::BLOCK_LOAD_TRANSPOSE: return "BlockLoad+BlockStore TRANSPOSE";
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE: return "BlockLoad+BlockStore WARP_TRANSPOSE";
    case xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED: return "BlockLoad+BlockStore WARP_TRANSPOSE_TIMESLICED";
  }
  return "?";
}

constexpr bool uses_shared_memory(xcub::BlockLoadAlgorithm a) {
  return a == xcub::BLOCK_LOAD_TRANSPOSE || a == xcub::BLOCK_LOAD_WARP_TRANSPOSE ||
         a == xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
}

struct use_cub {
  template <class T, int B, int I, xcub::BlockLoadAlgorithm A>
  using load = cub::BlockLoad<T, B, I, to_cub(A)>;
  template <class T, int B, int I, xcub::BlockStoreAlgorithm A>
  using store = cub::BlockStore<T, B, I, to_cub(A)>;
};
struct use_xcub {
  template <class T, int B, int I, xcub::BlockLoadAlgorithm A>
  using load = xcub::BlockLoad<T, B, I, A>;
  template <class T, int B, int I, xcub::BlockStoreAlgorithm A>
  using store = xcub::BlockStore<T, B, I, A>;
};

template <class Impl, class T, int B, int I, xcub::BlockLoadAlgorithm A>
__global__ void __launch_bounds__(B) copy_kernel(const T* in, T* out, std::size_t tiles) {
  using load_t = typename Impl::template load<T, B, I, A>;
  using store_t = typename Impl::template store<T, B, I, store_of(A)>;
  union storage {
    typename load_t::TempStorage load;
    typename store_t::TempStorage store;
  };
  __shared__ storage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    T items[I];
    load_t(temp.load).Load(in + t * tile, items);
    if constexpr (uses_shared_memory(A)) __syncthreads();
#pragma unroll
    for (int i = 0; i < I; ++i) items[i] += static_cast<T>(i);
    store_t(temp.store).Store(out + t * tile, items);
    if constexpr (uses_shared_memory(A)) __syncthreads();
  }
}

template <class T, int B, int I, xcub::BlockLoadAlgorithm A>
void run_one(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<T>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  kernel_t<T> xk = copy_kernel<use_xcub, T, B, I, A>;
  const bench_case c{name_of(A), type, B, I, n, n, 2 * n * sizeof(T)};
  // The first and the last tile: out[k] = in[k] + k's slot in its thread (blocked k % I, striped k / B).
  run_pair<T>(rep, buf, c, xk, copy_kernel<use_cub, T, B, I, A>, tiles, tile, {0, tiles - 1},
              [&](const std::vector<T>& got, unsigned) {
                for (std::size_t k = 0; k < got.size(); ++k) {
                  const std::size_t at = (k < tile ? 0 : tiles - 1) * tile + k % tile;
                  const std::size_t slot = A == xcub::BLOCK_LOAD_STRIPED ? (k % tile) / B : (k % tile) % I;
                  if (got[k] != static_cast<T>(input_value<T>(at) + static_cast<T>(slot))) return false;
                }
                return true;
              });
}

template <class T, int B, int I>
void run_config(report& rep, buffers& buf, const char* type) {
  run_one<T, B, I, xcub::BLOCK_LOAD_DIRECT>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_LOAD_STRIPED>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_LOAD_VECTORIZE>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_LOAD_TRANSPOSE>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_LOAD_WARP_TRANSPOSE>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>(rep, buf, type);
}

}  // namespace

template <class T>
void run_load_store(report& rep, buffers& buf, const char* type) {
  run_config<T, 128, 4>(rep, buf, type);
  run_config<T, 128, 16>(rep, buf, type);
  run_config<T, 256, 4>(rep, buf, type);
  run_config<T, 256, 8>(rep, buf, type);
  run_config<T, 256, 16>(rep, buf, type);
}

template void run_load_store<int>(report&, buffers&, const char*);
template void run_load_store<long long>(report&, buffers&, const char*);

}  // namespace xcub_bench::block
