// Warp votes (ballot, any, all, match_any on 32- and 64-bit values, ballot_agree with and without the
// vote) with full, prefix and scattered
// member masks and a partial last warp, against a host model; lane masks, lane_count, lowest_lane,
// highest_lane and lanes_below (every lower lane, whether it takes part or not).
#include "test_support.hpp"

#include <algorithm>

namespace arch = xcub::arch;
using arch::lane_mask_t;

namespace {
constexpr unsigned W = arch::warp_threads;
constexpr int rounds = 8;
enum : int { vote_ballot, vote_any, vote_all, vote_match32, vote_match64, vote_count, vote_active, vote_lowest, vote_highest, vote_below,
             vote_agree, vote_agree_and_votes, vote_votes_of_agree, votes };
/// The bits ballot_agree tests in round r (value32 is 0, 1 or 2).
constexpr std::uint32_t agree_bits(int r) { return 1u << (r % 2); }

struct vote_input {
  std::uint64_t value64;
  std::uint32_t value32;
  std::uint32_t pred;
};

// Each round, the lanes of masks[r * total_warps + warp] vote on in[r][thread] and write the
// results to out[(r * votes + k)][thread]; the others skip to the block barrier that ends the round.
XCUB_KERNEL void vote_rounds(const vote_input* in, const lane_mask_t* masks, unsigned long long* out) {
  const xcub_test::thread_place p = xcub_test::this_thread_place();
  const unsigned threads = p.threads, lane = p.lane;
  const unsigned long long n = p.n, gid = p.gid, total_warps = p.warps, gwarp = p.gwarp;
  const lane_mask_t existing =
      arch::lane_range_mask(0, threads - arch::warp_id() * W < W ? threads - arch::warp_id() * W : W);
  for (int r = 0; r < rounds; ++r) {
    const lane_mask_t mask = masks[r * total_warps + gwarp];
    if (mask >> lane & 1) {
      const vote_input v = in[r * n + gid];
      unsigned long long* o = out + r * votes * n + gid;
      const lane_mask_t ballot = arch::ballot(mask, v.pred != 0);
      o[vote_ballot * n] = ballot;
      o[vote_any * n] = arch::any(mask, v.pred != 0);
      o[vote_all * n] = arch::all(mask, v.pred != 0);
      o[vote_match32 * n] = arch::match_any(mask, v.value32);
      o[vote_match64 * n] = arch::match_any(mask, v.value64);
      o[vote_count * n] = static_cast<unsigned long long>(arch::lane_count(ballot));
      const lane_mask_t active = arch::active_mask();  // includes the caller, names no lane that does not exist
      o[vote_active * n] = (active >> lane & 1) && (active & ~existing) == 0;
      o[vote_lowest * n] = arch::lowest_lane(mask);  // of the member mask: never empty
      o[vote_highest * n] = arch::highest_lane(mask);
      o[vote_below * n] = arch::lanes_below();
      o[vote_agree * n] = arch::ballot_agree(mask, v.value32, agree_bits(r));
      lane_mask_t bit_votes = 0;
      o[vote_agree_and_votes * n] = arch::ballot_agree(mask, v.value32, agree_bits(r), bit_votes);
      o[vote_votes_of_agree * n] = bit_votes;
    }
    arch::sync_threads();  // keeps the rounds apart
  }
}

unsigned popcount(unsigned long long m) {
  unsigned c = 0;
  for (; m; m &= m - 1) ++c;
  return c;
}

/// Kind 0: every existing lane; 1: a prefix [0, k); 2: a random nonempty subset.
lane_mask_t draw_mask(int kind, lane_mask_t existing, std::mt19937_64& rng) {
  if (kind == 0) return existing;
  if (kind == 1) return arch::lane_range_mask(0, 1 + static_cast<unsigned>(rng() % popcount(existing)));
  lane_mask_t m = 0;
  while (m == 0) m = static_cast<lane_mask_t>(rng()) & existing;
  return m;
}

void check_votes(xcub::dim3 grid, xcub::dim3 block, std::mt19937_64& rng) {
  const unsigned threads = block.x * block.y * block.z, warps = (threads + W - 1) / W;
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads, total_warps = blocks * warps;
  CAPTURE(threads);
  CAPTURE(blocks);
  // Few distinct values so that lanes match; the 64-bit ones differ in their high half only, too.
  const std::uint64_t values64[] = {0, 1, 1ull << 40, (1ull << 40) | 1, ~0ull};
  std::vector<vote_input> in(rounds * n);
  std::vector<lane_mask_t> masks(rounds * total_warps);
  std::vector<unsigned long long> want(rounds * votes * n, ~0ull);
  for (int r = 0; r < rounds; ++r) {
    const unsigned density = static_cast<unsigned>(rng() % 5);  // true with probability 0, 1/8, 1/2, 7/8, 1
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned u = static_cast<unsigned>(rng() % 8);
      const bool pred = density == 0 ? false : density == 1 ? u == 0 : density == 2 ? u < 4 : density == 3 ? u != 0 : true;
      in[r * n + i] = vote_input{values64[rng() % 5], static_cast<std::uint32_t>(rng() % 3), pred};
    }
    for (std::size_t gw = 0; gw < total_warps; ++gw) {
      const lane_mask_t existing = arch::lane_range_mask(0, std::min(W, threads - static_cast<unsigned>(gw % warps) * W));
      const lane_mask_t mask = draw_mask(static_cast<int>((r + gw) % 3), existing, rng);
      masks[r * total_warps + gw] = mask;
      const std::size_t first = gw / warps * threads + gw % warps * W;
      lane_mask_t ballot = 0;
      for (unsigned l = 0; l < W; ++l) {
        if (mask >> l & 1 && in[r * n + first + l].pred) ballot |= lane_mask_t{1} << l;
      }
      for (unsigned l = 0; l < W; ++l) {
        if (!(mask >> l & 1)) continue;
        lane_mask_t m32 = 0, m64 = 0, agree = 0, bit_votes = 0;
        const bool mine_set = (in[r * n + first + l].value32 & agree_bits(r)) != 0;
        for (unsigned o = 0; o < W; ++o) {
          if (!(mask >> o & 1)) continue;
          const bool set = (in[r * n + first + o].value32 & agree_bits(r)) != 0;
          if (set == mine_set) agree |= lane_mask_t{1} << o;
          if (set) bit_votes |= lane_mask_t{1} << o;
          if (in[r * n + first + o].value32 == in[r * n + first + l].value32) m32 |= lane_mask_t{1} << o;
          if (in[r * n + first + o].value64 == in[r * n + first + l].value64) m64 |= lane_mask_t{1} << o;
        }
        unsigned long long* w = want.data() + r * votes * n + first + l;
        w[vote_ballot * n] = ballot;
        w[vote_any * n] = ballot != 0;
        w[vote_all * n] = ballot == mask;
        w[vote_match32 * n] = m32;
        w[vote_match64 * n] = m64;
        w[vote_count * n] = popcount(ballot);
        w[vote_active * n] = 1;
        unsigned lo = W, hi = 0;
        for (unsigned o = 0; o < W; ++o) {
          if (mask >> o & 1) lo = std::min(lo, o), hi = std::max(hi, o);
        }
        w[vote_lowest * n] = lo;
        w[vote_highest * n] = hi;
        w[vote_below * n] = arch::lane_range_mask(0, l);
        w[vote_agree * n] = agree;
        w[vote_agree_and_votes * n] = agree;
        w[vote_votes_of_agree * n] = bit_votes;
      }
    }
  }
  xcub::device_buffer<vote_input> d_in(in);
  xcub::device_buffer<lane_mask_t> d_masks(masks);
  xcub::device_buffer<unsigned long long> d_out(want.size());
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, vote_rounds, d_in.data(), d_masks.data(), d_out.data());
  const auto got = d_out.download();
  const char* names[] = {"ballot", "any", "all", "match_any 32-bit", "match_any 64-bit", "lane_count", "active_mask", "lowest_lane", "highest_lane", "lanes_below",
                         "ballot_agree", "ballot_agree (with the vote)", "ballot_agree's vote"};
  static_assert(sizeof names / sizeof *names == votes, "a name per vote");
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < votes; ++k) {
      const auto at = (r * votes + k) * n;
      xcub_test::check_equal(std::vector<unsigned long long>(got.begin() + at, got.begin() + at + n),
                             std::vector<unsigned long long>(want.begin() + at, want.begin() + at + n),
                             std::string(names[k]) + " round " + std::to_string(r));
    }
  }
}
}  // namespace

TEST_CASE("votes: ballot, any, all, match_any, ballot_agree with full and partial masks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("votes");
  check_votes(xcub::dim3(3), xcub::dim3(100), rng);           // partial last warp at 32 and 64
  check_votes(xcub::dim3(1), xcub::dim3(W, 4), rng);          // whole warps, 2D block
  check_votes(xcub::dim3(2, 1, 2), xcub::dim3(5, 3, 2), rng);  // 30 threads: one partial warp, 3D
  check_votes(xcub::dim3(1), xcub::dim3(1), rng);             // a warp of one lane
}

TEST_CASE("lane masks: lane_range_mask on the host, against a bit loop") {
  XCUB_TEST_CONTEXT();
  static_assert(sizeof(lane_mask_t) * 8 == W, "lane masks are as wide as the warp");
  static_assert(arch::full_lane_mask == static_cast<lane_mask_t>(~lane_mask_t{0}));
  static_assert(arch::lane_range_mask(0, W) == arch::full_lane_mask);
  static_assert(arch::lane_range_mask(0, 0) == 0 && arch::lane_range_mask(W - 1, 1) == lane_mask_t{1} << (W - 1));
  std::size_t bad = 0;
  for (unsigned first = 0; first < W; ++first) {
    for (unsigned count = 0; first + count <= W; ++count) {
      lane_mask_t want = 0;
      for (unsigned l = first; l < first + count; ++l) want |= lane_mask_t{1} << l;
      if (arch::lane_range_mask(first, count) != want) ++bad;
    }
  }
  CHECK(bad == 0);
}
