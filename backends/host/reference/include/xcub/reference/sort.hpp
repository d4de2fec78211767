// xcub/reference/sort.hpp: the oracle for sorts and merges. Sequential and obviously stable: the
// standard library's std::stable_sort over the items' positions (equivalent items keep their input
// order), O(n log n), so that device-sized inputs (10^6 keys and more) are cheap to check. It shares
// no code with the algorithms it checks.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace xcub::reference {

/// The permutation that sorts `keys` stably by the strict weak order `less`: order[i] is the input
/// position of the i-th smallest key (ties in input order).
template <class K, class Less>
std::vector<std::size_t> stable_order(const std::vector<K>& keys, Less less) {
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return less(keys[a], keys[b]); });
  return order;
}

/// `items` rearranged by `order`: out[i] = items[order[i]].
template <class T>
std::vector<T> permuted(const std::vector<T>& items, const std::vector<std::size_t>& order) {
  std::vector<T> out;
  out.reserve(order.size());
  for (std::size_t i : order) out.push_back(items[i]);
  return out;
}

/// The keys sorted stably by the strict weak order `less`.
template <class K, class Less>
std::vector<K> stable_sort(std::vector<K> keys, Less less) {
  return permuted(keys, stable_order(keys, less));
}

/// (key, value) pairs sorted stably by key: the values travel with their keys.
template <class K, class V, class Less>
std::pair<std::vector<K>, std::vector<V>> stable_sort_pairs(std::vector<K> keys, std::vector<V> values, Less less) {
  const std::vector<std::size_t> order = stable_order(keys, less);
  return {permuted(keys, order), permuted(values, order)};
}

/// A partial tile: the keys at positions `valid_items` and later (all of them if it is negative,
/// none if it is past the end) replaced by `oob_default`; the tile keeps its size.
template <class K>
std::vector<K> fill_past_valid(std::vector<K> keys, long long valid_items, const K& oob_default) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (static_cast<long long>(i) >= valid_items) keys[i] = oob_default;
  }
  return keys;
}

/// A partial tile sorted stably: fill_past_valid, then stable_sort (the whole tile, so valid keys
/// that order after `oob_default` end up past valid_items).
template <class K, class Less>
std::vector<K> stable_sort_partial(const std::vector<K>& keys, long long valid_items, const K& oob_default,
                                   Less less) {
  return stable_sort(fill_past_valid(keys, valid_items, oob_default), less);
}

/// The same with values (every value stays, whatever its key became).
template <class K, class V, class Less>
std::pair<std::vector<K>, std::vector<V>> stable_sort_pairs_partial(const std::vector<K>& keys, std::vector<V> values,
                                                                    long long valid_items, const K& oob_default,
                                                                    Less less) {
  return stable_sort_pairs(fill_past_valid(keys, valid_items, oob_default), std::move(values), less);
}

/// The stable merge of two sorted runs: at equivalent keys, `a`'s items come first. Each output item
/// carries where it came from: its index in `a`, or a.size() + its index in `b`.
template <class K, class Less>
std::pair<std::vector<K>, std::vector<std::size_t>> merge(const std::vector<K>& a, const std::vector<K>& b,
                                                          Less less) {
  std::vector<K> keys;
  std::vector<std::size_t> from;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const bool take_b = i == a.size() || (j < b.size() && less(b[j], a[i]));
    if (take_b) {
      keys.push_back(b[j]), from.push_back(a.size() + j), ++j;
    } else {
      keys.push_back(a[i]), from.push_back(i), ++i;
    }
  }
  return {std::move(keys), std::move(from)};
}

}  // namespace xcub::reference
