// The types the sequential thread folds (ThreadReduce, ThreadScan*) compute in.
#pragma once

#include <type_traits>
#include <utility>

namespace xcub {
namespace detail {

/// T, in a position that template argument deduction skips (a prefix of another type converts).
template <class T>
struct nondeduced {
  using type = T;
};
template <class T>
using nondeduced_t = typename nondeduced<T>::type;

/// What `op(init, item)` returns, decayed: the type a reduction accumulates in (CUB's AccumT).
template <class Op, class Init, class T>
using accumulator_t =
    std::decay_t<decltype(std::declval<Op&>()(std::declval<const Init&>(), std::declval<const T&>()))>;

}  // namespace detail
}  // namespace xcub
