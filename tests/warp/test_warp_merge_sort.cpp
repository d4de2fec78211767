// WarpMergeSort: Sort and StableSort, keys only and with values, full and partial tiles, at logical
// widths 1 to the warp with 1 to 7 items per thread, on 1- to 8-byte integer and floating-point keys
// drawn with many duplicates (and -0.0 next to 0.0), a descending comparator and a struct compared by
// one field, every logical warp of several blocks sorting its own tile at once. Expectations come from
// the oracle's stable sort (xcub/reference/sort.hpp): StableSort must match it exactly (values are the items' tile positions, so
// any reordering of equivalent keys shows); Sort must put equivalent keys in each position and keep
// the tile's (key, value) pairs. Also: sorts in a row on one TempStorage, the shared merge sort at
// thread counts that are not powers of two (what a BlockMergeSort needs), and its small pieces (the
// in-register network, merge path, serial merge) against the oracle's stable sort and merge.
#include "sort_checks.hpp"
#include "test_support.hpp"

#include <xcub/reference/sort.hpp>
#include <xcub/warp/warp_merge_sort.hpp>

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

namespace arch = xcub::arch;
namespace ref = xcub::reference;

namespace {
constexpr int WT = arch::warp_threads;
constexpr int block_threads = 2 * WT;  // blocks of (WT, 2) threads, in a (2, 2) grid
const xcub::dim3 grid_shape(2, 2), block_shape(WT, 2);
constexpr int grid_blocks = 4;

// ---- comparators and a struct key ------------------------------------------------------------
struct ascending {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};
struct descending {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return b < a;
  }
};
/// A key of which the comparator sees only one field: `tag` shows whether equivalent keys moved.
struct record {
  std::int32_t key;
  std::uint32_t tag;
};
struct by_key {
  XCUB_HOST_DEVICE bool operator()(const record& a, const record& b) const { return a.key < b.key; }
};

// ---- the kernel: each logical warp sorts its tile -----------------------------------------------
enum method : int { stable = 1, pairs = 2, partial = 4 };  // flags; 8 combinations
std::string method_name(int m) {
  return std::string(m & stable ? "StableSort" : "Sort") + (m & pairs ? "(keys, values" : "(keys") +
         (m & partial ? ", valid_items, oob_default)" : ")");
}

/// Method M (compile-time, so that each kernel inlines one sort) on every logical warp's tile.
template <class K, class V, int W, int IPT, class Cmp, int M>
XCUB_KERNEL void sort_kernel(K* keys, V* values, const int* valid_items, K oob_default, unsigned char* ids_ok) {
  using sort_t = std::conditional_t<(M & pairs) != 0, xcub::WarpMergeSort<K, IPT, W, V>, xcub::WarpMergeSort<K, IPT, W>>;
  using storage_t = typename sort_t::TempStorage[block_threads / W];
  XCUB_SHARED(storage_t, storage);
  const unsigned t = arch::linear_thread_id();
  const unsigned long long gid = arch::linear_block_id() * block_threads + t, warp = gid / W;
  K k[IPT];
  V v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[gid * IPT + i], v[i] = values[gid * IPT + i];
  const int valid = valid_items[warp];
  const Cmp cmp{};
  sort_t s(storage[t / W]);
  ids_ok[gid] = s.get_linear_tid() == t % W && s.get_member_mask() == arch::lane_range_mask(arch::lane_id() / W * W, W);
  if constexpr (M == 0) s.Sort(k, cmp);
  if constexpr (M == stable) s.StableSort(k, cmp);
  if constexpr (M == pairs) s.Sort(k, v, cmp);
  if constexpr (M == (pairs | stable)) s.StableSort(k, v, cmp);
  if constexpr (M == partial) s.Sort(k, cmp, valid, oob_default);
  if constexpr (M == (partial | stable)) s.StableSort(k, cmp, valid, oob_default);
  if constexpr (M == (partial | pairs)) s.Sort(k, v, cmp, valid, oob_default);
  if constexpr (M == (partial | pairs | stable)) s.StableSort(k, v, cmp, valid, oob_default);
  for (int i = 0; i < IPT; ++i) keys[gid * IPT + i] = k[i], values[gid * IPT + i] = v[i];
}

// ---- inputs -------------------------------------------------------------------------------------
/// Mostly a handful of values (many equal keys), sometimes anything.
template <class K>
K draw_key(std::mt19937_64& rng) {
  const bool any = rng() % 4 == 0;
  if constexpr (std::is_same_v<K, record>) {
    return record{static_cast<std::int32_t>(rng() % 6) - 2, 0};  // tag: set to the tile position
  } else if constexpr (std::is_floating_point_v<K>) {
    const K few[] = {K(-2), K(-1), K(-0.0), K(0), K(0.5), K(3)};
    return any ? xcub_test::random_value<K>(rng) : few[rng() % 6];
  } else {
    return any ? xcub_test::random_value<K>(rng) : static_cast<K>(static_cast<int>(rng() % 9) - 4);
  }
}

template <class K, class V>
using sort_kernel_t = void (*)(K*, V*, const int*, K, unsigned char*);

/// Runs `kernel` (sort_kernel<K, V, W, IPT, Cmp, m>) on every logical warp's tile and checks
/// the outcome against the oracle's stable sort. (W and IPT are run-time values here: one instance of this
/// per key, value and comparator types.)
template <class K, class V, class Cmp>
void check_method(sort_kernel_t<K, V> kernel, int W, int IPT, int m, const K& oob_default, std::mt19937_64& rng) {
  const int tile = W * IPT;
  const std::size_t warps = std::size_t{grid_blocks} * block_threads / W, n = warps * tile;
  CAPTURE(W);
  CAPTURE(IPT);
  INFO(method_name(m));
  const Cmp cmp{};

  std::vector<K> keys(n);
  std::vector<V> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    keys[i] = draw_key<K>(rng);
    values[i] = static_cast<V>(i % tile);  // the tile position
    if constexpr (std::is_same_v<K, record>) keys[i].tag = static_cast<std::uint32_t>(i % tile);
  }
  // Per tile: none, one, all, all but one, random, random, negative, more than the tile.
  std::vector<int> valid(warps);
  for (std::size_t w = 0; w < warps; ++w) {
    const int pattern[] = {0, 1, tile, tile - 1, static_cast<int>(rng() % (tile + 1)),
                           static_cast<int>(rng() % (tile + 1)), -3, tile + 5};
    valid[w] = (m & partial) ? pattern[w % 8] : tile;
  }

  // Expected: the tile with the keys past valid_items replaced, sorted stably.
  std::vector<K> want_keys(n);
  std::vector<V> want_values(n);
  for (std::size_t w = 0; w < warps; ++w) {
    const auto from = static_cast<std::ptrdiff_t>(w * tile), to = from + tile;
    const auto sorted = ref::stable_sort_pairs_partial(std::vector<K>(keys.begin() + from, keys.begin() + to),
                                                       std::vector<V>(values.begin() + from, values.begin() + to),
                                                       valid[w], oob_default, cmp);
    std::copy(sorted.first.begin(), sorted.first.end(), want_keys.begin() + from);
    std::copy(sorted.second.begin(), sorted.second.end(), want_values.begin() + from);
  }

  xcub::device_buffer<K> d_keys(keys);
  xcub::device_buffer<V> d_values(values);
  xcub::device_buffer<int> d_valid(valid);
  xcub::device_buffer<unsigned char> d_ids(n / IPT);
  xcub_test::launch_and_wait(grid_shape, block_shape, 0, kernel, d_keys.data(),
                             d_values.data(), d_valid.data(), oob_default, d_ids.data());
  const std::vector<K> got_keys = d_keys.download();
  const std::vector<V> got_values = d_values.download();
  xcub_test::check_equal(d_ids.download(), std::vector<unsigned char>(n / IPT, 1), "get_linear_tid/get_member_mask");
  if (!(m & pairs)) xcub_test::check_equal(got_values, values, "values (keys only: untouched)");

  xcub_test::check_sorted_tiles(got_keys, got_values, want_keys, want_values, cmp, tile, (m & stable) != 0,
                                (m & pairs) != 0);
}

/// Half of the 8 methods (keys / values, full / partial, Sort / StableSort) on one configuration, so
/// that the file compiles fast: SET 0 runs Sort(keys), StableSort(keys, partial), Sort(pairs, partial),
/// StableSort(pairs); SET 1 the other four. Each method still runs at many widths and types.
template <class K, class V, int W, int IPT, class Cmp, int... Ms>
void check_methods(std::mt19937_64& rng, const K& oob_default, std::integer_sequence<int, Ms...>) {
  (check_method<K, V, Cmp>(sort_kernel<K, V, W, IPT, Cmp, Ms>, W, IPT, Ms, oob_default, rng), ...);
}
template <int SET, class K, class V, int W, int IPT, class Cmp = ascending>
void check_config(std::mt19937_64& rng, const K& oob_default) {
  if constexpr (SET == 0) {
    check_methods<K, V, W, IPT, Cmp>(rng, oob_default, std::integer_sequence<int, 0, 3, 5, 6>{});
  } else {
    check_methods<K, V, W, IPT, Cmp>(rng, oob_default, std::integer_sequence<int, 1, 2, 4, 7>{});
  }
}

/// Descending by key / 2 (rounded down): pairs of neighbouring keys are equivalent.
struct descending_halves {
  XCUB_HOST_DEVICE bool operator()(std::int32_t a, std::int32_t b) const { return (b >> 1) < (a >> 1); }
};

/// Three sorts in a row on one TempStorage, no barrier in between: the second depends on the order
/// the first leaves equivalent keys in; the third sorts the keys only.
template <int W, int IPT>
XCUB_KERNEL void sorts_in_a_row_kernel(std::int32_t* keys, std::uint32_t* values) {
  using sort_t = xcub::WarpMergeSort<std::int32_t, IPT, W, std::uint32_t>;
  using storage_t = typename sort_t::TempStorage[block_threads / W];
  XCUB_SHARED(storage_t, storage);
  const unsigned t = arch::linear_thread_id();
  const unsigned long long gid = arch::linear_block_id() * block_threads + t;
  std::int32_t k[IPT];
  std::uint32_t v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[gid * IPT + i], v[i] = values[gid * IPT + i];
  sort_t s(storage[t / W]);
  s.StableSort(k, v, ascending{});
  s.StableSort(k, v, descending_halves{});
  s.Sort(k, ascending{});  // keys only, on the pairs' storage: the values stay put
  for (int i = 0; i < IPT; ++i) keys[gid * IPT + i] = k[i], values[gid * IPT + i] = v[i];
}

/// A barrier of lanes [0, THREADS) of the warp.
template <int THREADS>
struct first_lanes_barrier {
  XCUB_DEVICE void operator()() const { arch::sync_warp(arch::lane_range_mask(0, THREADS)); }
};

/// The shared merge sort run by the first THREADS lanes of one warp (any count, not only powers of
/// two, as a BlockMergeSort of any block size would need), keys and values, valid_items given.
template <int THREADS, int IPT>
XCUB_KERNEL void strategy_kernel(std::int32_t* keys, std::uint32_t* values, int valid_items) {
  using strategy = xcub::detail::merge_sort_strategy<std::int32_t, std::uint32_t, THREADS, IPT>;
  using storage_t = typename strategy::TempStorage;
  XCUB_SHARED(storage_t, storage);
  const unsigned lane = arch::lane_id();
  if (lane >= static_cast<unsigned>(THREADS)) return;
  std::int32_t k[IPT];
  std::uint32_t v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[lane * IPT + i], v[i] = values[lane * IPT + i];
  ascending cmp;
  strategy::sort(storage, lane, first_lanes_barrier<THREADS>{}, k, v, cmp, valid_items,
                 std::numeric_limits<std::int32_t>::max());
  for (int i = 0; i < IPT; ++i) keys[lane * IPT + i] = k[i], values[lane * IPT + i] = v[i];
}

template <int THREADS, int IPT>
void check_strategy(std::mt19937_64& rng) {
  constexpr int tile = THREADS * IPT;
  CAPTURE(THREADS);
  CAPTURE(IPT);
  for (int valid : {tile, static_cast<int>(rng() % tile)}) {
    CAPTURE(valid);
    std::vector<std::int32_t> keys(tile);
    std::vector<std::uint32_t> values(tile);
    for (int p = 0; p < tile; ++p) keys[p] = draw_key<std::int32_t>(rng), values[p] = static_cast<std::uint32_t>(p);
    const auto [want_keys, want_values] =
        ref::stable_sort_pairs_partial(keys, values, valid, std::numeric_limits<std::int32_t>::max(), ascending{});
    xcub::device_buffer<std::int32_t> d_keys(keys);
    xcub::device_buffer<std::uint32_t> d_values(values);
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(WT), 0, strategy_kernel<THREADS, IPT>, d_keys.data(),
                               d_values.data(), valid);
    xcub_test::check_equal(d_keys.download(), want_keys, "keys");
    xcub_test::check_equal(d_values.download(), want_values, "values");
  }
}

template <class K>
K largest() {
  if constexpr (std::numeric_limits<K>::has_infinity) return std::numeric_limits<K>::infinity();
  else return std::numeric_limits<K>::max();
}
}  // namespace

TEST_CASE("WarpMergeSort: logical widths and items per thread, int keys with int values") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("WarpMergeSort widths");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    using K = std::int32_t;
    using V = std::uint32_t;
    const K oob = largest<K>();
    check_config<0, K, V, 1, 1>(r, oob);
    check_config<1, K, V, 1, 7>(r, oob);
    check_config<0, K, V, 2, 3>(r, oob);
    check_config<1, K, V, 4, 4>(r, oob);
    check_config<0, K, V, 8, 2>(r, oob);
    check_config<1, K, V, 8, 7>(r, oob);
    check_config<0, K, V, 16, 1>(r, oob);
    check_config<1, K, V, 16, 3>(r, oob);
    check_config<0, K, V, WT / 2, 4>(r, oob);
    check_config<1, K, V, WT, 1>(r, oob);
    check_config<0, K, V, WT, 2>(r, oob);
    check_config<1, K, V, WT, 3>(r, oob);
    check_config<0, K, V, WT, 7>(r, oob);
  });
}

/// Runs f(rng) under each schedule (on_each_schedule) with a generator named after the test.
template <class F>
void on_each_schedule_named(const char* name, F f) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, f);
}

TEST_CASE("WarpMergeSort: key types") {
  XCUB_TEST_CONTEXT();
  SUBCASE("int8 keys, uint16 values") {
    on_each_schedule_named("WarpMergeSort int8", [](std::mt19937_64& r) {
      check_config<0, std::int8_t, std::uint16_t, WT, 3>(r, largest<std::int8_t>());
      check_config<1, std::int8_t, std::uint16_t, 8, 4>(r, largest<std::int8_t>());
    });
  }
  SUBCASE("uint16 keys, uint64 values") {
    on_each_schedule_named("WarpMergeSort uint16", [](std::mt19937_64& r) {
      check_config<0, std::uint16_t, std::uint64_t, WT, 4>(r, largest<std::uint16_t>());
      check_config<1, std::uint16_t, std::uint64_t, 4, 7>(r, largest<std::uint16_t>());
    });
  }
  SUBCASE("uint64 keys, uint16 values") {
    on_each_schedule_named("WarpMergeSort uint64", [](std::mt19937_64& r) {
      check_config<0, std::uint64_t, std::uint16_t, WT, 2>(r, largest<std::uint64_t>());
      check_config<1, std::uint64_t, std::uint16_t, 16, 3>(r, largest<std::uint64_t>());
    });
  }
  SUBCASE("float keys, double values") {
    on_each_schedule_named("WarpMergeSort float", [](std::mt19937_64& r) {
      check_config<0, float, double, WT, 3>(r, largest<float>());
      check_config<1, float, double, 2, 4>(r, largest<float>());
    });
  }
  SUBCASE("double keys, int8 values") {
    on_each_schedule_named("WarpMergeSort double", [](std::mt19937_64& r) {
      check_config<0, double, std::int8_t, WT, 1>(r, largest<double>());
      check_config<1, double, std::int8_t, 8, 7>(r, largest<double>());
    });
  }
}

TEST_CASE("WarpMergeSort: custom comparators") {
  XCUB_TEST_CONTEXT();
  SUBCASE("descending ints") {
    on_each_schedule_named("WarpMergeSort descending", [](std::mt19937_64& r) {
      check_config<0, std::int32_t, std::uint32_t, WT, 3, descending>(r, std::numeric_limits<std::int32_t>::lowest());
      check_config<1, std::int32_t, std::uint32_t, 4, 7, descending>(r, std::numeric_limits<std::int32_t>::lowest());
    });
  }
  SUBCASE("a struct compared by one field (keys only show stability through the other)") {
    on_each_schedule_named("WarpMergeSort record", [](std::mt19937_64& r) {
      const record oob{std::numeric_limits<std::int32_t>::max(), 0xFFFFFFFFu};
      check_config<0, record, std::uint32_t, WT, 3, by_key>(r, oob);
      check_config<1, record, std::uint32_t, 8, 2, by_key>(r, oob);
    });
  }
}

TEST_CASE("WarpMergeSort: partial tiles whose oob_default is not the largest key") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("WarpMergeSort oob");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    // Valid keys ordered after oob_default end up past valid_items: the whole tile is sorted.
    using K = std::int32_t;
    using V = std::uint32_t;
    check_method<K, V, ascending>(sort_kernel<K, V, WT, 3, ascending, partial | pairs | stable>, WT, 3,
                                  partial | pairs | stable, 0, r);
    check_method<K, V, ascending>(sort_kernel<K, V, WT, 3, ascending, partial>, WT, 3, partial, 0, r);
    check_method<K, V, ascending>(sort_kernel<K, V, 4, 4, ascending, partial | pairs | stable>, 4, 4,
                                  partial | pairs | stable, -1, r);
    check_method<K, V, ascending>(sort_kernel<K, V, 4, 4, ascending, partial>, 4, 4, partial, -1, r);
  });
}

TEST_CASE("WarpMergeSort: sorts in a row on one TempStorage") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("WarpMergeSort in a row");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    const auto check = [&](auto kernel, int W, int IPT) {
      CAPTURE(W);
      CAPTURE(IPT);
      const int tile = W * IPT;
      const std::size_t n = std::size_t{grid_blocks} * block_threads * IPT;
      std::vector<std::int32_t> keys(n);
      std::vector<std::uint32_t> values(n);
      for (std::size_t i = 0; i < n; ++i) {
        keys[i] = draw_key<std::int32_t>(r), values[i] = static_cast<std::uint32_t>(i);
      }
      std::vector<std::int32_t> want_keys(n);
      std::vector<std::uint32_t> want_values(n);
      for (std::size_t first = 0; first < n; first += tile) {
        const auto from = static_cast<std::ptrdiff_t>(first), to = from + tile;
        const auto once = ref::stable_sort_pairs(std::vector<std::int32_t>(keys.begin() + from, keys.begin() + to),
                                                 std::vector<std::uint32_t>(values.begin() + from, values.begin() + to),
                                                 ascending{});
        const auto twice = ref::stable_sort_pairs(once.first, once.second, descending_halves{});
        const auto thrice = ref::stable_sort(twice.first, ascending{});  // keys only: values stay
        std::copy(thrice.begin(), thrice.end(), want_keys.begin() + from);
        std::copy(twice.second.begin(), twice.second.end(), want_values.begin() + from);
      }
      xcub::device_buffer<std::int32_t> d_keys(keys);
      xcub::device_buffer<std::uint32_t> d_values(values);
      xcub_test::launch_and_wait(grid_shape, block_shape, 0, kernel, d_keys.data(), d_values.data());
      xcub_test::check_equal(d_keys.download(), want_keys, "keys");
      xcub_test::check_equal(d_values.download(), want_values, "values");
    };
    check(sorts_in_a_row_kernel<WT, 3>, WT, 3);
    check(sorts_in_a_row_kernel<8, 2>, 8, 2);
  });
}

TEST_CASE("WarpMergeSort (detail): the shared merge sort at thread counts that are not powers of two") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("WarpMergeSort strategy");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_strategy<3, 7>(r);
    check_strategy<6, 5>(r);
    check_strategy<WT - 1, 2>(r);
    check_strategy<WT, 3>(r);
  });
}

TEST_CASE("WarpMergeSort (detail): network, merge path and serial merge against brute force") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("WarpMergeSort pieces");
  SUBCASE("stable_sort_network") {
    const auto check = [&](auto n_const) {
      constexpr int N = decltype(n_const)::value;
      for (int round = 0; round < 500; ++round) {
        int keys[N], values[N];
        for (int i = 0; i < N; ++i) keys[i] = static_cast<int>(rng() % 3), values[i] = i;
        const auto want = ref::stable_sort_pairs(std::vector<int>(keys, keys + N), std::vector<int>(values, values + N),
                                                 ascending{});
        xcub::detail::stable_sort_network(keys, values, ascending{});
        for (int i = 0; i < N; ++i) {
          REQUIRE(keys[i] == want.first[i]);
          REQUIRE(values[i] == want.second[i]);
        }
      }
    };
    check(std::integral_constant<int, 1>{});
    check(std::integral_constant<int, 2>{});
    check(std::integral_constant<int, 5>{});
    check(std::integral_constant<int, 8>{});
  }
  SUBCASE("merge_path and serial_merge") {
    ascending cmp;
    for (int round = 0; round < 2000; ++round) {
      const int a_count = static_cast<int>(rng() % 7), b_count = static_cast<int>(rng() % 7);
      std::vector<int> keys(a_count + b_count);
      for (int& k : keys) k = static_cast<int>(rng() % 4);
      std::sort(keys.begin(), keys.begin() + a_count);
      std::sort(keys.begin() + a_count, keys.end());
      // the stable merge: keys and where each came from (its index in keys)
      const auto [merged_keys, merged_from] = ref::merge(std::vector<int>(keys.begin(), keys.begin() + a_count),
                                                         std::vector<int>(keys.begin() + a_count, keys.end()), cmp);
      for (int diag = 0; diag <= a_count + b_count; ++diag) {
        CAPTURE(a_count);
        CAPTURE(b_count);
        CAPTURE(diag);
        int from_a = 0;
        for (int i = 0; i < diag; ++i) from_a += merged_from[i] < static_cast<std::size_t>(a_count);
        const int got = xcub::detail::merge_path(keys.data(), a_count, keys.data() + a_count, b_count, diag, cmp);
        REQUIRE(got == from_a);
        if (a_count + b_count - diag >= 3) {
          // Both ways of writing a merge step (merge_step_form) give the same merge.
          int out[3], source[3], out_select[3], source_select[3];
          xcub::detail::serial_merge(keys.data(), from_a, a_count, a_count + diag - from_a, a_count + b_count, out,
                                     source, cmp);
          xcub::detail::serial_merge<xcub::detail::merge_step_form::select_key>(
              keys.data(), from_a, a_count, a_count + diag - from_a, a_count + b_count, out_select, source_select, cmp);
          for (int k = 0; k < 3; ++k) {
            REQUIRE(out[k] == merged_keys[diag + k]);
            REQUIRE(static_cast<std::size_t>(source[k]) == merged_from[diag + k]);
            REQUIRE(out_select[k] == merged_keys[diag + k]);
            REQUIRE(static_cast<std::size_t>(source_select[k]) == merged_from[diag + k]);
          }
        }
      }
    }
  }
}
