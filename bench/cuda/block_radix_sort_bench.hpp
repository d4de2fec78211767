// BlockRadixSort::Sort, xcub against CUB, keys only and key-value pairs (uint32 values): each tile
// of random keys is loaded directly (blocked, in words of up to 16 bytes), sorted (ascending,
// blocked output) and stored directly; a pairs kernel makes each item's value its position in the
// tile, so that the host can check where every key went and that equal keys kept their order. A
// barrier before the TempStorage serves the next tile. block_radix_sort_{u32,u64,f32}.cu each
// instantiate run_radix_sort_type for one key type (three translation units that compile in
// parallel).
#pragma once

#include <cub/block/block_radix_sort.cuh>

#include <xcub/block/block_radix_sort.hpp>
#include <xcub/util/null_type.hpp>

#include <algorithm>
#include <numeric>

#include "block_sort_bench.hpp"

namespace xcub_bench::block::sorting::radix_sort {

using value_t = std::uint32_t;

struct use_cub {
  template <class K, int B, int I, bool PAIRS, int BITS>
  using sort = cub::BlockRadixSort<K, B, I, std::conditional_t<PAIRS, value_t, cub::NullType>, BITS>;
};
struct use_xcub {
  template <class K, int B, int I, bool PAIRS, int BITS>
  using sort = xcub::BlockRadixSort<K, B, I, std::conditional_t<PAIRS, value_t, xcub::NullType>, BITS>;
};

/// Output: the sorted keys of every tile (as many as the input), then (pairs) their values.
template <class Impl, class K, int B, int I, bool PAIRS, int BITS>
__global__ void __launch_bounds__(B) sort_kernel(const K* in, void* out, std::size_t tiles) {
  using sort_t = typename Impl::template sort<K, B, I, PAIRS, BITS>;
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
      sort_t(temp).Sort(keys, values);
      store_row(values_out + row, values);
    } else {
      sort_t(temp).Sort(keys);
    }
    store_row(keys_out + row, keys);
    __syncthreads();
  }
}

template <class K, int B, int I, bool PAIRS, int BITS>
void run_one(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<K>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  const std::size_t out_bytes = n * sizeof(K) + (PAIRS ? n * sizeof(value_t) : 0);
  const sort_case c{std::string("BlockRadixSort::Sort ") + (PAIRS ? "pairs" : "keys") + " RADIX_BITS " +
                        std::to_string(BITS),
                    type, B, I, n, out_bytes, n * sizeof(K) + out_bytes};
  kernel_t<K> xk = sort_kernel<use_xcub, K, B, I, PAIRS, BITS>;
  kernel_t<K> ck = sort_kernel<use_cub, K, B, I, PAIRS, BITS>;
  // The first and the last tile: the tile's keys stably sorted (by position), with their positions.
  run_sort_pair<K>(rep, buf, c, xk, ck, tiles, [&](const output_reader& out, unsigned) {
    return ends_sorted_stably<K, value_t, PAIRS>(out, n, tile, tiles);
  });
}

template <class K, int B, int I, int BITS>
void run_config(report& rep, buffers& buf, const char* type) {
  run_one<K, B, I, false, BITS>(rep, buf, type);
  run_one<K, B, I, true, BITS>(rep, buf, type);
}

/// RADIX_BITS 4 (CUB's default) in every configuration; with `more_bits`, RADIX_BITS 6 as well.
template <class K, bool more_bits>
void run_radix_sort_type(report& rep, buffers& buf, const char* type) {
  fill_input<K>(buf);
  std::fprintf(stderr, "%s keys:\n", type);
  run_config<K, 128, 4, 4>(rep, buf, type);
  run_config<K, 128, 8, 4>(rep, buf, type);
  run_config<K, 128, 16, 4>(rep, buf, type);
  run_config<K, 256, 4, 4>(rep, buf, type);
  run_config<K, 256, 8, 4>(rep, buf, type);
  run_config<K, 256, 16, 4>(rep, buf, type);
  if constexpr (more_bits) {
    run_config<K, 128, 4, 6>(rep, buf, type);
    run_config<K, 128, 8, 6>(rep, buf, type);
    run_config<K, 128, 16, 6>(rep, buf, type);
    run_config<K, 256, 4, 6>(rep, buf, type);
    run_config<K, 256, 8, 6>(rep, buf, type);
    run_config<K, 256, 16, 6>(rep, buf, type);
  }
}

}  // namespace xcub_bench::block::sorting::radix_sort
