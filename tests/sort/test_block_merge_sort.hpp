// The BlockMergeSort harness, shared by test_block_merge_sort.cpp (block shapes, items per thread,
// the methods) and test_block_merge_sort_types.cpp (key and value types, comparators): a kernel in
// which every block sorts its own tile with one method, and a check against the oracle's stable sort
// (xcub/reference/sort.hpp) per block.
// - Values carry their tile position (values_of), so any reordering of equivalent keys shows: StableSort
//   must match the oracle exactly; Sort must put an equivalent key in every position and keep each
//   tile's (key, value) pairs.
// - The TempStorage sits in a union with an int per thread, used before the sort and again after it
//   (each time after arch::sync_threads()); `probe` receives what that other use read back.
// - get_linear_tid() must be the row-major rank: `ids_ok` says so per thread.
#pragma once

#include "sort_checks.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_merge_sort.hpp>
#include <xcub/reference/sort.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace merge_sort_test {

namespace arch = xcub::arch;
namespace ref = xcub::reference;
using xcub_test::rec12;

// ---- comparators ---------------------------------------------------------------------------------
struct ascending {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const { return a < b; }
};
struct descending {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const { return b < a; }
};
/// Only the top bits of the key count: keys of one group of 8 tie (many equivalent keys).
struct coarse {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const { return (a >> 3) < (b >> 3); }
};
/// rec12 by one field, then descending by another: the rest of the struct shows stability.
struct rec12_order {
  XCUB_HOST_DEVICE bool operator()(const rec12& x, const rec12& y) const {
    return x.a != y.a ? x.a < y.a : y.d < x.d;
  }
};

/// A 16-byte value.
struct v16 {
  std::uint64_t pos, noise;
};

// ---- the methods ----------------------------------------------------------------------------------
enum method : int {
  stable = 1,     // StableSort instead of Sort
  pairs = 2,      // with values
  partial = 4,    // with valid_items and oob_default
  full_tile = 8,  // the pairs overload with IS_LAST_TILE = false (valid_items and oob_default unused)
  priv = 16,      // the default constructor (private storage)
};
inline std::string method_name(int m) {
  return std::string(m & stable ? "StableSort" : "Sort") + (m & full_tile ? "<Op, false>" : "") +
         (m & pairs ? "(keys, items" : "(keys") + (m & partial ? ", valid_items, oob_default)" : ")") +
         (m & priv ? " on private storage" : "");
}

/// Method M on every block's tile.
template <class K, class V, int BX, int BY, int BZ, int IPT, class Cmp, int M>
XCUB_KERNEL void sort_kernel(K* keys, V* values, const int* valid_items, K oob_default, int* probe,
                             unsigned char* ids_ok) {
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  using sort_t = std::conditional_t<(M & pairs) != 0, xcub::BlockMergeSort<K, BX, IPT, V, BY, BZ>,
                                    xcub::BlockMergeSort<K, BX, IPT, xcub::NullType, BY, BZ>>;
  union shared_t {
    typename sort_t::TempStorage sort;
    int other[threads];
  };
  XCUB_SHARED(shared_t, smem);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id();
  const std::size_t base = std::size_t{blk} * tile + std::size_t(rank) * IPT;
  smem.other[rank] = rank * 3 + 1;  // the union's other use, before the sort
  arch::sync_threads();
  probe[2 * (blk * threads + rank)] = smem.other[(rank + 1) % threads];
  arch::sync_threads();

  K k[IPT];
  V v[IPT];
  for (int i = 0; i < IPT; ++i) k[i] = keys[base + i], v[i] = values[base + i];
  const int valid = valid_items[blk];
  const Cmp cmp{};
  constexpr int m = M & ~priv;
  const auto run = [&](sort_t&& s) {
    ids_ok[blk * threads + rank] = s.get_linear_tid() == static_cast<unsigned>(rank);
    if constexpr (m == 0) s.Sort(k, cmp);
    if constexpr (m == stable) s.StableSort(k, cmp);
    if constexpr (m == pairs) s.Sort(k, v, cmp);
    if constexpr (m == (pairs | stable)) s.StableSort(k, v, cmp);
    if constexpr (m == partial) s.Sort(k, cmp, valid, oob_default);
    if constexpr (m == (partial | stable)) s.StableSort(k, cmp, valid, oob_default);
    if constexpr (m == (partial | pairs)) s.Sort(k, v, cmp, valid, oob_default);
    if constexpr (m == (partial | pairs | stable)) s.StableSort(k, v, cmp, valid, oob_default);
    if constexpr (m == (full_tile | pairs)) s.template Sort<Cmp, false>(k, v, cmp, valid, oob_default);
    if constexpr (m == (full_tile | pairs | stable)) s.template StableSort<Cmp, false>(k, v, cmp, valid, oob_default);
  };
  if constexpr ((M & priv) != 0) run(sort_t());
  else run(sort_t(smem.sort));
  for (int i = 0; i < IPT; ++i) keys[base + i] = k[i], values[base + i] = v[i];

  arch::sync_threads();  // the union's other use again, after the sort
  smem.other[rank] = rank * 5 + 2;
  arch::sync_threads();
  probe[2 * (blk * threads + rank) + 1] = smem.other[(rank + threads - 1) % threads];
}

// ---- inputs ---------------------------------------------------------------------------------------
/// Mostly a handful of values (many equal keys, -0.0 next to 0.0), sometimes anything (NaN-free).
template <class K>
K draw_key(std::mt19937_64& rng) {
  const bool any = rng() % 4 == 0;
  if constexpr (std::is_same_v<K, rec12>) {
    rec12 r = xcub_test::random_value<rec12>(rng);
    r.a = static_cast<std::int32_t>(rng() % 5) - 2;
    r.d = static_cast<std::int8_t>(rng() % 3);
    return r;
  } else if constexpr (std::is_floating_point_v<K>) {
    const K few[] = {K(-2), K(-1), K(-0.0), K(0), K(0.5), K(3)};
    return any ? xcub_test::random_value<K>(rng) : few[rng() % 6];
  } else {
    return any ? xcub_test::random_value<K>(rng) : static_cast<K>(static_cast<int>(rng() % 9) - 4);
  }
}

/// A value that names its tile position (with random bits around it where the type has room).
template <class V>
V value_at(std::size_t pos, std::mt19937_64& rng) {
  if constexpr (std::is_same_v<V, v16>) return v16{pos, rng()};
  else if constexpr (std::is_floating_point_v<V>) return static_cast<V>(pos) + V(0.25);
  else if constexpr (sizeof(V) >= 8) return static_cast<V>((rng() << 32) | pos);
  else return static_cast<V>(pos);
}

/// The largest key (for an ascending order's oob_default).
template <class K>
K largest() {
  if constexpr (std::is_same_v<K, rec12>) return rec12{std::numeric_limits<std::int32_t>::max(), 0, 0, 0, 0};
  else if constexpr (std::numeric_limits<K>::has_infinity) return std::numeric_limits<K>::infinity();
  else return std::numeric_limits<K>::max();
}

template <class K, class V>
using sort_kernel_t = void (*)(K*, V*, const int*, K, int*, unsigned char*);

/// Runs `kernel` (sort_kernel<K, V, BX, BY, BZ, IPT, Cmp, m>) on `blocks` tiles and checks each.
template <class K, class V, class Cmp>
void check_method(sort_kernel_t<K, V> kernel, xcub::dim3 block, int IPT, int m, const K& oob_default,
                  std::mt19937_64& rng, unsigned blocks = 3) {
  const int threads = static_cast<int>(block.x * block.y * block.z), tile = threads * IPT;
  const std::size_t n = std::size_t{blocks} * tile;
  INFO("block " << block.x << "x" << block.y << "x" << block.z << ", " << IPT << " items per thread, "
                << method_name(m));
  const Cmp cmp{};

  std::vector<K> keys(n);
  std::vector<V> values(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = draw_key<K>(rng), values[i] = value_at<V>(i % tile, rng);
  // Per block: none, one, all but one, all (partial); random, negative, past the tile (partial or not);
  // IS_LAST_TILE = false gets odd valid_items too, which it must ignore.
  std::vector<int> valid(blocks);
  for (unsigned b = 0; b < blocks; ++b) {
    const int pattern[] = {0, 1, tile - 1, tile, static_cast<int>(rng() % (tile + 1)), -3, tile + 5};
    valid[b] = (m & (partial | full_tile)) ? pattern[(b + rng()) % 7] : tile;
  }
  const bool fills = (m & partial) != 0;

  std::vector<K> want_keys(n);
  std::vector<V> want_values(n);
  for (unsigned b = 0; b < blocks; ++b) {
    const auto from = static_cast<std::ptrdiff_t>(b) * tile, to = from + tile;
    const auto sorted = ref::stable_sort_pairs_partial(std::vector<K>(keys.begin() + from, keys.begin() + to),
                                                       std::vector<V>(values.begin() + from, values.begin() + to),
                                                       fills ? valid[b] : tile, oob_default, cmp);
    std::copy(sorted.first.begin(), sorted.first.end(), want_keys.begin() + from);
    std::copy(sorted.second.begin(), sorted.second.end(), want_values.begin() + from);
  }
  std::vector<int> want_probe(2 * blocks * threads);
  for (std::size_t i = 0; i < blocks * std::size_t(threads); ++i) {
    const int r = static_cast<int>(i % threads);
    want_probe[2 * i] = (r + 1) % threads * 3 + 1;
    want_probe[2 * i + 1] = (r + threads - 1) % threads * 5 + 2;
  }

  xcub::device_buffer<K> d_keys(keys);
  xcub::device_buffer<V> d_values(values);
  xcub::device_buffer<int> d_valid(valid), d_probe(want_probe.size());
  xcub::device_buffer<unsigned char> d_ids(n / IPT);
  xcub_test::launch_and_wait(xcub::dim3(blocks), block, 0, kernel, d_keys.data(), d_values.data(), d_valid.data(),
                             oob_default, d_probe.data(), d_ids.data());
  const std::vector<K> got_keys = d_keys.download();
  const std::vector<V> got_values = d_values.download();
  xcub_test::check_equal(d_ids.download(), std::vector<unsigned char>(n / IPT, 1), "get_linear_tid");
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
  if (!(m & pairs)) xcub_test::check_equal(got_values, values, "values (keys only: untouched)");

  xcub_test::check_sorted_tiles(got_keys, got_values, want_keys, want_values, cmp, tile, (m & stable) != 0,
                                (m & pairs) != 0);
}

/// Methods Ms on one configuration.
template <class K, class V, int BX, int BY, int BZ, int IPT, class Cmp, int... Ms>
void check_methods(std::mt19937_64& rng, const K& oob_default, std::integer_sequence<int, Ms...>) {
  (check_method<K, V, Cmp>(sort_kernel<K, V, BX, BY, BZ, IPT, Cmp, Ms>, xcub::dim3(BX, BY, BZ), IPT, Ms,
                           oob_default, rng),
   ...);
}

/// Half of the 8 methods (keys / pairs, full / partial, Sort / StableSort) on one configuration, so
/// that the files compile fast: SET 0 runs Sort(keys), StableSort(keys, partial), Sort(pairs,
/// partial), StableSort(pairs); SET 1 the other four.
template <int SET, class K, class V, int BX, int BY, int BZ, int IPT, class Cmp = ascending>
void check_config(std::mt19937_64& rng, const K& oob_default) {
  if constexpr (SET == 0) {
    check_methods<K, V, BX, BY, BZ, IPT, Cmp>(rng, oob_default, std::integer_sequence<int, 0, 5, 6, 3>{});
  } else {
    check_methods<K, V, BX, BY, BZ, IPT, Cmp>(rng, oob_default, std::integer_sequence<int, 1, 2, 4, 7>{});
  }
}

}  // namespace merge_sort_test
