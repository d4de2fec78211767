// Blocks waiting for each other: a chained prefix sum over blocks (each block's thread 0 spins
// with acquire loads and pause() until its predecessor has published its running total with a
// release store, as in decoupled look-back), forward over grids of 1 to 64 blocks, and backward
// over 4 blocks, where block 0 waits for the last block (all blocks co-resident).
#include "test_support.hpp"

namespace arch = xcub::arch;

namespace {
/// Blocks rank 0, 1, 2, ... in launch order, or backward when `reverse`; rank r waits for rank r - 1.
XCUB_KERNEL void chained_totals(const unsigned* in, unsigned* totals, unsigned* flags, unsigned* out, int reverse) {
  XCUB_SHARED(unsigned, block_sum);
  XCUB_SHARED(unsigned, prefix);
  const unsigned t = arch::linear_thread_id();
  const unsigned long long blocks = 1ull * arch::grid_dim().x * arch::grid_dim().y * arch::grid_dim().z;
  const unsigned long long b = arch::linear_block_id(), rank = reverse ? blocks - 1 - b : b;
  const unsigned long long gid = b * arch::block_threads() + t;
  if (t == 0) block_sum = 0;
  arch::sync_threads();
  arch::atomic_add<arch::scope::block>(&block_sum, in[gid]);
  arch::sync_threads();
  if (t == 0) {  // only one thread spins; the others wait at the barrier below
    unsigned p = 0;
    if (rank > 0) {
      while (arch::atomic_load_acquire(&flags[rank - 1]) == 0) arch::pause();
      p = totals[rank - 1];  // a plain load, ordered after the acquire
    }
    prefix = p;
    totals[rank] = p + block_sum;
    arch::atomic_store_release(&flags[rank], 1u);
  }
  arch::sync_threads();
  out[gid] = prefix + in[gid];
}

void check_chain(unsigned blocks, unsigned threads, bool reverse, std::mt19937_64& rng) {
  CAPTURE(blocks);
  CAPTURE(reverse);
  const std::size_t n = std::size_t{blocks} * threads;
  std::vector<unsigned> in(n);
  for (auto& v : in) v = static_cast<unsigned>(rng() % 1000);
  std::vector<unsigned> want_totals(blocks), want_out(n);
  unsigned running = 0;
  for (unsigned rank = 0; rank < blocks; ++rank) {
    const unsigned b = reverse ? blocks - 1 - rank : rank;
    const unsigned prefix = running;
    for (unsigned t = 0; t < threads; ++t) {
      running += in[b * threads + t];
      want_out[b * threads + t] = prefix + in[b * threads + t];
    }
    want_totals[rank] = running;
  }
  xcub::device_buffer<unsigned> d_in(in), d_totals(blocks), d_flags(blocks), d_out(n);
  d_flags.fill_bytes(0);
  d_totals.fill_bytes(0xFF);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), 0, chained_totals, d_in.data(), d_totals.data(),
                             d_flags.data(), d_out.data(), reverse ? 1 : 0);
  xcub_test::check_equal(d_totals.download(), want_totals, "running totals");
  xcub_test::check_equal(d_out.download(), want_out, "outputs");
  xcub_test::check_equal(d_flags.download(), std::vector<unsigned>(blocks, 1u), "flags");
}

void check_all_chains(std::mt19937_64& rng) {
  for (unsigned blocks : {1u, 2u, 7u, 64u}) check_chain(blocks, 48, false, rng);
  check_chain(4, 100, true, rng);
}

}  // namespace

TEST_CASE("interblock: chained running totals wait on acquire loads of the previous block's flag") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("interblock");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { check_all_chains(r); });
}
