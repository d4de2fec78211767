// A CUB program in CUB's spelling (ported by scripts/cub-to-xcub.sed at build time): the block layer.
// Kernel 1 sorts tiles of 128 x 8 keys with BlockLoad (transpose), BlockRadixSort and BlockStore
// (transpose), their TempStorage in one union; kernel 2 takes each tile's prefix sum with BlockScan
// and its total with BlockReduce, and broadcasts lane 0's total over each warp with ShuffleIndex.
// Checked against the reference on random keys; the seed is printed (`block_sort_scan SEED`).
#define CUB_STDERR

#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/util_allocator.cuh>
#include <cub/util_debug.cuh>
#include <cub/util_ptx.cuh>

#include <xcub/reference/scan.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

constexpr int BLOCK_THREADS = 128;
constexpr int ITEMS_PER_THREAD = 8;
constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;

cub::CachingDeviceAllocator g_allocator(true);

template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_>
__global__ void BlockSortKernel(const int* d_in, int* d_out) {
  using BlockLoadT = cub::BlockLoad<int, BLOCK_THREADS_, ITEMS_PER_THREAD_, cub::BLOCK_LOAD_TRANSPOSE>;
  using BlockRadixSortT = cub::BlockRadixSort<int, BLOCK_THREADS_, ITEMS_PER_THREAD_>;
  using BlockStoreT = cub::BlockStore<int, BLOCK_THREADS_, ITEMS_PER_THREAD_, cub::BLOCK_STORE_TRANSPOSE>;
  union SortStorage {
    typename BlockLoadT::TempStorage load;
    typename BlockRadixSortT::TempStorage sort;
    typename BlockStoreT::TempStorage store;
  };
  __shared__ SortStorage temp_storage;

  const int block_offset = blockIdx.x * BLOCK_THREADS_ * ITEMS_PER_THREAD_;
  int items[ITEMS_PER_THREAD_];
  BlockLoadT(temp_storage.load).Load(d_in + block_offset, items);
  __syncthreads();
  BlockRadixSortT(temp_storage.sort).Sort(items);
  __syncthreads();
  BlockStoreT(temp_storage.store).Store(d_out + block_offset, items);
}

template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_>
__global__ void BlockScanKernel(const int* d_in, int* d_out, int* d_totals, int* d_warp_totals) {
  using BlockScanT = cub::BlockScan<int, BLOCK_THREADS_, cub::BLOCK_SCAN_WARP_SCANS>;
  using BlockReduceT = cub::BlockReduce<int, BLOCK_THREADS_>;
  struct ScanStorage {
    typename BlockScanT::TempStorage scan;
    typename BlockReduceT::TempStorage reduce;
  };
  __shared__ ScanStorage temp_storage;

  const int block_offset = blockIdx.x * BLOCK_THREADS_ * ITEMS_PER_THREAD_;
  int items[ITEMS_PER_THREAD_];
  cub::LoadDirectBlocked(threadIdx.x, d_in + block_offset, items);
  int thread_sum = 0;
  for (int i = 0; i < ITEMS_PER_THREAD_; ++i) thread_sum += items[i];
  int aggregate = 0;
  BlockScanT(temp_storage.scan).ExclusiveSum(items, items, aggregate);
  cub::StoreDirectBlocked(threadIdx.x, d_out + block_offset, items);
  const int total = BlockReduceT(temp_storage.reduce).Sum(thread_sum);  // valid in thread 0
  if (threadIdx.x == 0) d_totals[blockIdx.x] = total;
  // each lane gets lane 0's aggregate (every thread holds it) by a shuffle within its 32-lane warp
  const int broadcast = cub::ShuffleIndex<32>(aggregate, 0, 0xffffffff);
  d_warp_totals[blockIdx.x * BLOCK_THREADS_ + threadIdx.x] = broadcast;
}

int main(int argc, char** argv) {
  const unsigned long long seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : std::random_device{}();
  std::printf("block_sort_scan: seed %llu\n", seed);
  std::mt19937_64 rng(seed);
  const int grid_size = 6;
  const int num_items = grid_size * TILE_ITEMS;
  std::vector<int> h_in(num_items);
  for (int& x : h_in) x = static_cast<int>(rng() % 2001) - 1000;

  int *d_in = nullptr, *d_out = nullptr, *d_totals = nullptr, *d_warp_totals = nullptr;
  CubDebugExit(g_allocator.DeviceAllocate((void**)&d_in, sizeof(int) * num_items));
  CubDebugExit(g_allocator.DeviceAllocate((void**)&d_out, sizeof(int) * num_items));
  CubDebugExit(g_allocator.DeviceAllocate((void**)&d_totals, sizeof(int) * grid_size));
  CubDebugExit(g_allocator.DeviceAllocate((void**)&d_warp_totals, sizeof(int) * grid_size * BLOCK_THREADS));
  CubDebugExit(cudaMemcpy(d_in, h_in.data(), sizeof(int) * num_items, cudaMemcpyHostToDevice));

  int failures = 0;
  BlockSortKernel<BLOCK_THREADS, ITEMS_PER_THREAD><<<grid_size, BLOCK_THREADS>>>(d_in, d_out);
  CubDebugExit(cudaGetLastError());
  CubDebugExit(cudaDeviceSynchronize());
  std::vector<int> h_out(num_items);
  CubDebugExit(cudaMemcpy(h_out.data(), d_out, sizeof(int) * num_items, cudaMemcpyDeviceToHost));
  for (int b = 0; b < grid_size; ++b) {
    std::vector<int> want(h_in.begin() + b * TILE_ITEMS, h_in.begin() + (b + 1) * TILE_ITEMS);
    std::sort(want.begin(), want.end());
    if (!std::equal(want.begin(), want.end(), h_out.begin() + b * TILE_ITEMS)) {
      std::printf("BlockRadixSort: tile %d differs\n", b);
      ++failures;
    }
  }

  BlockScanKernel<BLOCK_THREADS, ITEMS_PER_THREAD><<<grid_size, BLOCK_THREADS>>>(d_in, d_out, d_totals, d_warp_totals);
  CubDebugExit(cudaGetLastError());
  CubDebugExit(cudaDeviceSynchronize());
  std::vector<int> h_totals(grid_size), h_warp_totals(grid_size * BLOCK_THREADS);
  CubDebugExit(cudaMemcpy(h_out.data(), d_out, sizeof(int) * num_items, cudaMemcpyDeviceToHost));
  CubDebugExit(cudaMemcpy(h_totals.data(), d_totals, sizeof(int) * grid_size, cudaMemcpyDeviceToHost));
  const size_t warp_totals_bytes = sizeof(int) * grid_size * BLOCK_THREADS;
  CubDebugExit(cudaMemcpy(h_warp_totals.data(), d_warp_totals, warp_totals_bytes, cudaMemcpyDeviceToHost));
  for (int b = 0; b < grid_size; ++b) {
    const std::vector<int> tile(h_in.begin() + b * TILE_ITEMS, h_in.begin() + (b + 1) * TILE_ITEMS);
    const std::vector<int> want = xcub::reference::exclusive_scan(tile, 0, [](int x, int y) { return x + y; });
    const int sum = want.back() + tile.back();
    if (!std::equal(want.begin(), want.end(), h_out.begin() + b * TILE_ITEMS)) {
      std::printf("BlockScan: tile %d differs\n", b);
      ++failures;
    }
    if (h_totals[b] != sum) {
      std::printf("BlockReduce: tile %d: %d, want %d\n", b, h_totals[b], sum);
      ++failures;
    }
    for (int t = 0; t < BLOCK_THREADS; ++t) {
      if (h_warp_totals[b * BLOCK_THREADS + t] != sum) {
        std::printf("ShuffleIndex: tile %d thread %d: %d, want %d\n", b, t, h_warp_totals[b * BLOCK_THREADS + t], sum);
        ++failures;
        break;
      }
    }
  }

  CubDebugExit(g_allocator.DeviceFree(d_in));
  CubDebugExit(g_allocator.DeviceFree(d_out));
  CubDebugExit(g_allocator.DeviceFree(d_totals));
  CubDebugExit(g_allocator.DeviceFree(d_warp_totals));
  std::printf("%s\n", failures == 0 ? "CORRECT" : "FAIL");
  return failures == 0 ? 0 : 1;
}
