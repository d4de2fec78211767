// Shared helpers of the DeviceSegmentedRadixSort and DeviceSegmentedSort tests: segment layouts,
// keys (duplicates, float specials), and one checker that runs a sort through either form
// (pointers or DoubleBuffer) and compares every output item, inside and outside the segments,
// with the oracle (xcub/reference/segmented_sort.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/segmented_sort.hpp>

#include "../device/device_test_support.hpp"

namespace xcub_segsort_test {

using namespace xcub_device_test;

/// Segments [begin[i], end[i]) over `items` items.
struct layout {
  std::vector<int> begin, end;
  std::size_t items = 0;
};

/// Segments of the given sizes, back to back, in order.
inline layout contiguous(const std::vector<std::size_t>& sizes) {
  layout l;
  for (const std::size_t s : sizes) {
    l.begin.push_back(static_cast<int>(l.items));
    l.items += s;
    l.end.push_back(static_cast<int>(l.items));
  }
  return l;
}

/// Segments of the given sizes with gaps of 0-3 items between them (items outside every
/// segment), listed in a random order; some empty segments have their end before their begin.
inline layout scattered(const std::vector<std::size_t>& sizes, std::mt19937_64& rng) {
  layout l;
  for (const std::size_t s : sizes) {
    l.items += rng() % 4;
    l.begin.push_back(static_cast<int>(l.items));
    l.items += s;
    l.end.push_back(s == 0 && rng() % 2 ? static_cast<int>(l.items) - 1 : static_cast<int>(l.items));
  }
  l.items += rng() % 3;
  std::vector<std::size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::shuffle(order.begin(), order.end(), rng);
  layout out{{}, {}, l.items};
  for (const std::size_t i : order) {
    out.begin.push_back(l.begin[i]);
    out.end.push_back(l.end[i]);
  }
  return out;
}

/// `count` random sizes up to `max_size`, a quarter of them 0 or 1.
inline std::vector<std::size_t> random_sizes(std::size_t count, std::size_t max_size, std::mt19937_64& rng) {
  std::vector<std::size_t> sizes(count);
  for (auto& s : sizes) s = rng() % 4 == 0 ? rng() % 2 : static_cast<std::size_t>(rng() % (max_size + 1));
  return sizes;
}

/// Random keys: raw random bits, or (levels > 0) one of `levels` values, many duplicates.
template <class K>
std::vector<K> random_keys(std::size_t n, std::mt19937_64& rng, int levels = 0) {
  std::vector<K> keys(n);
  for (auto& k : keys) {
    if (levels > 0) {
      k = static_cast<K>(static_cast<long long>(rng() % static_cast<unsigned>(levels)) - levels / 3);
    } else {
      const std::uint64_t bits[2] = {rng(), rng()};
      std::memcpy(&k, bits, sizeof(K));
    }
  }
  return keys;
}

/// Floating-point keys with both zeros, both infinities, NaNs of both signs, denormals among small
/// values (many duplicates).
template <class F>
std::vector<F> special_floats(std::size_t n, std::mt19937_64& rng) {
  const F nan = std::numeric_limits<F>::quiet_NaN();
  const F specials[] = {F(0),     -F(0), std::numeric_limits<F>::infinity(), -std::numeric_limits<F>::infinity(),
                        nan,      -nan,  std::numeric_limits<F>::denorm_min(), -std::numeric_limits<F>::denorm_min(),
                        F(-1.5),  F(2),  std::numeric_limits<F>::lowest(),   std::numeric_limits<F>::max()};
  std::vector<F> keys(n);
  for (auto& k : keys) k = rng() % 2 ? specials[rng() % 12] : static_cast<F>(static_cast<int>(rng() % 21) - 10) / F(4);
  return keys;
}

/// Runs call(d_temp, bytes, keys, values, num_items, num_segments, d_begin, d_end) in two phases
/// on device copies (values: positions, for pairs; a DoubleBuffer<NullType> for keys only) and
/// checks every item of the buffer the result is in against the oracle with `less`: segments
/// sorted stably, items outside them as the buffer held them. Pointer forms also keep the input.
template <bool PAIRS, class K, class Less, class Call>
void check_sort(const std::vector<K>& keys, const layout& l, Less less, bool double_buffer, std::mt19937_64& rng,
                Call call) {
  INFO("items = " << l.items << ", segments = " << l.begin.size() << (double_buffer ? ", DoubleBuffer" : ""));
  const std::size_t n = l.items;
  std::vector<int> values(n);
  std::iota(values.begin(), values.end(), 0);
  const std::vector<K> junk_keys = random_keys<K>(n, rng);
  const std::vector<int> junk_values(n, -7);
  auto d_keys = to_device(keys), d_keys_alt = to_device(junk_keys);
  auto d_values = to_device(values), d_values_alt = to_device(junk_values);
  auto d_begin = to_device(l.begin), d_end = to_device(l.end);
  xcub::DoubleBuffer<K> kdb(d_keys.data(), d_keys_alt.data());
  xcub::DoubleBuffer<int> vdb(d_values.data(), d_values_alt.data());
  xcub::DoubleBuffer<xcub::NullType> none;
  two_phase([&](void* t, std::size_t& bytes) {
    if constexpr (PAIRS)
      return call(t, bytes, kdb, vdb, n, l.begin.size(), d_begin.data(), d_end.data());
    else
      return call(t, bytes, kdb, none, n, l.begin.size(), d_begin.data(), d_end.data());
  });
  const int selected = double_buffer ? kdb.selector : 1;
  if (!double_buffer) {
    CHECK(kdb.selector == 0);
    xcub_test::check_equal(d_keys.download(), keys, "keys input kept");
  }
  if constexpr (PAIRS) CHECK(vdb.selector == kdb.selector);
  const std::vector<K>& before_keys = selected ? junk_keys : keys;
  const std::vector<int>& before_values = selected ? junk_values : values;
  const auto want = xcub::reference::segmented_stable_sort_pairs(keys, values, before_keys, before_values, l.begin,
                                                                 l.end, less);
  xcub_test::check_equal((selected ? d_keys_alt : d_keys).download(), want.first, "keys");
  if constexpr (PAIRS) xcub_test::check_equal((selected ? d_values_alt : d_values).download(), want.second, "values");
}

}  // namespace xcub_segsort_test
