// BlockReduce test harness, shared by the test_block_reduce*.cpp sources: one kernel runs every
// method of one BlockReduce configuration (full tiles, blocked items, and partial tiles for a list
// of num_valid values, a barrier between calls, the TempStorage in a union with a BlockScan's that
// is used in between), and the host checks thread 0's results against xcub::reference::reduce.
#pragma once

#include "test_block_ops.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_reduce.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/reference/reduce.hpp>

#include <string>
#include <type_traits>
#include <vector>

namespace block_reduce_test {

namespace arch = xcub::arch;
using xcub_test::affine;
using xcub_test::compose;

constexpr int max_valid_counts = 8;

// Results, per block: [0] Reduce(x, op), [1] Reduce(items, op), [2] Sum(x), [3] Sum(items), then
// per num_valid k: [4 + 2k] Reduce(x, op, num_valid), [5 + 2k] Sum(x, num_valid).
constexpr int results = 4 + 2 * max_valid_counts;

template <class T, int BX, int BY, int BZ, xcub::BlockReduceAlgorithm ALG, int N, class Op>
XCUB_KERNEL void reduce_kernel(const T* in, const int* valid_counts, int counts, T* out) {
  using reduce_t = xcub::BlockReduce<T, BX, ALG, BY, BZ>;
  using scan_t = xcub::BlockScan<int, BX, xcub::BLOCK_SCAN_RAKING, BY, BZ>;
  constexpr int threads = BX * BY * BZ;
  union storage_u {
    typename reduce_t::TempStorage reduce;
    typename scan_t::TempStorage scan;
  };
  XCUB_SHARED(storage_u, storage);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const long long block = arch::linear_block_id();
  const Op op{};
  const T* const block_in = in + block * threads * N;
  T* const block_out = out + block * results;
  T items[N];
  for (int i = 0; i < N; ++i) items[i] = block_in[rank * N + i];
  // The single-item calls take the first item of each thread's row.
  const T x = items[0];
  const auto put = [&](int r, const T& v) {
    if (rank == 0) block_out[r] = v;
    arch::sync_threads();  // before the storage is used again
  };
  put(0, reduce_t(storage.reduce).Reduce(x, op));
  // The union's other member in between: a scan, then a barrier.
  int ones = 1, offset;
  scan_t(storage.scan).ExclusiveSum(ones, offset);
  arch::sync_threads();
  put(1, reduce_t(storage.reduce).Reduce(items, op));
  if constexpr (std::is_same_v<Op, xcub::Sum>) {
    put(2, reduce_t(storage.reduce).Sum(x));
    put(3, reduce_t(storage.reduce).Sum(items));
  }
  for (int k = 0; k < counts; ++k) {
    put(4 + 2 * k, reduce_t(storage.reduce).Reduce(x, op, valid_counts[k]));
    if constexpr (std::is_same_v<Op, xcub::Sum>) put(5 + 2 * k, reduce_t().Sum(x, valid_counts[k]));
  }
  if (offset != rank) block_out[0] = T{};  // the scan went wrong: make the test fail
}

using block_test_ops::draw;  // test_block_ops.hpp
using block_test_ops::rec12_add;

/// Runs one configuration on two blocks and checks every result; num_valid: 0, 1, threads - 1,
/// threads, more than threads, and a random count.
template <class T, int BX, int BY, int BZ, xcub::BlockReduceAlgorithm ALG, int N, class Op>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, blocks = 2;
  INFO("block " << BX << "x" << BY << "x" << BZ << ", algorithm " << static_cast<int>(ALG) << ", items per thread " << N);
  const Op op{};
  const auto f = [&](const T& l, const T& r) { return static_cast<T>(op(l, r)); };
  const std::vector<int> counts = {0, 1, threads - 1, threads, threads + 3, static_cast<int>(rng() % threads) + 1};
  const bool sums = std::is_same_v<Op, xcub::Sum>;

  std::vector<T> in(std::size_t{blocks} * threads * N);
  for (auto& v : in) v = draw<T, Op>(rng);
  std::vector<T> want(blocks * results);
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(T));
  for (int b = 0; b < blocks; ++b) {
    const auto tile = std::vector<T>(in.begin() + b * threads * N, in.begin() + (b + 1) * threads * N);
    std::vector<T> firsts;  // each thread's first item
    for (int t = 0; t < threads; ++t) firsts.push_back(tile[t * N]);
    const auto fold = [&](const std::vector<T>& v, int count) {
      const auto part = std::vector<T>(v.begin() + 1, v.begin() + count);
      return xcub::reference::reduce(part, v[0], f);
    };
    T* const w = want.data() + b * results;
    w[0] = fold(firsts, threads), w[1] = fold(tile, threads * N);
    if (sums) w[2] = w[0], w[3] = w[1];
    for (std::size_t k = 0; k < counts.size(); ++k) {
      const int c = counts[k];
      const T r = c <= 0 ? firsts[0] : fold(firsts, c < threads ? c : threads);  // 0: thread 0's own item
      w[4 + 2 * k] = r;
      if (sums) w[5 + 2 * k] = r;
    }
  }

  xcub::device_buffer<T> d_in(in), d_out(want.size());
  xcub::device_buffer<int> d_counts(counts);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0, reduce_kernel<T, BX, BY, BZ, ALG, N, Op>,
                             d_in.data(), d_counts.data(), static_cast<int>(counts.size()), d_out.data());
  xcub_test::check_equal(d_out.download(), want,
                         "results [Reduce, Reduce(items), Sum, Sum(items), then (Reduce, Sum) per num_valid "
                         "0, 1, threads-1, threads, threads+3, random]");
}

template <class T, int BX, int BY, int BZ, xcub::BlockReduceAlgorithm ALG, int N, class Op>
void run(const char* name) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) { check<T, BX, BY, BZ, ALG, N, Op>(r); });
}

}  // namespace block_reduce_test
