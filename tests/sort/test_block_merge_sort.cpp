// BlockMergeSort over block shapes and items per thread: Sort and StableSort, keys only and with
// values, full and partial tiles (valid_items 0, 1, tile - 1, tile, random, negative, past the tile),
// on 1D blocks with whole and partial last warps (1, 32, 33, 64, 96, 100, 128, 130, 256, 512, 1024
// threads), a 16x4 and an 8x4x2 block, 1 to 16 items per thread; int keys with many duplicates and
// their tile positions as values (test_block_merge_sort.hpp). Also: CUB's IS_LAST_TILE = false,
// the default constructor's private storage, sorts in a row on one TempStorage, and
// BlockMergeSortStrategy driven by a policy of the caller's own (a sub-warp group, warp barrier).
#include "test_block_merge_sort.hpp"

using namespace merge_sort_test;

namespace {
using K = std::int32_t;
using V = std::uint32_t;
const K oob = std::numeric_limits<K>::max();

/// Descending by key / 2 (rounded down): pairs of neighbouring keys are equivalent.
struct descending_halves {
  XCUB_HOST_DEVICE bool operator()(std::int32_t a, std::int32_t b) const { return (b >> 1) < (a >> 1); }
};

/// Three sorts in a row on one TempStorage with no barrier in between (each call starts with one):
/// the second depends on the order the first leaves equivalent keys in; the third sorts keys only.
template <int BX, int IPT>
XCUB_KERNEL void sorts_in_a_row_kernel(K* keys, V* values) {
  using sort_t = xcub::BlockMergeSort<K, BX, IPT, V>;
  XCUB_SHARED(typename sort_t::TempStorage, storage);
  const std::size_t base = (std::size_t{arch::linear_block_id()} * BX + arch::linear_thread_id()) * IPT;
  K k[IPT];
  V v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[base + i], v[i] = values[base + i];
  sort_t s(storage);
  s.StableSort(k, v, ascending{});
  s.StableSort(k, v, descending_halves{});
  s.Sort(k, ascending{});
  for (int i = 0; i < IPT; ++i) keys[base + i] = k[i], values[base + i] = v[i];
}

template <int BX, int IPT>
void check_in_a_row(std::mt19937_64& rng) {
  CAPTURE(BX);
  CAPTURE(IPT);
  constexpr int tile = BX * IPT, blocks = 2;
  std::vector<K> keys(blocks * tile);
  std::vector<V> values(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = draw_key<K>(rng), values[i] = static_cast<V>(i);
  std::vector<K> want_keys(keys.size());
  std::vector<V> want_values(keys.size());
  for (int b = 0; b < blocks; ++b) {
    const auto from = static_cast<std::ptrdiff_t>(b) * tile, to = from + tile;
    const auto once = ref::stable_sort_pairs(std::vector<K>(keys.begin() + from, keys.begin() + to),
                                             std::vector<V>(values.begin() + from, values.begin() + to), ascending{});
    const auto twice = ref::stable_sort_pairs(once.first, once.second, descending_halves{});
    const auto thrice = ref::stable_sort(twice.first, ascending{});
    std::copy(thrice.begin(), thrice.end(), want_keys.begin() + from);
    std::copy(twice.second.begin(), twice.second.end(), want_values.begin() + from);
  }
  xcub::device_buffer<K> d_keys(keys);
  xcub::device_buffer<V> d_values(values);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX), 0, sorts_in_a_row_kernel<BX, IPT>, d_keys.data(),
                             d_values.data());
  xcub_test::check_equal(d_keys.download(), want_keys, "keys");
  xcub_test::check_equal(d_values.download(), want_values, "values");
}

/// A policy of the caller's own: the first GROUP lanes of warp 0 sort a tile, synchronised by a
/// warp barrier of exactly those lanes (CUB's SynchronizationPolicy pattern, as WarpMergeSort uses it).
template <int GROUP, int IPT>
class group_sort : public xcub::BlockMergeSortStrategy<K, V, GROUP, IPT, group_sort<GROUP, IPT>> {
  using base = xcub::BlockMergeSortStrategy<K, V, GROUP, IPT, group_sort>;
  friend base;

 public:
  XCUB_DEVICE group_sort(typename base::TempStorage& s, unsigned rank) : base(s, rank) {}

 private:
  XCUB_DEVICE void SyncImplementation() const { arch::sync_warp(arch::lane_range_mask(0, GROUP)); }
};

/// Only lanes [0, GROUP) of warp 0 call; the block's other threads leave at once.
template <int GROUP, int IPT>
XCUB_KERNEL void strategy_kernel(K* keys, V* values, int valid_items) {
  using sort_t = group_sort<GROUP, IPT>;
  XCUB_SHARED(typename sort_t::TempStorage, storage);
  const unsigned t = arch::linear_thread_id();
  if (t >= GROUP) return;
  K k[IPT];
  V v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[t * IPT + i], v[i] = values[t * IPT + i];
  sort_t s(storage, t);
  s.StableSort(k, v, ascending{}, valid_items, oob);
  for (int i = 0; i < IPT; ++i) keys[t * IPT + i] = k[i], values[t * IPT + i] = v[i];
}
}  // namespace

TEST_CASE("BlockMergeSort: 1D blocks, whole and partial warps, 1 to 16 items per thread") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort 1D");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_config<0, K, V, 32, 1, 1, 1>(r, oob);
    check_config<1, K, V, 64, 1, 1, 16>(r, oob);
    check_config<0, K, V, 96, 1, 1, 3>(r, oob);
    check_config<1, K, V, 128, 1, 1, 4>(r, oob);
    check_config<0, K, V, 33, 1, 1, 7>(r, oob);
    check_config<1, K, V, 100, 1, 1, 9>(r, oob);
    check_config<0, K, V, 130, 1, 1, 11>(r, oob);
    check_config<1, K, V, 1, 1, 1, 8>(r, oob);  // one thread: the network alone
  });
}

TEST_CASE("BlockMergeSort: large, 2D and 3D blocks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_config<1, K, V, 256, 1, 1, 2>(r, oob);
    check_config<0, K, V, 512, 1, 1, 5>(r, oob);
    check_config<1, K, V, 1024, 1, 1, 1>(r, oob);
    check_config<0, K, V, 1024, 1, 1, 3>(r, oob);
    check_config<0, K, V, 16, 4, 1, 6>(r, oob);
    check_config<1, K, V, 8, 4, 2, 13>(r, oob);
  });
}

TEST_CASE("BlockMergeSort: IS_LAST_TILE = false and the default constructor's private storage") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort full tile");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_methods<K, V, 100, 1, 1, 3, ascending>(r, oob, std::integer_sequence<int, full_tile | pairs,
                                                                                 full_tile | pairs | stable>{});
    check_methods<K, V, 64, 1, 1, 5, ascending>(r, oob, std::integer_sequence<int, priv | pairs | partial | stable,
                                                                                priv | stable>{});
    check_methods<K, V, 16, 4, 1, 2, ascending>(r, oob, std::integer_sequence<int, priv | pairs | partial>{});
  });
}

TEST_CASE("BlockMergeSort: sorts in a row on one TempStorage") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSort in a row");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_in_a_row<128, 3>(r);
    check_in_a_row<33, 2>(r);
  });
}

TEST_CASE("BlockMergeSortStrategy: a policy of the caller's own, for a group smaller than the block") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockMergeSortStrategy");
  const auto check = [&](auto kernel, int group, int ipt) {
    const int tile = group * ipt;
    for (int valid : {tile, static_cast<int>(rng() % tile)}) {
      INFO("group " << group << ", " << ipt << " items per thread, valid_items " << valid);
      std::vector<K> keys(tile);
      std::vector<V> values(tile);
      for (int p = 0; p < tile; ++p) keys[p] = draw_key<K>(rng), values[p] = static_cast<V>(p);
      const auto want = ref::stable_sort_pairs_partial(keys, values, valid, oob, ascending{});
      xcub::device_buffer<K> d_keys(keys);
      xcub::device_buffer<V> d_values(values);
      xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(2 * arch::warp_threads), 0, kernel, d_keys.data(),
                                 d_values.data(), valid);
      xcub_test::check_equal(d_keys.download(), want.first, "keys");
      xcub_test::check_equal(d_values.download(), want.second, "values");
    }
  };
  check(strategy_kernel<7, 5>, 7, 5);
  check(strategy_kernel<arch::warp_threads - 3, 3>, arch::warp_threads - 3, 3);
}
