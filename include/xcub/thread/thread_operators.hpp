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
//
// Operator traits, for the paths that are faster when the operator is known (CUDA's redux.sync,
// the shuffle-scan step, the pipelined scan's reordering reducer, WarpScan's subtraction):
//   detail::is_sum_op_v<Op, T>   Op is a sum on T: Sum, std::plus<> and std::plus<T>, and where
//                                libcu++ is there (<cuda/std/functional>: CUDA) cuda::std::plus<>
//                                and cuda::std::plus<T>
//   detail::is_min_op_v<Op, T>   Min, and cuda::minimum<> / cuda::minimum<T> (<cuda/functional>)
//   detail::is_max_op_v<Op, T>   Max, and cuda::maximum<> / cuda::maximum<T>
// (cv-qualified operators too). Any other functor works everywhere, on the general path.
#pragma once

#include <functional>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/util/key_value_pair.hpp>

// libcu++'s operators, where the compiler has libcu++ (CUDA); elsewhere only xcub's and std::'s.
#if __has_include(<cuda/std/functional>) && __has_include(<cuda/functional>)
#include <cuda/functional>
#include <cuda/std/functional>
#define XCUB_DETAIL_HAS_LIBCUDACXX_OPERATORS 1
#else
#define XCUB_DETAIL_HAS_LIBCUDACXX_OPERATORS 0
#endif

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

namespace detail {

enum class builtin_op { other, sum, min, max };

template <class Op, class T>
struct builtin_op_of : std::integral_constant<builtin_op, builtin_op::other> {};
template <class T>
struct builtin_op_of<Sum, T> : std::integral_constant<builtin_op, builtin_op::sum> {};
template <class T>
struct builtin_op_of<Min, T> : std::integral_constant<builtin_op, builtin_op::min> {};
template <class T>
struct builtin_op_of<Max, T> : std::integral_constant<builtin_op, builtin_op::max> {};
template <class T>
struct builtin_op_of<std::plus<>, T> : std::integral_constant<builtin_op, builtin_op::sum> {};
template <class T>
struct builtin_op_of<std::plus<T>, T> : std::integral_constant<builtin_op, builtin_op::sum> {};
#if XCUB_DETAIL_HAS_LIBCUDACXX_OPERATORS
template <class T>
struct builtin_op_of<::cuda::std::plus<>, T> : std::integral_constant<builtin_op, builtin_op::sum> {};
template <class T>
struct builtin_op_of<::cuda::std::plus<T>, T> : std::integral_constant<builtin_op, builtin_op::sum> {};
template <class T>
struct builtin_op_of<::cuda::minimum<>, T> : std::integral_constant<builtin_op, builtin_op::min> {};
template <class T>
struct builtin_op_of<::cuda::minimum<T>, T> : std::integral_constant<builtin_op, builtin_op::min> {};
template <class T>
struct builtin_op_of<::cuda::maximum<>, T> : std::integral_constant<builtin_op, builtin_op::max> {};
template <class T>
struct builtin_op_of<::cuda::maximum<T>, T> : std::integral_constant<builtin_op, builtin_op::max> {};
#endif

template <class Op, class T>
inline constexpr builtin_op builtin_op_v = builtin_op_of<std::remove_cv_t<std::remove_reference_t<Op>>, T>::value;
template <class Op, class T>
inline constexpr bool is_sum_op_v = builtin_op_v<Op, T> == builtin_op::sum;
template <class Op, class T>
inline constexpr bool is_min_op_v = builtin_op_v<Op, T> == builtin_op::min;
template <class Op, class T>
inline constexpr bool is_max_op_v = builtin_op_v<Op, T> == builtin_op::max;

}  // namespace detail

}  // namespace xcub
