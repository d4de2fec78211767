// xcub consumer check: a portable kernel built against an installed or subproject xcub.
// Every block computes the inclusive prefix sums of its tile: each warp scans its values with
// shuffles, the warp totals go through XCUB_SHARED storage across a block barrier, every
// thread adds the totals of the warps before its own, and thread 0 records the block's total.
// The host checks every element and every block total.
#include <xcub/xcub.hpp>

#include <cstdio>
#include <vector>

namespace arch = xcub::arch;

constexpr unsigned block_threads = 128;
constexpr unsigned block_warps = (block_threads + arch::warp_threads - 1) / arch::warp_threads;

XCUB_KERNEL void block_scan(const int* in, int* out, int* block_totals, unsigned n) {
  using warp_totals = int[block_warps];
  XCUB_SHARED(warp_totals, totals);
  const unsigned tid = arch::linear_thread_id();
  const unsigned i = arch::block_idx().x * block_threads + tid;
  const unsigned lane = arch::lane_id();
  const unsigned warp = arch::warp_id();

  int v = i < n ? in[i] : 0;
  for (unsigned d = 1; d < static_cast<unsigned>(arch::warp_threads); d *= 2) {
    const int up = arch::shfl_up(arch::full_lane_mask, v, d);
    if (lane >= d) v += up;
  }
  if (lane == static_cast<unsigned>(arch::warp_threads) - 1) totals[warp] = v;
  // Every warp reads the totals of the warps before it and, for the block total, of those
  // after it: without the barrier, whichever warps run first would read stale totals.
  arch::sync_threads();
  int total = 0;
  for (unsigned w = 0; w < block_warps; ++w) {
    if (w < warp) v += totals[w];
    total += totals[w];
  }
  if (i < n) out[i] = v;
  if (tid == 0) block_totals[arch::block_idx().x] = total;
}

int main() {
  const unsigned n = 1000;  // not a multiple of the block: the last block is partial
  const unsigned blocks = (n + block_threads - 1) / block_threads;
  std::vector<int> h_in(n);
  for (unsigned i = 0; i < n; ++i) h_in[i] = static_cast<int>((i * 7919u) % 23u) - 11;

  xcub::device_buffer<int> d_in(h_in);
  xcub::device_buffer<int> d_out(n);
  xcub::device_buffer<int> d_totals(blocks);
  xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, 0, block_scan,
                                   d_in.data(), d_out.data(), d_totals.data(), n);
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("xcub consumer: launch failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const std::vector<int> got = d_out.download();
  const std::vector<int> got_totals = d_totals.download();
  unsigned bad = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    int sum = 0;
    for (unsigned i = b * block_threads; i < n && i < (b + 1) * block_threads; ++i) {
      sum += h_in[i];
      if (got[i] != sum && bad++ < 5) std::printf("  out[%u] = %d, expected %d\n", i, got[i], sum);
    }
    if (got_totals[b] != sum && bad++ < 5) std::printf("  block %u total = %d, expected %d\n", b, got_totals[b], sum);
  }
  std::printf("xcub consumer: backend %s, warp width %d, %u blocks of %u threads, block scan of %u items: %s\n",
              xcub::backend_name, arch::warp_threads, blocks, block_threads, n, bad == 0 ? "OK" : "MISMATCH");
  return bad == 0 ? 0 : 1;
}
