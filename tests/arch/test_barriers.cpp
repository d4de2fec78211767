// Block barriers (sync_threads) and warp barriers (sync_warp): threads exchange values through
// shared memory over several rounds, each reading a slot another thread wrote before the barrier.
#include "test_support.hpp"

#include <algorithm>

namespace arch = xcub::arch;
using arch::lane_mask_t;

namespace {
constexpr unsigned W = arch::warp_threads;
constexpr int rounds = 4;
using slots_t = unsigned[1024];  // one slot per thread of the largest block

XCUB_HOST_DEVICE constexpr unsigned mix(unsigned v, int r) { return v * 3u + static_cast<unsigned>(r) * 0x9E3779B9u; }

// Round r: every thread stores v in its slot, barrier, v = mix(slot[src[r][thread]]), barrier.
XCUB_KERNEL void block_exchange(const unsigned* in, const unsigned* src, unsigned* out) {
  XCUB_SHARED(slots_t, slots);
  const unsigned t = arch::linear_thread_id(), threads = arch::block_threads();
  const unsigned long long n = threads * (1ull * arch::grid_dim().x * arch::grid_dim().y * arch::grid_dim().z);
  const unsigned long long gid = arch::linear_block_id() * threads + t;
  unsigned v = in[gid];
  for (int r = 0; r < rounds; ++r) {
    slots[t] = v;
    arch::sync_threads();
    v = mix(slots[src[r * n + gid]], r);
    arch::sync_threads();  // nobody overwrites a slot before everyone has read it
    out[r * n + gid] = v;
  }
}

// The lanes of masks[warp] exchange through their warp's slots with sync_warp(mask) in between;
// the other lanes leave at once. src[r][thread] is a lane of the mask.
XCUB_KERNEL void warp_exchange(const unsigned* in, const unsigned* src, const lane_mask_t* masks, unsigned* out) {
  XCUB_SHARED(slots_t, slots);
  const unsigned t = arch::linear_thread_id(), threads = arch::block_threads(), lane = arch::lane_id();
  const unsigned long long n = threads * (1ull * arch::grid_dim().x * arch::grid_dim().y * arch::grid_dim().z);
  const unsigned long long gid = arch::linear_block_id() * threads + t;
  const lane_mask_t mask = masks[arch::linear_block_id() * arch::block_warps() + arch::warp_id()];
  if (!(mask >> lane & 1)) return;
  unsigned* warp_slots = slots + arch::warp_id() * arch::warp_threads;
  unsigned v = in[gid];
  for (int r = 0; r < rounds; ++r) {
    warp_slots[lane] = v;
    arch::sync_warp(mask);
    v = mix(warp_slots[src[r * n + gid]], r);
    arch::sync_warp(mask);
    out[r * n + gid] = v;
  }
}

void check_block_barrier(xcub::dim3 block, std::mt19937_64& rng) {
  const xcub::dim3 grid(2);
  const unsigned threads = block.x * block.y * block.z;
  const std::size_t n = 2 * threads;
  CAPTURE(threads);
  const auto in = xcub_test::random_vector<unsigned>(n, rng);
  std::vector<unsigned> src(rounds * n), want(rounds * n);
  for (auto& s : src) s = static_cast<unsigned>(rng() % threads);
  for (std::size_t b = 0; b < 2; ++b) {
    std::vector<unsigned> v(in.begin() + b * threads, in.begin() + (b + 1) * threads), next(threads);
    for (int r = 0; r < rounds; ++r) {
      for (unsigned t = 0; t < threads; ++t) next[t] = mix(v[src[r * n + b * threads + t]], r);
      v = next;
      std::copy(v.begin(), v.end(), want.begin() + r * n + b * threads);
    }
  }
  xcub::device_buffer<unsigned> d_in(in), d_src(src), d_out(want.size());
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, block_exchange, d_in.data(), d_src.data(), d_out.data());
  xcub_test::check_equal(d_out.download(), want, "sync_threads rounds");
}

void check_warp_barrier(xcub::dim3 grid, unsigned threads, std::mt19937_64& rng) {
  const unsigned warps = (threads + W - 1) / W;
  const std::size_t blocks = grid.x, n = blocks * threads;
  CAPTURE(threads);
  const auto in = xcub_test::random_vector<unsigned>(n, rng);
  std::vector<lane_mask_t> masks(blocks * warps);
  std::vector<unsigned> src(rounds * n, 0), want(rounds * n, ~0u);
  for (std::size_t gw = 0; gw < masks.size(); ++gw) {
    const lane_mask_t existing = arch::lane_range_mask(0, std::min(W, threads - static_cast<unsigned>(gw % warps) * W));
    lane_mask_t mask = existing;  // kind 0: the whole warp
    if (gw % 3 == 1) mask = arch::lane_range_mask(0, 1 + static_cast<unsigned>(rng() % W)) & existing;
    while (gw % 3 == 2 && (mask = static_cast<lane_mask_t>(rng()) & existing) == 0) {
    }
    masks[gw] = mask;
    std::vector<unsigned> members, v(W), next(W);
    for (unsigned l = 0; l < W; ++l) {
      if (mask >> l & 1) members.push_back(l);
    }
    const std::size_t first = gw / warps * threads + gw % warps * W;
    for (unsigned l : members) v[l] = in[first + l];
    for (int r = 0; r < rounds; ++r) {
      for (unsigned l : members) src[r * n + first + l] = members[rng() % members.size()];
      for (unsigned l : members) next[l] = mix(v[src[r * n + first + l]], r);
      v = next;
      for (unsigned l : members) want[r * n + first + l] = v[l];
    }
  }
  xcub::device_buffer<unsigned> d_in(in), d_src(src), d_out(want.size());
  xcub::device_buffer<lane_mask_t> d_masks(masks);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, xcub::dim3(threads), 0, warp_exchange, d_in.data(), d_src.data(), d_masks.data(),
                             d_out.data());
  xcub_test::check_equal(d_out.download(), want, "sync_warp rounds");
}
void check_block_barriers(std::mt19937_64& rng) {
  for (unsigned threads : {1u, 31u, 32u, 33u, 64u, 100u, 256u, 1024u}) check_block_barrier(xcub::dim3(threads), rng);
  check_block_barrier(xcub::dim3(16, 6), rng);
  check_block_barrier(xcub::dim3(5, 4, 3), rng);
}

void check_warp_barriers(std::mt19937_64& rng) {
  check_warp_barrier(xcub::dim3(2), 100, rng);    // partial last warp at 32 and 64
  check_warp_barrier(xcub::dim3(1), 4 * W, rng);  // whole warps
}
}  // namespace

TEST_CASE("barriers: sync_threads orders shared-memory exchanges in 1D, 2D and 3D blocks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("sync_threads");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { check_block_barriers(r); });
}

TEST_CASE("barriers: sync_warp orders exchanges among the lanes of full and partial masks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("sync_warp");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { check_warp_barriers(r); });
}
