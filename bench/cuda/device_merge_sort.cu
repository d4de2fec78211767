// DeviceMergeSort and DeviceMerge, xcub against CUB in one binary on the same buffers, 2^16 to 2^28
// items (XCUB_BENCH_LOG2 picks; default 16-28):
//   DeviceMergeSort::SortKeysCopy   uint32 keys, std::less      (the issue's target: 2^26, >= 1.0x CUB)
//   DeviceMergeSort::SortPairsCopy  uint32 keys, uint32 values (the input positions)
//   DeviceMerge::MergeKeys          two sorted uint32 halves of n/2 items each, ties across the halves
// Keys are random 32-bit words (a hash of the index). The Copy forms are timed so that every call
// sorts the same unsorted input (an in-place SortKeys would sort sorted data from the second call
// on); SortKeys runs the same kernels, only the block sort's input differs. Both sides sort stably,
// so xcub's keys (and values) must equal CUB's exactly: compared whole, before and after timing. The
// sorts' outputs and temp storage are swapped between the sides every round (run_pair_swapped).
// Minimum traffic: the input read once and the output written once. SortKeysCopy also runs with
// CUB's shape, 256 x 17 for the merges and the block sort (rows "[256x17]", DeviceMergeSortTuned),
// for comparison with the tuned default. The sorts run with int and with std::int64_t counts (rows
// " i64": CUB picks its offsets from the count type); MergeKeys takes std::int64_t counts only.
//
//   device_merge_sort [results.json]
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>

#include <functional>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct less_u32 {
  __host__ __device__ bool operator()(std::uint32_t a, std::uint32_t b) const { return a < b; }
};

/// CUB's shape (256 x 17 for merging and sorting), a row "[256x17]" beside the default.
struct cub_shape_tuning {
  template <class KeyT, class ValueT = xcub::NullType>
  static constexpr xcub::detail::merge_sort_policy policy(int arch) {
    xcub::detail::merge_sort_policy p = xcub::tuning::merge_sort::policy<KeyT, ValueT>(arch);
    p.block_threads = 256;
    p.items_per_thread = xcub::detail::nominal_4b_items(17, static_cast<int>(sizeof(KeyT)));
    p.sort_block_threads = 0;
    p.sort_items_per_thread = 0;
    return p;
  }
};

void sort_keys(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  if (!fits(3 * n * sizeof(std::uint32_t), n * sizeof(std::uint32_t))) return skip("SortKeys", "uint32", k);
  dev_array<std::uint32_t> in(n), x_out(n), c_out(n);
  fill_random_u32(in.get(), nullptr, n);
  const std::uint32_t* d_in = in.get();
  std::uint32_t* out[2] = {x_out.get(), c_out.get()};
  for_each_count([&](auto count) {  // int and std::int64_t counts (" i64")
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    const bench_case c{"DeviceMergeSort::SortKeysCopy", counted<Count>("uint32"), k, n, 2 * n * sizeof(std::uint32_t),
                       n * sizeof(std::uint32_t)};
    // Each side's output and temp storage swapped every round (run_pair_swapped): a sort's time moves
    // with where its buffers lie.
    run_pair_swapped(
        rep, c,
        [=](void* t, std::size_t& b, int s) {
          return xcub::DeviceMergeSort::SortKeysCopy(t, b, d_in, out[s], items, less_u32{});
        },
        [=](void* t, std::size_t& b, int s) {
          return cub::DeviceMergeSort::SortKeysCopy(t, b, d_in, out[s], items, less_u32{});
        },
        [&](int xs, int cs) { expect_equal(out[xs], out[cs], n, c.benchmark); });
    bench_case big = c;
    big.benchmark += " [256x17]";
    run_pair_swapped(
        rep, big,
        [=](void* t, std::size_t& b, int s) {
          return xcub::DeviceMergeSortTuned<cub_shape_tuning>::SortKeysCopy(t, b, d_in, out[s], items, less_u32{});
        },
        [=](void* t, std::size_t& b, int s) {
          return cub::DeviceMergeSort::SortKeysCopy(t, b, d_in, out[s], items, less_u32{});
        },
        [&](int xs, int cs) { expect_equal(out[xs], out[cs], n, big.benchmark); });
  });
}

void sort_pairs(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k;
  if (!fits(6 * n * sizeof(std::uint32_t), n * sizeof(std::uint32_t))) return skip("SortPairs", "uint32", k);
  dev_array<std::uint32_t> keys(n), values(n), xk(n), xv(n), ck(n), cv(n);
  fill_random_u32(keys.get(), values.get(), n);
  const std::uint32_t *dk = keys.get(), *dv = values.get();
  std::uint32_t* out_keys[2] = {xk.get(), ck.get()};
  std::uint32_t* out_values[2] = {xv.get(), cv.get()};
  for_each_count([&](auto count) {  // int and std::int64_t counts (" i64")
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    const bench_case c{"DeviceMergeSort::SortPairsCopy", counted<Count>("uint32/uint32"), k, n,
                       4 * n * sizeof(std::uint32_t), 2 * n * sizeof(std::uint32_t)};
    run_pair_swapped(
        rep, c,
        [=](void* t, std::size_t& b, int s) {
          return xcub::DeviceMergeSort::SortPairsCopy(t, b, dk, dv, out_keys[s], out_values[s], items, less_u32{});
        },
        [=](void* t, std::size_t& b, int s) {
          return cub::DeviceMergeSort::SortPairsCopy(t, b, dk, dv, out_keys[s], out_values[s], items, less_u32{});
        },
        [&](int xs, int cs) {
          expect_equal(out_keys[xs], out_keys[cs], n, c.benchmark + " keys");
          expect_equal(out_values[xs], out_values[cs], n, c.benchmark + " values");
        });
  });
}

void merge_keys(report& rep, int k) {
  const std::size_t n = std::size_t{1} << k, half = n / 2;
  if (!fits(3 * n * sizeof(std::uint32_t), n * sizeof(std::uint32_t))) return skip("MergeKeys", "uint32", k);
  dev_array<std::uint32_t> a(half), b(n - half), x_out(n), c_out(n);
  fill_sorted_u32(a.get(), half, 1);
  fill_sorted_u32(b.get(), n - half, 2);
  const std::uint32_t *da = a.get(), *db = b.get();
  std::uint32_t *xo = x_out.get(), *co = c_out.get();
  const auto na = static_cast<std::int64_t>(half), nb = static_cast<std::int64_t>(n - half);
  const bench_case c{"DeviceMerge::MergeKeys", "uint32", k, n, 2 * n * sizeof(std::uint32_t),
                     n * sizeof(std::uint32_t)};
  run_pair(
      rep, c,
      [=](void* t, std::size_t& bytes) {
        return xcub::DeviceMerge::MergeKeys(t, bytes, da, na, db, nb, xo, less_u32{});
      },
      [=](void* t, std::size_t& bytes) {
        return cub::DeviceMerge::MergeKeys(t, bytes, da, na, db, nb, co, less_u32{});
      },
      [&] { expect_equal(xo, co, n, c.benchmark); });
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "16-28", 0);
  report rep("device_merge_sort");
  const std::vector<int> sizes = log2_sizes();
  for (int k : sizes) sort_keys(rep, k);
  for (int k : sizes) sort_pairs(rep, k);
  for (int k : sizes) merge_keys(rep, k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
