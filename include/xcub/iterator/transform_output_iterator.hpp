// xcub/iterator/transform_output_iterator.hpp: applies a unary functor to every value written
// through it before storing the result in another output iterator (the output counterpart of
// TransformInputIterator, like thrust::transform_output_iterator).
//
// Contract: `it[n] = x` and `*(it + n) = x` store conversion_op(x) through output_itr[n]; x may be
// of any type conversion_op accepts. The reference is a write-only proxy (a proxy can't be read,
// and assigning one proxy to another is refused). The wrapped iterator moves with this one:
// differences and comparisons are those of the wrapped iterators. As for CUB's output iterators,
// value_type is void and iterator_category is random access. conversion_op needs a const call
// operator, host-device if the iterator is written in kernels.
//
//   struct to_float { XCUB_HOST_DEVICE float operator()(double x) const { return float(x); } };
//   float* d_out;
//   auto out = xcub::make_transform_output_iterator(d_out, to_float{});
//   // in a kernel:
//   out[i] = 0.5;                               // d_out[i] = 0.5f
#pragma once

#include <cstddef>

#include <xcub/iterator/detail/iterator_facade.hpp>

namespace xcub {
namespace detail {
/// The reference of TransformOutputIterator: assigning x stores op(x) through the wrapped iterator.
template <class OutputIteratorT, class ConversionOp>
class transform_output_reference {
 public:
  XCUB_HOST_DEVICE transform_output_reference(const OutputIteratorT& out, const ConversionOp& op) : out_(out), op_(op) {}
  transform_output_reference(const transform_output_reference&) = default;
  transform_output_reference& operator=(const transform_output_reference&) = delete;

  XCUB_EXEC_CHECK_DISABLE
  template <class T>
  XCUB_HOST_DEVICE const transform_output_reference& operator=(const T& x) const {
    *out_ = op_(x);
    return *this;
  }

 private:
  OutputIteratorT out_;
  ConversionOp op_;
};
}  // namespace detail

template <class OutputIteratorT, class ConversionOp, class OffsetT = std::ptrdiff_t>
class TransformOutputIterator
    : public detail::iterator_facade<TransformOutputIterator<OutputIteratorT, ConversionOp, OffsetT>, void,
                                     detail::transform_output_reference<OutputIteratorT, ConversionOp>, OffsetT> {
  using ref = detail::transform_output_reference<OutputIteratorT, ConversionOp>;
  using base = detail::iterator_facade<TransformOutputIterator, void, ref, OffsetT>;
  friend base;

 public:
  TransformOutputIterator() = default;
  XCUB_HOST_DEVICE TransformOutputIterator(OutputIteratorT output_itr, ConversionOp conversion_op)
      : out_(output_itr), op_(conversion_op) {}

 private:
  using distance = typename base::distance;
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE ref dereference(distance n) const { return ref(out_ + n, op_); }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE void advance(distance n) { out_ += n; }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE OffsetT distance_from(const TransformOutputIterator& o) const {
    return static_cast<OffsetT>(out_ - o.out_);
  }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE bool equal(const TransformOutputIterator& o) const { return out_ == o.out_; }

  OutputIteratorT out_;
  ConversionOp op_;
};

/// `TransformOutputIterator<OutputIteratorT, ConversionOp, OffsetT>(output_itr, conversion_op)`,
/// with the types deduced.
template <class OffsetT = std::ptrdiff_t, class OutputIteratorT, class ConversionOp>
XCUB_HOST_DEVICE TransformOutputIterator<OutputIteratorT, ConversionOp, OffsetT> make_transform_output_iterator(
    OutputIteratorT output_itr, ConversionOp conversion_op) {
  return TransformOutputIterator<OutputIteratorT, ConversionOp, OffsetT>(output_itr, conversion_op);
}

}  // namespace xcub
