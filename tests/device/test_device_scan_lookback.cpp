// The decoupled look-back on its own (tile_state, tile_prefix_op, tile_id): a walk back over many
// windows of partial tiles (whole-warp windows and narrower ones), blocks that really wait for their
// predecessors (counted), both tile
// status layouts (packed: 4-byte affine16, and 8-byte affine on CUDA; split: 12-byte affine12, and
// 8-byte affine elsewhere), non-commutative operators; and
// on the host a whole DeviceScan with hundreds of resident blocks, so that windows hold only
// partial tiles.
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include <xcub/device/device_scan.hpp>
#include <xcub/device/detail/lookback/tile_id.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/reference/scan.hpp>

#include "device_test_support.hpp"
#include "scan_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_scan_test;

namespace {

/// Block b publishes tile b: tile 0 inclusive, the others only partial (as if they had stalled).
template <class T>
XCUB_KERNEL void publish_partials_kernel(xcub::detail::tile_state<T> state, const T* values) {
  const int tile = static_cast<int>(xcub::arch::linear_block_id());
  if (xcub::arch::linear_thread_id() != 0) return;
  if (tile == 0) state.set_inclusive(0, values[0]);
  else state.set_partial(tile, values[tile]);
}

/// One warp computes tile `tile`'s exclusive prefix through the look-back (`window` tiles per poll);
/// lane 0 writes it.
template <class T, class Op>
XCUB_KERNEL void query_kernel(xcub::detail::tile_state<T> state, const T* values, int tile, int window, T* prefix,
                              int* polls) {
  xcub::detail::tile_prefix_op<T, Op> op{state, Op{}, tile, 0};
  op.window = window;
  const T p = op(values[tile]);
  if (xcub::arch::lane_id() == 0) {
    *prefix = p;
    *polls = op.polls;
  }
}

/// Every block takes a tile id (ticket or block id), waits a little (the tile number mod 4 times
/// pause()), then looks back; lane 0 records the prefix and how often it found a tile invalid.
template <class T, class Op>
XCUB_KERNEL void chain_kernel(xcub::detail::tile_state<T> state, const T* values, int window, T* prefixes, int* polls) {
  XCUB_SHARED(std::uint32_t, slot);
  const int tile = xcub::detail::tile_id(state.counter, slot);
  if (xcub::arch::warp_id() != 0) return;
  for (int i = 0; i < tile % 4; ++i) xcub::arch::pause();
  if (tile == 0) {
    if (xcub::arch::lane_id() == 0) state.set_inclusive(0, values[0]);
    return;
  }
  xcub::detail::tile_prefix_op<T, Op> op{state, Op{}, tile, 0};
  op.window = window;
  const T p = op(values[tile]);
  if (xcub::arch::lane_id() == 0) {
    prefixes[tile] = p;
    polls[tile] = op.polls;
  }
}

template <class T>
xcub::detail::tile_state<T> make_state(xcub::device_buffer<unsigned char>& storage, std::size_t tiles) {
  storage = xcub::device_buffer<unsigned char>(xcub::detail::tile_state<T>::bytes(tiles));
  XCUB_TEST_CALL(xcub::memset(storage.data(), 0xA5, storage.size()));
  const auto state = xcub::detail::tile_state<T>::carve(storage.data(), tiles);
  xcub_test::launch_and_wait(xcub::dim3(static_cast<unsigned>((tiles + 63) / 64)), xcub::dim3(64), 0,
                             &xcub::detail::tile_state_init_kernel<T>, state, tiles);
  return state;
}

template <class T, class Op>
void check_walk(std::mt19937_64& rng, T (*random)(std::mt19937_64&), int tiles_before, int window) {
  std::vector<T> values(static_cast<std::size_t>(tiles_before) + 1);
  for (auto& v : values) v = random(rng);
  auto d_values = to_device(values);
  xcub::device_buffer<unsigned char> storage;
  const auto state = make_state<T>(storage, values.size());
  xcub_test::launch_and_wait(xcub::dim3(static_cast<unsigned>(tiles_before)), xcub::dim3(1), 0,
                             &publish_partials_kernel<T>, state, d_values.data());
  xcub::device_buffer<T> d_prefix(1);
  xcub::device_buffer<int> d_polls(1);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(xcub::arch::warp_threads), 0, &query_kernel<T, Op>, state,
                             d_values.data(), tiles_before, window, d_prefix.data(), d_polls.data());
  std::vector<T> before(values.begin(), values.end() - 1);
  INFO("tiles before: " << tiles_before << ", window: " << window);
  xcub_test::check_equal(d_prefix.download(), std::vector<T>{xcub::reference::inclusive_scan(before, Op{}).back()},
                         "prefix after a walk over partial tiles");
  CHECK(d_polls.download()[0] == 0);
}

/// Runs chain_kernel over `tiles` blocks; returns the total of the polls that found a tile invalid.
template <class T, class Op>
long long check_chain(std::mt19937_64& rng, T (*random)(std::mt19937_64&), int tiles, unsigned block_threads,
                      int window = 0) {
  std::vector<T> values(static_cast<std::size_t>(tiles));
  for (auto& v : values) v = random(rng);
  auto d_values = to_device(values);
  xcub::device_buffer<unsigned char> storage;
  const auto state = make_state<T>(storage, values.size());
  xcub::device_buffer<T> d_prefixes(values.size());
  xcub::device_buffer<int> d_polls(std::vector<int>(values.size(), 0));
  xcub_test::launch_and_wait(xcub::dim3(static_cast<unsigned>(tiles)), xcub::dim3(block_threads), 0,
                             &chain_kernel<T, Op>, state, d_values.data(), window, d_prefixes.data(), d_polls.data());
  std::vector<T> want = xcub::reference::exclusive_scan(values, Op{});
  std::vector<T> got = d_prefixes.download();
  got[0] = want[0];  // tile 0 has no prefix
  INFO("tiles: " << tiles << ", block threads: " << block_threads << ", window: " << window);
  xcub_test::check_equal(got, want, "look-back prefixes");
  const std::vector<int> polls = d_polls.download();
  return std::accumulate(polls.begin(), polls.end(), 0LL);
}

xcub_test::affine random_affine(std::mt19937_64& rng) { return xcub_test::random_affine(rng); }

// The two layouts the tests below cover.
static_assert(xcub::detail::tile_state<affine16>::packed && xcub::detail::tile_state<int>::packed);
static_assert(!xcub::detail::tile_state<affine12>::packed);
// 8-byte values pack into 16-byte words where the backend moves those atomically (CUDA), else split.
static_assert(xcub::detail::tile_state<xcub_test::affine>::packed == (xcub::arch::max_atomic_word_bytes >= 16));

}  // namespace

TEST_CASE("device scan look-back: a walk back over several windows of partial tiles, both layouts") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("look-back walk");
  const int w = xcub::arch::warp_threads;
  // Windows: a whole warp (0, and w itself), narrower ones (1, 3, 8: the sm_90 scans' choice), and
  // out-of-range values that mean a whole warp (-1, w + 1).
  for (const int window : {0, 1, 3, 8, w, -1, w + 1}) {
    for (const int before : {1, 2, 7, 8, 9, w - 1, w, w + 1, 3 * w + 5, 10 * w}) {
      check_walk<affine16, compose16>(rng, random_affine16, before, window);
      check_walk<xcub_test::affine, xcub_test::compose>(rng, random_affine, before, window);
      check_walk<affine12, compose12>(rng, random_affine12, before, window);
    }
  }
}

TEST_CASE("device scan look-back: blocks wait for their predecessors, under several schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("look-back chain");
  long long polls = 0;
  for (int round = 0; round < 4; ++round) {
    xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
      polls += check_chain<affine16, compose16>(r, random_affine16, 300, 64);
      polls += check_chain<xcub_test::affine, xcub_test::compose>(r, random_affine, 257, xcub::arch::warp_threads);
      polls += check_chain<affine12, compose12>(r, random_affine12, 200, 64, 5);  // 5 tiles per poll
    });
  }
#if XCUB_BACKEND_HOST
  CHECK(polls > 0);  // the emulator interleaves blocks: some must have found a predecessor invalid
#endif
}

#if XCUB_BACKEND_HOST
TEST_CASE("device scan look-back: hundreds of resident blocks (windows of partial tiles), random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("look-back resident");
  const char* old = std::getenv("XCUB_HOST_RESIDENT_BLOCKS");
  const std::string saved = old ? old : "";
  setenv("XCUB_HOST_RESIDENT_BLOCKS", "400", 1);
  // Three rounds of schedules in the full test matrix, one in the core one (docs/testing.md).
  for (int round = 0; round < (XCUB_TEST_MATRIX_FULL ? 3 : 1); ++round) {
    xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
      check_chain<xcub_test::affine, xcub_test::compose>(r, random_affine, 390, xcub::arch::warp_threads);
      check_chain<affine16, compose16>(r, random_affine16, 390, xcub::arch::warp_threads, 8);
      const std::size_t n = 350 * static_cast<std::size_t>(xcub::arch::warp_threads) + 7;
      std::vector<affine16> maps(n);
      for (auto& m : maps) m = random_affine16(r);
      auto d = to_device(maps);
      two_phase([&](void* t, std::size_t& b) {
        return xcub::DeviceScanTuned<tiny_tuning>::InclusiveScan(t, b, d.data(), compose16{}, n);
      });
      xcub_test::check_equal(d.download(), xcub::reference::inclusive_scan(maps, compose16{}), "InclusiveScan");
    });
  }
  if (old) setenv("XCUB_HOST_RESIDENT_BLOCKS", saved.c_str(), 1);
  else unsetenv("XCUB_HOST_RESIDENT_BLOCKS");
}
#endif
