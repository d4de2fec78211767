// xcub/iterator/transform_input_iterator.hpp: applies a unary functor to every item of another
// random-access input iterator as it is read (CUB's TransformInputIterator, same parameter order).
//
// Contract: it[n] == *(it + n) == ValueType(conversion_op(input_itr[n])). The wrapped iterator
// moves with this one: differences and comparisons are those of the wrapped iterators.
// conversion_op needs a const call operator, host-device if the iterator is read in kernels;
// reading in a kernel needs a wrapped iterator readable there (device memory, another fancy
// iterator). A random-access input iterator that yields values (reference = ValueType).
//
//   struct square { XCUB_HOST_DEVICE long long operator()(int x) const { return 1ll * x * x; } };
//   xcub::CountingInputIterator<int> count(0);
//   xcub::TransformInputIterator<long long, square, xcub::CountingInputIterator<int>> sq(count, square{});
//   long long a = sq[4];                       // 16
//   xcub::TransformInputIterator<double, to_double, const float*> d(d_in, to_double{});  // in kernels: d[i]
#pragma once

#include <cstddef>

#include <xcub/iterator/detail/iterator_facade.hpp>

namespace xcub {

template <class ValueType, class ConversionOp, class InputIteratorT, class OffsetT = std::ptrdiff_t>
class TransformInputIterator
    : public detail::iterator_facade<TransformInputIterator<ValueType, ConversionOp, InputIteratorT, OffsetT>,
                                     ValueType, ValueType, OffsetT> {
  using base = detail::iterator_facade<TransformInputIterator, ValueType, ValueType, OffsetT>;
  friend base;

 public:
  TransformInputIterator() = default;
  XCUB_HOST_DEVICE TransformInputIterator(InputIteratorT input_itr, ConversionOp conversion_op)
      : itr_(input_itr), op_(conversion_op) {}

 private:
  using distance = typename base::distance;
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE ValueType dereference(distance n) const { return static_cast<ValueType>(op_(itr_[n])); }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE void advance(distance n) { itr_ += n; }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE OffsetT distance_from(const TransformInputIterator& o) const {
    return static_cast<OffsetT>(itr_ - o.itr_);
  }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE bool equal(const TransformInputIterator& o) const { return itr_ == o.itr_; }

  InputIteratorT itr_;
  ConversionOp op_;
};

}  // namespace xcub
