// xcub/iterator/cache_modified_output_iterator.hpp: a pointer whose writes use a cache modifier
// (CUB's CacheModifiedOutputIterator).
//
// Contract: wraps a `ValueType*`; `*it = v` and `it[n] = v` are ThreadStore<MODIFIER>(ptr, v) and
// ThreadStore<MODIFIER>(ptr + n, v). `*it` is a proxy (reference) whose assignment stores and
// returns the value; it cannot be read. A random-access output iterator: value_type and pointer are
// void, as in CUB; difference_type = OffsetT. Arithmetic, comparison and making the proxy work in
// host code and kernels; the store is device code, as in CUB (on the host backend, any code).
//
//   using out_t = xcub::CacheModifiedOutputIterator<xcub::STORE_CS, float>;
//   XCUB_KERNEL void fill(out_t out, int n) {
//     const int i = ...;  if (i < n) out[i] = 1.0f;   // CUDA: st.global.cs.u32, AMD: glc slc
//   }
//   fill(out_t(d_out), n);
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/iterator/detail/iterator_facade.hpp>
#include <xcub/thread/thread_store.hpp>

namespace xcub {
namespace detail {

/// What `*it` and `it[n]` of a CacheModifiedOutputIterator return: assigning a value to it
/// stores the value with the modifier.
template <CacheStoreModifier MODIFIER, class ValueType>
class cache_modified_store_proxy {
 public:
  XCUB_HOST_DEVICE explicit cache_modified_store_proxy(ValueType* p) : ptr_(p) {}
  cache_modified_store_proxy(const cache_modified_store_proxy&) = default;
  cache_modified_store_proxy& operator=(const cache_modified_store_proxy&) = delete;  // a proxy cannot be read
  XCUB_DEVICE XCUB_FORCEINLINE ValueType operator=(const ValueType& v) const {
    ThreadStore<MODIFIER>(ptr_, v);
    return v;
  }

 private:
  ValueType* ptr_;
};

}  // namespace detail

template <CacheStoreModifier MODIFIER, class ValueType, class OffsetT = std::ptrdiff_t>
class CacheModifiedOutputIterator
    : public detail::iterator_facade<CacheModifiedOutputIterator<MODIFIER, ValueType, OffsetT>, void,
                                     detail::cache_modified_store_proxy<MODIFIER, ValueType>, OffsetT> {
  using proxy = detail::cache_modified_store_proxy<MODIFIER, ValueType>;
  using base = detail::iterator_facade<CacheModifiedOutputIterator, void, proxy, OffsetT>;
  friend base;

 public:
  CacheModifiedOutputIterator() = default;
  /// Wraps a pointer to ValueType (its const and volatile are dropped, as in CUB).
  template <class Q>
  XCUB_HOST_DEVICE CacheModifiedOutputIterator(Q* p) : ptr_(const_cast<std::remove_cv_t<Q>*>(p)) {}

 private:
  using distance = typename base::distance;
  XCUB_HOST_DEVICE proxy dereference(distance n) const { return proxy(ptr_ + n); }
  XCUB_HOST_DEVICE void advance(distance n) { ptr_ += n; }
  XCUB_HOST_DEVICE OffsetT distance_from(const CacheModifiedOutputIterator& o) const {
    return static_cast<OffsetT>(ptr_ - o.ptr_);
  }
  XCUB_HOST_DEVICE bool equal(const CacheModifiedOutputIterator& o) const { return ptr_ == o.ptr_; }

  ValueType* ptr_ = nullptr;
};

}  // namespace xcub
