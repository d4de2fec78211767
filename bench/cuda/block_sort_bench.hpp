// What the sorting benchmarks (block_radix_sort_*.cu, block_radix_rank.cu, block_histogram.cu,
// block_merge_sort.cu, driven by block_sorting.cu) share with each other, beyond block_bench.hpp:
// random inputs, loads of any item size, and run_sort_pair, which checks a benchmark's xcub kernel
// against its CUB kernel and then times both.
//
// Unlike the other block benchmarks, a kernel's input and output types differ (uint8 samples in,
// uint32 bin counts out; keys in, keys and values out; keys in, int ranks out), so every kernel has
// the signature void(const In* in, void* out, std::size_t tiles) and lays its output out in `out`
// itself (a pairs kernel: the keys of the whole input, then the values). Outputs are compared as
// 32-bit words. Each kernel walks the tiles grid-stride and is timed on a grid of SMs x its own
// resident blocks per SM, as in block_bench.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <cstring>
#include <string>
#include <type_traits>

#include "block_bench.hpp"

namespace xcub_bench::block::sorting {

template <class In>
using kernel_t = void (*)(const In*, void*, std::size_t);

/// Bytes of the sorting benchmarks' input (2^26 4-byte keys, 2^25 8-byte keys, 2^28 uint8 samples):
/// several times the L2, while a pairs output (keys and 4-byte values) still fits the output buffers.
constexpr std::size_t input_bytes = std::size_t{1} << 28;
/// Bytes of each output buffer.
constexpr std::size_t output_bytes = std::size_t{1} << 29;

template <class T>
constexpr std::size_t input_items() {
  return input_bytes / sizeof(T);
}

/// Random bits for input position i (splitmix64's finaliser), the same on the host and the device.
__host__ __device__ inline std::uint64_t random_bits(std::size_t i) {
  std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// The key at input position i: uniform random bits for the unsigned types; for float a random
/// sign, an exponent in [-20, 20] and a random mantissa, so never a zero, an infinity or a NaN
/// (whose orders between libraries are not what these benchmarks measure) and std::sort's order
/// on the host is the radix order.
template <class T>
__host__ __device__ inline T random_key(std::size_t i) {
  const std::uint64_t x = random_bits(i);
  if constexpr (std::is_same_v<T, float>) {
    const std::uint32_t sign = static_cast<std::uint32_t>(x >> 63) << 31;
    const std::uint32_t exponent = static_cast<std::uint32_t>(127 - 20 + (x >> 32) % 41) << 23;
    const std::uint32_t bits = sign | exponent | static_cast<std::uint32_t>(x & 0x7FFFFF);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  } else {
    return static_cast<T>(x);
  }
}

template <class T>
__global__ void fill_random_kernel(T* p, std::size_t n) {
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += std::size_t{gridDim.x} * blockDim.x)
    p[i] = random_key<T>(i);
}

/// Fills the input buffer with input_items<T>() random keys.
template <class T>
void fill_input(buffers& buf) {
  fill_random_kernel<T><<<buf.sms * 8, 256>>>(static_cast<T*>(buf.in), input_items<T>());
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "fill");
}

/// Loads (stores) a thread's ITEMS consecutive items in the widest words up to 16 bytes that its
/// row fills (the row must start at such a word: every tile and every thread's row does here).
template <class T, int ITEMS>
struct row_words {
  static constexpr std::size_t row_bytes = ITEMS * sizeof(T);
  static constexpr std::size_t bytes = row_bytes % 16 == 0 ? 16 : row_bytes % 8 == 0 ? 8 : row_bytes % 4 == 0 ? 4 : 0;
  static_assert(bytes > 0, "a thread's items must fill whole 4-byte words");
  using word = std::conditional_t<bytes == 16, int4, std::conditional_t<bytes == 8, int2, int>>;
  static constexpr int count = static_cast<int>(row_bytes / bytes);
};

template <class T, int ITEMS>
__device__ __forceinline__ void load_row(const T* p, T (&items)[ITEMS]) {
  using w = row_words<T, ITEMS>;
#pragma unroll
  for (int k = 0; k < w::count; ++k) {
    const typename w::word word = reinterpret_cast<const typename w::word*>(p)[k];
    std::memcpy(reinterpret_cast<unsigned char*>(items) + k * w::bytes, &word, w::bytes);
  }
}

template <class T, int ITEMS>
__device__ __forceinline__ void store_row(T* p, const T (&items)[ITEMS]) {
  using w = row_words<T, ITEMS>;
#pragma unroll
  for (int k = 0; k < w::count; ++k) {
    typename w::word word;
    std::memcpy(&word, reinterpret_cast<const unsigned char*>(items) + k * w::bytes, w::bytes);
    reinterpret_cast<typename w::word*>(p)[k] = word;
  }
}

/// One benchmark at one configuration: `items` input items, `out_bytes` of output (an upper bound
/// where the output depends on the grid: the rest stays poisoned in both outputs), and the fewest
/// bytes the kernel must move (for GB/s).
struct sort_case {
  std::string name;
  const char* type;
  int block_threads, items_per_thread;
  std::size_t items, out_bytes, bytes;
};

/// Set by block_sorting's second argument: only benchmarks whose names contain it run.
inline const char* name_filter = nullptr;

/// Copies `bytes` of CUB's output from byte `offset` to the host.
struct output_reader {
  const unsigned char* ref;
  template <class T>
  std::vector<T> read(std::size_t offset, std::size_t count) const {
    std::vector<T> v(count);
    check(cudaMemcpy(v.data(), ref + offset, count * sizeof(T), cudaMemcpyDeviceToHost), "copy back");
    return v;
  }
};

/// The host check of the sorting benchmarks: whether the first and the last tile of the output
/// hold their input keys (random_key) stably sorted by `<`, and (PAIRS) after the n keys, each
/// key's position in its tile as its value (of type V).
template <class K, class V, bool PAIRS>
bool ends_sorted_stably(const output_reader& out, std::size_t n, std::size_t tile, std::size_t tiles) {
  for (const std::size_t t : {std::size_t{0}, tiles - 1}) {
    const std::vector<K> keys = out.read<K>(t * tile * sizeof(K), tile);
    std::vector<std::size_t> order(tile);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return random_key<K>(t * tile + a) < random_key<K>(t * tile + b);
    });
    for (std::size_t j = 0; j < tile; ++j)
      if (keys[j] != random_key<K>(t * tile + order[j])) return false;
    if constexpr (PAIRS) {
      const std::vector<V> values = out.read<V>(n * sizeof(K) + t * tile * sizeof(V), tile);
      for (std::size_t j = 0; j < tile; ++j)
        if (values[j] != order[j]) return false;
    }
  }
  return true;
}

/// As block_bench's run_pair: runs CUB's kernel on xcub's grid and hands its output to
/// `host_check(output_reader, grid)`, which returns false on a wrong value (so that a wrong benchmark
/// kernel cannot pass as CUB's reference); runs xcub's kernel and compares the two outputs in full
/// (32-bit words), aborting with a message on any difference; then times each on its own grid, in
/// alternation, the order and the two output buffers swapped every round, and adds both rows.
template <class In, class HostCheck>
void run_sort_pair(report& rep, buffers& buf, const sort_case& c, kernel_t<In> xcub_kernel, kernel_t<In> cub_kernel,
                   std::size_t tiles, HostCheck host_check) {
  if (name_filter && c.name.find(name_filter) == std::string::npos) return;
  const In* in = static_cast<const In*>(buf.in);
  void* out = buf.out;
  void* ref = buf.ref;
  const int cub_bps = resident_blocks_per_sm(reinterpret_cast<const void*>(cub_kernel), c.block_threads);
  const int xcub_bps = resident_blocks_per_sm(reinterpret_cast<const void*>(xcub_kernel), c.block_threads);
  const unsigned cub_grid = static_cast<unsigned>(buf.sms * cub_bps), xcub_grid = static_cast<unsigned>(buf.sms * xcub_bps);
  auto fail = [&](const char* what) {
    std::fprintf(stderr, "benchmark: %s, %s, %d threads x %d items: %s\n", c.name.c_str(), c.type, c.block_threads,
                 c.items_per_thread, what);
    std::exit(1);
  };
  if (c.out_bytes % 4 != 0 || c.out_bytes > output_bytes) fail("the output does not fit the buffers");

  check(cudaMemset(ref, 0xFF, c.out_bytes), "poison");
  cub_kernel<<<xcub_grid, c.block_threads>>>(in, ref, tiles);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), c.name.c_str());
  if (!host_check(output_reader{static_cast<const unsigned char*>(ref)}, xcub_grid))
    fail("CUB's output is not what the host computes: the benchmark kernel is wrong");

  check(cudaMemset(out, 0xFF, c.out_bytes), "poison");
  xcub_kernel<<<xcub_grid, c.block_threads>>>(in, out, tiles);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), c.name.c_str());
  check(cudaMemset(buf.mismatch, 0xFF, sizeof *buf.mismatch), "memset");
  const std::size_t words = c.out_bytes / 4;
  first_mismatch_kernel<std::uint32_t><<<buf.sms * 8, 256>>>(static_cast<const std::uint32_t*>(out),
                                                              static_cast<const std::uint32_t*>(ref), words, buf.mismatch);
  check(cudaGetLastError(), "launch");
  unsigned long long at = 0;
  check(cudaMemcpy(&at, buf.mismatch, sizeof at, cudaMemcpyDeviceToHost), "copy back");
  if (at != ~0ull) {
    std::uint32_t got, want;
    check(cudaMemcpy(&got, static_cast<const std::uint32_t*>(out) + at, 4, cudaMemcpyDeviceToHost), "copy back");
    check(cudaMemcpy(&want, static_cast<const std::uint32_t*>(ref) + at, 4, cudaMemcpyDeviceToHost), "copy back");
    char what[200];
    std::snprintf(what, sizeof what, "xcub's output differs from CUB's at byte %llu (xcub word 0x%08x, CUB 0x%08x)",
                  at * 4, got, want);
    fail(what);
  }

  int xcub_round = 0, cub_round = 0;
  const auto [xcub_ms, cub_ms] = median_ms_interleaved(
      [&] { xcub_kernel<<<xcub_grid, c.block_threads>>>(in, xcub_round++ % 2 ? ref : out, tiles); },
      [&] { cub_kernel<<<cub_grid, c.block_threads>>>(in, cub_round++ % 2 ? out : ref, tiles); });
  rep.add({c.name, c.type, "xcub", c.items_per_thread, c.items, c.bytes, xcub_ms, c.block_threads, xcub_bps});
  rep.add({c.name, c.type, "cub", c.items_per_thread, c.items, c.bytes, cub_ms, c.block_threads, cub_bps});
  std::fprintf(stderr, "  %-52s %-5s %4d x %2d: checked, timed\n", c.name.c_str(), c.type, c.block_threads,
               c.items_per_thread);
}

/// The entry points of the benchmark files: each fills the input with its own keys and runs its
/// benchmarks.
void run_radix_sort_u32(report&, buffers&);
void run_radix_sort_u64(report&, buffers&);
void run_radix_sort_f32(report&, buffers&);
void run_radix_rank(report&, buffers&);
void run_histogram(report&, buffers&);
void run_merge_sort(report&, buffers&);

}  // namespace xcub_bench::block::sorting
