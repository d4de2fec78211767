// Shared pieces of the DeviceRadixSort tests: test tunings, the two-phase call in both forms
// (pointers and DoubleBuffer), and the expected result from the oracle (xcub/reference/radix.hpp
// and sort.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <xcub/device/device_radix_sort.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/sort.hpp>

#include "../device/device_test_support.hpp"

namespace xcub_radix_test {

using xcub_device_test::to_device;

/// One warp x 2 keys, 5-bit digits (a 32-bit key takes 7 passes, the last of 2 bits), ranks by
/// atomic OR, a one-warp single tile of one key per thread; portions of 2^9 - 1 keys at most, so
/// inputs of a few thousand keys cross several portions. Every tile is ranked (no short circuit of
/// single-digit tiles).
struct tiny_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    xcub::detail::radix_sort_policy p{xcub::arch::warp_threads, 2, 5, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR, 32, 2,
                                      xcub::arch::warp_threads, 1, 3, 9};
    p.short_circuit = false;
    return p;
  }
};
/// 96 threads (a partial last warp at 64 lanes) x 3 keys, 6-bit digits, no single-tile path: every
/// input, one key included, goes through the histogram and the onesweep passes. Ranks in batches of
/// two keys (a batch of two, then one of one).
struct odd_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    xcub::detail::radix_sort_policy p{96, 3, 6, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 96, 3, 64, 0, 4};
    p.rank_batch = 2;
    return p;
  }
};

/// 64 threads x 8 keys, 6-bit digits, atomic-OR ranks, the tile in dynamic shared memory with the
/// values beside the keys (dynamic_tile, as the CUDA sm_90 tunings of 4- and 8-byte keys), no single
/// tile, L2 prefetch of the next tile's keys (sorts of keys alone). For keys of 4 bytes and more:
/// the rank's storage must fit in the tile's keys and values.
struct dynamic_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    xcub::detail::radix_sort_policy p{64, 8, 6, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR, 64, 4, 64, 0, 4};
    p.dynamic_tile = true;
    p.load_modifier = xcub::LOAD_CG;  // as the CUDA sm_90 tunings: cache operators on the pass's loads and stores
    p.store_modifier = xcub::STORE_CS;
    p.l2_prefetch_kib = 1;  // keys alone prefetch the next tile (less than a tile's input: one tile)
    p.write_batch = 3;      // 8 positions written out as 3 + 3 + 2
    return p;
  }
};

/// 64 threads x 8 keys, 11-bit digits (a 32-bit key takes 3 passes, the last of 10 bits), warp-match
/// ranks, static tile storage (the rank's 2048 counters per warp do not fit in a dynamic tile of 512
/// keys and values): digits outnumber the threads (32 per thread). Ranks in batches of three keys
/// (3 + 3 + 2).
struct wide_digit_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    xcub::detail::radix_sort_policy p{64, 8, 11, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 0, 4};
    p.rank_batch = 3;
    return p;
  }
};

/// Pairs packed into words between the first pass and the last (pack_pairs, as the CUDA sm_90
/// tuning of u32/u32 pairs): 64 threads x 8 words in dynamic shared memory, 6-bit digits (a 32-bit
/// key takes 6 passes: 4 between the first and the last), atomic-OR ranks (as the CUDA sm_90
/// tuning; packed_match_radix_tuning ranks by warp match), cache operators, L2 prefetch two tiles
/// ahead; portions of 2^11 - 1 keys at most, no single tile.
struct packed_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    xcub::detail::radix_sort_policy p{64, 8, 6, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR, 64, 4, 64, 0, 4, 11};
    p.dynamic_tile = true;
    p.pack_pairs = true;
    p.load_modifier = xcub::LOAD_CG;
    p.store_modifier = xcub::STORE_CS;
    p.l2_prefetch_kib = 8;  // two tiles of 512 words ahead: a portion's last two tiles prefetch nothing
    p.write_batch = 4;
    return p;
  }
};
/// Tuning's policies with pack_pairs set to PACK.
template <class Tuning, bool PACK>
struct pack_pairs_as {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int arch) {
    xcub::detail::radix_sort_policy p = Tuning::template policy<K, V>(arch);
    p.pack_pairs = PACK;
    return p;
  }
};
/// The odd tuning's static 96-thread tiles (a partial last warp at 64 lanes, warp-match ranks in
/// batches of two) with pairs packed into words.
using packed_odd_radix_tuning = pack_pairs_as<odd_radix_tuning, true>;

/// Pairs as words the way the CUDA sm_90 tuning packed them with warp-match ranks (it ranks by atomic
/// OR since 2026-11-28, as packed_radix_tuning): the pairs' own policy (static 64 x 4
/// tiles, warp-match ranks, 8-bit digits) serves the sorts that do not pack and the histogram, the
/// word passes run under the policy of keys alone (128 x 8 in dynamic shared memory, warp match,
/// 8-bit digits, evict-first stores, portions of 2^11 - 1 keys at most), so the word passes' tiles
/// and portions differ from the pairs'.
struct packed_match_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    if constexpr (std::is_same_v<V, xcub::NullType>) {
      xcub::detail::radix_sort_policy p{128, 8, 8, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 0, 4, 11};
      p.dynamic_tile = true;
      p.store_modifier = xcub::STORE_CS;
      return p;
    } else {
      xcub::detail::radix_sort_policy p{64, 4, 8, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 0, 4};
      p.pack_pairs = true;
      p.l2_prefetch_kib = 4;  // the word passes take the pairs' distance: half a word tile, so one tile
      p.write_batch = 5;      // and the pairs' write-out batch: 8 words as 5 + 3
      return p;
    }
  }
};
/// pack_pairs asked for, but the keys-alone policy the words would run under has other digits (5
/// bits against the pairs' 8): the dispatch must not pack (pack_pairs_as<..., false> gives the
/// temp storage with pack_pairs off).
struct packed_mismatch_radix_tuning {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int) {
    if constexpr (std::is_same_v<V, xcub::NullType>) {
      return xcub::detail::radix_sort_policy{64, 8, 5, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 0, 4};
    } else {
      xcub::detail::radix_sort_policy p{64, 4, 8, xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 0, 4};
      p.pack_pairs = true;
      return p;
    }
  }
};
/// packed_radix_tuning with pack_pairs off: the temp storage a sort takes without words.
using unpacked_radix_tuning = pack_pairs_as<packed_radix_tuning, false>;

/// Keys in runs of `run` equal keys, each run's key random: most onesweep tiles of every pass then
/// have one digit (they go out unranked, the short circuit), the tiles across a run's ends do not.
template <class Rng>
std::vector<std::uint32_t> run_keys(std::size_t n, std::size_t run, Rng& rng) {
  std::vector<std::uint32_t> keys(n);
  std::uint32_t key = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % run == 0) key = static_cast<std::uint32_t>(rng());
    keys[i] = key;
  }
  return keys;
}
/// Random keys below 256: every tile of the passes above the first has the digit 0.
template <class Rng>
std::vector<std::uint32_t> low_byte_keys(std::size_t n, Rng& rng) {
  auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
  for (auto& k : keys) k &= 0xffu;
  return keys;
}

/// Patches of `patch` keys, random and all one key by turns: with patches of a warp's keys or
/// fewer, one onesweep tile has warps whose digits spread and warps whose lanes share a digit.
template <class K = std::uint32_t, class Rng>
std::vector<K> patchy_keys(std::size_t n, std::size_t patch, Rng& rng) {
  auto keys = xcub_test::random_vector<K>(n, rng);
  for (std::size_t i = 0; i < n; ++i) {
    if ((i / patch) % 2 == 1) keys[i] = keys[i - i % patch];
  }
  return keys;
}
/// Random keys of at most `values` values (the random key modulo `values`).
template <class Rng>
std::vector<std::uint32_t> few_value_keys(std::size_t n, std::uint32_t values, Rng& rng) {
  auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
  for (auto& k : keys) k %= values;
  return keys;
}

/// The oracle's stable order of keys by bits [begin_bit, end_bit) of their order images.
template <class K, class Less>
std::vector<std::size_t> expected_order(const std::vector<K>& keys, Less less) {
  return xcub::reference::stable_order(keys, less);
}
template <class K>
std::vector<std::size_t> expected_order(const std::vector<K>& keys, int begin_bit, int end_bit, bool descending) {
  namespace ref = xcub::reference;
  std::vector<ref::wide_image> images;
  images.reserve(keys.size());
  for (const K& k : keys) images.push_back(ref::radix_image(k));
  return ref::stable_order(images, [&](const ref::wide_image& a, const ref::wide_image& b) {
    const int c = ref::compare_bits(a, b, begin_bit, end_bit);
    return descending ? c > 0 : c < 0;
  });
}

/// Sorts keys (and values, unless ValueT is xcub::NullType) with Sort: the pointer form or the
/// DoubleBuffer form of DeviceRadixSortTuned<Tuning>, ascending or descending, and returns what
/// the call left as the result. Checks that the pointer form leaves its input unchanged and that
/// the DoubleBuffer form's keys and values selectors agree.
enum class form { pointers, double_buffer };

template <class Tuning, bool DESC, class K, class V, class... Extra>
std::pair<std::vector<K>, std::vector<V>> device_sort(const std::vector<K>& keys, const std::vector<V>& values,
                                                      form f, Extra... extra) {
  using sorter = xcub::DeviceRadixSortTuned<Tuning>;
  constexpr bool pairs = !std::is_same_v<V, xcub::NullType>;
  const std::size_t n = keys.size();
  auto d_keys = to_device(keys);
  xcub::device_buffer<K> d_keys_out(n);
  d_keys_out.fill_bytes(0xA5);  // unwritten outputs show
  std::vector<K> out_keys(n);
  std::vector<V> out_values(pairs ? n : 0);
  if constexpr (pairs) {
    auto d_values = to_device(values);
    xcub::device_buffer<V> d_values_out(n);
    d_values_out.fill_bytes(0xA5);
    if (f == form::pointers) {
      xcub_device_test::two_phase([&](void* t, std::size_t& b) {
        if constexpr (DESC)
          return sorter::SortPairsDescending(t, b, d_keys.data(), d_keys_out.data(), d_values.data(),
                                             d_values_out.data(), n, extra...);
        else
          return sorter::SortPairs(t, b, d_keys.data(), d_keys_out.data(), d_values.data(), d_values_out.data(), n,
                                   extra...);
      });
      out_keys = d_keys_out.download(), out_values = d_values_out.download();
      xcub_test::check_equal(d_keys.download(), keys, "input keys after the sort");
      xcub_test::check_equal(d_values.download(), values, "input values after the sort");
    } else {
      xcub::DoubleBuffer<K> kb(d_keys.data(), d_keys_out.data());
      xcub::DoubleBuffer<V> vb(d_values.data(), d_values_out.data());
      xcub_device_test::two_phase([&](void* t, std::size_t& b) {
        if constexpr (DESC) return sorter::SortPairsDescending(t, b, kb, vb, n, extra...);
        else return sorter::SortPairs(t, b, kb, vb, n, extra...);
      });
      CHECK(kb.selector == vb.selector);
      out_keys = (kb.selector == 0 ? d_keys : d_keys_out).download();
      out_values = (vb.selector == 0 ? d_values : d_values_out).download();
    }
  } else {
    (void)values;
    if (f == form::pointers) {
      xcub_device_test::two_phase([&](void* t, std::size_t& b) {
        if constexpr (DESC) return sorter::SortKeysDescending(t, b, d_keys.data(), d_keys_out.data(), n, extra...);
        else return sorter::SortKeys(t, b, d_keys.data(), d_keys_out.data(), n, extra...);
      });
      out_keys = d_keys_out.download();
      xcub_test::check_equal(d_keys.download(), keys, "input keys after the sort");
    } else {
      xcub::DoubleBuffer<K> kb(d_keys.data(), d_keys_out.data());
      xcub_device_test::two_phase([&](void* t, std::size_t& b) {
        if constexpr (DESC) return sorter::SortKeysDescending(t, b, kb, n, extra...);
        else return sorter::SortKeys(t, b, kb, n, extra...);
      });
      out_keys = (kb.selector == 0 ? d_keys : d_keys_out).download();
    }
  }
  return {out_keys, out_values};
}

/// Positions 0, 1, 2, ... as values: a stable sort's values are then exactly the oracle's order.
inline std::vector<std::uint32_t> positions(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint32_t>(i);
  return v;
}
inline std::vector<std::uint32_t> to_u32(const std::vector<std::size_t>& order) {
  std::vector<std::uint32_t> v(order.begin(), order.end());
  return v;
}

}  // namespace xcub_radix_test
