// xcub/reference/reduce.hpp: the oracle for reductions. Sequential, left to right, obviously
// correct; it shares no code with the algorithms it checks.
#pragma once

#include <cstddef>
#include <stdexcept>
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


// ---- per-group and segmented forms (the thread and warp tests) ---------------------------------

/// in[0] op in[1] ... op in[n-1] with no initial value (n >= 1), folded from the left; each step's
/// result is converted to T (so `op` may return a wider accumulator, as Sum on int8_t does).
template <class T, class Op>
T reduce(const std::vector<T>& in, Op op) {
  if (in.empty()) throw std::invalid_argument("xcub::reference::reduce: no items and no initial value");
  T acc = in[0];
  for (std::size_t i = 1; i < in.size(); ++i) acc = static_cast<T>(op(acc, in[i]));
  return acc;
}

/// The reduction (no initial value) of the first `valid_items` items (at least 1; more than there
/// are means all of them).
template <class T, class Op>
T reduce_first(const std::vector<T>& in, std::size_t valid_items, Op op) {
  if (valid_items == 0) throw std::invalid_argument("xcub::reference::reduce_first: valid_items must be >= 1");
  const std::size_t count = valid_items < in.size() ? valid_items : in.size();
  return reduce(std::vector<T>(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(count)), op);
}

/// The reduction of one segment of a flagged sequence: where it begins and its value.
template <class T>
struct segment_reduction {
  std::size_t first;  ///< the index of its first item
  std::size_t count;  ///< how many items it has
  T value;            ///< their reduction, folded from the left
};

/// Segments that begin at item 0 and at every item whose `heads` flag is set; one reduction each,
/// in order.
template <class T, class Flag, class Op>
std::vector<segment_reduction<T>> reduce_head_segments(const std::vector<T>& in, const std::vector<Flag>& heads,
                                                       Op op) {
  std::vector<segment_reduction<T>> out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (i == 0 || heads[i]) {
      out.push_back(segment_reduction<T>{i, 1, in[i]});
    } else {
      out.back().value = static_cast<T>(op(out.back().value, in[i]));
      ++out.back().count;
    }
  }
  return out;
}

/// Segments that end at every item whose `tails` flag is set and at the last item; one reduction
/// each, in order.
template <class T, class Flag, class Op>
std::vector<segment_reduction<T>> reduce_tail_segments(const std::vector<T>& in, const std::vector<Flag>& tails,
                                                       Op op) {
  std::vector<segment_reduction<T>> out;
  bool open = false;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (!open) {
      out.push_back(segment_reduction<T>{i, 1, in[i]});
    } else {
      out.back().value = static_cast<T>(op(out.back().value, in[i]));
      ++out.back().count;
    }
    open = !tails[i];
  }
  return out;
}

}  // namespace xcub::reference
