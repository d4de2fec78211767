// xcub/reference/reduce_by_key.hpp: the oracle for reductions by key (runs of equal keys).
// Sequential, left to right; it shares no code with the algorithms it checks.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

template <class K, class V>
struct runs_reduction {
  std::vector<K> unique_keys;  // the first key of each run
  std::vector<V> aggregates;   // each run's values folded from the left
};

/// Splits keys into runs of consecutive items where equal(previous key, key) holds, and folds each
/// run's values from the left with op (a run's first value starts its fold).
template <class K, class V, class Equal, class Op>
runs_reduction<K, V> reduce_by_key(const std::vector<K>& keys, const std::vector<V>& values, Equal equal, Op op) {
  runs_reduction<K, V> out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i == 0 || !equal(keys[i - 1], keys[i])) {
      out.unique_keys.push_back(keys[i]);
      out.aggregates.push_back(values[i]);
    } else {
      out.aggregates.back() = op(out.aggregates.back(), values[i]);
    }
  }
  return out;
}

}  // namespace xcub::reference
