// A sweep of DeviceMergeSort's sm_90 tile shapes against CUB: SortKeysCopy of 2^26 random uint32
// keys (argv[2] sets log2), and SortPairsCopy with uint32 values (their input positions), each candidate a tuning that sets the merge passes' block threads and
// items per thread (4-byte keys, unscaled) and the block sort's (DeviceMergeSortTuned<Candidate>);
// every output is compared with CUB's. Built on demand (ninja bench/cuda/device_merge_sort_sweep),
// not by run-gpu.sh.
//
//   device_merge_sort_sweep [results.json] [log2]     (XCUB_SWEEP_ONLY=text: only names containing it)
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>

#include <cstdlib>
#include <string>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

__global__ void random_u32_kernel(std::uint32_t* keys, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    keys[i] = static_cast<std::uint32_t>(mix(i));
}

__global__ void iota_u32_kernel(std::uint32_t* values, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    values[i] = static_cast<std::uint32_t>(i);
}

struct less_u32 {
  __host__ __device__ bool operator()(std::uint32_t a, std::uint32_t b) const { return a < b; }
};

/// A candidate shape: Base's policy (xcub::tuning::merge_sort or ::merge) with the merge tile and the
/// block sort's tile replaced (DeviceMerge has no block sort and ignores the latter).
template <class Base, int THREADS, int ITEMS, int SORT_THREADS = THREADS, int SORT_ITEMS = ITEMS>
struct shape {
  template <class KeyT, class ValueT = xcub::NullType>
  static constexpr xcub::detail::merge_sort_policy policy(int arch) {
    auto p = Base::template policy<KeyT, ValueT>(arch);
    p.block_threads = THREADS;
    p.items_per_thread = ITEMS;
    p.sort_block_threads = SORT_THREADS;
    p.sort_items_per_thread = SORT_ITEMS;
    return p;
  }
};
template <int THREADS, int ITEMS, int SORT_THREADS = THREADS, int SORT_ITEMS = ITEMS>
using candidate = shape<xcub::tuning::merge_sort, THREADS, ITEMS, SORT_THREADS, SORT_ITEMS>;
/// DeviceMerge candidates: merge tiles of THREADS x ITEMS (4-byte keys, unscaled).
template <int THREADS, int ITEMS>
using merge_candidate = shape<xcub::tuning::merge, THREADS, ITEMS>;

template <class Tuning, bool PAIRS = false>
void one(report& rep, const std::string& label, int k) {
  const std::string name =
      std::string(PAIRS ? "DeviceMergeSort::SortPairsCopy [" : "DeviceMergeSort::SortKeysCopy [") + label + "]";
  if (const char* only = std::getenv("XCUB_SWEEP_ONLY"); only && name.find(only) == std::string::npos) return;
  const std::size_t n = std::size_t{1} << k;
  dev_array<std::uint32_t> in(n), xo(n), co(n), positions(PAIRS ? n : 1), xv(PAIRS ? n : 1), cv(PAIRS ? n : 1);
  random_u32_kernel<<<2048, 256>>>(in.get(), n);
  if (PAIRS) iota_u32_kernel<<<2048, 256>>>(positions.get(), n);
  check(cudaDeviceSynchronize(), "keys");
  const std::uint32_t *d_in = in.get(), *d_pos = positions.get();
  std::uint32_t *x_out = xo.get(), *c_out = co.get(), *x_val = xv.get(), *c_val = cv.get();
  const std::size_t moved = (PAIRS ? 2 : 1) * n * sizeof(std::uint32_t);
  const bench_case c{name, PAIRS ? "uint32/uint32" : "uint32", k, n, 2 * moved, moved};
  if constexpr (PAIRS) {
    run_pair(
        rep, c,
        [=](void* t, std::size_t& b) {
          return xcub::DeviceMergeSortTuned<Tuning>::SortPairsCopy(t, b, d_in, d_pos, x_out, x_val, n, less_u32{});
        },
        [=](void* t, std::size_t& b) {
          return cub::DeviceMergeSort::SortPairsCopy(t, b, d_in, d_pos, c_out, c_val, n, less_u32{});
        },
        [&] {
          expect_equal(x_out, c_out, n, name);
          expect_equal(x_val, c_val, n, name + " values");
        });
  } else {
    run_pair(
        rep, c,
        [=](void* t, std::size_t& b) {
          return xcub::DeviceMergeSortTuned<Tuning>::SortKeysCopy(t, b, d_in, x_out, n, less_u32{});
        },
        [=](void* t, std::size_t& b) { return cub::DeviceMergeSort::SortKeysCopy(t, b, d_in, c_out, n, less_u32{}); },
        [&] { expect_equal(x_out, c_out, n, name); });
  }
}

__global__ void sorted_u32_kernel(std::uint32_t* keys, std::size_t n, std::uint32_t salt) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    keys[i] = static_cast<std::uint32_t>(2 * i + (mix(i ^ (std::uint64_t{salt} << 40)) & 1));  // sorted; the runs tie often
}

/// DeviceMerge::MergeKeys of two sorted halves of 2^k uint32 keys.
template <class Tuning>
void merge_one(report& rep, const std::string& label, int k) {
  const std::string name = "DeviceMerge::MergeKeys [" + label + "]";
  if (const char* only = std::getenv("XCUB_SWEEP_ONLY"); only && name.find(only) == std::string::npos) return;
  const std::size_t n = std::size_t{1} << k, half = n / 2;
  dev_array<std::uint32_t> a(half), b(n - half), xo(n), co(n);
  sorted_u32_kernel<<<2048, 256>>>(a.get(), half, 1);
  sorted_u32_kernel<<<2048, 256>>>(b.get(), n - half, 2);
  check(cudaDeviceSynchronize(), "sorted halves");
  const std::uint32_t *da = a.get(), *db = b.get();
  std::uint32_t *x_out = xo.get(), *c_out = co.get();
  const auto na = static_cast<std::int64_t>(half), nb = static_cast<std::int64_t>(n - half);
  const bench_case c{name, "uint32", k, n, 2 * n * sizeof(std::uint32_t), n * sizeof(std::uint32_t)};
  run_pair(
      rep, c,
      [=](void* t, std::size_t& b) {
        return xcub::DeviceMergeTuned<Tuning>::MergeKeys(t, b, da, na, db, nb, x_out, less_u32{});
      },
      [=](void* t, std::size_t& b) { return cub::DeviceMerge::MergeKeys(t, b, da, na, db, nb, c_out, less_u32{}); },
      [&] { expect_equal(x_out, c_out, n, name); });
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const int k = argc > 2 ? std::atoi(argv[2]) : 26;
  report rep("device_merge_sort_sweep");
  one<xcub::tuning::merge_sort>(rep, "default", k);
  one<candidate<256, 17, 512, 17>>(rep, "256x17 sort 512x17", k);
  one<candidate<256, 13>>(rep, "256x13", k);
  one<candidate<256, 15>>(rep, "256x15", k);
  one<candidate<256, 19>>(rep, "256x19", k);
  one<candidate<256, 21>>(rep, "256x21", k);
  one<candidate<128, 17>>(rep, "128x17", k);
  one<candidate<128, 23>>(rep, "128x23", k);
  one<candidate<512, 11>>(rep, "512x11", k);
  one<candidate<512, 15>>(rep, "512x15", k);
  // The merge tile must divide twice the sort tile (a static_assert says so otherwise).
  one<candidate<128, 17, 512, 17>>(rep, "128x17 sort 512x17", k);
  one<candidate<64, 17, 512, 17>>(rep, "64x17 sort 512x17", k);
  one<candidate<256, 17, 256, 17>>(rep, "256x17 sort 256x17 (CUB's shape)", k);
  one<candidate<128, 15, 512, 15>>(rep, "128x15 sort 512x15", k);
  one<candidate<128, 19, 512, 19>>(rep, "128x19 sort 512x19", k);
  one<candidate<128, 21, 512, 21>>(rep, "128x21 sort 512x21", k);
  one<candidate<128, 23, 512, 23>>(rep, "128x23 sort 512x23", k);
  one<candidate<128, 21, 256, 21>>(rep, "128x21 sort 256x21", k);
  one<candidate<128, 25, 256, 25>>(rep, "128x25 sort 256x25", k);
  one<candidate<128, 27, 256, 27>>(rep, "128x27 sort 256x27", k);
  one<candidate<256, 21, 512, 21>>(rep, "256x21 sort 512x21", k);
  one<candidate<128, 25, 128, 25>>(rep, "128x25 sort 128x25", k);
  one<candidate<128, 21, 128, 21>>(rep, "128x21 sort 128x21", k);
  one<candidate<128, 17, 256, 17>>(rep, "128x17 sort 256x17", k);
  // Pairs (a thread holds values and source indices too: the 512-thread block sort of the keys'
  // shape takes 123 registers, one block a multiprocessor).
  one<xcub::tuning::merge_sort, true>(rep, "default", k);
  one<candidate<128, 17, 512, 17>, true>(rep, "128x17 sort 512x17", k);
  one<candidate<128, 17, 256, 17>, true>(rep, "128x17 sort 256x17", k);
  one<candidate<256, 17, 256, 17>, true>(rep, "256x17 sort 256x17 (CUB's shape)", k);
  one<candidate<128, 11, 512, 11>, true>(rep, "128x11 sort 512x11", k);
  one<candidate<128, 13, 256, 13>, true>(rep, "128x13 sort 256x13", k);
  one<candidate<64, 17, 256, 17>, true>(rep, "64x17 sort 256x17", k);
  one<candidate<128, 15, 256, 15>, true>(rep, "128x15 sort 256x15", k);
  one<candidate<256, 11, 512, 11>, true>(rep, "256x11 sort 512x11", k);
  one<candidate<128, 11, 1024, 11>, true>(rep, "128x11 sort 1024x11", k);
  one<candidate<128, 9, 512, 9>, true>(rep, "128x9 sort 512x9", k);
  one<candidate<64, 11, 512, 11>, true>(rep, "64x11 sort 512x11", k);
  one<candidate<128, 13, 512, 13>, true>(rep, "128x13 sort 512x13", k);
  one<candidate<128, 9, 1024, 9>, true>(rep, "128x9 sort 1024x9", k);
  one<candidate<128, 19, 256, 19>, true>(rep, "128x19 sort 256x19", k);
  one<candidate<128, 21, 256, 21>, true>(rep, "128x21 sort 256x21", k);
  one<candidate<128, 15, 512, 15>, true>(rep, "128x15 sort 512x15", k);
  one<candidate<128, 23, 256, 23>, true>(rep, "128x23 sort 256x23", k);
  one<candidate<128, 17, 128, 17>, true>(rep, "128x17 sort 128x17", k);
  // DeviceMerge (one merge of two sorted halves; no block sort).
  merge_one<xcub::tuning::merge>(rep, "default", k);
  merge_one<merge_candidate<512, 15>>(rep, "512x15 (CUB's shape)", k);
  merge_one<merge_candidate<256, 15>>(rep, "256x15", k);
  merge_one<merge_candidate<128, 15>>(rep, "128x15", k);
  merge_one<merge_candidate<256, 17>>(rep, "256x17", k);
  merge_one<merge_candidate<128, 17>>(rep, "128x17", k);
  merge_one<merge_candidate<256, 11>>(rep, "256x11", k);
  merge_one<merge_candidate<512, 11>>(rep, "512x11", k);
  merge_one<merge_candidate<128, 23>>(rep, "128x23", k);
  merge_one<merge_candidate<128, 21>>(rep, "128x21", k);
  merge_one<merge_candidate<128, 27>>(rep, "128x27", k);
  merge_one<merge_candidate<128, 31>>(rep, "128x31", k);
  merge_one<merge_candidate<64, 31>>(rep, "64x31", k);
  merge_one<merge_candidate<256, 23>>(rep, "256x23", k);
  merge_one<merge_candidate<128, 35>>(rep, "128x35", k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
