// BlockMergeSort, xcub against CUB, keys only (Sort) and key-value pairs (StableSort, uint32 values),
// ascending with a plain less-than: each tile of random keys is loaded directly (blocked), sorted
// (blocked output) and stored directly; a pairs kernel makes each item's value its position in the
// tile, so that the host can check where every key went and that equal keys kept their order. A
// barrier before the TempStorage serves the next tile.
#include <cub/block/block_merge_sort.cuh>

#include <xcub/block/block_merge_sort.hpp>
#include <xcub/util/null_type.hpp>

#include <algorithm>
#include <numeric>

#include "block_sort_bench.hpp"

namespace xcub_bench::block::sorting {
namespace {

using value_t = std::uint32_t;

struct use_cub {
  template <class K, int B, int I, bool PAIRS>
  using sort = cub::BlockMergeSort<K, B, I, std::conditional_t<PAIRS, value_t, cub::NullType>>;
};
struct use_xcub {
  template <class K, int B, int I, bool PAIRS>
  using sort = xcub::BlockMergeSort<K, B, I, std::conditional_t<PAIRS, value_t, xcub::NullType>>;
};

struct less_than {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

/// Output: the sorted keys of every tile (as many as the input), then (pairs) their values.
template <class Impl, class K, int B, int I, bool PAIRS>
__global__ void __launch_bounds__(B) merge_sort_kernel(const K* in, void* out, std::size_t tiles) {
  using sort_t = typename Impl::template sort<K, B, I, PAIRS>;
  __shared__ typename sort_t::TempStorage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  K* keys_out = static_cast<K*>(out);
  value_t* values_out = reinterpret_cast<value_t*>(keys_out + tiles * tile);
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const std::size_t row = t * tile + threadIdx.x * I;
    K keys[I];
    load_row(in + row, keys);
    if constexpr (PAIRS) {
      value_t values[I];
#pragma unroll
      for (int i = 0; i < I; ++i) values[i] = static_cast<value_t>(threadIdx.x * I + i);
      sort_t(temp).StableSort(keys, values, less_than{});
      store_row(values_out + row, values);
    } else {
      sort_t(temp).Sort(keys, less_than{});
    }
    store_row(keys_out + row, keys);
    __syncthreads();
  }
}

template <class K, int B, int I, bool PAIRS>
void run_one(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<K>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  const std::size_t out_bytes = n * sizeof(K) + (PAIRS ? n * sizeof(value_t) : 0);
  const sort_case c{PAIRS ? "BlockMergeSort::StableSort pairs" : "BlockMergeSort::Sort keys", type, B, I, n, out_bytes,
                    n * sizeof(K) + out_bytes};
  kernel_t<K> xk = merge_sort_kernel<use_xcub, K, B, I, PAIRS>;
  kernel_t<K> ck = merge_sort_kernel<use_cub, K, B, I, PAIRS>;
  // The first and the last tile: the tile's keys stably sorted (by position), with their positions.
  run_sort_pair<K>(rep, buf, c, xk, ck, tiles, [&](const output_reader& out, unsigned) {
    return ends_sorted_stably<K, value_t, PAIRS>(out, n, tile, tiles);
  });
}

template <class K, int B, int I>
void run_config(report& rep, buffers& buf, const char* type) {
  run_one<K, B, I, false>(rep, buf, type);
  run_one<K, B, I, true>(rep, buf, type);
}

template <class K>
void run_type(report& rep, buffers& buf, const char* type) {
  fill_input<K>(buf);
  std::fprintf(stderr, "BlockMergeSort, %s keys:\n", type);
  run_config<K, 128, 4>(rep, buf, type);
  run_config<K, 128, 8>(rep, buf, type);
  run_config<K, 128, 16>(rep, buf, type);
  run_config<K, 256, 4>(rep, buf, type);
  run_config<K, 256, 8>(rep, buf, type);
  run_config<K, 256, 16>(rep, buf, type);
}

}  // namespace

void run_merge_sort(report& rep, buffers& buf) {
  run_type<std::uint32_t>(rep, buf, "uint32");
  run_type<float>(rep, buf, "float");
}

}  // namespace xcub_bench::block::sorting
