// xcub/reference/transform.hpp: the oracle for DeviceTransform, DeviceFor and (whole ranges of)
// DeviceAdjacentDifference. Sequential, left to right.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// out[i] = op(a[i], b[i], ...) for i < a.size() (every input at least as long as a).
template <class Out, class Op, class A, class... B>
std::vector<Out> transform(Op op, const std::vector<A>& a, const std::vector<B>&... b) {
  std::vector<Out> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = static_cast<Out>(op(a[i], b[i]...));
  return out;
}

/// op(x) for every item x of v, in order (op may change x).
template <class T, class Op>
void for_each(std::vector<T>& v, Op op) {
  for (auto& x : v) op(x);
}

/// out[0] = in[0], out[i] = diff(in[i], in[i - 1]).
template <class Out, class T, class Diff>
std::vector<Out> adjacent_difference_left(const std::vector<T>& in, Diff diff) {
  std::vector<Out> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = i == 0 ? static_cast<Out>(in[0]) : static_cast<Out>(diff(in[i], in[i - 1]));
  return out;
}

/// out[n - 1] = in[n - 1], out[i] = diff(in[i], in[i + 1]).
template <class Out, class T, class Diff>
std::vector<Out> adjacent_difference_right(const std::vector<T>& in, Diff diff) {
  const std::size_t n = in.size();
  std::vector<Out> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = i + 1 == n ? static_cast<Out>(in[i]) : static_cast<Out>(diff(in[i], in[i + 1]));
  return out;
}

}  // namespace xcub::reference
