// BlockRadixSort, the shapes: block sizes with and without a partial last warp (33, 100, 130), 2D and
// 3D blocks, 1 to 16 items per thread (odd ones too), RADIX_BITS 1 to 8, MEMOIZE_OUTER_SCAN both ways,
// the RAKING inner scan, the default constructor's private storage, two sorts in a row on one
// TempStorage, and a TempStorage in a union with BlockExchange's, reused after a barrier. Keys are
// 32-bit integers here (test_block_radix_sort_keys.cpp covers the key types, subranges and the
// decomposer; test_block_radix_sort_pairs.cpp the values). Expectations come from the oracle
// (xcub/reference/radix.hpp, sort.hpp).
#include "test_block_radix_sort.hpp"

#include <xcub/block/block_exchange.hpp>

using namespace brs_test;

namespace {
/// `blocks` tiles of random keys of configuration C, method M over the full width.
template <class C, int M, bool PRIVATE = false, bool TWICE = false>
void check_random(std::mt19937_64& rng, std::size_t blocks = 2) {
  const auto keys = draw_keys<typename C::key_t>(blocks * C::tile, rng);
  check_sort<C, M, no_decomposer, PRIVATE, TWICE>(keys, -1, -1, rng, "random");
}
}  // namespace

TEST_CASE("BlockRadixSort: block sizes 32 to 1024, partial warps, 2D and 3D, 1 to 16 items per thread") {
  XCUB_TEST_CONTEXT();
  run("block radix sort sizes", [](std::mt19937_64& r) {
    using i32 = std::int32_t;
    using u32 = std::uint32_t;
    using xcub::NullType;
    check_random<config<i32, NullType, 32, 1>, sort_asc>(r);
    check_random<config<u32, NullType, 64, 3>, sort_desc>(r);
    check_random<config<i32, NullType, 96, 5>, sort_asc_striped>(r);
    check_random<config<i32, NullType, 128, 4>, sort_asc>(r);
    check_random<config<u32, NullType, 256, 7>, sort_desc_striped>(r);
    check_random<config<i32, NullType, 512, 2>, sort_asc>(r, 1);
    check_random<config<i32, NullType, 1024, 1>, sort_desc>(r, 1);
    check_random<config<i32, NullType, 33, 9>, sort_asc>(r);
    check_random<config<u32, NullType, 100, 6>, sort_desc>(r);
    check_random<config<i32, NullType, 130, 11>, sort_asc_striped>(r);
    check_random<config<i32, NullType, 16, 8, 4, true, xcub::BLOCK_SCAN_WARP_SCANS, 4>, sort_asc>(r);
    check_random<config<u32, NullType, 8, 13, 4, true, xcub::BLOCK_SCAN_WARP_SCANS, 4, 2>, sort_desc_striped>(r);
    check_random<config<i32, NullType, 128, 16>, sort_desc>(r);
    check_random<config<i32, NullType, 64, 15>, sort_asc>(r);
  });
}

TEST_CASE("BlockRadixSort: large tiles (1024 x 11 and 512 x 16 keys, within 48 KiB of static shared memory)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("block radix sort largest");
  check_random<config<std::uint32_t, xcub::NullType, 1024, 11>, sort_asc_striped>(rng, 1);
  check_random<config<std::uint32_t, xcub::NullType, 512, 16>, sort_desc>(rng, 1);
}

TEST_CASE("BlockRadixSort: RADIX_BITS 1 to 8, MEMOIZE_OUTER_SCAN true and false, RAKING inner scan") {
  XCUB_TEST_CONTEXT();
  run("block radix sort radix bits", [](std::mt19937_64& r) {
    using i32 = std::int32_t;
    using xcub::NullType;
    constexpr auto WS = xcub::BLOCK_SCAN_WARP_SCANS;
    constexpr auto RK = xcub::BLOCK_SCAN_RAKING;
    check_random<config<i32, NullType, 64, 2, 1, true, WS>, sort_asc>(r);
    check_random<config<i32, NullType, 128, 3, 2, false, WS>, sort_desc>(r);
    check_random<config<i32, NullType, 96, 4, 3, true, RK>, sort_asc_striped>(r);
    check_random<config<i32, NullType, 128, 5, 4, false, RK>, sort_asc>(r);
    check_random<config<i32, NullType, 100, 4, 5, true, WS>, sort_desc>(r);
    check_random<config<i32, NullType, 256, 2, 5, false, WS>, sort_asc>(r);
    check_random<config<i32, NullType, 64, 7, 6, true, RK>, sort_desc_striped>(r);
    check_random<config<i32, NullType, 130, 3, 7, false, WS>, sort_asc>(r, 1);
    check_random<config<i32, NullType, 64, 4, 8, true, WS>, sort_asc>(r);  // 8 bits: 33 KiB of counters
    check_random<config<i32, NullType, 33, 5, 8, false, RK>, sort_desc>(r);
  });
}

TEST_CASE("BlockRadixSort: private storage, and two sorts in a row on one TempStorage") {
  XCUB_TEST_CONTEXT();
  run("block radix sort storage", [](std::mt19937_64& r) {
    using xcub::NullType;
    check_random<config<std::int32_t, NullType, 128, 4>, sort_asc, true>(r);
    check_random<config<std::int32_t, NullType, 100, 3>, sort_desc, true, true>(r);
    check_random<config<std::int32_t, std::uint64_t, 64, 5>, sort_asc, false, true>(r);
  });
}

namespace {
constexpr int union_threads = 96, union_ipt = 5;
using union_sort = xcub::BlockRadixSort<std::int32_t, union_threads, union_ipt>;
using union_exchange = xcub::BlockExchange<std::int32_t, union_threads, union_ipt>;

// Load striped, exchange to blocked, sort, exchange the sorted tile back to striped: the sort's and
// the exchanges' TempStorage share a union, with a barrier between uses.
XCUB_KERNEL void union_kernel(std::int32_t* data) {
  union storage_t {
    union_sort::TempStorage sort;
    union_exchange::TempStorage exchange;
  };
  XCUB_SHARED(storage_t, storage);
  const int t = static_cast<int>(arch::linear_thread_id());
  std::int32_t items[union_ipt];
  for (int i = 0; i < union_ipt; ++i) items[i] = data[i * union_threads + t];
  union_exchange(storage.exchange).StripedToBlocked(items);
  arch::sync_threads();
  union_sort(storage.sort).Sort(items);
  arch::sync_threads();
  union_exchange(storage.exchange).BlockedToStriped(items);
  for (int i = 0; i < union_ipt; ++i) data[i * union_threads + t] = items[i];
}
}  // namespace

TEST_CASE("BlockRadixSort: TempStorage in a union with BlockExchange's, reused after a barrier") {
  XCUB_TEST_CONTEXT();
  run("block radix sort union", [](std::mt19937_64& r) {
    static_assert(std::is_trivially_default_constructible_v<union_sort::TempStorage>);
    const auto keys = draw_keys<std::int32_t>(union_threads * union_ipt, r, 40);
    xcub::device_buffer<std::int32_t> d(keys);
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(union_threads), 0, union_kernel, d.data());
    // Striped in, striped out of a blocked sort: memory holds the tile in sorted order.
    xcub_test::check_equal(d.download(), ref::stable_sort(keys, ref::radix_less<std::int32_t>()), "sorted tile");
  });
}
