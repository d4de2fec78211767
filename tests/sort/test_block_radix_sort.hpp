// BlockRadixSort test harness, shared by test_block_radix_sort*.cpp: a kernel that sorts one tile per
// block with a chosen method and overload, and the oracle's expectation: the tile stably sorted by
// xcub/reference/radix.hpp's order (keys only, or with values that carry each item's tile position
// so that stability shows), laid out blocked or striped.
#pragma once

#include "mixed_key.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/backend/float16_types.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/sort.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

namespace brs_test {

namespace arch = xcub::arch;
namespace ref = xcub::reference;

/// Which method a kernel calls.
enum method : int { sort_asc, sort_desc, sort_asc_striped, sort_desc_striped };
inline const char* const method_names[] = {"Sort", "SortDescending", "SortBlockedToStriped",
                                           "SortDescendingBlockedToStriped"};
constexpr bool is_descending(int m) { return m == sort_desc || m == sort_desc_striped; }
constexpr bool is_striped(int m) { return m == sort_asc_striped || m == sort_desc_striped; }

/// No decomposer: the plain overloads.
struct no_decomposer {};

/// The decomposer cases' struct key (mixed_key.hpp).
using xcub_test::mixed_key;
using xcub_test::mixed_decomposer;

/// A 16-byte value.
struct value16 {
  std::uint64_t position;
  double payload;
};

/// One sort configuration (CUB's template parameters).
template <class K, class V, int X, int IPT, int RB = 4, bool MEMO = true,
          xcub::BlockScanAlgorithm ALG = xcub::BLOCK_SCAN_WARP_SCANS, int Y = 1, int Z = 1>
struct config {
  using key_t = K;
  using value_t = V;
  static constexpr int x = X, y = Y, z = Z, ipt = IPT, threads = X * Y * Z, tile = threads * IPT;
  static constexpr bool pairs = !std::is_same_v<V, xcub::NullType>;
  using sort_t = xcub::BlockRadixSort<K, X, IPT, V, RB, MEMO, ALG, xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, Y, Z>;
};

/// Calls method NAME with the overload that DEC (a decomposer), BITS (begin_bit / end_bit given) and
/// PAIRS (values) pick.
#define BRS_TEST_CALL(NAME)                                               \
  if constexpr (pairs && dec && BITS) s.NAME(keys, values, d, begin, end); \
  else if constexpr (pairs && dec) s.NAME(keys, values, d);               \
  else if constexpr (pairs && BITS) s.NAME(keys, values, begin, end);     \
  else if constexpr (pairs) s.NAME(keys, values);                         \
  else if constexpr (dec && BITS) s.NAME(keys, d, begin, end);            \
  else if constexpr (dec) s.NAME(keys, d);                                \
  else if constexpr (BITS) s.NAME(keys, begin, end);                      \
  else s.NAME(keys)

template <int M, bool BITS, class Sort, class K, class V, int N, class D>
XCUB_DEVICE void call(Sort& s, K (&keys)[N], V (&values)[N], int begin, int end, D d) {
  constexpr bool dec = !std::is_same_v<D, no_decomposer>;
  constexpr bool pairs = !std::is_same_v<V, xcub::NullType>;
  (void)values, (void)begin, (void)end, (void)d;
  if constexpr (M == sort_asc) {
    BRS_TEST_CALL(Sort);
  } else if constexpr (M == sort_desc) {
    BRS_TEST_CALL(SortDescending);
  } else if constexpr (M == sort_asc_striped) {
    BRS_TEST_CALL(SortBlockedToStriped);
  } else {
    BRS_TEST_CALL(SortDescendingBlockedToStriped);
  }
}
#undef BRS_TEST_CALL

/// One tile per block, blocked in registers: sort it (twice in a row on one TempStorage with a
/// barrier between when TWICE: the second sort of sorted data must change nothing), write it back.
/// PRIVATE: the default constructor (the block's private storage).
template <class C, int M, bool BITS, class D, bool PRIVATE, bool TWICE>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(C::threads) sort_kernel(typename C::key_t* keys, typename C::value_t* values, int begin, int end) {
  using sort_t = typename C::sort_t;
  using storage_t = typename sort_t::TempStorage;
  XCUB_SHARED(storage_t, storage);
  const std::size_t base =
      (std::size_t{arch::linear_block_id()} * C::threads + arch::linear_thread_id()) * C::ipt;
  using K = typename C::key_t;
  using V = std::conditional_t<C::pairs, typename C::value_t, xcub::NullType>;
  K k[C::ipt];
  V v[C::ipt];
  for (int i = 0; i < C::ipt; ++i) {
    k[i] = keys[base + i];
    if constexpr (C::pairs) v[i] = values[base + i];
  }
  for (int round = 0; round < (TWICE ? 2 : 1); ++round) {
    if (round > 0) arch::sync_threads();
    if constexpr (PRIVATE) {
      sort_t s;
      call<M, BITS>(s, k, v, begin, end, D{});
    } else {
      sort_t s(storage);
      call<M, BITS>(s, k, v, begin, end, D{});
    }
    // A striped result is not a blocked input: sort a second time only for blocked outputs.
    if (is_striped(M)) break;
  }
  for (int i = 0; i < C::ipt; ++i) {
    keys[base + i] = k[i];
    if constexpr (C::pairs) values[base + i] = v[i];
  }
}

/// The oracle's image of a key (through the decomposer where there is one).
template <class K, class D>
ref::wide_image image_of(const K& key) {
  if constexpr (!std::is_same_v<D, no_decomposer>) {
    return ref::radix_image_decomposed(key, D{});
  } else if constexpr (xcub::backend::is_float16_type<K>) {  // CUDA's __half, __nv_bfloat16: by their bits
    ref::float16_bits b;
    std::memcpy(&b.bits, static_cast<const void*>(&key), 2);
    return ref::radix_image(b);
  } else {
    return ref::radix_image(key);
  }
}

/// The permutation that stably sorts a tile by bits [begin, end) (descending: reversed order).
template <class K, class D>
std::vector<std::size_t> sorted_order(const std::vector<K>& tile, int begin, int end, bool descending) {
  std::vector<ref::wide_image> images;
  images.reserve(tile.size());
  for (const K& k : tile) images.push_back(image_of<K, D>(k));
  std::vector<std::size_t> order(tile.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  return ref::stable_sort(order, [&](std::size_t a, std::size_t b) {
    const int c = ref::compare_bits(images[a], images[b], begin, end);
    return descending ? c > 0 : c < 0;
  });
}

/// Items as byte arrays, so that check_equal compares any type bytewise.
template <class T>
std::vector<std::array<unsigned char, sizeof(T)>> as_bytes(const std::vector<T>& v) {
  std::vector<std::array<unsigned char, sizeof(T)>> out(v.size());
  if (!v.empty()) std::memcpy(out.data(), v.data(), v.size() * sizeof(T));
  return out;
}

/// A value that records the item's place in its tile (and, for value16, something else to move).
template <class V>
V value_for(std::size_t position, std::mt19937_64& rng) {
  V v{};
  if constexpr (std::is_same_v<V, value16>) {
    v = value16{position, xcub_test::random_value<double>(rng)};
  } else if constexpr (std::is_same_v<V, xcub_test::rec12>) {
    v = xcub_test::random_value<xcub_test::rec12>(rng);
    v.a = static_cast<std::int32_t>(position);
  } else {
    v = static_cast<V>(position);
  }
  return v;
}

/// Runs method M of configuration C on `blocks` tiles of the given keys (keys.size() == blocks *
/// tile) and compares with the oracle. begin/end < 0: the overload without bits (the full width).
template <class C, int M, class D = no_decomposer, bool PRIVATE = false, bool TWICE = false>
void check_sort(const std::vector<typename C::key_t>& keys, int begin, int end, std::mt19937_64& rng,
                const char* what = "") {
  using K = typename C::key_t;
  using V = typename C::value_t;
  const bool bits = begin >= 0;
  int full_width;
  if constexpr (std::is_same_v<D, no_decomposer>) full_width = static_cast<int>(sizeof(K) * 8);
  else full_width = ref::decomposed_width<K>(D{});
  const int b = bits ? begin : 0, e = bits ? end : full_width;
  const std::size_t tile = C::tile, blocks = keys.size() / tile;
  INFO(what << ": " << method_names[M] << (C::pairs ? " pairs" : " keys") << ", block " << C::x << "x" << C::y << "x"
            << C::z << ", " << C::ipt << " items per thread, bits [" << b << ", " << e << ")"
            << (bits ? "" : " by default") << (PRIVATE ? ", private storage" : "") << (TWICE ? ", twice" : ""));
  REQUIRE(keys.size() == blocks * tile);
  std::vector<V> values(keys.size());
  if constexpr (C::pairs)
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = value_for<V>(i % tile, rng);

  std::vector<K> want_keys(keys.size());
  std::vector<V> want_values(keys.size());
  for (std::size_t blk = 0; blk < blocks; ++blk) {
    const std::vector<K> t(keys.begin() + blk * tile, keys.begin() + (blk + 1) * tile);
    const std::vector<std::size_t> order = sorted_order<K, D>(t, b, e, is_descending(M));
    for (std::size_t r = 0; r < static_cast<std::size_t>(C::threads); ++r) {
      for (std::size_t i = 0; i < static_cast<std::size_t>(C::ipt); ++i) {
        const std::size_t pos = is_striped(M) ? i * C::threads + r : r * C::ipt + i;  // sorted position held
        want_keys[blk * tile + r * C::ipt + i] = t[order[pos]];
        want_values[blk * tile + r * C::ipt + i] = values[blk * tile + order[pos]];
      }
    }
  }
  xcub::device_buffer<K> d_keys(keys);
  xcub::device_buffer<V> d_values(values);
  if (bits) {
    xcub_test::launch_and_wait(xcub::dim3(static_cast<unsigned>(blocks)), xcub::dim3(C::x, C::y, C::z), 0,
                               sort_kernel<C, M, true, D, PRIVATE, TWICE>, d_keys.data(), d_values.data(), b, e);
  } else {
    xcub_test::launch_and_wait(xcub::dim3(static_cast<unsigned>(blocks)), xcub::dim3(C::x, C::y, C::z), 0,
                               sort_kernel<C, M, false, D, PRIVATE, TWICE>, d_keys.data(), d_values.data(), b, e);
  }
  xcub_test::check_equal(as_bytes(d_keys.download()), as_bytes(want_keys), "keys");
  if constexpr (C::pairs) xcub_test::check_equal(as_bytes(d_values.download()), as_bytes(want_values), "values");
}

/// Random keys; with `distinct` small, drawn from that many values (many duplicates).
template <class K>
std::vector<K> draw_keys(std::size_t n, std::mt19937_64& rng, unsigned distinct = 0) {
  std::vector<K> v = xcub_test::random_vector<K>(n, rng);
  if (distinct > 0) {
    const std::vector<K> pool = xcub_test::random_vector<K>(distinct, rng);
    for (auto& k : v) k = pool[rng() % distinct];
  }
  return v;
}

/// Floats with the special values mixed in (a third of them).
template <class F>
std::vector<F> draw_special_floats(std::size_t n, std::mt19937_64& rng) {
  using lim = std::numeric_limits<F>;
  const F specials[] = {F(-0.0), F(0.0), lim::infinity(), -lim::infinity(), lim::quiet_NaN(), -lim::quiet_NaN(),
                        lim::denorm_min(), -lim::denorm_min(), lim::min(), lim::max(), lim::lowest(), F(1), F(-1)};
  std::vector<F> v = xcub_test::random_vector<F>(n, rng);
  for (auto& f : v)
    if (rng() % 3 == 0) f = specials[rng() % (sizeof(specials) / sizeof(specials[0]))];
  return v;
}

template <class Check>
void run(const char* name, Check check) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, check);
}

}  // namespace brs_test
