// xcub/reference/segmented_sort.hpp: the oracle for segmented sorts (DeviceSegmentedRadixSort,
// DeviceSegmentedSort). Sequential, host only; each segment through reference::stable_sort_pairs
// (sort.hpp), with any strict weak order (radix_less from radix.hpp for CUB's key order).
//
// segmented_stable_sort_pairs(keys, values, out_keys, out_values, begins, ends, less):
//   out_keys / out_values (what the outputs held before the sort) with every segment
//   [begins[i], ends[i]) replaced by keys[begin, end) and values[begin, end) sorted stably by key;
//   an end at or before its begin is an empty segment; items outside every segment keep what the
//   output held (CUB neither reads nor writes them). Segments must not overlap.
// segmented_stable_sort(keys, out_keys, begins, ends, less): the same for keys alone.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include <xcub/reference/sort.hpp>

namespace xcub::reference {

template <class K, class V, class Offset, class Less>
std::pair<std::vector<K>, std::vector<V>> segmented_stable_sort_pairs(const std::vector<K>& keys,
                                                                      const std::vector<V>& values,
                                                                      std::vector<K> out_keys,
                                                                      std::vector<V> out_values,
                                                                      const std::vector<Offset>& begins,
                                                                      const std::vector<Offset>& ends, Less less) {
  for (std::size_t s = 0; s < begins.size(); ++s) {
    if (!(ends[s] > begins[s])) continue;
    const auto b = static_cast<std::size_t>(begins[s]), e = static_cast<std::size_t>(ends[s]);
    std::vector<K> k(keys.begin() + static_cast<std::ptrdiff_t>(b), keys.begin() + static_cast<std::ptrdiff_t>(e));
    std::vector<V> v(values.begin() + static_cast<std::ptrdiff_t>(b),
                     values.begin() + static_cast<std::ptrdiff_t>(e));
    auto sorted = stable_sort_pairs(std::move(k), std::move(v), less);
    for (std::size_t i = 0; i < e - b; ++i) {
      out_keys[b + i] = sorted.first[i];
      out_values[b + i] = sorted.second[i];
    }
  }
  return {std::move(out_keys), std::move(out_values)};
}

template <class K, class Offset, class Less>
std::vector<K> segmented_stable_sort(const std::vector<K>& keys, std::vector<K> out_keys,
                                     const std::vector<Offset>& begins, const std::vector<Offset>& ends, Less less) {
  for (std::size_t s = 0; s < begins.size(); ++s) {
    if (!(ends[s] > begins[s])) continue;
    const auto b = static_cast<std::size_t>(begins[s]), e = static_cast<std::size_t>(ends[s]);
    std::vector<K> k(keys.begin() + static_cast<std::ptrdiff_t>(b), keys.begin() + static_cast<std::ptrdiff_t>(e));
    const std::vector<K> sorted = stable_sort(std::move(k), less);
    for (std::size_t i = 0; i < e - b; ++i) out_keys[b + i] = sorted[i];
  }
  return out_keys;
}

}  // namespace xcub::reference
