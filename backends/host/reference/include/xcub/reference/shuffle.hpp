// xcub/reference/shuffle.hpp: the oracle for BlockShuffle, whose operations are index maps over a
// block's threads (one item each for Offset and Rotate, a blocked tile for Up and Down). Each
// function returns the outputs given the outputs' values before the call (`out`), since threads
// with no source keep theirs.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// out[t] = in[t + distance] where 0 <= t + distance < n; other threads keep out[t].
template <class T>
std::vector<T> shuffle_offset(const std::vector<T>& in, std::vector<T> out, long long distance) {
  const long long n = static_cast<long long>(in.size());
  for (long long t = 0; t < n; ++t) {
    if (t + distance >= 0 && t + distance < n) out[t] = in[t + distance];
  }
  return out;
}

/// out[t] = in[(t + distance) mod n], for distance in [0, n).
template <class T>
std::vector<T> shuffle_rotate(const std::vector<T>& in, long long distance) {
  const std::size_t n = in.size();
  std::vector<T> out(n);
  for (std::size_t t = 0; t < n; ++t) out[t] = in[(t + static_cast<std::size_t>(distance)) % n];
  return out;
}

/// A tile shifted up by one item: out[i] = in[i-1] for i > 0; out[0] keeps its value.
template <class T>
std::vector<T> shuffle_up(const std::vector<T>& in, std::vector<T> out) {
  for (std::size_t i = in.size(); i-- > 1;) out[i] = in[i - 1];
  return out;
}

/// A tile shifted down by one item: out[i] = in[i+1] for i < n-1; out[n-1] keeps its value.
template <class T>
std::vector<T> shuffle_down(const std::vector<T>& in, std::vector<T> out) {
  for (std::size_t i = 0; i + 1 < in.size(); ++i) out[i] = in[i + 1];
  return out;
}

}  // namespace xcub::reference
