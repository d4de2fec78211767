// xcub/thread/thread_operators.hpp: the binary operators that reductions and scans take, usable
// in host code and in kernels on every backend (CUB's names).
//
//   Sum, Max, Min                     a + b, the larger, the smaller (Max/Min keep `a` on ties)
//   ArgMax, ArgMin                    on KeyValuePair<offset, value>: the pair with the larger
//                                     (smaller) value, the smaller key on ties
//   Equality, Inequality              a == b, a != b
//   InequalityWrapper<EqualityOp>     !op(a, b)
//   BinaryFlip<Op>                    op(b, a): turns a right fold into a left one (reverse scans)
//
//   int total = xcub::Sum{}(3, 4);                                   // 7
//   auto best = xcub::ArgMax{}(xcub::KeyValuePair<int, float>(0, 2.f),
//                              xcub::KeyValuePair<int, float>(5, 2.f));   // key 0: ties keep the smaller key
#pragma once

#include <utility>

#include <xcub/config.hpp>
#include <xcub/util/key_value_pair.hpp>

namespace xcub {

struct Sum {
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr auto operator()(const A& a, const B& b) const {
    return a + b;
  }
};

struct Max {
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

struct Min {
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

struct ArgMax {
  template <class K, class V>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                                                            const KeyValuePair<K, V>& b) const {
    return (a.value < b.value || (!(b.value < a.value) && b.key < a.key)) ? b : a;
  }
};

struct ArgMin {
  template <class K, class V>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                                                            const KeyValuePair<K, V>& b) const {
    return (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) ? b : a;
  }
};

struct Equality {
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr bool operator()(const A& a, const B& b) const {
    return a == b;
  }
};

struct Inequality {
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr bool operator()(const A& a, const B& b) const {
    return a != b;
  }
};

template <class EqualityOp>
struct InequalityWrapper {
  EqualityOp op;
  XCUB_HOST_DEVICE constexpr explicit InequalityWrapper(EqualityOp o) : op(o) {}
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr bool operator()(const A& a, const B& b) const {
    return !op(a, b);
  }
};

template <class Op>
struct BinaryFlip {
  Op op;
  XCUB_HOST_DEVICE constexpr explicit BinaryFlip(Op o) : op(o) {}
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr auto operator()(const A& a, const B& b) const {
    return op(b, a);
  }
};

template <class Op>
XCUB_HOST_DEVICE constexpr BinaryFlip<Op> MakeBinaryFlip(Op op) {
  return BinaryFlip<Op>(op);
}

}  // namespace xcub
