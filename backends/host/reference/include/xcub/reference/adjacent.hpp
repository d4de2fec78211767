// xcub/reference/adjacent.hpp: the oracle for comparisons and differences of neighbouring items
// of one tile (BlockDiscontinuity, BlockAdjacentDifference). Sequential, left to right.
//
// The flag predicate is always called here as flag(a, b, b_index), b_index being b's position in
// the tile (the tile's length for a tile successor); a caller whose predicate takes no index wraps it.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

namespace adjacent_detail {
template <class T>
struct non_deduced {  // lets callers pass nullptr for an optional neighbour
  using type = T;
};
}  // namespace adjacent_detail

/// flags[0] = flag(*predecessor, in[0], 0), or 1 without a predecessor;
/// flags[i] = flag(in[i-1], in[i], i).
template <class T, class Flag>
std::vector<int> head_flags(const std::vector<T>& in, Flag flag, const typename adjacent_detail::non_deduced<T>::type* predecessor = nullptr) {
  std::vector<int> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (i == 0) out[i] = predecessor ? (flag(*predecessor, in[0], 0) ? 1 : 0) : 1;
    else out[i] = flag(in[i - 1], in[i], static_cast<int>(i)) ? 1 : 0;
  }
  return out;
}

/// flags[i] = flag(in[i], in[i+1], i+1); the last one flag(in[n-1], *successor, n), or 1 without
/// a successor.
template <class T, class Flag>
std::vector<int> tail_flags(const std::vector<T>& in, Flag flag, const typename adjacent_detail::non_deduced<T>::type* successor = nullptr) {
  const std::size_t n = in.size();
  std::vector<int> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i + 1 == n) out[i] = successor ? (flag(in[i], *successor, static_cast<int>(n)) ? 1 : 0) : 1;
    else out[i] = flag(in[i], in[i + 1], static_cast<int>(i + 1)) ? 1 : 0;
  }
  return out;
}

/// Differences to the left over the first `valid` items of a tile:
///   out[i] = diff(in[i], in[i-1])            for 0 < i < valid
///   out[0] = diff(in[0], *predecessor)       if valid > 0 and a predecessor is given
///   out[i] = in[i]                           otherwise (item 0 without predecessor, i >= valid)
template <class Out, class T, class Diff>
std::vector<Out> subtract_left(const std::vector<T>& in, Diff diff,
                               const typename adjacent_detail::non_deduced<T>::type* predecessor, long long valid) {
  std::vector<Out> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const long long k = static_cast<long long>(i);
    if (k >= valid) out[i] = in[i];
    else if (i > 0) out[i] = diff(in[i], in[i - 1]);
    else out[i] = predecessor ? static_cast<Out>(diff(in[0], *predecessor)) : static_cast<Out>(in[0]);
  }
  return out;
}

/// Differences to the right over the first `valid` items of a tile:
///   out[i] = diff(in[i], in[i+1])            for i < valid - 1
///   out[n-1] = diff(in[n-1], *successor)     if valid == n and a successor is given
///   out[i] = in[i]                           otherwise (the last valid item without successor, i >= valid)
template <class Out, class T, class Diff>
std::vector<Out> subtract_right(const std::vector<T>& in, Diff diff,
                                const typename adjacent_detail::non_deduced<T>::type* successor, long long valid) {
  const std::size_t n = in.size();
  if (valid > static_cast<long long>(n)) valid = static_cast<long long>(n);
  std::vector<Out> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const long long k = static_cast<long long>(i);
    if (k + 1 < valid) out[i] = diff(in[i], in[i + 1]);
    else if (i + 1 == n && k + 1 == valid && successor) out[i] = diff(in[i], *successor);
    else out[i] = static_cast<Out>(in[i]);
  }
  return out;
}

}  // namespace xcub::reference
