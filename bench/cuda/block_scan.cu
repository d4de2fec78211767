// BlockScan::ExclusiveSum with a prefix callback, xcub against CUB, per algorithm: each block walks
// its tiles (grid-stride), loads each directly (blocked, 16-byte words), scans it in place with a
// callback that returns the running total of the block's earlier tiles and adds the tile's
// aggregate to it, and stores the tile directly; a barrier before the TempStorage serves the next
// tile. The output thus depends on the grid: both are checked on the same one.
#include <cub/block/block_scan.cuh>
#include <xcub/block/block_algorithms.hpp>

#include <xcub/block/block_scan.hpp>

#include "block_bench.hpp"

namespace xcub_bench::block {
namespace {

constexpr cub::BlockScanAlgorithm to_cub(xcub::BlockScanAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_SCAN_RAKING: return cub::BLOCK_SCAN_RAKING;
    case xcub::BLOCK_SCAN_RAKING_MEMOIZE: return cub::BLOCK_SCAN_RAKING_MEMOIZE;
    case xcub::BLOCK_SCAN_WARP_SCANS: return cub::BLOCK_SCAN_WARP_SCANS;
  }
  return cub::BLOCK_SCAN_RAKING;
}

constexpr const char* name_of(xcub::BlockScanAlgorithm a) {
  switch (a) {
    case xcub::BLOCK_SCAN_RAKING: return "BlockScan::ExclusiveSum+prefix RAKING";
    case xcub::BLOCK_SCAN_RAKING_MEMOIZE: return "BlockScan::ExclusiveSum+prefix RAKING_MEMOIZE";
    case xcub::BLOCK_SCAN_WARP_SCANS: return "BlockScan::ExclusiveSum+prefix WARP_SCANS";
  }
  return "?";
}

struct use_cub {
  template <class T, int B, xcub::BlockScanAlgorithm A>
  using scan = cub::BlockScan<T, B, to_cub(A)>;
};
struct use_xcub {
  template <class T, int B, xcub::BlockScanAlgorithm A>
  using scan = xcub::BlockScan<T, B, A>;
};

/// The block's running total: called by the first warp with the tile's aggregate; what lane 0
/// returns is the prefix of the tile.
template <class T>
struct running_total {
  T total;
  __device__ T operator()(T tile_aggregate) {
    const T before = total;
    total += tile_aggregate;
    return before;
  }
};

template <class Impl, class T, int B, int I, xcub::BlockScanAlgorithm A>
__global__ void __launch_bounds__(B) scan_kernel(const T* in, T* out, std::size_t tiles) {
  using scan_t = typename Impl::template scan<T, B, A>;
  __shared__ typename scan_t::TempStorage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  running_total<T> prefix{T(0)};
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    T items[I];
    load_blocked_16(in + t * tile + threadIdx.x * I, items);
    scan_t(temp).ExclusiveSum(items, items, prefix);
    store_blocked_16(out + t * tile + threadIdx.x * I, items);
    __syncthreads();
  }
}

template <class T, int B, int I, xcub::BlockScanAlgorithm A>
void run_one(report& rep, buffers& buf, const char* type) {
  constexpr std::size_t n = input_items<T>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  kernel_t<T> xk = scan_kernel<use_xcub, T, B, I, A>;
  const bench_case c{name_of(A), type, B, I, n, n, 2 * n * sizeof(T)};
  // The first tile (block 0's first: prefix 0) and the last one (the last tile of its block, whose
  // prefix is the sum of all that block's earlier tiles).
  run_pair<T>(rep, buf, c, xk, scan_kernel<use_cub, T, B, I, A>, tiles, tile, {0, tiles - 1},
              [&](const std::vector<T>& got, unsigned grid) {
                T running = 0;
                for (std::size_t t = (tiles - 1) % grid; t < tiles - 1; t += grid)
                  for (std::size_t i = 0; i < tile; ++i) running += input_value<T>(t * tile + i);
                for (std::size_t k = 0; k < 2; ++k) {
                  const std::size_t first = (k == 0 ? 0 : tiles - 1) * tile;
                  T sum = k == 0 ? T(0) : running;
                  for (std::size_t i = 0; i < tile; ++i) {
                    if (got[k * tile + i] != sum) return false;
                    sum += input_value<T>(first + i);
                  }
                }
                return true;
              });
}

template <class T, int B, int I>
void run_config(report& rep, buffers& buf, const char* type) {
  run_one<T, B, I, xcub::BLOCK_SCAN_RAKING>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_SCAN_RAKING_MEMOIZE>(rep, buf, type);
  run_one<T, B, I, xcub::BLOCK_SCAN_WARP_SCANS>(rep, buf, type);
}

}  // namespace

template <class T>
void run_scan(report& rep, buffers& buf, const char* type) {
  run_config<T, 128, 4>(rep, buf, type);
  run_config<T, 128, 16>(rep, buf, type);
  run_config<T, 256, 4>(rep, buf, type);
  run_config<T, 256, 8>(rep, buf, type);
  run_config<T, 256, 16>(rep, buf, type);
}

template void run_scan<int>(report&, buffers&, const char*);
template void run_scan<long long>(report&, buffers&, const char*);

}  // namespace xcub_bench::block
