// xcub/iterator/arg_index_input_iterator.hpp: pairs every item of a random-access input iterator
// with its offset (CUB's ArgIndexInputIterator), the input of ArgMin and ArgMax.
//
// Contract: built from (itr, offset = 0), it[n] == *(it + n) ==
// KeyValuePair<OffsetT, OutputValueT>{offset + n, OutputValueT(itr[offset + n])}: the key counts
// from the wrapped iterator `itr`, not from where this iterator was made. normalize() folds the
// offset into the wrapped iterator: the current item is unchanged and its key becomes 0.
// Differences and order follow the offset; equality needs the same wrapped iterator and offset.
// OutputValueT defaults to the wrapped iterator's value_type. A random-access input iterator that
// yields values (reference = value_type), usable in host code and in kernels (reading in a kernel
// needs a wrapped iterator readable there).
//
//   const double* d_in;                           // e.g. [8.0, 6.0, 7.0, 5.0, 3.0, 0.0, 9.0]
//   xcub::ArgIndexInputIterator<const double*> it(d_in);
//   // in a kernel:
//   xcub::KeyValuePair<std::ptrdiff_t, double> kv = it[6];   // kv.key == 6, kv.value == 9.0
//   auto rest = it + 4;  rest[0].key;             // 4
//   rest.normalize();    rest[0].key;             // 0 (value still 3.0)
#pragma once

#include <cstddef>
#include <iterator>

#include <xcub/iterator/detail/iterator_facade.hpp>
#include <xcub/util/key_value_pair.hpp>

namespace xcub {

template <class InputIteratorT, class OffsetT = std::ptrdiff_t,
          class OutputValueT = typename std::iterator_traits<InputIteratorT>::value_type>
class ArgIndexInputIterator
    : public detail::iterator_facade<ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>,
                                     KeyValuePair<OffsetT, OutputValueT>, KeyValuePair<OffsetT, OutputValueT>,
                                     OffsetT> {
  using pair = KeyValuePair<OffsetT, OutputValueT>;
  using base = detail::iterator_facade<ArgIndexInputIterator, pair, pair, OffsetT>;
  friend base;

 public:
  ArgIndexInputIterator() = default;
  /// Positioned `offset` items past `itr`; keys count from `itr`.
  XCUB_HOST_DEVICE ArgIndexInputIterator(InputIteratorT itr, OffsetT offset = 0) : itr_(itr), offset_(offset) {}

  /// Makes the current position the new origin: the wrapped iterator moves to it, keys restart at 0.
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE void normalize() {
    itr_ += offset_;
    offset_ = 0;
  }

 private:
  using distance = typename base::distance;
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE pair dereference(distance n) const {
    const OffsetT key = static_cast<OffsetT>(offset_ + static_cast<OffsetT>(n));
    return pair(key, static_cast<OutputValueT>(itr_[key]));
  }
  XCUB_HOST_DEVICE void advance(distance n) { offset_ = static_cast<OffsetT>(offset_ + static_cast<OffsetT>(n)); }
  XCUB_HOST_DEVICE OffsetT distance_from(const ArgIndexInputIterator& o) const {
    return static_cast<OffsetT>(offset_ - o.offset_);
  }
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE bool equal(const ArgIndexInputIterator& o) const { return itr_ == o.itr_ && offset_ == o.offset_; }

  InputIteratorT itr_;
  OffsetT offset_;
};

}  // namespace xcub
