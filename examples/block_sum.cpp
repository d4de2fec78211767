// A portable kernel: every block sums its tile of the input through warp shuffles and a little
// shared memory, and the host adds the per-block sums. The same source builds for the host
// emulator, CUDA and HIP; the program checks its own answer.
#include <xcub/xcub.hpp>

#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace arch = xcub::arch;

constexpr unsigned block_threads = 256;

/// Sums the items of one warp; the total is valid in lane 0.
XCUB_DEVICE long long warp_sum(long long v) {
  for (int offset = arch::warp_threads / 2; offset > 0; offset /= 2) v += arch::shfl_down(arch::full_lane_mask, v, offset);
  return v;
}

XCUB_KERNEL void block_sum(const int* in, long long* block_sums, unsigned n) {
  using warp_totals = long long[block_threads / arch::warp_threads];
  XCUB_SHARED(warp_totals, totals);
  const unsigned tid = arch::linear_thread_id();
  const unsigned i = arch::block_idx().x * block_threads + tid;
  long long v = warp_sum(i < n ? in[i] : 0);
  if (arch::lane_id() == 0) totals[arch::warp_id()] = v;
  arch::sync_threads();
  if (arch::warp_id() == 0) {
    v = warp_sum(arch::lane_id() < arch::block_warps() ? totals[arch::lane_id()] : 0);
    if (tid == 0) block_sums[arch::block_idx().x] = v;
  }
}

int main() {
  const unsigned n = 1000003;
  const unsigned blocks = (n + block_threads - 1) / block_threads;
  std::vector<int> h_in(n);
  std::mt19937 rng(2026);
  for (int& x : h_in) x = static_cast<int>(rng() % 2001) - 1000;

  xcub::device_buffer<int> d_in(h_in);
  xcub::device_buffer<long long> d_sums(blocks);
  xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, nullptr, block_sum,
                                   d_in.data(), d_sums.data(), n);
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("block_sum: launch failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const std::vector<long long> sums = d_sums.download();
  const long long got = std::accumulate(sums.begin(), sums.end(), 0LL);
  const long long want = std::accumulate(h_in.begin(), h_in.end(), 0LL);
  std::printf("block_sum: %u items, %u blocks of %u threads, backend %s, warp width %d: sum %lld, expected %lld: %s\n",
              n, blocks, block_threads, xcub::backend_name, arch::warp_threads, got, want,
              got == want ? "OK" : "MISMATCH");
  return got == want ? 0 : 1;
}
