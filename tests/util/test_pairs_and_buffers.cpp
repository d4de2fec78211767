// KeyValuePair and DoubleBuffer: their contracts on the host and inside kernels (a pair moved
// through a warp shuffle, a DoubleBuffer passed by value and read through Current()).
#include "test_support.hpp"

#include <type_traits>

namespace arch = xcub::arch;

namespace {
using kv = xcub::KeyValuePair<long long, double>;  // no padding: outputs are compared bytewise
static_assert(std::is_trivially_copyable_v<kv> && std::is_trivially_default_constructible_v<kv>,
              "KeyValuePair must fit in shared memory and shuffles like CUB's");
static_assert(std::is_same_v<kv::Key, long long> && std::is_same_v<kv::Value, double>);

/// Lane l receives lane (l + 1) % warp's pair; it also writes Current() of the buffers it got.
XCUB_KERNEL void rotate_pairs(const kv* in, kv* out, xcub::DoubleBuffer<int> buffers, int* current_seen) {
  const unsigned lane = arch::lane_id();
  out[lane] = arch::shfl_idx(arch::full_lane_mask, in[lane], static_cast<int>((lane + 1) % arch::warp_threads));
  current_seen[lane] = buffers.Current()[lane];
}
}  // namespace

TEST_CASE("util: KeyValuePair and DoubleBuffer behave as CUB's, on the host and in kernels") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: pairs and buffers");
  const kv a(3, 1.5), b(3, 2.5), c(4, 1.5);
  CHECK(a == kv(3, 1.5));
  CHECK(a != b);
  CHECK(a != c);

  const unsigned w = arch::warp_threads;
  std::vector<kv> pairs(w);
  for (auto& p : pairs) p = kv(static_cast<long long>(rng() % 1000), static_cast<double>(rng() % 1000) / 8);
  const std::vector<int> first = xcub_test::random_vector<int>(w, rng), second = xcub_test::random_vector<int>(w, rng);
  xcub::device_buffer<kv> d_pairs(pairs), d_out(w);
  xcub::device_buffer<int> d_first(first), d_second(second), d_seen(w);

  xcub::DoubleBuffer<int> buffers(d_first.data(), d_second.data());
  CHECK(buffers.Current() == d_first.data());
  CHECK(buffers.Alternate() == d_second.data());
  for (const bool swapped : {false, true}) {
    CAPTURE(swapped);
    if (swapped) buffers.Swap();
    CHECK(buffers.selector == (swapped ? 1 : 0));
    d_out.fill_bytes(0xFF);
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(w), 0, rotate_pairs, d_pairs.data(), d_out.data(), buffers,
                               d_seen.data());
    std::vector<kv> want(w);
    for (unsigned l = 0; l < w; ++l) want[l] = pairs[(l + 1) % w];
    xcub_test::check_equal(d_out.download(), want, "pairs after the shuffle");
    xcub_test::check_equal(d_seen.download(), swapped ? second : first, "Current() in the kernel");
  }
  CHECK(buffers.Current() == d_second.data());
}
