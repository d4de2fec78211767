// xcub/reference/scan_by_key.hpp: the oracle for scans by key. Sequential, left to right.
//
// A run is a maximal stretch of consecutive items whose keys `equal` finds equal to the key
// before (item 0 starts one). Each run is scanned on its own; each step converts to T.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// out[i] = values[start] op ... op values[i], start the first item of i's run.
template <class K, class T, class Op, class Eq>
std::vector<T> inclusive_scan_by_key(const std::vector<K>& keys, const std::vector<T>& values, Op op, Eq equal) {
  std::vector<T> out;
  out.reserve(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const bool head = i == 0 || !equal(keys[i - 1], keys[i]);
    out.push_back(head ? values[i] : static_cast<T>(op(out.back(), values[i])));
  }
  return out;
}

/// out[i] = init at the first item of a run, else init op values[start] op ... op values[i-1].
template <class K, class T, class Op, class Eq>
std::vector<T> exclusive_scan_by_key(const std::vector<K>& keys, const std::vector<T>& values, T init, Op op,
                                     Eq equal) {
  std::vector<T> out;
  out.reserve(values.size());
  T acc = init;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i == 0 || !equal(keys[i - 1], keys[i])) acc = init;
    out.push_back(acc);
    acc = static_cast<T>(op(acc, values[i]));
  }
  return out;
}

}  // namespace xcub::reference
