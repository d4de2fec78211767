// Support for the large-input suite (xcub_large_tests, CUDA only; docs/testing.md, "Large inputs"):
// device buffers, the hashed inputs and the device-side checks that stand in for the host oracle
// at 2^31 items and more.
//
// Every input is a function of its index (byte_at: a 64-bit mix of the run's seed and the index),
// so a check kernel can recompute any input item instead of keeping or downloading a copy. The
// checks run on the device and come back as a count of wrong items and the first wrong index:
//   bad_items(n, f)       the i in [0, n) with f(i) true (f says "item i is wrong")
//   histogram(n, bins, f) how many i in [0, n) fall into each bin f(i) (a negative bin: none),
//                         counted in per-block shared-memory bins: sort checks compare the key
//                         counts of input and output
//   seen_once             a bitmap over [0, n) that tells whether values name every index once
//                         (the permutation check of the stable pair sorts)
//
// No family is left out for its interface: every xcub device entry point takes its counts as any
// integer type up to 64 bits (CUB 3.0.1 takes int in DeviceRunLengthEncode,
// DeviceSegmentedRadixSort and the pair form of ArgMin/ArgMax; xcub's pair form refuses a count its
// output's key type cannot hold, which test_large_scan.cu checks). DeviceTopK's and the batched
// copies' more than 2^31 buffers stay in the device suites' "(large)" cases.
#pragma once

#include "test_support.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace large {

/// The item count of the suite: 2^31 + 877 (odd: the last tile of every algorithm is partial, and
/// item offsets past 2^31 need a 64-bit count).
constexpr long long N = (1LL << 31) + 877;

__host__ __device__ inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
/// The hashed input byte of index i.
__host__ __device__ inline std::uint8_t byte_at(std::uint64_t seed, long long i) {
  return static_cast<std::uint8_t>(mix(seed ^ static_cast<std::uint64_t>(i)) >> 56);
}

inline std::uint64_t seed() { return xcub_test::seed(); }

#define LARGE_CUDA(expr)                                                   \
  do {                                                                     \
    const cudaError_t large_err = (expr);                                  \
    INFO(#expr << " -> " << std::string(cudaGetErrorString(large_err)));   \
    REQUIRE(large_err == cudaSuccess);                                     \
  } while (0)

/// n items of device memory, freed at scope exit.
template <class T>
struct buf {
  T* p = nullptr;
  std::size_t n = 0;
  explicit buf(std::size_t count) : n(count) { LARGE_CUDA(cudaMalloc(&p, (n ? n : 1) * sizeof(T))); }
  ~buf() { cudaFree(p); }
  buf(const buf&) = delete;
  buf& operator=(const buf&) = delete;
  T get(std::size_t i) const {
    T v{};
    LARGE_CUDA(cudaMemcpy(&v, p + i, sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  std::vector<T> download(std::size_t count) const {
    std::vector<T> h(count);
    if (count) LARGE_CUDA(cudaMemcpy(h.data(), p, count * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
  void upload(const std::vector<T>& h) {
    if (!h.empty()) LARGE_CUDA(cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
};

inline void sync() { LARGE_CUDA(cudaDeviceSynchronize()); }

/// Grids of a fixed size that loop over the items (enough blocks to fill an H200 several times).
constexpr unsigned grid_blocks = 132 * 16;
constexpr unsigned block_threads = 256;

template <class F>
__global__ void each_index_kernel(long long n, F f) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}
/// f(i) for every i in [0, n), on the device (fills inputs).
template <class F>
void each_index(long long n, F f) {
  each_index_kernel<<<grid_blocks, block_threads>>>(n, f);
  LARGE_CUDA(cudaGetLastError());
  sync();
}

template <class F>
__global__ void bad_kernel(long long n, F bad, unsigned long long* count, unsigned long long* first) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  unsigned long long mine = 0;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    if (bad(i)) {
      if (mine == 0) atomicMin(first, static_cast<unsigned long long>(i));
      ++mine;
    }
  if (mine) atomicAdd(count, mine);
}
struct bad_report {
  unsigned long long count = 0, first = 0;
};
/// How many i in [0, n) have bad(i) true, and the smallest such i (or ~0).
template <class F>
bad_report bad_items(long long n, F bad) {
  buf<unsigned long long> d(2);
  const unsigned long long init[2] = {0, ~0ull};
  LARGE_CUDA(cudaMemcpy(d.p, init, sizeof init, cudaMemcpyHostToDevice));
  bad_kernel<<<grid_blocks, block_threads>>>(n, bad, d.p, d.p + 1);
  LARGE_CUDA(cudaGetLastError());
  sync();
  const auto h = d.download(2);
  // Each thread records its first wrong item (its indices ascend), so the minimum is the first.
  return {h[0], h[1]};
}
#define LARGE_NONE_BAD(what, n, f)                                                         \
  do {                                                                                     \
    const ::large::bad_report large_r = ::large::bad_items((n), (f));                      \
    INFO(what << ": " << large_r.count << " wrong items, one at index " << large_r.first); \
    CHECK(large_r.count == 0);                                                             \
  } while (0)

template <class F>
__global__ void sum_kernel(long long lo, long long hi, F value, unsigned long long* out) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  unsigned long long mine = 0;
  for (long long i = lo + static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < hi; i += stride)
    mine += static_cast<unsigned long long>(value(i));
  atomicAdd(out, mine);
}
/// The sum of value(i) over [lo, hi) as a 64-bit unsigned integer (wrapping), computed plainly.
template <class F>
unsigned long long plain_sum(long long lo, long long hi, F value) {
  buf<unsigned long long> d(1);
  LARGE_CUDA(cudaMemset(d.p, 0, sizeof(unsigned long long)));
  sum_kernel<<<grid_blocks, block_threads>>>(lo, hi, value, d.p);
  LARGE_CUDA(cudaGetLastError());
  sync();
  return d.get(0);
}

constexpr int max_bins = 4096;
template <class F>
__global__ void histogram_kernel(long long n, int bins, F bin_of, unsigned long long* out) {
  __shared__ unsigned int counts[max_bins];
  for (int b = static_cast<int>(threadIdx.x); b < bins; b += static_cast<int>(blockDim.x)) counts[b] = 0;
  __syncthreads();
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int b = bin_of(i);
    if (b >= 0 && b < bins) atomicAdd(&counts[b], 1u);
  }
  __syncthreads();
  for (int b = static_cast<int>(threadIdx.x); b < bins; b += static_cast<int>(blockDim.x))
    if (counts[b]) atomicAdd(&out[b], static_cast<unsigned long long>(counts[b]));
}
/// counts[b] = how many i in [0, n) have bin_of(i) == b (bins <= max_bins; a block's share of n
/// stays far below 2^32, so its 32-bit shared counters cannot wrap).
template <class F>
std::vector<unsigned long long> histogram(long long n, int bins, F bin_of) {
  REQUIRE(bins <= max_bins);
  buf<unsigned long long> d(static_cast<std::size_t>(bins));
  LARGE_CUDA(cudaMemset(d.p, 0, sizeof(unsigned long long) * static_cast<std::size_t>(bins)));
  histogram_kernel<<<grid_blocks, block_threads>>>(n, bins, bin_of, d.p);
  LARGE_CUDA(cudaGetLastError());
  sync();
  return d.download(static_cast<std::size_t>(bins));
}

/// A bitmap over [0, n): mark(v) sets bit v and says whether it was set before (a duplicate).
struct seen_once {
  unsigned int* bits;
  long long n;
  __device__ bool mark_duplicate(long long v) const {
    if (v < 0 || v >= n) return true;
    const unsigned int bit = 1u << (v & 31);
    return (atomicOr(&bits[v >> 5], bit) & bit) != 0;
  }
};
struct bitmap {
  buf<unsigned int> words;
  long long n;
  explicit bitmap(long long count) : words(static_cast<std::size_t>((count + 31) / 32)), n(count) {
    LARGE_CUDA(cudaMemset(words.p, 0, words.n * sizeof(unsigned int)));
  }
  seen_once view() const { return {words.p, n}; }
};

/// The two-phase call of an xcub algorithm: size query, temp storage, run, synchronise.
template <class Call>
void two_phase(Call call) {
  std::size_t bytes = 0;
  XCUB_TEST_CALL(call(nullptr, bytes));
  buf<unsigned char> temp(bytes);
  XCUB_TEST_CALL(call(temp.p, bytes));
  sync();
}

// Common functors (no extended lambdas in this build).
/// The hashed input bytes, as an iterator's conversion: CountingInputIterator<long long> -> byte.
struct hashed {
  std::uint64_t seed;
  __host__ __device__ std::uint8_t operator()(long long i) const { return byte_at(seed, i); }
};
/// Fills p[i] = byte_at(seed, i).
struct fill_hashed {
  std::uint8_t* p;
  std::uint64_t seed;
  __device__ void operator()(long long i) const { p[i] = byte_at(seed, i); }
};
/// The key count of a byte array: bin = the byte.
struct byte_bin {
  const std::uint8_t* p;
  __device__ int operator()(long long i) const { return p[i]; }
};
struct hashed_bin {
  std::uint64_t seed;
  __device__ int operator()(long long i) const { return byte_at(seed, i); }
};

inline void check_counts(const std::vector<unsigned long long>& got, const std::vector<unsigned long long>& want,
                         const char* what) {
  INFO(what);
  REQUIRE(got.size() == want.size());
  std::size_t differ = 0, first = got.size();
  for (std::size_t b = 0; b < got.size(); ++b)
    if (got[b] != want[b]) {
      if (first == got.size()) first = b;
      ++differ;
    }
  INFO(differ << " bins differ, the first " << first);
  CHECK(differ == 0);
}

}  // namespace large
