// Whether a warp-specialized, pipelined single-pass scan gets DeviceScan::InclusiveSum int32 past
// 90% of the copy bandwidth where the one-tile-per-block decoupled look-back stops (83% on an H200,
// 90% on an H100: docs/device-scan.md, "What the look-back costs", and "A pipelined scan: the
// probe"). A probe, not the library: sm_90 only, int32 sums, whole tiles (sizes that no tile
// divides are skipped). Built on demand:
//
//   ninja -C build/cuda-bench bench/cuda/pipelined_scan_probe && build/cuda-bench/bench/cuda/pipelined_scan_probe [seed]
//
// The kernel is persistent (as many blocks as fit, each looping until the tiles run out), with a
// ring of STAGES tiles in shared memory and five roles, synchronized by mbarriers per stage
// (full -> reduced -> resolved -> scanned -> empty):
// - loader (warp 0, one lane): once a stage is empty, claims the next tile id from a counter and
//   copies the tile into the stage with one bulk asynchronous copy (cp.async.bulk, completion
//   counted in bytes on the stage's `full` mbarrier). Loads of the other stages stay in flight
//   whatever the rest of the block waits for: that is the point of the design.
// - reducer (warp 1): as soon as a tile arrives, the totals of its segments and its aggregate,
//   published at once as the tile's partial status (tile 0: inclusive).
// - look-ahead (warp 2): each of the block's tiles' exclusive prefix, in order. A block's tiles
//   come in increasing order, so the prefix of its tile t is its previous tile t''s inclusive
//   prefix plus the statuses of the tiles between them (GAP > 0: read window by window, newest
//   first, stopping at the nearest inclusive one), which their blocks' reducers publish as soon
//   as those tiles arrive: no wait on any other block's look-back. A block's first tile, and
//   every tile with GAP == 0, uses the library's look-back (tile_prefix_op). GAP < 0: no
//   look-back at all (wrong sums, not checked): the structure's ceiling.
// - consumers (CWARPS warps): each scans its contiguous segment of the stage in place (rows of 32
//   lanes x 4 items, conflict-free 16-byte accesses) from the prefix and the segment totals.
// - storer (warp 3, one lane): writes each scanned stage back with one bulk copy, waits until the
//   copy has read it, and marks the stage empty (LAZY: two stores in flight, each stage freed one
//   store late; measured slower, since a stage fewer is loading).
// WIN (pipelined_scan's last parameter): tiles per look-ahead poll (lanes at or past WIN read
// nothing). pipelined_scan_par: L look-ahead warps take the rounds in turn, each folding its gap in
// parallel with the others and waiting for the round before only where its gap holds no inclusive
// tile (a ring of the block's inclusive prefixes in shared memory); measured slower (more polls).
// Every checked run starts from an output full of 0xff bytes and is compared with a sequential sum
// on the host; timings are medians of 20 runs against a memcpy, CUB's InclusiveSum and xcub's in
// the same run.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <cuda_runtime.h>

#include <cub/device/device_scan.cuh>
#include <xcub/arch/stage_barrier.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>

#include "harness.hpp"

namespace {

using state_t = xcub::detail::tile_state<int>;

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
// The stage ring of the backend contract (<xcub/arch/stage_barrier.hpp>: mbarriers and bulk copies on
// sm_90) over the probe's 8-byte barrier words; the library's pipelined scan uses the same functions.
__device__ __forceinline__ xcub::arch::stage_barrier& bar_of(unsigned long long* p) {
  return *reinterpret_cast<xcub::arch::stage_barrier*>(p);
}
__device__ __forceinline__ void mbar_init(unsigned long long* bar, unsigned count) {
  xcub::arch::stage_barrier_init(bar_of(bar), count);
}
__device__ __forceinline__ void mbar_arrive(unsigned long long* bar) { xcub::arch::stage_arrive(bar_of(bar)); }
/// parity: the low bit of the phase waited for (what stage_wait uses).
__device__ __forceinline__ void mbar_wait(unsigned long long* bar, unsigned parity) {
  xcub::arch::stage_wait(bar_of(bar), parity);
}
__device__ __forceinline__ bool mbar_try_wait(unsigned long long* bar, unsigned parity) {
  unsigned done;
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
      "selp.u32 %0, 1, 0, p;\n"
      "}\n"
      : "=r"(done)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return done != 0;
}
/// Two stores in flight (LAZY): the stage ring's wait takes none, so the probe keeps its own.
__device__ __forceinline__ void bulk_wait_read_one() { asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory"); }
template <int THREADS>
__device__ __forceinline__ void consumers_sync() {
  asm volatile("bar.sync 1, %0;" ::"n"(THREADS) : "memory");
}

/// The block's ring of STAGES tiles in dynamic shared memory, its barriers and per-stage slots,
/// and the roles every kernel below shares (each called by its warp; the look-ahead differs).
template <int TILE, int STAGES, int CWARPS>
struct stage_ring {
  static constexpr int consumers = CWARPS * 32;
  static constexpr int segment = TILE / CWARPS;  // items per consumer warp
  static constexpr int rows = segment / 128;     // rows of 32 lanes x 4 items
  static_assert(segment % 128 == 0 && CWARPS <= 32, "whole rows");
  static constexpr unsigned tile_bytes = TILE * sizeof(int);
  // Dynamic shared memory (main() gives each block): the stages and 8 KiB for the rest.
  static_assert(5 * STAGES * 8 + (4 * STAGES + STAGES * CWARPS + 2) * 4 + 8 + 64 * 8 <= 8192, "the slots fit");

  int* items;                      // [STAGES][TILE]
  unsigned long long* full;        // [STAGES] the tile has arrived
  unsigned long long* reduced;     // [STAGES] its totals are in seg_totals, its aggregate published
  unsigned long long* resolved;    // [STAGES] its exclusive prefix is in block_prefix
  unsigned long long* scanned;     // [STAGES] the consumers are done with it
  unsigned long long* empty;       // [STAGES] written back: the stage may be refilled
  int* tile;                       // [STAGES] its tile id (-1: the end marker)
  int* prev_tile;                  // [STAGES] the block's tile of the round before (-1: none)
  int* aggregate;                  // [STAGES]
  int* block_prefix;               // [STAGES]
  int* seg_totals;                 // [STAGES][CWARPS]
  volatile int* end_round;         // the round of the end marker, once the reducer has seen it
  // The block's chain of inclusive prefixes (pipelined_scan_par), round k in slot k % 64 as
  // (k + 1) << 32 | prefix: a ring, not the stage, since a round may resolve (from an inclusive
  // tile in its gap) while the round before waits, and the stage of two rounds back may then be
  // refilled.
  volatile unsigned long long* chain;

  __device__ explicit stage_ring(unsigned char* smem) {
    items = reinterpret_cast<int*>(smem);
    auto* bars = reinterpret_cast<unsigned long long*>(smem + std::size_t{STAGES} * tile_bytes);
    full = bars;
    reduced = bars + STAGES;
    resolved = bars + 2 * STAGES;
    scanned = bars + 3 * STAGES;
    empty = bars + 4 * STAGES;
    tile = reinterpret_cast<int*>(bars + 5 * STAGES);
    prev_tile = tile + STAGES;
    aggregate = prev_tile + STAGES;
    block_prefix = aggregate + STAGES;
    seg_totals = block_prefix + STAGES;
    end_round = seg_totals + STAGES * CWARPS;
    chain = reinterpret_cast<volatile unsigned long long*>(
        (reinterpret_cast<std::uintptr_t>(end_round + 2) + 7) & ~std::uintptr_t{7});
  }

  /// Thread 0, then a block barrier.
  __device__ void init() const {
    if (threadIdx.x == 0) {
      for (int s = 0; s < STAGES; ++s) {
        mbar_init(full + s, 1);
        mbar_init(reduced + s, 1);
        mbar_init(resolved + s, 1);
        mbar_init(scanned + s, consumers);
        mbar_init(empty + s, 1);
      }
      *end_round = 1 << 30;
      for (int i = 0; i < 64; ++i) chain[i] = 0;
      xcub::arch::stage_barriers_ready();
    }
    __syncthreads();
  }

  static __device__ unsigned parity(int k) { return static_cast<unsigned>(k / STAGES) & 1; }

  /// The loader (one lane): stage s holds the tiles claimed in rounds k = s, s + STAGES, ...
  __device__ void load(const int* in, const state_t& state, int tiles) const {
    int last_claimed = -1;
    for (int k = 0;; ++k) {
      const int s = k % STAGES;
      if (k >= STAGES) mbar_wait(empty + s, parity(k - STAGES));
      const int t = static_cast<int>(atomicAdd(state.counter, 1u));
      tile[s] = t < tiles ? t : -1;
      prev_tile[s] = last_claimed;
      last_claimed = t;
      if (t >= tiles) {
        mbar_arrive(full + s);  // the end marker
        return;
      }
      xcub::arch::stage_load(bar_of(full + s), items + s * TILE, in + static_cast<long>(t) * TILE, tile_bytes);
    }
  }

  /// The storer (one lane): each scanned stage back to global memory, then the stage is free.
  /// LAZY: two stores in flight, the stage of the store before this one freed once it was read.
  template <bool LAZY>
  __device__ void store(int* out) const {
    for (int k = 0;; ++k) {
      const int s = k % STAGES;
      mbar_wait(resolved + s, parity(k));
      const int t = tile[s];
      if (t < 0) break;
      mbar_wait(scanned + s, parity(k));
      xcub::arch::stage_store(out + static_cast<long>(t) * TILE, items + s * TILE, tile_bytes);
      if constexpr (LAZY) {
        bulk_wait_read_one();
        if (k > 0) mbar_arrive(empty + (k - 1) % STAGES);
      } else {
        xcub::arch::stage_store_wait_read();
        mbar_arrive(empty + s);
      }
    }
    xcub::arch::stage_store_wait_all();
  }

  /// The reducer (one warp): every tile's segment totals and aggregate as soon as it arrives, the
  /// aggregate published at once (so that later tiles' look-backs never wait for this block's scans).
  __device__ void reduce(const state_t& state, int lane) const {
    for (int k = 0;; ++k) {
      const int s = k % STAGES;
      mbar_wait(full + s, parity(k));
      const int t = tile[s];
      if (t >= 0) {
        int sum_all = 0;
#pragma unroll
        for (int w = 0; w < CWARPS; ++w) {
          const int4* seg = reinterpret_cast<const int4*>(items + s * TILE + w * segment);
          int sum = 0;
#pragma unroll
          for (int j = 0; j < rows; ++j) {
            const int4 v = seg[j * 32 + lane];
            sum += v.x + v.y + v.z + v.w;
          }
          sum = __reduce_add_sync(0xffffffffu, sum);
          sum_all += sum;
          if (lane == w) seg_totals[s * CWARPS + w] = sum;
        }
        // Tile 0's aggregate is its inclusive prefix (and a look-back treats the tiles before 0 as
        // inclusive, so tile 0 must never be seen partial).
        if (lane == 0) {
          aggregate[s] = sum_all;
          if (t == 0) state.set_inclusive(0, sum_all);
          else state.set_partial(t, sum_all);
        }
      } else if (lane == 0) {
        *end_round = k;
      }
      __syncwarp();
      if (lane == 0) mbar_arrive(reduced + s);
      if (t < 0) return;
    }
  }

  /// Consumer warp cw: scans its segment of each stage in place from the stage's prefix.
  __device__ void consume(int cw, int lane) const {
    for (int k = 0;; ++k) {
      const int s = k % STAGES;
      mbar_wait(resolved + s, parity(k));
      if (tile[s] < 0) return;
      int carry = block_prefix[s];
#pragma unroll
      for (int w = 0; w < CWARPS - 1; ++w) {
        const int t = seg_totals[s * CWARPS + w];
        if (w < cw) carry += t;
      }
      int4* seg = reinterpret_cast<int4*>(items + s * TILE + cw * segment);
#pragma unroll
      for (int j = 0; j < rows; ++j) {
        int4 v = seg[j * 32 + lane];
        v.y += v.x;
        v.z += v.y;
        v.w += v.z;
        int incl = v.w;
#pragma unroll
        for (int d = 1; d < 32; d *= 2) {
          const int up = __shfl_up_sync(0xffffffffu, incl, d);
          if (lane >= d) incl += up;
        }
        const int base = carry + incl - v.w;
        v.x += base;
        v.y += base;
        v.z += base;
        v.w += base;
        seg[j * 32 + lane] = v;
        carry += __shfl_sync(0xffffffffu, incl, 31);
      }
      xcub::arch::stage_async_fence();
      mbar_arrive(scanned + s);
    }
  }

  /// Every role but the look-ahead, by warp: 0 loader, 1 reducer, 2 .. 1 + LOOK_WARPS look-ahead,
  /// 2 + LOOK_WARPS storer, then the consumers. Returns false in the look-ahead warps, which the
  /// kernel runs itself; the others return from the kernel after it.
  template <int LOOK_WARPS, bool LAZY>
  __device__ bool shared_role(const int* in, int* out, const state_t& state, int tiles, int warp, int lane) const {
    if (warp == 0) {
      if (lane == 0) load(in, state, tiles);
    } else if (warp == 1) {
      reduce(state, lane);
    } else if (warp == 2 + LOOK_WARPS) {
      if (lane == 0) store<LAZY>(out);
    } else if (warp > 2 + LOOK_WARPS) {
      consume(warp - 3 - LOOK_WARPS, lane);
    } else {
      return false;
    }
    return true;
  }
};

/// Warps: 0 loader, 1 reducer, 2 look-ahead, 3 storer, then CWARPS consumers.
template <int TILE, int STAGES, int CWARPS, int GAP, bool LAZY = false, int WIN = 32>
__global__ void __launch_bounds__(CWARPS * 32 + 128) pipelined_scan(const int* in, int* out, state_t state, int tiles,
                                                                    int delay_ns) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  __trap();  // bulk copies and transaction-counted mbarriers need sm_90 (main() checks first)
#else
  extern __shared__ __align__(128) unsigned char smem[];
  const stage_ring<TILE, STAGES, CWARPS> ring(smem);
  ring.init();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (ring.template shared_role<1, LAZY>(in, out, state, tiles, warp, lane)) return;

  // The look-ahead: each tile's exclusive prefix, in order, as soon as its aggregate is out. A
  // block's tiles come in increasing order, so the prefix of its tile t is the inclusive prefix of
  // its previous tile t' plus the aggregates of the tiles between them, which their blocks publish
  // as soon as those tiles arrive: no wait on any other block's look-back. The first tile of a
  // block looks back as usual (tile_prefix_op). Every tile publishes its inclusive prefix too, for
  // those first look-backs.
  int last_tile = -1, last_inclusive = 0;
  for (int k = 0;; ++k) {
    const int s = k % STAGES;
    mbar_wait(ring.reduced + s, ring.parity(k));
    const int tile = ring.tile[s];
    if (tile >= 0) {
      const int aggregate = ring.aggregate[s];
      int prefix = 0;
      if (tile == 0 || GAP < 0) {
        prefix = 0;  // GAP < 0: no look-back at all (wrong sums; the structure's ceiling)
      } else if (last_tile < 0 || !GAP) {
        xcub::detail::tile_prefix_op<int, xcub::Sum> op{state, xcub::Sum{}, tile, delay_ns, 0};
        prefix = __shfl_sync(0xffffffffu, op(aggregate), 0);
      } else {
        // The gap's tiles are partial (their aggregate) or already inclusive (their inclusive
        // prefix): the fold starts at the nearest inclusive one, or at last_inclusive.
        int acc = 0;
        bool found = false;
        for (int newest = tile - 1; newest > last_tile && !found; newest -= WIN * (GAP > 0 ? GAP : 1)) {
          int value[GAP > 0 ? GAP : 1];
          unsigned status[GAP > 0 ? GAP : 1];
#pragma unroll
          for (int j = 0; j < GAP; ++j) {
            const int t = lane < WIN ? newest - lane - WIN * j : last_tile;
            value[j] = 0;
            status[j] = t <= last_tile ? xcub::detail::tile_partial : state.load(t, value[j]);
          }
          while (true) {
            bool all = true;
#pragma unroll
            for (int j = 0; j < GAP; ++j) all = all && status[j] != xcub::detail::tile_invalid;
            if (__all_sync(0xffffffffu, all)) break;
            if (delay_ns > 0) __nanosleep(delay_ns);
#pragma unroll
            for (int j = 0; j < GAP; ++j) {
              const int t = lane < WIN ? newest - lane - WIN * j : last_tile;
              if (status[j] == xcub::detail::tile_invalid) status[j] = state.load(t, value[j]);
            }
          }
          int nearest = last_tile;
#pragma unroll
          for (int j = 0; j < GAP; ++j) {
            const int t = lane < WIN ? newest - lane - WIN * j : last_tile;
            if (status[j] == xcub::detail::tile_inclusive && t > nearest) nearest = t;
          }
          nearest = __reduce_max_sync(0xffffffffu, nearest);
#pragma unroll
          for (int j = 0; j < GAP; ++j) {
            const int t = lane < WIN ? newest - lane - WIN * j : last_tile;
            if (t >= nearest && t > last_tile) acc += value[j];
          }
          found = nearest > last_tile;
        }
        prefix = (found ? 0 : last_inclusive) + __reduce_add_sync(0xffffffffu, acc);
        if (lane == 0) state.set_inclusive(tile, prefix + aggregate);
      }
      last_tile = tile;
      last_inclusive = prefix + aggregate;
      if (lane == 0) ring.block_prefix[s] = prefix;
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(ring.resolved + s);
    if (tile < 0) return;
  }
#endif
}

/// Warps: 0 loader, 1 reducer, 2 .. 2 + L - 1 look-ahead, 2 + L storer, then CWARPS consumers.
template <int TILE, int STAGES, int CWARPS, int L>
__global__ void __launch_bounds__(CWARPS * 32 + 96 + 32 * L)
    pipelined_scan_par(const int* in, int* out, state_t state, int tiles, int delay_ns) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  __trap();  // as pipelined_scan
#else
  extern __shared__ __align__(128) unsigned char smem[];
  const stage_ring<TILE, STAGES, CWARPS> ring(smem);
  ring.init();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (ring.template shared_role<L, false>(in, out, state, tiles, warp, lane)) return;

  // L look-ahead warps, round k to warp 2 + k % L. Each folds its tile's gap (the tiles claimed
  // since the block's previous tile, newest first, stopping at the nearest inclusive one) in
  // parallel with the others; only where the gap holds no inclusive tile does it wait for the
  // previous round's inclusive prefix, which its neighbour leaves in the chain.
  for (int k = warp - 2;; k += L) {
    const int s = k % STAGES;
    bool ready = false;
    while (!ready) {
      ready = mbar_try_wait(ring.reduced + s, ring.parity(k));
      if (!ready && *ring.end_round < k) return;
    }
    const int tile = ring.tile[s];
    if (tile < 0) {
      if (lane == 0) mbar_arrive(ring.resolved + s);
      return;
    }
    const int aggregate = ring.aggregate[s];
    const int prev_tile = k == 0 ? -1 : ring.prev_tile[s];
    int acc = 0;
    bool found = false;
    for (int newest = tile - 1; newest > prev_tile && !found; newest -= 32) {
      const int t = newest - lane;
      int value = 0;
      unsigned status = t <= prev_tile ? xcub::detail::tile_partial : state.load(t, value);
      while (!__all_sync(0xffffffffu, status != xcub::detail::tile_invalid)) {
        if (delay_ns > 0) __nanosleep(delay_ns);
        if (status == xcub::detail::tile_invalid) status = state.load(t, value);
      }
      const int nearest =
          __reduce_max_sync(0xffffffffu, status == xcub::detail::tile_inclusive && t > prev_tile ? t : prev_tile);
      if (t >= nearest && t > prev_tile) acc += value;
      found = nearest > prev_tile;
    }
    int prefix = __reduce_add_sync(0xffffffffu, acc);
    if (!found && k > 0) {
      unsigned long long link;
      do {
        link = ring.chain[(k - 1) % 64];
      } while (static_cast<int>(link >> 32) != k);
      prefix += static_cast<int>(static_cast<unsigned>(link));
    }
    if (lane == 0) {
      if (tile != 0) state.set_inclusive(tile, prefix + aggregate);
      ring.chain[k % 64] = (static_cast<unsigned long long>(k + 1) << 32) | static_cast<unsigned>(prefix + aggregate);
      ring.block_prefix[s] = prefix;
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(ring.resolved + s);
  }
#endif
}

}  // namespace

int main(int argc, char** argv) {
  const long n = 1L << 28;
  int *in = nullptr, *out = nullptr;
  void* state_mem = nullptr;
  if (cudaMalloc(&in, n * 4) != cudaSuccess || cudaMalloc(&out, n * 4) != cudaSuccess ||
      cudaMalloc(&state_mem, n * 2 + 4096) != cudaSuccess) {
    std::printf("pipelined_scan_probe: cannot allocate device memory\n");
    return 1;
  }
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 20261127u;
  std::vector<int> h(n), expect(n), got(n);
  std::mt19937 rng(seed);
  for (long i = 0; i < n; ++i) h[i] = static_cast<int>(rng() % 7) - 3;
  long long acc = 0;
  for (long i = 0; i < n; ++i) {
    acc += h[i];
    expect[i] = static_cast<int>(acc);
  }
  cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice);
  std::printf("seed %u\n", seed);

  // Medians of 20 timed runs after 5 untimed ones (harness.hpp).
  const auto median_ms = [](auto run) { return static_cast<float>(xcub_bench::median_ms(run, 5, 20)); };
  auto verify = [&](const char* name) {
    const cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      std::printf("  %s: %s\n", name, cudaGetErrorString(e));
      std::exit(1);
    }
    cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost);
    long bad = 0, first = -1;
    for (long i = 0; i < n; ++i)
      if (got[i] != expect[i]) {
        if (first < 0) first = i;
        ++bad;
      }
    if (bad) std::printf("  %s: WRONG, %ld items differ, first at %ld (%d, expected %d)\n", name, bad, first, got[first], expect[first]);
    return bad == 0;
  };

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major < 9) {
    std::printf("pipelined_scan_probe: needs sm_90 or later (%s is sm_%d%d)\n", prop.name, prop.major, prop.minor);
    return 0;
  }
  const float copy = median_ms([&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice); });
  std::printf("%s, 2^28 int32 inclusive sum: memcpy %.4f ms\n", prop.name, copy);
  auto report = [&](const char* name, float ms) {
    std::printf("  %-52s %.4f ms  %5.1f%% of copy\n", name, ms, 100 * copy / ms);
  };

  {  // CUB and xcub
    std::size_t cub_bytes = 0, xcub_bytes = 0;
    cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in, out, n);
    xcub::DeviceScan::InclusiveSum(nullptr, xcub_bytes, in, out, n);
    void* temp = nullptr;
    cudaMalloc(&temp, std::max(cub_bytes, xcub_bytes));
    cudaMemset(out, 0xff, n * 4);  // every checked run starts from garbage: nothing left unwritten passes
    cub::DeviceScan::InclusiveSum(temp, cub_bytes, in, out, n);
    verify("cub");
    report("cub::DeviceScan::InclusiveSum", median_ms([&] { cub::DeviceScan::InclusiveSum(temp, cub_bytes, in, out, n); }));
    cudaMemset(out, 0xff, n * 4);
    xcub::DeviceScan::InclusiveSum(temp, xcub_bytes, in, out, n);
    verify("xcub");
    report("xcub::DeviceScan::InclusiveSum", median_ms([&] { xcub::DeviceScan::InclusiveSum(temp, xcub_bytes, in, out, n); }));
    cudaFree(temp);
  }

  auto variant = [&](auto kernel, int tile, int stages, int cwarps, int delay_ns, int gap, bool lazy = false, int look = 0) {
    const int threads = cwarps * 32 + (look > 0 ? 96 + 32 * look : 128);
    const std::size_t smem = static_cast<std::size_t>(stages) * tile * 4 + 8192;
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem);
    const int tiles = static_cast<int>(n / tile);
    const int grid = std::min(tiles, per_sm * prop.multiProcessorCount);
    const state_t state = state_t::carve(state_mem, static_cast<std::size_t>(tiles));
    const std::size_t state_bytes = state_t::bytes(static_cast<std::size_t>(tiles));
    auto launch = [&] {
      cudaMemsetAsync(state_mem, 0, state_bytes);
      kernel<<<grid, threads, smem>>>(in, out, state, tiles, delay_ns);
    };
    if (n % tile != 0) return;  // whole tiles only
    char label[128];
    std::snprintf(label, sizeof label, "pipelined %d x %d stages, %dw, %d/SM, delay %d, gap %d%s, look-ahead warps %d", tile,
                  stages, cwarps, per_sm, delay_ns, gap, lazy ? ", 2 stores" : "", look > 0 ? look : 1);
    cudaMemset(out, 0xff, n * 4);
    launch();
    if (gap >= 0 && !verify(label)) return;
    report(label, median_ms(launch));
  };
  // The library's pipelined kernel (agent_scan_pipelined.hpp) launched as the variants are, its
  // tuning's ring: separates the kernel from DeviceScan's dispatch.
  auto library_kernel = [&] {
    using tuning = xcub::tuning::scan;
    constexpr auto kernel =
        &xcub::detail::scan_pipelined_kernel<tuning, int, xcub::Sum, xcub::detail::scan_no_init, true, long>;
    const auto pipe = xcub::detail::pipeline_of<tuning, int>::get(900);
    const std::size_t smem = xcub::detail::pipelined_scan_layout<int>{pipe}.bytes();
    const int threads = pipe.block_warps() * 32;
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem);
    const int tiles = static_cast<int>((n + pipe.tile_items - 1) / pipe.tile_items);
    const int grid = std::min(tiles, per_sm * prop.multiProcessorCount);
    const state_t state = state_t::carve(state_mem, static_cast<std::size_t>(tiles));
    const std::size_t state_bytes = state_t::bytes(static_cast<std::size_t>(tiles));
    auto launch = [&] {
      cudaMemsetAsync(state_mem, 0, state_bytes);
      kernel<<<grid, threads, smem>>>(in, out, state, xcub::Sum{}, xcub::detail::scan_no_init{}, n, tiles);
    };
    cudaMemset(out, 0xff, n * 4);
    launch();
    char label[128];
    std::snprintf(label, sizeof label, "library kernel %d x %d stages, %dw, %d/SM", pipe.tile_items, pipe.stages,
                  pipe.consumer_warps, per_sm);
    if (verify(label)) report(label, median_ms(launch));
  };
  for (int rep = 0; rep < 2; ++rep) {
    library_kernel();
    variant(pipelined_scan<8192, 6, 4, 1>, 8192, 6, 4, 0, 1);
    variant(pipelined_scan<8192, 6, 4, 1, false, 16>, 8192, 6, 4, 0, 16);
    variant(pipelined_scan<8192, 6, 4, 1, false, 8>, 8192, 6, 4, 0, 8);
    variant(pipelined_scan<8192, 6, 4, 1, false, 12>, 8192, 6, 4, 0, 12);
    variant(pipelined_scan<8192, 6, 8, 1, false, 8>, 8192, 6, 8, 0, 8);
    variant(pipelined_scan<8192, 6, 2, 1, false, 8>, 8192, 6, 2, 0, 8);
    variant(pipelined_scan<4096, 12, 4, 1, false, 8>, 4096, 12, 4, 0, 8);
    variant(pipelined_scan<4096, 6, 4, 1, false, 8>, 4096, 6, 4, 0, 8);
    variant(pipelined_scan<4096, 6, 4, 1, false, 16>, 4096, 6, 4, 0, 16);
    variant(pipelined_scan<8192, 6, 4, 1, false, 8>, 8192, 6, 4, 1000, 8);
    variant(pipelined_scan<8192, 6, 4, 2, false, 8>, 8192, 6, 4, 0, 8);
    variant(pipelined_scan_par<8192, 6, 4, 2>, 8192, 6, 4, 0, 1, false, 2);  // 2 look-ahead warps
  }
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", e == cudaSuccess ? "ok" : cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
