// xcub/iterator/counting_input_iterator.hpp: the sequence val, val + 1, val + 2, ... computed on
// the fly, never stored (CUB's CountingInputIterator).
//
// Contract: it[n] == *(it + n) == val + n (n converted to ValueT); (it + n) - it == n. Two counting
// iterators are equal when they yield the same value, and their difference is the difference of
// their values. ValueT is an arithmetic type; OffsetT is the difference_type. A random-access
// input iterator that yields values (reference = ValueT), usable in host code and in kernels.
//
//   xcub::CountingInputIterator<int> it(10);   // 10, 11, 12, ...
//   int a = it[5];                             // 15
//   int b = *(it + 2);                         // 12
//   XCUB_KERNEL void iota(xcub::CountingInputIterator<int> it, int* out, int n) {
//     const int i = ...;  if (i < n) out[i] = it[i];       // out = 10, 11, ..., 10 + n - 1
//   }
#pragma once

#include <cstddef>

#include <xcub/iterator/detail/iterator_facade.hpp>

namespace xcub {

template <class ValueT, class OffsetT = std::ptrdiff_t>
class CountingInputIterator
    : public detail::iterator_facade<CountingInputIterator<ValueT, OffsetT>, ValueT, ValueT, OffsetT> {
  using base = detail::iterator_facade<CountingInputIterator, ValueT, ValueT, OffsetT>;
  friend base;

 public:
  CountingInputIterator() = default;
  /// The iterator whose first item is `val`.
  XCUB_HOST_DEVICE CountingInputIterator(const ValueT& val) : val_(val) {}

 private:
  using distance = typename base::distance;
  XCUB_HOST_DEVICE ValueT dereference(distance n) const { return static_cast<ValueT>(val_ + static_cast<ValueT>(n)); }
  XCUB_HOST_DEVICE void advance(distance n) { val_ = static_cast<ValueT>(val_ + static_cast<ValueT>(n)); }
  XCUB_HOST_DEVICE OffsetT distance_from(const CountingInputIterator& o) const {
    return static_cast<OffsetT>(val_ - o.val_);
  }
  XCUB_HOST_DEVICE bool equal(const CountingInputIterator& o) const { return val_ == o.val_; }

  ValueT val_;
};

}  // namespace xcub
