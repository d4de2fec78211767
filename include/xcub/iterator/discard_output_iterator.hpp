// xcub/iterator/discard_output_iterator.hpp: an output iterator that drops everything written
// through it (CUB's DiscardOutputIterator), for outputs an algorithm must produce but the caller
// does not need.
//
// Contract: `*it = x` and `it[n] = x` accept a value of any type and do nothing; the iterator
// still keeps a position (starting at `offset`), so arithmetic, differences and comparisons work
// as on a pointer. As in CUB, value_type is void (an output iterator takes any type) and
// iterator_category is random access. Usable in host code and in kernels; nothing to allocate.
//
//   xcub::DiscardOutputIterator<> nowhere;
//   nowhere[3] = 42;                            // no effect
//   auto n = (nowhere + 10) - nowhere;          // 10
//   // pass it where an algorithm wants, say, the number of selected items and it is not needed
#pragma once

#include <cstddef>

#include <xcub/iterator/detail/iterator_facade.hpp>

namespace xcub {
namespace detail {
/// The reference of DiscardOutputIterator: assigning anything to it does nothing.
struct discard_reference {
  template <class T>
  XCUB_HOST_DEVICE const discard_reference& operator=(const T&) const {
    return *this;
  }
};
}  // namespace detail

template <class OffsetT = std::ptrdiff_t>
class DiscardOutputIterator
    : public detail::iterator_facade<DiscardOutputIterator<OffsetT>, void, detail::discard_reference, OffsetT> {
  using base = detail::iterator_facade<DiscardOutputIterator, void, detail::discard_reference, OffsetT>;
  friend base;

 public:
  /// Positioned at `offset`.
  XCUB_HOST_DEVICE DiscardOutputIterator(OffsetT offset = 0) : offset_(offset) {}

 private:
  using distance = typename base::distance;
  XCUB_HOST_DEVICE detail::discard_reference dereference(distance) const { return {}; }
  XCUB_HOST_DEVICE void advance(distance n) { offset_ = static_cast<OffsetT>(offset_ + static_cast<OffsetT>(n)); }
  XCUB_HOST_DEVICE OffsetT distance_from(const DiscardOutputIterator& o) const {
    return static_cast<OffsetT>(offset_ - o.offset_);
  }
  XCUB_HOST_DEVICE bool equal(const DiscardOutputIterator& o) const { return offset_ == o.offset_; }

  OffsetT offset_;
};

}  // namespace xcub
