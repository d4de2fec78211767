// xcub/reference/topk.hpp: the oracle for DeviceTopK. Sequential, host only, sharing no code with
// xcub's algorithm: a stable sort by the radix key order of reference/radix.hpp (CUB's order: -0.0
// and +0.0 equal, NaNs with the sign bit clear after +inf), descending for the largest keys, then the
// first min(k, n). Among keys equal to the k-th the device may choose others: compare orders and
// images, not positions (tests/device/test_device_topk.cpp). Each key's image is computed once.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

#include <xcub/reference/radix.hpp>

namespace xcub::reference {

/// The input positions of the min(k, n) largest (largest = true) or smallest keys, best first; equal
/// keys in input order.
template <class K>
std::vector<std::size_t> topk_order(const std::vector<K>& keys, std::size_t k, bool largest) {
  const int bits = static_cast<int>(sizeof(K) * 8);
  std::vector<wide_image> images;
  images.reserve(keys.size());
  for (const K& key : keys) images.push_back(radix_image(key));
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const int c = compare_bits(images[a], images[b], 0, bits);
    return largest ? c > 0 : c < 0;
  });
  order.resize(k < order.size() ? k : order.size());
  return order;
}

/// The min(k, n) largest (largest = true) or smallest keys, best first; equal keys in input order.
template <class K>
std::vector<K> topk_keys(const std::vector<K>& keys, std::size_t k, bool largest) {
  std::vector<K> out;
  for (std::size_t i : topk_order(keys, k, largest)) out.push_back(keys[i]);
  return out;
}

/// The same for pairs: the values stay with their keys.
template <class K, class V>
std::pair<std::vector<K>, std::vector<V>> topk_pairs(const std::vector<K>& keys, const std::vector<V>& values,
                                                     std::size_t k, bool largest) {
  std::pair<std::vector<K>, std::vector<V>> out;
  for (std::size_t i : topk_order(keys, k, largest)) {
    out.first.push_back(keys[i]);
    out.second.push_back(values[i]);
  }
  return out;
}

}  // namespace xcub::reference
