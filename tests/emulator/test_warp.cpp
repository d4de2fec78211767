// Warp-collective behaviour particular to the host emulator: what a lane reads from a lane
// outside the member mask, and lanes of one warp with disjoint masks proceeding independently.
#include "test_support.hpp"
#include "schedule_scope.hpp"

#include <cstdint>

namespace xcub_emu_warp {
namespace arch = xcub::arch;
constexpr unsigned W = arch::warp_threads, half = W / 2;

/// The two halves of the warp shuffle with their own masks and read lanes of the other half.
XCUB_KERNEL void read_other_half(std::uint32_t* idx32, std::uint64_t* idx64, std::uint32_t* up) {
  const unsigned lane = arch::lane_id();
  const arch::lane_mask_t mask = lane < half ? arch::lane_range_mask(0, half) : arch::lane_range_mask(half, half);
  const unsigned mirror = (lane + half) % W;  // always in the other half
  idx32[lane] = arch::shfl_idx(mask, std::uint32_t{lane}, static_cast<int>(mirror));
  idx64[lane] = arch::shfl_idx(mask, std::uint64_t{lane}, static_cast<int>(mirror));
  up[lane] = arch::shfl_up(mask, std::uint32_t{lane}, 1);  // lane `half` reads lane half-1: outside
}

/// The lower half reduces with shfl_xor, then waits (spinning) until the upper half has scanned
/// with shfl_up and published its total, then votes: the halves run different sequences of
/// collectives, and the lower half cannot finish before the upper one has gone ahead without it.
XCUB_KERNEL void independent_halves(int* flag, long long* out, std::uint64_t* votes) {
  const unsigned lane = arch::lane_id();
  long long v = lane + 1;
  if (lane < half) {
    const arch::lane_mask_t low = arch::lane_range_mask(0, half);
    for (unsigned d = 1; d < half; d *= 2) v += arch::shfl_xor(low, v, static_cast<int>(d), static_cast<int>(half));
    while (arch::atomic_load_acquire(flag) == 0) arch::pause();
    votes[lane] = arch::ballot(low, lane % 2 == 1);
  } else {
    const arch::lane_mask_t high = arch::lane_range_mask(half, half);
    for (unsigned d = 1; d < half; d *= 2) {
      const long long t = arch::shfl_up(high, v, d, static_cast<int>(half));
      if (lane - half >= d) v += t;
    }
    arch::sync_warp(high);
    if (lane == W - 1) arch::atomic_store_release(flag, 1);
    votes[lane] = 0;
  }
  out[lane] = v;
}

}  // namespace xcub_emu_warp

namespace {
namespace k = xcub_emu_warp;
using k::half;
using k::W;

using xcub_test::schedule_scope;
}  // namespace

// On GPUs a lane that reads from a lane outside the member mask gets an unspecified value. The
// emulator makes that value recognisable: 0xDEADBEEF repeated to the width of the type
// (0xDEADBEEF for 4 bytes, 0xDEADBEEFDEADBEEF for 8), so that such a read shows up in results.
TEST_CASE("emulator: warp: reading a lane outside the member mask gives the poison 0xDEADBEEF...") {
  xcub::device_buffer<std::uint32_t> idx32(W), up(W);
  xcub::device_buffer<std::uint64_t> idx64(W);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(W), 0, k::read_other_half, idx32.data(), idx64.data(),
                             up.data());
  const auto got32 = idx32.download(), gotup = up.download();
  const auto got64 = idx64.download();
  for (unsigned lane = 0; lane < W; ++lane) {
    CAPTURE(lane);
    CHECK(got32[lane] == 0xDEADBEEFu);
    CHECK(got64[lane] == 0xDEADBEEFDEADBEEFull);
    // shfl_up by 1: lane 0 keeps its own value, lane `half` reads across the mask boundary
    const std::uint32_t want = lane == 0 ? 0u : lane == half ? 0xDEADBEEFu : lane - 1;
    CHECK(gotup[lane] == want);
  }
}

TEST_CASE("emulator: warp: halves with disjoint masks proceed independently, not in lock-step") {
  // lower half: the sum of 1..half in every lane; upper half: the inclusive scan of half+1..W
  std::vector<long long> want(W);
  for (unsigned lane = 0; lane < W; ++lane) {
    want[lane] = lane < half ? static_cast<long long>(half) * (half + 1) / 2
                             : static_cast<long long>(lane + 1) * (lane + 2) / 2 -
                                   static_cast<long long>(half) * (half + 1) / 2;
  }
  std::uint64_t odd_low = 0;
  for (unsigned lane = 1; lane < half; lane += 2) odd_low |= std::uint64_t{1} << lane;
  xcub::device_buffer<int> flag(1);
  xcub::device_buffer<long long> out(W);
  xcub::device_buffer<std::uint64_t> votes(W);
  for (std::uint64_t seed = 0; seed <= 20; ++seed) {
    CAPTURE(seed);
    schedule_scope scope(xcub_test::seed_or_in_order(seed));
    XCUB_TEST_CALL(xcub::memset(flag.data(), 0, sizeof(int)));
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(W), 0, k::independent_halves, flag.data(), out.data(),
                               votes.data());
    xcub_test::check_equal(out.download(), want, "values");
    const auto v = votes.download();
    for (unsigned lane = 0; lane < W; ++lane) CHECK(v[lane] == (lane < half ? odd_low : 0));
  }
}
