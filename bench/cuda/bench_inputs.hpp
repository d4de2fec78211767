// The device benchmarks' inputs, in one place: the index hash, the fill kernels of every family and
// the host-made layouts (segment offsets, histogram levels, memcpy batches). CUDA and the standard
// library only (no xcub, no CUB), so that the benchmarks (device_harness.hpp and the family headers)
// and the plain CUB program (plain_cub.cu) make the same inputs bit for bit. Every maker launches,
// checks and synchronizes; an error aborts the program.
//
// The kernels are templates (a kernel defined in a header and included by several sources of one
// program must be). The host makers are inline.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace xcub_bench::device {

/// Aborts with `what` unless the last launch and everything before it succeeded.
inline void input_done(const char* what) {
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::fprintf(stderr, "benchmark input: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

/// log2 of the item counts in `spec`: "16-30" (a range), a list "16 20 28", or one number.
inline std::vector<int> parse_log2(const std::string& spec) {
  std::vector<int> out;
  int lo = 0, hi = 0;
  if (std::sscanf(spec.c_str(), "%d-%d", &lo, &hi) == 2) {
    for (int k = lo; k <= hi; ++k) out.push_back(k);
  } else {
    std::istringstream in(spec);
    for (int k; in >> k;) out.push_back(k);
  }
  return out;
}

// ---- the common input: a hash of the index, small values so that no integer sum overflows --------
// Integers in [-4, 4]; floating point k/16 with k in [-64, 64], so sums and prefix sums of up to
// 2^30 items stay exact in float in practice (random walks far below 2^20): the float checks'
// tolerances then only absorb rare roundings, and a lost or doubled tile still shows.

__host__ __device__ inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class T>
__host__ __device__ T input_value(std::size_t i, unsigned salt) {
  const std::uint64_t h = mix(i ^ (std::uint64_t{salt} << 40));
  if constexpr (std::is_floating_point_v<T>)
    return T(int(h % 129) - 64) / T(16);
  else
    return T(int(h % 9) - 4);
}

template <class T>
__global__ void fill_kernel(T* p, std::size_t n, unsigned salt) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = input_value<T>(i, salt);
}

/// p[i] = input_value<T>(i, salt).
template <class T>
void fill(T* p, std::size_t n, unsigned salt = 1) {
  fill_kernel<T><<<2048, 256>>>(p, n, salt);
  input_done("fill");
}

// ---- radix sort: uniformly random keys over every bit (floats uniform in [-2^20, 2^20)) ----------

template <class T>
__global__ void fill_random_kernel(T* p, std::size_t n, unsigned salt) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    const std::uint64_t h = mix(i ^ (std::uint64_t{salt} << 40));
    if constexpr (std::is_floating_point_v<T>) p[i] = T(double(std::int64_t(h >> 12) - (std::int64_t{1} << 51)) / 2147483648.0);
    else p[i] = static_cast<T>(h);
  }
}

template <class T>
void fill_random(T* p, std::size_t n, unsigned salt) {
  fill_random_kernel<T><<<2048, 256>>>(p, n, salt);
  input_done("fill random");
}

// ---- selection: items in [0, 100) (for the predicates) or runs of `run` equal items --------------

template <class T>
__global__ void select_input_kernel(T* p, char* flags, std::size_t n, int run) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    p[i] = run > 0 ? T(mix(i / run) % 1000) : T(mix(i) % 100);
    if (flags) flags[i] = char(mix(i ^ 0x5151) % 2);
  }
}

/// Items in [0, 100) (run 0) or runs of `run` equal items in [0, 1000); flags (where not null) half set.
inline void fill_select(int* p, char* flags, std::size_t n, int run) {
  select_input_kernel<int><<<2048, 256>>>(p, flags, n, run);
  input_done("fill select");
}

// ---- merge sort and merge: random 32-bit words; sorted halves that tie often ---------------------

template <class T>
__global__ void random_words_kernel(T* keys, T* positions, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    keys[i] = static_cast<T>(mix(i));
    if (positions) positions[i] = static_cast<T>(i);
  }
}

template <class T>
__global__ void sorted_words_kernel(T* keys, std::size_t n, unsigned salt) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    keys[i] = static_cast<T>(2 * i + (mix(i ^ (std::uint64_t{salt} << 40)) & 1));
}

/// keys[i] = the hash of i (32 bits); positions[i] = i where not null.
inline void fill_random_u32(std::uint32_t* keys, std::uint32_t* positions, std::size_t n) {
  random_words_kernel<std::uint32_t><<<2048, 256>>>(keys, positions, n);
  input_done("random keys");
}

/// Sorted: keys[i] = 2i + (0 or 1), so that two such ranges interleave and tie often.
inline void fill_sorted_u32(std::uint32_t* keys, std::size_t n, unsigned salt) {
  sorted_words_kernel<std::uint32_t><<<2048, 256>>>(keys, n, salt);
  input_done("sorted keys");
}

// ---- segmented reduce: fixed-length offsets (device) or random lengths (host) --------------------

template <class Offset>
__global__ void fixed_offsets_kernel(Offset* offsets, std::size_t segments, Offset length) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i <= segments;
       i += std::size_t{gridDim.x} * blockDim.x)
    offsets[i] = static_cast<Offset>(i * length);
}

/// offsets[i] = i * length for i in [0, segments].
inline void fill_fixed_offsets(int* offsets, std::size_t segments, int length) {
  fixed_offsets_kernel<int><<<1024, 256>>>(offsets, segments, length);
  input_done("offsets");
}

/// The segmented reduce's random offsets for nominal size 2^k: lengths uniform in [0, 2000] from a
/// seed fixed per size, as many whole segments as fit (segments + 1 offsets, the first 0).
inline std::vector<int> random_offsets(int k) {
  std::mt19937_64 rng(0x5e6 + k);
  std::uniform_int_distribution<int> length(0, 2000);
  const std::size_t n = std::size_t{1} << k;
  std::vector<int> offsets{0};
  for (std::size_t end = 0;;) {
    const std::size_t next = end + length(rng);
    if (next > n) break;
    offsets.push_back(static_cast<int>(end = next));
  }
  return offsets;
}

/// The segmented reduce leaves out sizes of more than this many segments.
constexpr std::size_t max_segments = std::size_t{1} << 26;

// ---- segmented sort: distinct keys (a bijection of the index), values = positions ---------------

template <class T>
__global__ void distinct_keys_kernel(T* keys, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    keys[i] = (static_cast<T>(i) * 0x9e3779b1u) ^ 0x5bd1e995u;  // odd multiplier: a bijection
}

template <class T>
__global__ void iota_kernel(T* values, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    values[i] = static_cast<T>(i);
}

inline void fill_distinct_keys(std::uint32_t* keys, std::uint32_t* values, std::size_t n) {
  distinct_keys_kernel<std::uint32_t><<<1024, 256>>>(keys, n);
  iota_kernel<std::uint32_t><<<1024, 256>>>(values, n);
  input_done("distinct keys");
}

/// The segmented sort's offsets: segments of `length` items (0: random lengths in [0, 2000], seed
/// fixed per size) filling at most n items.
inline std::vector<int> make_offsets(std::size_t n, int length, int k) {
  std::mt19937_64 rng(0x5e65 + k);
  std::uniform_int_distribution<int> pick(0, 2000);
  std::vector<int> offsets{0};
  for (std::size_t end = 0;;) {
    const std::size_t next = end + static_cast<std::size_t>(length > 0 ? length : pick(rng));
    if (next > n) break;
    offsets.push_back(static_cast<int>(end = next));
  }
  return offsets;
}

// ---- histogram: random bytes, floats in [0, 1), uneven levels ------------------------------------

constexpr int histogram_bins = 256;
constexpr int histogram_range_bins = 64;

template <class T>
__global__ void sample_bytes_kernel(T* p, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = static_cast<T>(mix(i) >> 17);
}

template <class T>
__global__ void unit_floats_kernel(T* p, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = static_cast<T>(mix(i) >> 40) * (T(1) / T(16777216));
}

/// Uniform random bytes (the histograms' samples).
inline void fill_sample_bytes(std::uint8_t* p, std::size_t n) {
  sample_bytes_kernel<std::uint8_t><<<2048, 256>>>(p, n);
  input_done("sample bytes");
}

/// Floats uniform in [0, 1) (24 random bits).
inline void fill_unit_floats(float* p, std::size_t n) {
  unit_floats_kernel<float><<<2048, 256>>>(p, n);
  input_done("unit floats");
}

/// 65 ascending levels over [0, 1), denser near 0 (bin widths grow quadratically).
inline std::vector<float> range_levels() {
  std::vector<float> levels(histogram_range_bins + 1);
  for (int i = 0; i <= histogram_range_bins; ++i) {
    const float x = static_cast<float>(i) / histogram_range_bins;
    levels[static_cast<std::size_t>(i)] = x * x * 0.999f;
  }
  return levels;
}

// ---- find: one match placed in [-4, 4] items; a sorted range and values to look up --------------

template <class T>
__global__ void place_match_kernel(T* p, std::size_t at) {
  p[at] = 100;
}

/// p[at] = 100 (the only item above 50 in a fill()ed input).
inline void place_match(int* p, std::size_t at) {
  place_match_kernel<int><<<1, 1>>>(p, at);
  input_done("place match");
}

template <class T>
__global__ void sorted_range_kernel(T* range, std::size_t n, T* values, std::size_t m) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    range[i] = static_cast<T>(2 * i + 1);
    if (i < m) values[i] = static_cast<T>(mix(i) % (2 * n + 2));  // below all, on items, between, above all
  }
}

/// range[i] = 2i + 1 (n of them), values (the first m) hashes in [0, 2n + 2).
inline void fill_sorted_range(int* range, std::size_t n, int* values, std::size_t m) {
  sorted_range_kernel<int><<<2048, 256>>>(range, n, values, m);
  input_done("sorted range");
}

// ---- top-k: floats uniform in [-1, 1), values = positions ---------------------------------------

template <class K, class V>
__global__ void uniform_keys_kernel(K* keys, V* positions, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    keys[i] = static_cast<K>(mix(i ^ 0x70b) >> 40) * (K(2) / K(16777216)) - K(1);  // 24 random bits
    positions[i] = static_cast<V>(i);
  }
}

inline void fill_uniform(float* keys, int* positions, std::size_t n) {
  uniform_keys_kernel<float, int><<<2048, 256>>>(keys, positions, n);
  input_done("uniform keys");
}

// ---- batched memcpy: the layouts of the batches ---------------------------------------------------

struct batch_spec {
  const char* name;
  std::uint32_t lo, hi;  // uniform sizes in [lo, hi] bytes
  int count_shift;       // 2^(k - count_shift) buffers
  bool align16;
  bool mixed;            // plus 16 buffers of 2^(k + 6) bytes
};

/// The batches of the benchmark: the headline (uniform 4-4096), the same aligned, tiny buffers only,
/// large ones only, and tiny ones with a few huge ones among them.
inline const std::vector<batch_spec>& batch_specs() {
  static const std::vector<batch_spec> specs = {
      {"uniform 4-4096", 4, 4096, 0, false, false},   {"uniform 4-4096 al16", 4, 4096, 0, true, false},
      {"uniform 1-128", 1, 128, 0, false, false},     {"uniform 64K-1M", 1u << 16, 1u << 20, 8, false, false},
      {"mixed", 1, 256, 0, false, true},
  };
  return specs;
}

/// Where a batch's buffers lie: sources end to end in one arena in buffer order, destinations end to
/// end in another in a random order of the buffers (every alignment of source and destination, unless
/// align16 rounds the sizes up to 16 bytes).
struct batch_layout {
  std::vector<std::uint32_t> sizes;
  std::vector<std::size_t> src_off, dst_off;
  std::size_t total = 0;
};

inline batch_layout make_batch_layout(const batch_spec& spec, int k) {
  batch_layout l;
  const std::size_t n_small = std::size_t{1} << (k - spec.count_shift);
  std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(k));
  std::uniform_int_distribution<std::uint32_t> pick(spec.lo, spec.hi);
  l.sizes.resize(n_small);
  for (auto& s : l.sizes) s = spec.align16 ? (pick(rng) + 15) / 16 * 16 : pick(rng);
  if (spec.mixed) {
    const std::uint32_t huge = std::uint32_t{1} << (k + 6);
    for (int h = 0; h < 16; ++h)
      l.sizes.insert(l.sizes.begin() + static_cast<std::ptrdiff_t>(rng() % l.sizes.size()), huge);
  }
  const std::size_t n = l.sizes.size();
  std::vector<std::size_t> order(n);
  l.src_off.resize(n);
  l.dst_off.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    l.src_off[i] = l.total;
    l.total += l.sizes[i];
  }
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  std::size_t at = 0;
  for (const std::size_t i : order) {
    l.dst_off[i] = at;
    at += l.sizes[i];
  }
  return l;
}

template <class T>
__global__ void hash_bytes_kernel(T* p, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = static_cast<T>(mix(i));
}

/// Every byte a hash of its index: a misplaced byte shows.
inline void fill_hash_bytes(std::uint8_t* p, std::size_t n) {
  hash_bytes_kernel<std::uint8_t><<<2048, 256>>>(p, n);
  input_done("batch bytes");
}

}  // namespace xcub_bench::device
