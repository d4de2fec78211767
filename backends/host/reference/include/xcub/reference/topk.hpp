// xcub/reference/topk.hpp: the oracle for DeviceTopK. Sequential, host only, sharing no code with
// xcub's algorithm: a stable sort by the radix key order of reference/radix.hpp (CUB's order: -0.0
// and +0.0 equal, NaNs with the sign bit clear after +inf), descending for the largest keys, then the
// first min(k, n). Among keys equal to the k-th the device may choose others: compare orders and
// images, not positions (tests/device/test_device_topk.cpp).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include <xcub/reference/radix.hpp>
#include <xcub/reference/sort.hpp>

namespace xcub::reference {

/// The min(k, keys.size()) largest (largest = true) or smallest keys, best first; equal keys in input order.
template <class K>
std::vector<K> topk_keys(const std::vector<K>& keys, std::size_t k, bool largest) {
  std::vector<K> sorted = stable_sort(keys, radix_less<K>(0, static_cast<int>(sizeof(K) * 8), largest));
  sorted.resize(k < sorted.size() ? k : sorted.size());
  return sorted;
}

/// The same for pairs: the values stay with their keys.
template <class K, class V>
std::pair<std::vector<K>, std::vector<V>> topk_pairs(const std::vector<K>& keys, const std::vector<V>& values,
                                                     std::size_t k, bool largest) {
  auto sorted = stable_sort_pairs(keys, values, radix_less<K>(0, static_cast<int>(sizeof(K) * 8), largest));
  const std::size_t m = k < keys.size() ? k : keys.size();
  sorted.first.resize(m);
  sorted.second.resize(m);
  return sorted;
}

}  // namespace xcub::reference
