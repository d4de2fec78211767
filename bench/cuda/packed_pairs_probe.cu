// Would SortPairs u32/u32 go faster with key and value packed into one 64-bit word between the
// passes? Times, at 2^28 items in one run on one device: SortPairs u32/u32 (xcub and CUB) and
// SortKeys u64 over bits [32, 64) (xcub and CUB): the same four 8-bit passes over the same bytes,
// each item one 8-byte word instead of two 4-byte words in two arrays. argv[3] = "profile": two
// SortPairs of each library and nothing else, for bench/profile_radix_pairs.sh. Not a comparison that
// run-gpu.sh records; built on demand: ninja bench/cuda/packed_pairs_probe.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>

#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"
#include "harness.hpp"

namespace {
using xcub_bench::check;

template <class T>
T* alloc(std::size_t n) {
  T* p = nullptr;
  check(cudaMalloc(&p, n * sizeof(T)), "malloc");
  return p;
}
}  // namespace

int main(int argc, char** argv) {
  const int log2 = argc > 1 ? std::atoi(argv[1]) : 28;
  const int n = 1 << log2;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  u32* k_in = alloc<u32>(n);
  u32* v_in = alloc<u32>(n);
  u32* k_out = alloc<u32>(n);
  u32* v_out = alloc<u32>(n);
  u64* p_in = alloc<u64>(n);
  u64* p_out = alloc<u64>(n);
  // Uniformly random keys and values (argv[2] = "low": keys of nine values, -4 to 4).
  const bool low = argc > 2 && std::string(argv[2]) == "low";
  if (low) xcub_bench::device::fill(k_in, n, 1);
  else xcub_bench::device::fill_random(k_in, n, 1);
  xcub_bench::device::fill_random(v_in, n, 2);
  if (low) xcub_bench::device::fill(p_in, n, 3);
  else xcub_bench::device::fill_random(p_in, n, 3);
  std::size_t a = 0, b = 0, c = 0, d = 0;
  xcub::DeviceRadixSort::SortPairs(nullptr, a, k_in, k_out, v_in, v_out, n);
  cub::DeviceRadixSort::SortPairs(nullptr, b, k_in, k_out, v_in, v_out, n);
  xcub::DeviceRadixSort::SortKeys(nullptr, c, p_in, p_out, n, 32, 64);
  cub::DeviceRadixSort::SortKeys(nullptr, d, p_in, p_out, n, 32, 64);
  void* tx = alloc<char>(std::max(a, c));
  void* tc = alloc<char>(std::max(b, d));
  if (argc > 3 && std::string(argv[3]) == "profile") {  // two sorts each, nothing timed: for ncu's per-kernel times
    for (int round = 0; round < 2; ++round) {
      check(xcub::DeviceRadixSort::SortPairs(tx, a, k_in, k_out, v_in, v_out, n), "xcub sort");
      check(cub::DeviceRadixSort::SortPairs(tc, b, k_in, k_out, v_in, v_out, n), "cub sort");
    }
    check(cudaDeviceSynchronize(), "sync");
    return 0;
  }
  for (int round = 0; round < 2; ++round) {
    auto pairs = xcub_bench::median_ms_interleaved(
        [&] { xcub::DeviceRadixSort::SortPairs(tx, a, k_in, k_out, v_in, v_out, n); },
        [&] { cub::DeviceRadixSort::SortPairs(tc, b, k_in, k_out, v_in, v_out, n); }, 3, 15);
    auto packed = xcub_bench::median_ms_interleaved(
        [&] { xcub::DeviceRadixSort::SortKeys(tx, c, p_in, p_out, n, 32, 64); },
        [&] { cub::DeviceRadixSort::SortKeys(tc, d, p_in, p_out, n, 32, 64); }, 3, 15);
    std::printf("%s2^%d SortPairs u32/u32: xcub %.3f ms, cub %.3f ms (%.3fx)\n", low ? "low-entropy " : "", log2, pairs.first, pairs.second,
                pairs.second / pairs.first);
    std::printf("%s2^%d SortKeys u64 bits 32-64: xcub %.3f ms, cub %.3f ms; xcub packed vs cub pairs %.3fx\n", low ? "low-entropy " : "", log2,
                packed.first, packed.second, pairs.second / packed.first);
  }
  check(cudaDeviceSynchronize(), "sync");
  return 0;
}
