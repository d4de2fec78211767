// A CUB program in CUB's spelling (ported by scripts/cub-to-xcub.sed at build time): a single-pass
// prefix sum written by the user on the look-back building blocks, as CUB's decoupled look-back
// example does. ScanTileState is initialised by its own kernel; each block loads a tile, tile 0
// publishes its aggregate, the others take BlockScan's prefix from TilePrefixCallbackOp. The grid
// is sized with MaxSmOccupancy; checked against the reference on random input (seed printed).
#define CUB_STDERR

#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/util_allocator.cuh>
#include <cub/util_debug.cuh>
#include <cub/util_device.cuh>

#include <xcub/reference/scan.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

constexpr int BLOCK_THREADS = 64;
constexpr int ITEMS_PER_THREAD = 4;
constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;

using ScanTileStateT = cub::ScanTileState<long long>;

cub::CachingDeviceAllocator g_allocator(true);

__global__ void InitKernel(ScanTileStateT tile_state, int num_tiles) { tile_state.InitializeStatus(num_tiles); }

__global__ void ScanKernel(const long long* d_in, long long* d_out, ScanTileStateT tile_state, int num_items) {
  using BlockLoadT = cub::BlockLoad<long long, BLOCK_THREADS, ITEMS_PER_THREAD, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BlockStoreT = cub::BlockStore<long long, BLOCK_THREADS, ITEMS_PER_THREAD, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using BlockScanT = cub::BlockScan<long long, BLOCK_THREADS>;
  using TilePrefixCallbackOpT = cub::TilePrefixCallbackOp<long long, cub::Sum, ScanTileStateT>;
  union TempStorageT {
    typename BlockLoadT::TempStorage load;
    typename BlockStoreT::TempStorage store;
    struct ScanStorage {
      typename BlockScanT::TempStorage scan;
      typename TilePrefixCallbackOpT::TempStorage prefix;
    } scan;
  };
  __shared__ TempStorageT temp_storage;

  const int tile_idx = blockIdx.x;
  const int tile_offset = tile_idx * TILE_ITEMS;
  const int valid_items = num_items - tile_offset < TILE_ITEMS ? num_items - tile_offset : TILE_ITEMS;
  long long items[ITEMS_PER_THREAD];
  BlockLoadT(temp_storage.load).Load(d_in + tile_offset, items, valid_items, 0LL);
  __syncthreads();
  if (tile_idx == 0) {
    long long block_aggregate;
    BlockScanT(temp_storage.scan.scan).InclusiveSum(items, items, block_aggregate);
    if (threadIdx.x == 0) tile_state.SetInclusive(0, block_aggregate);
  } else {
    TilePrefixCallbackOpT prefix_op(tile_state, temp_storage.scan.prefix, cub::Sum(), tile_idx);
    BlockScanT(temp_storage.scan.scan).InclusiveSum(items, items, prefix_op);
  }
  __syncthreads();
  BlockStoreT(temp_storage.store).Store(d_out + tile_offset, items, valid_items);
}

int main(int argc, char** argv) {
  const unsigned long long seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : std::random_device{}();
  std::printf("decoupled_look_back: seed %llu\n", seed);
  std::mt19937_64 rng(seed);

  int device_count = cub::DeviceCount(), device = cub::CurrentDevice(), ptx_version = 0, sm_version = 0, occupancy = 0;
  CubDebugExit(cub::PtxVersion(ptx_version));
  CubDebugExit(cub::SmVersion(sm_version, device));
  CubDebugExit(cub::MaxSmOccupancy(occupancy, ScanKernel, BLOCK_THREADS));
  std::printf("devices %d, current %d, ptx %d, sm %d, scan blocks per SM %d\n", device_count, device, ptx_version,
              sm_version, occupancy);
  int failures = device_count < 1 || device < 0 || occupancy < 1 ? 1 : 0;

  for (const int num_items : {1, TILE_ITEMS, 3 * TILE_ITEMS + 5, 37 * TILE_ITEMS - 1}) {
    std::vector<long long> h_in(num_items);
    for (long long& x : h_in) x = static_cast<long long>(rng() % 1000001) - 500000;
    const int num_tiles = (num_items + TILE_ITEMS - 1) / TILE_ITEMS;

    long long *d_in = nullptr, *d_out = nullptr;
    void* d_tile_state = nullptr;
    size_t tile_state_bytes = 0;
    CubDebugExit(ScanTileStateT::AllocationSize(num_tiles, tile_state_bytes));
    CubDebugExit(g_allocator.DeviceAllocate(&d_tile_state, tile_state_bytes));
    CubDebugExit(g_allocator.DeviceAllocate((void**)&d_in, sizeof(long long) * num_items));
    CubDebugExit(g_allocator.DeviceAllocate((void**)&d_out, sizeof(long long) * num_items));
    CubDebugExit(cudaMemcpy(d_in, h_in.data(), sizeof(long long) * num_items, cudaMemcpyHostToDevice));

    ScanTileStateT tile_state;
    CubDebugExit(tile_state.Init(num_tiles, d_tile_state, tile_state_bytes));
    const int init_blocks = (num_tiles + BLOCK_THREADS - 1) / BLOCK_THREADS;
    InitKernel<<<init_blocks, BLOCK_THREADS>>>(tile_state, num_tiles);
    CubDebugExit(cudaGetLastError());
    ScanKernel<<<num_tiles, BLOCK_THREADS>>>(d_in, d_out, tile_state, num_items);
    CubDebugExit(cudaGetLastError());
    CubDebugExit(cudaDeviceSynchronize());

    std::vector<long long> h_out(num_items);
    CubDebugExit(cudaMemcpy(h_out.data(), d_out, sizeof(long long) * num_items, cudaMemcpyDeviceToHost));
    const std::vector<long long> want = xcub::reference::inclusive_scan(h_in, [](long long a, long long b) { return a + b; });
    for (int i = 0; i < num_items; ++i) {
      if (h_out[i] != want[i]) {
        std::printf("%d items: item %d is %lld, want %lld\n", num_items, i, h_out[i], want[i]);
        ++failures;
        break;
      }
    }
    CubDebugExit(g_allocator.DeviceFree(d_tile_state));
    CubDebugExit(g_allocator.DeviceFree(d_in));
    CubDebugExit(g_allocator.DeviceFree(d_out));
  }
  std::printf("%s\n", failures == 0 ? "CORRECT" : "FAIL");
  return failures == 0 ? 0 : 1;
}
