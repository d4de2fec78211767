// xcub/reference/segmented_reduce.hpp: the oracle for segmented reductions and arg min/max.
// Sequential, left to right, obviously correct; it shares no code with the algorithms it checks.
//
// Segments are given as begin/end offsets into the input, in any order, possibly overlapping; a
// segment whose end is not past its begin is empty (CUB's rule).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace xcub::reference {

/// For every segment i: init op in[begin[i]] op ... op in[end[i] - 1], folded from the left
/// (converted to Out after each step), or init when the segment is empty.
template <class Out, class T, class Offset, class Op>
std::vector<Out> segmented_reduce(const std::vector<T>& in, const std::vector<Offset>& begin,
                                  const std::vector<Offset>& end, Op op, Out init) {
  std::vector<Out> out;
  for (std::size_t s = 0; s < begin.size(); ++s) {
    Out acc = init;
    for (Offset i = begin[s]; i < end[s]; ++i) acc = static_cast<Out>(op(acc, in[static_cast<std::size_t>(i)]));
    out.push_back(acc);
  }
  return out;
}

/// Where the first smallest (`want_max` false) or first largest (`want_max` true) item of
/// in[first, last) is, as an offset from `first`, and its value; `empty` when first >= last.
/// "First" as CUB: among equal values the lowest offset.
template <class T>
std::pair<std::int64_t, T> arg_extremum(const std::vector<T>& in, std::int64_t first, std::int64_t last, bool want_max,
                                        std::pair<std::int64_t, T> empty) {
  if (first >= last) return empty;
  std::int64_t best = first;
  for (std::int64_t i = first + 1; i < last; ++i) {
    const T& v = in[static_cast<std::size_t>(i)];
    const T& b = in[static_cast<std::size_t>(best)];
    if (want_max ? (b < v) : (v < b)) best = i;
  }
  return {best - first, in[static_cast<std::size_t>(best)]};
}

/// arg_extremum of every segment [begin[i], end[i]).
template <class T, class Offset>
std::vector<std::pair<std::int64_t, T>> segmented_arg_extremum(const std::vector<T>& in,
                                                               const std::vector<Offset>& begin,
                                                               const std::vector<Offset>& end, bool want_max,
                                                               std::pair<std::int64_t, T> empty) {
  std::vector<std::pair<std::int64_t, T>> out;
  for (std::size_t s = 0; s < begin.size(); ++s)
    out.push_back(arg_extremum(in, static_cast<std::int64_t>(begin[s]), static_cast<std::int64_t>(end[s]), want_max,
                               empty));
  return out;
}

}  // namespace xcub::reference
