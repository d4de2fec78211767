// One DeviceRadixSort benchmark over the sizes (2^16 to 2^28 keys unless XCUB_BENCH_LOG2 says
// otherwise): uniformly random keys (a hash of the index over every bit of the key; floats uniform
// in [-2^20, 2^20)), values = a hash too; xcub and CUB sort the same input into two output sets (and
// two temp allocations) that they swap every round (run_pair_swapped: a sort's time moves with where
// its buffers lie), compared whole (keys and values) before and after timing. Minimum traffic: the
// keys (and values) read once and written once.
#pragma once

#include <cstdlib>

#include "device_harness.hpp"

namespace xcub_bench::device {

/// Keys of at most `distinct` values (integers: the random key modulo `distinct`, so that the upper
/// digits are all zero and a tile holds few digits): the sweep's low-entropy inputs.
template <class T>
__global__ void limit_keys_kernel(T* p, std::size_t n, unsigned distinct) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    if constexpr (std::is_integral_v<T>) p[i] = static_cast<T>(p[i] % distinct);
  }
}

/// Keys ANDed with `mask` (integer keys): a mask of one or two bits per byte leaves two or four
/// digits in every pass.
template <class T>
__global__ void mask_keys_kernel(T* p, std::size_t n, unsigned long long mask) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride) {
    if constexpr (std::is_integral_v<T>) p[i] = static_cast<T>(p[i] & static_cast<T>(mask));
  }
}

/// The sort benchmarks' sizes: XCUB_BENCH_LOG2 if set, else 2^16 .. 2^28.
inline std::vector<int> sort_log2_sizes() {
  if (std::getenv("XCUB_BENCH_LOG2")) return log2_sizes();
  std::vector<int> out;
  for (int k = 16; k <= 28; ++k) out.push_back(k);
  return out;
}

/// `xcub_call` / `cub_call`: (temp, bytes, keys_in, keys_out, values_in, values_out, n) -> error, with n
/// an int and a std::int64_t (generic lambdas: `auto n`; rows of the latter have " i64" types).
/// V = void sorts keys only (the value pointers are null).
template <class K, class V, class XcubCall, class CubCall>
void sort_sizes(report& rep, const char* name, const char* type, XcubCall xcub_call, CubCall cub_call,
                int max_log2 = 30) {
  constexpr bool pairs = !std::is_void_v<V>;
  using value_t = std::conditional_t<pairs, V, char>;
  const std::size_t item_bytes = sizeof(K) + (pairs ? sizeof(value_t) : 0);
  for (int k : sort_log2_sizes()) {
    if (k > max_log2) continue;
    const std::size_t n = std::size_t{1} << k;
    if (!fits(3 * n * item_bytes + 2 * n * item_bytes, n * sizeof(K))) {
      skip(name, type, k);
      continue;
    }
    dev_array<K> keys(n), x_keys(n), c_keys(n);
    dev_array<value_t> values(pairs ? n : 0), x_values(pairs ? n : 0), c_values(pairs ? n : 0);
    fill_random(keys.get(), n, 7);
    // XCUB_BENCH_DISTINCT_KEYS=d (the sweep, integer keys only): keys of d values at most.
    if (const char* d = std::getenv("XCUB_BENCH_DISTINCT_KEYS"); d && std::atoi(d) > 0 && std::is_integral_v<K>) {
      limit_keys_kernel<K><<<2048, 256>>>(keys.get(), n, static_cast<unsigned>(std::atoi(d)));
      check(cudaDeviceSynchronize(), "limit keys");
    }
    // XCUB_BENCH_KEY_MASK=m (the sweep, integer keys only; 0x0101010101010101: two digits in every
    // pass of any key width). Neither input is recorded in the report: name its file after it.
    if (const char* m = std::getenv("XCUB_BENCH_KEY_MASK"); m && std::is_integral_v<K>) {
      mask_keys_kernel<K><<<2048, 256>>>(keys.get(), n, std::strtoull(m, nullptr, 0));
      check(cudaDeviceSynchronize(), "mask keys");
    }
    if constexpr (pairs) fill_random(values.get(), n, 11);
    const K* ki = keys.get();
    const value_t* vi = pairs ? values.get() : nullptr;
    // Output sets 0 and 1; the sides swap them (and their temp storage) every round.
    K* out_keys[2] = {x_keys.get(), c_keys.get()};
    value_t* out_values[2] = {pairs ? x_values.get() : nullptr, pairs ? c_values.get() : nullptr};
    // Each count type CUB is called with (for_each_count: int, then std::int64_t, type " i64").
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      const bench_case c{name, counted<Count>(type), k, n, 2 * n * item_bytes, n * sizeof(K)};
      run_pair_swapped(
          rep, c,
          [=](void* t, std::size_t& b, int s) { return xcub_call(t, b, ki, out_keys[s], vi, out_values[s], items); },
          [=](void* t, std::size_t& b, int s) { return cub_call(t, b, ki, out_keys[s], vi, out_values[s], items); },
          [&](int xs, int cs) {
            const std::string what = std::string(name) + " " + c.type;
            expect_equal(out_keys[xs], out_keys[cs], n, what + " keys");
            if constexpr (pairs) expect_equal(out_values[xs], out_values[cs], n, what + " values");
          });
    });
  }
}

}  // namespace xcub_bench::device
