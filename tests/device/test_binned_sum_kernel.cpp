// The reproducible sum in a kernel: each block adds its tiles' items into per-thread binned_sum
// accumulators (add(items) for whole tiles, add(x) for a partial one), reduces them with
// xcub::BlockReduce<binned_sum<T>, ...> and merge_binned, and thread 0 writes the block's
// accumulator and its finalize(); the host merges the blocks' accumulators in a random tree. Every
// block's sum and the grid's sum must be bitwise the oracle's, for any block size, items per
// thread, grid and algorithm.
#include "binned_sum_inputs.hpp"

#include <xcub/block/block_reduce.hpp>
#include <xcub/reference/reproducible_sum.hpp>

using namespace binned_test;

#if XCUB_HAS_KERNELS
template <class T, int BLOCK, int N, xcub::BlockReduceAlgorithm ALG>
XCUB_KERNEL void binned_reduce_kernel(const T* in, long long n, binned_sum<T>* partials, T* sums) {
  using reduce_t = xcub::BlockReduce<binned_sum<T>, BLOCK, ALG>;
  using storage_t = typename reduce_t::TempStorage;
  XCUB_SHARED(storage_t, storage);
  const long long tile = BLOCK * N, t = xcub::arch::linear_thread_id();
  const long long block = xcub::arch::linear_block_id(), blocks = xcub::arch::grid_dim().x;
  binned_sum<T> acc{};
  for (long long base = block * tile; base < n; base += blocks * tile) {  // tiles block, block + blocks, ...
    if (base + tile <= n) {
      T items[N];
      for (int i = 0; i < N; ++i) items[i] = in[base + t * N + i];
      acc.add(items);
    } else {
      for (int i = 0; i < N; ++i) {
        if (base + t * N + i < n) acc.add(in[base + t * N + i]);
      }
    }
  }
  acc = reduce_t(storage).Reduce(acc, merge_binned{});
  if (t == 0) partials[block] = acc, sums[block] = acc.finalize();
}
#endif

template <class T, int BLOCK, int N, xcub::BlockReduceAlgorithm ALG>
void check_kernel(std::mt19937_64& rng) {
  constexpr std::size_t tile = BLOCK * N;
  for (const std::size_t n : {0ul, 1ul, tile - 1, 1000ul, 20000ul}) {
    for (const kind k : {kind::uniform, kind::wide, kind::clustered, kind::cancel, kind::ties, kind::sticky, kind::zeros,
                         kind::specials}) {
      for (const unsigned blocks : {1u, 3u}) {
        INFO("block " << BLOCK << " x " << N << " items, " << blocks << " blocks, input " << name(k) << ", " << n
                      << " items");
        const std::vector<T> x = make_input<T>(k, n, rng);
        xcub::device_buffer<T> d_in(x.empty() ? std::vector<T>{T(0)} : x), d_sums(blocks);
        xcub::device_buffer<binned_sum<T>> d_partials(blocks);
        xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BLOCK), 0, binned_reduce_kernel<T, BLOCK, N, ALG>,
                                   d_in.data(), static_cast<long long>(n), d_partials.data(), d_sums.data());
        const std::vector<T> sums = d_sums.download();
        std::vector<binned_sum<T>> partials = d_partials.download();
        for (unsigned b = 0; b < blocks; ++b) {
          std::vector<T> mine;  // block b's tiles
          for (std::size_t base = b * tile; base < n; base += blocks * tile) {
            mine.insert(mine.end(), x.begin() + static_cast<std::ptrdiff_t>(base),
                        x.begin() + static_cast<std::ptrdiff_t>(std::min(n, base + tile)));
          }
          check_same_bits(sums[b], xcub::reference::reproducible_sum(mine), "block " + std::to_string(b) + "'s sum");
        }
        std::shuffle(partials.begin(), partials.end(), rng);
        binned_sum<T> all{};
        for (const auto& p : partials) all = merge_binned{}(p, all);
        check_same_bits(all.finalize(), xcub::reference::reproducible_sum(x), "the grid's sum");
      }
    }
  }
}

TEST_CASE("binned sum in a kernel: BlockReduce with merge_binned gives the oracle's bits") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("binned kernel");
  SUBCASE("float, 64 threads x 4, WARP_REDUCTIONS") {
    check_kernel<float, 64, 4, xcub::BLOCK_REDUCE_WARP_REDUCTIONS>(rng);
  }
  SUBCASE("float, 100 threads x 3, RAKING (a partial warp)") {
    check_kernel<float, 100, 3, xcub::BLOCK_REDUCE_RAKING>(rng);
  }
  SUBCASE("double, 64 threads x 5, RAKING_COMMUTATIVE_ONLY") {
    check_kernel<double, 64, 5, xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(rng);
  }
  SUBCASE("double, 100 threads x 2, WARP_REDUCTIONS") {
    check_kernel<double, 100, 2, xcub::BLOCK_REDUCE_WARP_REDUCTIONS>(rng);
  }
}
