// xcub/reference/select.hpp: the oracle for DeviceSelect, DevicePartition and DeviceRunLengthEncode.
// Sequential, left to right, plain loops.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// The items whose pred(item) holds, in order.
template <class T, class Pred>
std::vector<T> select_if(const std::vector<T>& in, Pred pred) {
  std::vector<T> out;
  for (const T& x : in)
    if (pred(x)) out.push_back(x);
  return out;
}

/// The items whose flag (by the same index) satisfies pred, in order.
template <class T, class F, class Pred>
std::vector<T> select_flagged(const std::vector<T>& in, const std::vector<F>& flags, Pred pred) {
  std::vector<T> out;
  for (std::size_t i = 0; i < in.size(); ++i)
    if (pred(flags[i])) out.push_back(in[i]);
  return out;
}

/// The indices of the first item of each run of items that equal() finds equal to the one before.
template <class T, class Eq>
std::vector<std::size_t> run_heads(const std::vector<T>& in, Eq equal) {
  std::vector<std::size_t> heads;
  for (std::size_t i = 0; i < in.size(); ++i)
    if (i == 0 || !equal(in[i - 1], in[i])) heads.push_back(i);
  return heads;
}

/// The first item of each run of equal consecutive items.
template <class T, class Eq>
std::vector<T> unique(const std::vector<T>& in, Eq equal) {
  std::vector<T> out;
  for (std::size_t i : run_heads(in, equal)) out.push_back(in[i]);
  return out;
}

template <class K, class V>
struct unique_by_key_result {
  std::vector<K> keys;
  std::vector<V> values;
};

/// The first key of each run of equal consecutive keys, with its value.
template <class K, class V, class Eq>
unique_by_key_result<K, V> unique_by_key(const std::vector<K>& keys, const std::vector<V>& values, Eq equal) {
  unique_by_key_result<K, V> r;
  for (std::size_t i : run_heads(keys, equal)) {
    r.keys.push_back(keys[i]);
    r.values.push_back(values[i]);
  }
  return r;
}

template <class T>
struct partition_result {
  std::vector<T> out;       // n items: selected in order, then the rejected in reverse order
  std::size_t selected = 0;
};

/// CUB's two-way partition: the selected items first, in order; the rejected ones after them, last
/// rejected first (the first rejected item is out[n - 1]).
template <class T, class Pred>
partition_result<T> partition(const std::vector<T>& in, Pred pred) {
  partition_result<T> r;
  std::vector<T> rejected;
  for (const T& x : in) {
    if (pred(x)) r.out.push_back(x);
    else rejected.push_back(x);
  }
  r.selected = r.out.size();
  for (std::size_t i = rejected.size(); i-- > 0;) r.out.push_back(rejected[i]);
  return r;
}

template <class T>
struct three_way_result {
  std::vector<T> first, second, unselected;  // each in input order
};

/// The three-way partition: first(x) to `first`, else second(x) to `second`, else `unselected`.
template <class T, class P1, class P2>
three_way_result<T> three_way_partition(const std::vector<T>& in, P1 first, P2 second) {
  three_way_result<T> r;
  for (const T& x : in) {
    if (first(x)) r.first.push_back(x);
    else if (second(x)) r.second.push_back(x);
    else r.unselected.push_back(x);
  }
  return r;
}

template <class T>
struct runs_result {
  std::vector<T> items;                     // Encode: each run's item
  std::vector<std::size_t> offsets;         // NonTrivialRuns: each run's first index
  std::vector<std::size_t> lengths;
};

/// Encode: every maximal run of equal (==) items, its item and its length.
template <class T>
runs_result<T> run_length_encode(const std::vector<T>& in) {
  runs_result<T> r;
  for (std::size_t i = 0; i < in.size();) {
    std::size_t j = i + 1;
    while (j < in.size() && in[j] == in[i]) ++j;
    r.items.push_back(in[i]);
    r.offsets.push_back(i);
    r.lengths.push_back(j - i);
    i = j;
  }
  return r;
}

/// NonTrivialRuns: the runs of at least two items, their offsets and lengths.
template <class T>
runs_result<T> non_trivial_runs(const std::vector<T>& in) {
  const runs_result<T> all = run_length_encode(in);
  runs_result<T> r;
  for (std::size_t k = 0; k < all.lengths.size(); ++k) {
    if (all.lengths[k] < 2) continue;
    r.items.push_back(all.items[k]);
    r.offsets.push_back(all.offsets[k]);
    r.lengths.push_back(all.lengths[k]);
  }
  return r;
}

}  // namespace xcub::reference
