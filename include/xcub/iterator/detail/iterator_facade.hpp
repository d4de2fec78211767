// xcub/iterator/detail/iterator_facade.hpp: the random-access plumbing that every xcub iterator
// shares, written once. An iterator derives from
//   iterator_facade<Derived, Value, Reference, OffsetT>
// declares `friend base;` and gives four private hooks:
//   Reference dereference(distance n) const   the item n places from the current position
//   void advance(distance n)                  moves by n places (n may be negative)
//   OffsetT distance_from(const Derived&) const   *this - other, in items
//   bool equal(const Derived&) const          same position (and same underlying sequence)
// where `distance` is a 64-bit signed integer, so that a negative step or an unsigned 32-bit
// offset beyond 2^31 both reach a wrapped pointer intact. From those the facade builds
// *, [], ->, ++, --, +, -, +=, -=, n + it, it - it, ==, !=, <, >, <=, >= (all host and device)
// and the std::iterator_traits members: random access, difference_type = OffsetT, and for
// output iterators (Value = void, as in CUB) pointer = void.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/config.hpp>

namespace xcub::detail {

/// What operator-> returns for iterators that yield values: the value, held, with a pointer to it.
template <class T>
struct arrow_proxy {
  T value;
  XCUB_HOST_DEVICE const T* operator->() const { return &value; }
};

template <class Derived, class Value, class Reference, class OffsetT>
class iterator_facade {
  static_assert(std::is_integral_v<OffsetT>, "xcub iterators: OffsetT must be an integer type");
  template <class N>
  using if_integral = std::enable_if_t<std::is_integral_v<N>, int>;

 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = OffsetT;
  using reference = Reference;
  using pointer = std::conditional_t<std::is_void_v<Value>, void, arrow_proxy<Value>>;

 protected:
  using distance = std::int64_t;

 public:
  // Dereferencing may be device-only (a cache-modified load) or host-only (a wrapped host
  // iterator): checked where an instantiation runs.
  XCUB_EXEC_CHECK_DISABLE
  XCUB_HOST_DEVICE reference operator*() const { return self().dereference(distance(0)); }
  XCUB_EXEC_CHECK_DISABLE
  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE reference operator[](N n) const {
    return self().dereference(static_cast<distance>(n));
  }
  XCUB_EXEC_CHECK_DISABLE
  template <class P = pointer, std::enable_if_t<!std::is_void_v<P>, int> = 0>
  XCUB_HOST_DEVICE P operator->() const {
    return P{**this};
  }

  XCUB_HOST_DEVICE Derived& operator++() { return step(1); }
  XCUB_HOST_DEVICE Derived& operator--() { return step(-1); }
  XCUB_HOST_DEVICE Derived operator++(int) {
    Derived old = self();
    step(1);
    return old;
  }
  XCUB_HOST_DEVICE Derived operator--(int) {
    Derived old = self();
    step(-1);
    return old;
  }

  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE Derived& operator+=(N n) {
    return step(static_cast<distance>(n));
  }
  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE Derived& operator-=(N n) {
    return step(-static_cast<distance>(n));
  }
  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE Derived operator+(N n) const {
    Derived r = self();
    r.advance(static_cast<distance>(n));
    return r;
  }
  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE friend Derived operator+(N n, const Derived& it) {
    return it + n;
  }
  template <class N, if_integral<N> = 0>
  XCUB_HOST_DEVICE Derived operator-(N n) const {
    Derived r = self();
    r.advance(-static_cast<distance>(n));
    return r;
  }
  XCUB_HOST_DEVICE difference_type operator-(const Derived& other) const { return self().distance_from(other); }

  XCUB_HOST_DEVICE bool operator==(const Derived& other) const { return self().equal(other); }
  XCUB_HOST_DEVICE bool operator!=(const Derived& other) const { return !self().equal(other); }
  // Ordered by the sign of the distance, read as signed so that an unsigned OffsetT works too.
  XCUB_HOST_DEVICE bool operator<(const Derived& other) const { return signed_distance(other) < 0; }
  XCUB_HOST_DEVICE bool operator>(const Derived& other) const { return signed_distance(other) > 0; }
  XCUB_HOST_DEVICE bool operator<=(const Derived& other) const { return signed_distance(other) <= 0; }
  XCUB_HOST_DEVICE bool operator>=(const Derived& other) const { return signed_distance(other) >= 0; }

 private:
  XCUB_HOST_DEVICE const Derived& self() const { return static_cast<const Derived&>(*this); }
  XCUB_HOST_DEVICE Derived& step(distance n) {
    Derived& d = static_cast<Derived&>(*this);
    d.advance(n);
    return d;
  }
  XCUB_HOST_DEVICE std::make_signed_t<OffsetT> signed_distance(const Derived& other) const {
    return static_cast<std::make_signed_t<OffsetT>>(self().distance_from(other));
  }
};

}  // namespace xcub::detail
