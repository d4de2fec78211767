// What the block benchmarks (block_*.cu, driven by block_collectives.cu) share: the input, the
// buffers, the grid, the direct 16-byte tile loads and stores, and run_pair, which checks a
// benchmark's xcub kernel against its CUB kernel and then times both.
//
// Every kernel has the signature void(const T* in, T* out, std::size_t tiles) and walks the tiles
// grid-stride (tile t, t + gridDim.x, ...), so each block carries its state (a scan's running
// prefix) across its tiles. Each implementation is timed on a grid of SMs x its own resident blocks
// per SM (occupancy, at most 2048 threads per SM), so a collective that costs occupancy shows it.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "harness.hpp"

namespace xcub_bench::block {

template <class T>
using kernel_t = void (*)(const T*, T*, std::size_t);

/// The input: small non-negative values (so sums and running prefixes of 2^28 int32 cannot
/// overflow), with bit 33 set in about half of the 8-byte items so that their upper words matter.
template <class T>
__host__ __device__ inline T input_value(std::size_t i) {
  std::uint64_t x = i * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  T v = static_cast<T>(x & 7);
  if constexpr (sizeof(T) == 8) v += static_cast<T>((x >> 8) & 1) << 33;
  return v;
}

template <class T>
__global__ void fill_kernel(T* p, std::size_t n) {
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += std::size_t{gridDim.x} * blockDim.x)
    p[i] = input_value<T>(i);
}

/// Lowest index where a and b differ, into *at (left at ~0 where none does).
template <class T>
__global__ void first_mismatch_kernel(const T* a, const T* b, std::size_t n, unsigned long long* at) {
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += std::size_t{gridDim.x} * blockDim.x)
    if (a[i] != b[i]) atomicMin(at, static_cast<unsigned long long>(i));
}

/// Loads a thread's ITEMS consecutive items from p in 16-byte words (p must be 16-byte aligned:
/// every tile and every thread's slice of it is, since ITEMS * sizeof(T) is a multiple of 16).
template <class T, int ITEMS>
__device__ __forceinline__ void load_blocked_16(const T* p, T (&items)[ITEMS]) {
  static_assert(ITEMS * sizeof(T) % 16 == 0, "a thread's items must fill whole 16-byte words");
  constexpr int per_word = 16 / sizeof(T);
#pragma unroll
  for (int w = 0; w < ITEMS / per_word; ++w) {
    const int4 word = reinterpret_cast<const int4*>(p)[w];
    std::memcpy(&items[w * per_word], &word, 16);
  }
}

template <class T, int ITEMS>
__device__ __forceinline__ void store_blocked_16(T* p, const T (&items)[ITEMS]) {
  static_assert(ITEMS * sizeof(T) % 16 == 0, "a thread's items must fill whole 16-byte words");
  constexpr int per_word = 16 / sizeof(T);
#pragma unroll
  for (int w = 0; w < ITEMS / per_word; ++w) {
    int4 word;
    std::memcpy(&word, &items[w * per_word], 16);
    reinterpret_cast<int4*>(p)[w] = word;
  }
}

/// The device buffers every benchmark shares: the input and two outputs (xcub's and CUB's), each of
/// `bytes`; the input is refilled for each item type.
struct buffers {
  void *in = nullptr, *out = nullptr, *ref = nullptr;
  std::size_t bytes = 0;
  int sms = 0;
  unsigned long long* mismatch = nullptr;
};

/// One benchmark at one configuration: its name, the items it reads (`items`) and writes
/// (`out_items`), and the fewest bytes it must move (each input item read once, each output written once).
struct bench_case {
  const char* name;
  const char* type;
  int block_threads, items_per_thread;
  std::size_t items, out_items, bytes;
};

inline int resident_blocks_per_sm(const void* kernel, int threads) {
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, 0), "occupancy");
  if (blocks < 1) {
    std::fprintf(stderr, "benchmark: a kernel cannot run with %d threads per block\n", threads);
    std::exit(1);
  }
  return std::min(blocks, 2048 / threads);
}

/// Runs CUB's kernel on xcub's grid into `ref` and hands a few of its output tiles to
/// `host_check(tiles_on_host, grid)`, which returns false on a wrong value (so that a wrong benchmark
/// kernel cannot pass as CUB's reference); `check_tiles` names those output tiles, of `out_tile`
/// items each, in order. Then runs xcub's kernel into `out` and compares the two outputs in full,
/// aborting with a message on any difference. Then times each on its own grid and adds both rows.
template <class T, class HostCheck>
void run_pair(report& rep, buffers& buf, const bench_case& c, kernel_t<T> xcub_kernel, kernel_t<T> cub_kernel,
              std::size_t tiles, std::size_t out_tile, const std::vector<std::size_t>& check_tiles,
              HostCheck host_check) {
  const T* in = static_cast<const T*>(buf.in);
  T* out = static_cast<T*>(buf.out);
  T* ref = static_cast<T*>(buf.ref);
  const int cub_bps = resident_blocks_per_sm(reinterpret_cast<const void*>(cub_kernel), c.block_threads);
  const int xcub_bps = resident_blocks_per_sm(reinterpret_cast<const void*>(xcub_kernel), c.block_threads);
  const unsigned cub_grid = static_cast<unsigned>(buf.sms * cub_bps), xcub_grid = static_cast<unsigned>(buf.sms * xcub_bps);
  auto fail = [&](const char* what) {
    std::fprintf(stderr, "benchmark: %s, %s, %d threads x %d items: %s\n", c.name, c.type, c.block_threads,
                 c.items_per_thread, what);
    std::exit(1);
  };

  // CUB's output on xcub's grid (a scan's output depends on which block walks which tiles).
  check(cudaMemset(ref, 0xFF, c.out_items * sizeof(T)), "poison");
  cub_kernel<<<xcub_grid, c.block_threads>>>(in, ref, tiles);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), c.name);
  std::vector<T> some(check_tiles.size() * out_tile);
  for (std::size_t k = 0; k < check_tiles.size(); ++k)
    check(cudaMemcpy(some.data() + k * out_tile, ref + check_tiles[k] * out_tile, out_tile * sizeof(T),
                     cudaMemcpyDeviceToHost),
          "copy back");
  if (!host_check(some, xcub_grid)) fail("CUB's output is not what the host computes: the benchmark kernel is wrong");

  // xcub's output on the same grid, compared in full.
  check(cudaMemset(out, 0xFF, c.out_items * sizeof(T)), "poison");
  xcub_kernel<<<xcub_grid, c.block_threads>>>(in, out, tiles);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), c.name);
  check(cudaMemset(buf.mismatch, 0xFF, sizeof *buf.mismatch), "memset");
  first_mismatch_kernel<T><<<buf.sms * 8, 256>>>(out, ref, c.out_items, buf.mismatch);
  check(cudaGetLastError(), "launch");
  unsigned long long at = 0;
  check(cudaMemcpy(&at, buf.mismatch, sizeof at, cudaMemcpyDeviceToHost), "copy back");
  if (at != ~0ull) {
    T got, want;
    check(cudaMemcpy(&got, out + at, sizeof(T), cudaMemcpyDeviceToHost), "copy back");
    check(cudaMemcpy(&want, ref + at, sizeof(T), cudaMemcpyDeviceToHost), "copy back");
    char what[160];
    std::snprintf(what, sizeof what, "xcub's output differs from CUB's at item %llu (xcub %lld, CUB %lld)", at,
                  static_cast<long long>(got), static_cast<long long>(want));
    fail(what);
  }

  // Each on its own grid, timed in alternation with the other; the two output buffers swap every
  // round too, so that where a buffer lies in memory (its DRAM channels and L2 slices) weighs on
  // both alike.
  int xcub_round = 0, cub_round = 0;
  const auto [xcub_ms, cub_ms] = median_ms_interleaved(
      [&] { xcub_kernel<<<xcub_grid, c.block_threads>>>(in, xcub_round++ % 2 ? ref : out, tiles); },
      [&] { cub_kernel<<<cub_grid, c.block_threads>>>(in, cub_round++ % 2 ? out : ref, tiles); });
  rep.add({c.name, c.type, "xcub", c.items_per_thread, c.items, c.bytes, xcub_ms, c.block_threads, xcub_bps});
  rep.add({c.name, c.type, "cub", c.items_per_thread, c.items, c.bytes, cub_ms, c.block_threads, cub_bps});
  std::fprintf(stderr, "  %-52s %-5s %4d x %2d: checked, timed\n", c.name, c.type, c.block_threads, c.items_per_thread);
}

/// The entry points of the benchmark files (block_load_store.cu, block_reduce.cu, block_scan.cu,
/// block_exchange.cu): each runs its benchmarks for one item type (int or long long, instantiated
/// there) on the input already in buf.in.
template <class T> void run_load_store(report&, buffers&, const char* type);
template <class T> void run_reduce(report&, buffers&, const char* type);
template <class T> void run_scan(report&, buffers&, const char* type);
template <class T> void run_exchange(report&, buffers&, const char* type);

/// Items of T in the benchmark's input: 2^28 int32 (1 GiB), the same bytes of wider types.
template <class T>
constexpr std::size_t input_items() {
  return (std::size_t{1} << 30) / sizeof(T);
}

}  // namespace xcub_bench::block
