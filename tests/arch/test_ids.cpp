// Thread, block, grid, lane and warp numbers on 1D to 3D launches, against a host enumeration.
#include "test_support.hpp"

namespace arch = xcub::arch;

namespace {
struct ids_record {  // no padding: compared bytewise
  unsigned long long block;
  unsigned tx, ty, tz, bx, by, bz, bdx, bdy, bdz, gdx, gdy, gdz, linear, lane, warp, threads, warps, zero;
};

XCUB_KERNEL void record_ids(ids_record* out) {
  const unsigned long long slot = arch::linear_block_id() * arch::block_threads() + arch::linear_thread_id();
  const xcub::dim3 t = arch::thread_idx(), b = arch::block_idx(), bd = arch::block_dim(), g = arch::grid_dim();
  out[slot] = ids_record{arch::linear_block_id(), t.x, t.y, t.z, b.x, b.y, b.z, bd.x, bd.y, bd.z, g.x, g.y, g.z,
                         arch::linear_thread_id(), arch::lane_id(), arch::warp_id(), arch::block_threads(),
                         arch::block_warps(), 0};
}
}  // namespace

TEST_CASE("ids: every thread of 1D, 2D and 3D launches knows where it is") {
  XCUB_TEST_CONTEXT();
  const xcub::dim3 shapes[][2] = {
      {xcub::dim3(1), xcub::dim3(1)},          {xcub::dim3(3), xcub::dim3(33)},
      {xcub::dim3(2, 3), xcub::dim3(8, 9)},    {xcub::dim3(2, 2, 2), xcub::dim3(5, 4, 3)},
      {xcub::dim3(1, 1, 3), xcub::dim3(1024)}, {xcub::dim3(4), xcub::dim3(64, 1, 2)}};
  for (const auto& shape : shapes) {
    const xcub::dim3 g = shape[0], b = shape[1];
    const unsigned threads = b.x * b.y * b.z, blocks = g.x * g.y * g.z;
    CAPTURE(threads);
    CAPTURE(blocks);
    xcub::device_buffer<ids_record> d(std::size_t{threads} * blocks);
    xcub_test::launch_and_wait(g, b, 0, record_ids, d.data());
    const auto got = d.download();
    std::size_t bad = 0;
    for (unsigned bz = 0; bz < g.z; ++bz)
      for (unsigned by = 0; by < g.y; ++by)
        for (unsigned bx = 0; bx < g.x; ++bx)
          for (unsigned tz = 0; tz < b.z; ++tz)
            for (unsigned ty = 0; ty < b.y; ++ty)
              for (unsigned tx = 0; tx < b.x; ++tx) {
                const unsigned long long block = bx + g.x * (by + 1ull * g.y * bz);
                const unsigned linear = tx + b.x * (ty + b.y * tz);
                const ids_record want{block, tx, ty, tz, bx, by, bz, b.x, b.y, b.z, g.x, g.y, g.z, linear,
                                      linear % arch::warp_threads, linear / arch::warp_threads, threads,
                                      (threads + arch::warp_threads - 1) / arch::warp_threads, 0};
                if (std::memcmp(&got[block * threads + linear], &want, sizeof want) != 0) ++bad;
              }
    CHECK(bad == 0);
  }
}

TEST_CASE("launch: invalid configurations are refused with an error, not run (deliberate API errors)") {
  xcub::device_buffer<ids_record> d(1);
  CHECK(xcub::launch(xcub::dim3(1), xcub::dim3(0), 0, nullptr, record_ids, d.data()) != xcub::success);
  CHECK(xcub::launch(xcub::dim3(1), xcub::dim3(2048), 0, nullptr, record_ids, d.data()) != xcub::success);
  CHECK(xcub::launch(xcub::dim3(0), xcub::dim3(32), 0, nullptr, record_ids, d.data()) != xcub::success);
  CHECK(xcub::launch(xcub::dim3(1), xcub::dim3(32), std::size_t{1} << 30, nullptr, record_ids, d.data()) !=
        xcub::success);
  (void)xcub::get_last_error();  // clear the sticky launch error on GPUs
  CHECK(std::string(xcub::error_string(xcub::error_invalid_configuration)).size() > 0);
}
