// BlockScan's block prefix callback, seen from inside the callback: every thread of warp 0 that
// exists calls it once per scan with the block's aggregate (the contract in block_scan.hpp), so
// each one's callback state must follow the same running total. Block sizes that are not a
// multiple of the warp (the raking warp then has lanes past its raking threads), whole ones, and
// 2-D and 3-D shapes; every algorithm; one and several items per thread. Compared with
// xcub::reference tile by tile.
#include "test_support.hpp"

#include <xcub/block/block_scan.hpp>
#include <xcub/reference/reduce.hpp>

#include <vector>

namespace {

namespace arch = xcub::arch;
constexpr int tiles = 3;

/// Records the aggregate it is called with, per tile, and keeps the running total.
struct recording_prefix {
  int running;
  int* seen;  // tiles slots for this thread
  int calls;
  XCUB_HOST_DEVICE int operator()(int block_aggregate) {
    if (calls < tiles) seen[calls] = block_aggregate;
    ++calls;
    const int old = running;
    running += block_aggregate;
    return old;
  }
};

// Per rank: tiles aggregates seen, then the final running total, then the number of calls.
constexpr int record = tiles + 2;

template <int BX, int BY, int BZ, xcub::BlockScanAlgorithm ALG, int N, bool INCLUSIVE>
XCUB_KERNEL void callback_kernel(const int* in, int init, int* out, int* records) {
  using scan_t = xcub::BlockScan<int, BX, ALG, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * N;
  XCUB_SHARED(typename scan_t::TempStorage, temp);
  const int rank = static_cast<int>(arch::linear_thread_id());
  int* const mine = records + rank * record;
  recording_prefix cb{init, mine, 0};
  for (int t = 0; t < tiles; ++t) {
    int x[N], y[N];
    for (int i = 0; i < N; ++i) x[i] = in[t * tile + rank * N + i];
    if constexpr (INCLUSIVE) scan_t(temp).InclusiveSum(x, y, cb);
    else scan_t(temp).ExclusiveSum(x, y, cb);
    arch::sync_threads();
    for (int i = 0; i < N; ++i) out[t * tile + rank * N + i] = y[i];
  }
  mine[tiles] = cb.running;
  mine[tiles + 1] = cb.calls;
}

template <int BX, int BY, int BZ, xcub::BlockScanAlgorithm ALG, int N, bool INCLUSIVE>
void check(const char* name) {
  constexpr int threads = BX * BY * BZ, tile = threads * N;
  INFO(name << ": block " << BX << "x" << BY << "x" << BZ << ", algorithm " << static_cast<int>(ALG) << ", " << N
            << " items per thread, " << (INCLUSIVE ? "inclusive" : "exclusive"));
  auto rng = xcub_test::rng_for(name);
  std::vector<int> in(std::size_t{tiles} * tile);
  for (auto& v : in) v = static_cast<int>(rng() % 1000) - 500;
  const int init = 17;

  // The oracle: per tile its aggregate; the outputs seeded with the running total.
  std::vector<int> aggs, want_out;
  int running = init;
  for (int t = 0; t < tiles; ++t) {
    const std::vector<int> tile_in(in.begin() + t * tile, in.begin() + (t + 1) * tile);
    int acc = running;
    for (int v : tile_in) {
      if (!INCLUSIVE) want_out.push_back(acc);
      acc += v;
      if (INCLUSIVE) want_out.push_back(acc);
    }
    const int agg = xcub::reference::reduce(tile_in, 0, [](int a, int b) { return a + b; });
    aggs.push_back(agg);
    running += agg;
  }
  // Every existing lane of warp 0 calls the callback once per tile; no other thread does.
  const int callers = threads < xcub_test::warp_lanes ? threads : static_cast<int>(xcub_test::warp_lanes);
  std::vector<int> want_records(std::size_t{threads} * record, -1);
  for (int r = 0; r < threads; ++r) {
    int* w = want_records.data() + r * record;
    if (r < callers) {
      for (int t = 0; t < tiles; ++t) w[t] = aggs[t];
      w[tiles] = running, w[tiles + 1] = tiles;
    } else {
      w[tiles] = init, w[tiles + 1] = 0;
    }
  }

  xcub::device_buffer<int> d_in(in), d_out(in.size()), d_rec(want_records.size());
  d_rec.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(BX, BY, BZ), 0, callback_kernel<BX, BY, BZ, ALG, N, INCLUSIVE>,
                             d_in.data(), init, d_out.data(), d_rec.data());
  xcub_test::check_equal(d_out.download(), want_out, "outputs");
  xcub_test::check_equal(d_rec.download(), want_records, "callback records (aggregates seen, running total, calls)");
}

template <xcub::BlockScanAlgorithm ALG>
void every_shape(const char* algorithm) {
  const std::string a = algorithm;
  check<100, 1, 1, ALG, 1, false>((a + " 100").c_str());
  check<100, 1, 1, ALG, 3, true>((a + " 100x3").c_str());
  check<130, 1, 1, ALG, 2, false>((a + " 130x2").c_str());
  check<200, 1, 1, ALG, 1, true>((a + " 200").c_str());
  check<20, 5, 1, ALG, 2, false>((a + " 20x5").c_str());
  check<10, 3, 3, ALG, 1, true>((a + " 10x3x3").c_str());
  check<128, 1, 1, ALG, 2, false>((a + " 128x2").c_str());
  check<16, 8, 1, ALG, 1, true>((a + " 16x8").c_str());
  check<40, 1, 1, ALG, 1, false>((a + " 40").c_str());
  check<24, 1, 1, ALG, 2, true>((a + " 24").c_str());
}

}  // namespace

TEST_CASE("block scan: every caller of the prefix callback sees the block aggregate") {
  XCUB_TEST_CONTEXT();
  SUBCASE("RAKING") { every_shape<xcub::BLOCK_SCAN_RAKING>("raking"); }
  SUBCASE("RAKING_MEMOIZE") { every_shape<xcub::BLOCK_SCAN_RAKING_MEMOIZE>("memoize"); }
  SUBCASE("WARP_SCANS") { every_shape<xcub::BLOCK_SCAN_WARP_SCANS>("warp scans"); }
}
