// xcub/reference/reduce.hpp: the oracle for reductions. Sequential, left to right, obviously
// correct; it shares no code with the algorithms it checks.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// init op in[0] op in[1] ... op in[n-1], folded strictly from the left (so a non-commutative
/// or non-associative `op` gets the sequential answer).
template <class T, class Op>
T reduce(const std::vector<T>& in, T init, Op op) {
  T acc = init;
  for (const T& v : in) acc = op(acc, v);
  return acc;
}

/// The reduction of each consecutive run of `segment` items (the last run may be shorter);
/// one result per run, each folded from the left starting with its first item.
template <class T, class Op>
std::vector<T> reduce_segments(const std::vector<T>& in, std::size_t segment, Op op) {
  std::vector<T> out;
  for (std::size_t begin = 0; begin < in.size(); begin += segment) {
    T acc = in[begin];
    for (std::size_t i = begin + 1; i < in.size() && i < begin + segment; ++i) acc = op(acc, in[i]);
    out.push_back(acc);
  }
  return out;
}

}  // namespace xcub::reference
