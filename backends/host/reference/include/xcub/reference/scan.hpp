// xcub/reference/scan.hpp: the oracle for prefix scans. Sequential, left to right.
#pragma once

#include <vector>

namespace xcub::reference {

/// out[i] = in[0] op ... op in[i].
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  for (const T& v : in) out.push_back(out.empty() ? v : op(out.back(), v));
  return out;
}

/// out[i] = init op in[0] op ... op in[i] (an inclusive scan seeded with init).
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, T init, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  T acc = init;
  for (const T& v : in) out.push_back(acc = op(acc, v));
  return out;
}

/// out[0] = init, out[i] = init op in[0] op ... op in[i-1].
template <class T, class Op>
std::vector<T> exclusive_scan(const std::vector<T>& in, T init, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  T acc = init;
  for (const T& v : in) {
    out.push_back(acc);
    acc = op(acc, v);
  }
  return out;
}

}  // namespace xcub::reference
