// xcub/util/double_buffer.hpp: a pair of same-sized device arrays and a selector naming the one
// that holds the valid data, for multi-pass algorithms that ping-pong between them (CUB's
// DoubleBuffer). An algorithm that takes one may flip the selector; read Current() afterwards.
//
//   xcub::DoubleBuffer<int> keys(d_keys, d_keys_alt);
//   // ... a sort that alternates passes ...
//   int* sorted = keys.Current();
#pragma once

#include <xcub/config.hpp>

namespace xcub {

template <class T>
struct DoubleBuffer {
  T* d_buffers[2] = {nullptr, nullptr};
  int selector = 0;  ///< index of the current buffer: 0 or 1

  DoubleBuffer() = default;
  XCUB_HOST_DEVICE DoubleBuffer(T* d_current, T* d_alternate) : d_buffers{d_current, d_alternate} {}

  XCUB_HOST_DEVICE T* Current() const { return d_buffers[selector]; }
  XCUB_HOST_DEVICE T* Alternate() const { return d_buffers[selector ^ 1]; }
  /// Makes the alternate buffer the current one.
  XCUB_HOST_DEVICE void Swap() { selector ^= 1; }
};

}  // namespace xcub
