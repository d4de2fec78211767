// xcub/iterator/cache_modified_input_iterator.hpp: a pointer whose reads use a cache modifier
// (CUB's CacheModifiedInputIterator).
//
// Contract: wraps a `ValueType*`; `*it` and `it[n]` are ThreadLoad<MODIFIER>(ptr) and
// ThreadLoad<MODIFIER>(ptr + n), a loaded copy (reference = ValueType). A random-access input
// iterator; difference_type = OffsetT. Arithmetic, comparison and construction work in host code
// and kernels; reading is device code, as in CUB (on the host backend, any code). The wrapped
// pointer is the public member `ptr`, as in CUB.
//
//   using in_t = xcub::CacheModifiedInputIterator<xcub::LOAD_LDG, float>;
//   XCUB_KERNEL void scale(in_t in, float* out, int n) {
//     const int i = ...;  if (i < n) out[i] = 2 * in[i];   // CUDA: ld.global.nc.u32
//   }
//   scale(in_t(d_in), d_out, n);   // built in host code from a device pointer
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/iterator/detail/iterator_facade.hpp>
#include <xcub/thread/thread_load.hpp>

namespace xcub {

template <CacheLoadModifier MODIFIER, class ValueType, class OffsetT = std::ptrdiff_t>
class CacheModifiedInputIterator
    : public detail::iterator_facade<CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, ValueType, ValueType,
                                     OffsetT> {
  using base = detail::iterator_facade<CacheModifiedInputIterator, ValueType, ValueType, OffsetT>;
  friend base;

 public:
  ValueType* ptr = nullptr;

  CacheModifiedInputIterator() = default;
  /// Wraps a pointer to ValueType (its const and volatile are dropped, as in CUB).
  template <class Q>
  XCUB_HOST_DEVICE CacheModifiedInputIterator(Q* p) : ptr(const_cast<std::remove_cv_t<Q>*>(p)) {}

 private:
  using distance = typename base::distance;
  XCUB_DEVICE XCUB_FORCEINLINE ValueType dereference(distance n) const { return ThreadLoad<MODIFIER>(ptr + n); }
  XCUB_HOST_DEVICE void advance(distance n) { ptr += n; }
  XCUB_HOST_DEVICE OffsetT distance_from(const CacheModifiedInputIterator& o) const {
    return static_cast<OffsetT>(ptr - o.ptr);
  }
  XCUB_HOST_DEVICE bool equal(const CacheModifiedInputIterator& o) const { return ptr == o.ptr; }
};

}  // namespace xcub
