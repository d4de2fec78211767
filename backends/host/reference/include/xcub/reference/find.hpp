// xcub/reference/find.hpp: the oracle for DeviceFind. Sequential scans, left to right: no search.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// The index of the first item x of `in` with pred(x), or in.size().
template <class T, class Pred>
std::size_t find_if(const std::vector<T>& in, Pred pred) {
  for (std::size_t i = 0; i < in.size(); ++i)
    if (pred(in[i])) return i;
  return in.size();
}

/// For each value v: the index of the first item of `range` that is not before v (!less(item, v)),
/// or range.size(); counted item by item from the front.
template <class T, class V, class Less>
std::vector<std::size_t> lower_bound(const std::vector<T>& range, const std::vector<V>& values, Less less) {
  std::vector<std::size_t> out;
  for (const V& v : values) {
    std::size_t i = 0;
    while (i < range.size() && less(range[i], v)) ++i;
    out.push_back(i);
  }
  return out;
}

/// For each value v: the index of the first item of `range` that is after v (less(v, item)), or
/// range.size(); counted item by item from the front.
template <class T, class V, class Less>
std::vector<std::size_t> upper_bound(const std::vector<T>& range, const std::vector<V>& values, Less less) {
  std::vector<std::size_t> out;
  for (const V& v : values) {
    std::size_t i = 0;
    while (i < range.size() && !less(v, range[i])) ++i;
    out.push_back(i);
  }
  return out;
}

}  // namespace xcub::reference
