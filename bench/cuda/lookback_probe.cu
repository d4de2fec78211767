// What a single-pass scan's look-back costs, apart from everything else: kernels with the scan's
// tile structure (128 threads x 44 int32 items, warp-transposed loads and stores, WARP_SCANS) over
// 2^28 items, each timed against a device-to-device memcpy of the input in the same run (% of
// copy). Not a comparison with CUB and not run by run-gpu.sh: it backs the analysis in
// BENCHMARKS.md of why DeviceScan stays below the copy bandwidth. Built on demand:
//
//   ninja -C build/cuda-bench bench/cuda/lookback_probe && build/cuda-bench/bench/cuda/lookback_probe
//
// Kernels (one tile per block unless said):
//   tile copy             load, barrier, store: the structure's ceiling
//   tile scan             load, BlockScan, store (no look-back: each tile alone)
//   + sleep N             as tile scan, warp 0 sleeps N ns before the store (a look-back's settle
//                         wait without its dependency)
//   chain (settle N)      as tile scan, thread 0 publishes a flag for its tile and waits for the
//                         previous tile's flag (after N ns): the look-back's dependency with one
//                         4-byte poll instead of a window
//   persistent chain      blocks loop over tiles taken from a ticket counter (as many blocks as
//                         fit), the chain as above; "prefetch" issues the next tile's loads before
//                         the wait, so that loads stay in flight while a block waits
// The outputs are not checked (only the timing structure matters); the chain kernels never
// deadlock because a tile only waits for a lower tile, which a running or finished block holds.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include <xcub/block/block_load.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_store.hpp>

namespace {

constexpr int threads = 128, items = 44, tile_items = threads * items;
using load_t = xcub::BlockLoad<int, threads, items, xcub::BLOCK_LOAD_WARP_TRANSPOSE>;
using store_t = xcub::BlockStore<int, threads, items, xcub::BLOCK_STORE_WARP_TRANSPOSE>;
using scan_t = xcub::BlockScan<int, threads, xcub::BLOCK_SCAN_WARP_SCANS>;

enum mode { copy_tile, scan_tile, scan_sleep, scan_chain };

__device__ void publish(unsigned* flag, unsigned gen) {
  asm volatile("st.relaxed.gpu.u32 [%0], %1;" ::"l"(flag), "r"(gen) : "memory");
}
__device__ void wait_for(const unsigned* flag, unsigned gen) {
  unsigned f;
  while (true) {
    asm volatile("ld.relaxed.gpu.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory");
    if (f == gen) break;
    __nanosleep(300);
  }
}

template <mode MODE>
__global__ void __launch_bounds__(threads) tile_kernel(const int* in, int* out, int wait_ns, unsigned* flags,
                                                        unsigned gen) {
  __shared__ union {
    typename load_t::TempStorage load;
    typename store_t::TempStorage store;
  } io;
  __shared__ typename scan_t::TempStorage scan;
  const long base = long(blockIdx.x) * tile_items;
  int v[items];
  load_t(io.load).Load(in + base, v);
  if constexpr (MODE == copy_tile) {
    __syncthreads();
  } else {
    int aggregate;
    scan_t(scan).InclusiveSum(v, v, aggregate);
    if constexpr (MODE == scan_sleep) {
      if (threadIdx.x < 32) __nanosleep(wait_ns);
      __syncthreads();
    } else if constexpr (MODE == scan_chain) {
      if (threadIdx.x == 0) {
        publish(flags + blockIdx.x, gen);
        if (blockIdx.x > 0) {
          if (wait_ns > 0) __nanosleep(wait_ns);
          wait_for(flags + blockIdx.x - 1, gen);
        }
      }
      __syncthreads();
    }
  }
  store_t(io.store).Store(out + base, v);
}

template <int ITEMS, bool PREFETCH>
__global__ void __launch_bounds__(threads) persistent_kernel(const int* in, int* out, unsigned* flags, unsigned gen,
                                                              unsigned* counter, int tiles, int settle_ns) {
  constexpr int tile = threads * ITEMS;
  __shared__ int slot;
  if (threadIdx.x == 0) slot = static_cast<int>(atomicAdd(counter, 1u));
  __syncthreads();
  int t = slot;
  if (t >= tiles) return;
  int v[ITEMS], w[ITEMS];
  for (int i = 0; i < ITEMS; ++i) v[i] = in[long(t) * tile + i * threads + threadIdx.x];
  while (true) {
    __syncthreads();  // everyone has read the slot
    if (threadIdx.x == 0) slot = static_cast<int>(atomicAdd(counter, 1u));
    int sum = 0;
    for (int i = 0; i < ITEMS; ++i) sum += v[i];  // waits for the tile's loads
    __syncthreads();
    const int next = slot;
    if (PREFETCH && next < tiles) {
      for (int i = 0; i < ITEMS; ++i) w[i] = in[long(next) * tile + i * threads + threadIdx.x];
    }
    if (threadIdx.x == 0) {
      publish(flags + t, gen);
      if (t > 0) {
        __nanosleep(settle_ns);
        wait_for(flags + t - 1, gen);
      }
    }
    __syncthreads();
    for (int i = 0; i < ITEMS; ++i) out[long(t) * tile + i * threads + threadIdx.x] = v[i] + (sum == 12345);
    if (next >= tiles) break;
    for (int i = 0; i < ITEMS; ++i) v[i] = PREFETCH ? w[i] : in[long(next) * tile + i * threads + threadIdx.x];
    t = next;
  }
}

}  // namespace

int main() {
  const long n = 1L << 28;
  int *in = nullptr, *out = nullptr;
  unsigned *flags = nullptr, *counter = nullptr;
  if (cudaMalloc(&in, n * 4) != cudaSuccess || cudaMalloc(&out, n * 4) != cudaSuccess ||
      cudaMalloc(&flags, n) != cudaSuccess || cudaMalloc(&counter, 4) != cudaSuccess) {
    std::printf("lookback_probe: cannot allocate 2 GiB + 256 MiB of device memory\n");
    return 1;
  }
  cudaMemset(in, 1, n * 4);
  cudaMemset(flags, 0, n);  // n / 4 tile flags: enough for tiles of 4 items and up
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  auto median_ms = [&](auto run) {
    std::vector<float> t;
    for (int r = 0; r < 25; ++r) {
      cudaEventRecord(start);
      run();
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms = 0;
      cudaEventElapsedTime(&ms, start, stop);
      if (r >= 5) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const float copy = median_ms([&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice); });
  std::printf("%s, 2^28 int32, 128 x 44 tiles: memcpy %.4f ms\n", prop.name, copy);
  auto report = [&](const char* name, float ms) { std::printf("  %-44s %.4f ms  %5.1f%% of copy\n", name, ms, 100 * copy / ms); };
  const int blocks = static_cast<int>(n / tile_items);
  unsigned gen = 0;
  report("tile copy", median_ms([&] { tile_kernel<copy_tile><<<blocks, threads>>>(in, out, 0, flags, 0); }));
  report("tile scan", median_ms([&] { tile_kernel<scan_tile><<<blocks, threads>>>(in, out, 0, flags, 0); }));
  for (int ns : {600, 1245, 2500}) {
    char name[64];
    std::snprintf(name, sizeof name, "tile scan + sleep %d ns", ns);
    report(name, median_ms([&] { tile_kernel<scan_sleep><<<blocks, threads>>>(in, out, ns, flags, 0); }));
  }
  for (int ns : {0, 1245}) {
    char name[64];
    std::snprintf(name, sizeof name, "chain on the previous tile (settle %d ns)", ns);
    report(name, median_ms([&] { tile_kernel<scan_chain><<<blocks, threads>>>(in, out, ns, flags, ++gen); }));
  }
  auto persistent = [&](auto kernel, int tile_items_of, const char* name) {
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0);
    const int tiles = static_cast<int>(n / tile_items_of);
    const int grid = std::min(tiles, per_sm * prop.multiProcessorCount);
    char label[96];
    std::snprintf(label, sizeof label, "%s (%d blocks/SM)", name, per_sm);
    report(label, median_ms([&] {
             cudaMemsetAsync(counter, 0, 4);
             kernel<<<grid, threads>>>(in, out, flags, ++gen, counter, tiles, 1245);
           }));
  };
  persistent(persistent_kernel<44, false>, threads * 44, "persistent chain 128 x 44");
  persistent(persistent_kernel<44, true>, threads * 44, "persistent chain 128 x 44, prefetch");
  persistent(persistent_kernel<32, true>, threads * 32, "persistent chain 128 x 32, prefetch");
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", e == cudaSuccess ? "ok" : cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
