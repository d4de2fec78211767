// xcub/thread/thread_reduce.hpp: ThreadReduce, one thread's reduction of its register array (CUB's
// ThreadReduce).
//
// Contract:
//   ThreadReduce(input, op)              op(...op(op(input[0], input[1]), input[2])..., input[N-1])
//   ThreadReduce(input, op, prefix)      the same fold seeded with prefix: op(op(prefix, input[0]), ...)
//   ThreadReduce<N>(ptr, op[, prefix])   the same over ptr[0..N); N == 0 with a prefix returns it
// - strictly left to right, so any associative operator is right, commutative or not; the items
//   are never regrouped into a tree.
// - `input` is an array of compile-time length N >= 1 (a prefix makes N == 0 meaningful only for
//   the pointer form); the loop is unrolled at compile time, so the array stays in registers.
// - the result has the type `op` returns (decayed), as CUB's AccumT: Sum over int8_t items
//   accumulates and returns int. Every partial result is converted to that type.
// Host and device code (XCUB_HOST_DEVICE).
//
//   int items[4] = {1, 2, 3, 4};
//   int sum = xcub::ThreadReduce(items, xcub::Sum{});         // 10
//   int top = xcub::ThreadReduce(items, xcub::Max{}, 7);      // 7
//   int two = xcub::ThreadReduce<2>(items + 1, xcub::Sum{});  // 5
#pragma once

#include <cstddef>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/thread/detail/fold.hpp>

namespace xcub {

namespace detail {
/// acc = op(acc, input[I]) for each I in order; returns acc.
XCUB_EXEC_CHECK_DISABLE
template <class Accum, class T, class Op, std::size_t... I>
XCUB_HOST_DEVICE XCUB_FORCEINLINE Accum thread_fold(Accum acc, const T* input, Op& op, std::index_sequence<I...>) {
  (void)input;
  (void)op;
  ((acc = static_cast<Accum>(op(acc, input[I]))), ...);
  return acc;
}
}  // namespace detail

/// Reduces input[0..LENGTH) left to right with `op`.
XCUB_EXEC_CHECK_DISABLE
template <int LENGTH, class T, class Op, class Accum = detail::accumulator_t<Op, T, T>>
XCUB_HOST_DEVICE XCUB_FORCEINLINE Accum ThreadReduce(const T* input, Op op) {
  static_assert(LENGTH > 0, "ThreadReduce without a prefix needs at least one item");
  return detail::thread_fold(static_cast<Accum>(input[0]), input + 1, op, std::make_index_sequence<LENGTH - 1>{});
}

/// Reduces prefix, input[0..LENGTH) left to right with `op`; LENGTH == 0 returns the prefix.
XCUB_EXEC_CHECK_DISABLE
template <int LENGTH, class T, class Op, class Prefix, class Accum = detail::accumulator_t<Op, Prefix, T>>
XCUB_HOST_DEVICE XCUB_FORCEINLINE Accum ThreadReduce(const T* input, Op op, Prefix prefix) {
  static_assert(LENGTH >= 0, "ThreadReduce: negative length");
  return detail::thread_fold(static_cast<Accum>(prefix), input, op, std::make_index_sequence<LENGTH>{});
}

/// Reduces the array left to right with `op`.
XCUB_EXEC_CHECK_DISABLE
template <class T, int LENGTH, class Op, class Accum = detail::accumulator_t<Op, T, T>>
XCUB_HOST_DEVICE XCUB_FORCEINLINE Accum ThreadReduce(const T (&input)[LENGTH], Op op) {
  return ThreadReduce<LENGTH, T, Op, Accum>(input, op);
}

/// Reduces prefix, then the array, left to right with `op`.
XCUB_EXEC_CHECK_DISABLE
template <class T, int LENGTH, class Op, class Prefix, class Accum = detail::accumulator_t<Op, Prefix, T>>
XCUB_HOST_DEVICE XCUB_FORCEINLINE Accum ThreadReduce(const T (&input)[LENGTH], Op op, Prefix prefix) {
  return ThreadReduce<LENGTH, T, Op, Prefix, Accum>(input, op, prefix);
}

}  // namespace xcub
