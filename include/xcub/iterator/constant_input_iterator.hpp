// xcub/iterator/constant_input_iterator.hpp: the same value at every position (CUB's
// ConstantInputIterator).
//
// Contract: it[n] == *(it + n) == val for every n. The iterator still keeps a position (starting
// at `offset`), so (it + n) - it == n, and equality and order follow the position: like std
// iterators, only iterators over the same sequence (same value) are meant to be compared.
// ValueT is any copyable type; OffsetT is the difference_type. A random-access input iterator
// that yields values (reference = ValueT), usable in host code and in kernels.
//
//   xcub::ConstantInputIterator<float> ones(1.0f);
//   float a = ones[7];                          // 1.0f
//   auto n = (ones + 5) - ones;                 // 5
//   // a kernel reading ones[i] for i < n sees n ones, e.g. as the input of a count.
#pragma once

#include <cstddef>

#include <xcub/iterator/detail/iterator_facade.hpp>

namespace xcub {

template <class ValueT, class OffsetT = std::ptrdiff_t>
class ConstantInputIterator
    : public detail::iterator_facade<ConstantInputIterator<ValueT, OffsetT>, ValueT, ValueT, OffsetT> {
  using base = detail::iterator_facade<ConstantInputIterator, ValueT, ValueT, OffsetT>;
  friend base;

 public:
  ConstantInputIterator() = default;
  /// Yields `val` everywhere; `offset` is the starting position.
  XCUB_HOST_DEVICE ConstantInputIterator(const ValueT& val, OffsetT offset = 0) : val_(val), offset_(offset) {}

 private:
  using distance = typename base::distance;
  XCUB_HOST_DEVICE ValueT dereference(distance) const { return val_; }
  XCUB_HOST_DEVICE void advance(distance n) { offset_ = static_cast<OffsetT>(offset_ + static_cast<OffsetT>(n)); }
  XCUB_HOST_DEVICE OffsetT distance_from(const ConstantInputIterator& o) const {
    return static_cast<OffsetT>(offset_ - o.offset_);
  }
  XCUB_HOST_DEVICE bool equal(const ConstantInputIterator& o) const { return offset_ == o.offset_; }

  ValueT val_;
  OffsetT offset_;
};

}  // namespace xcub
