// xcub/thread/thread_scan.hpp: ThreadScanInclusive and ThreadScanExclusive, one thread's prefix
// scan of its register array (CUB's ThreadScan*).
//
// Contract, for arrays `T input[N], output[N]` (N >= 1, a compile-time length) and an associative
// `op` (commutative or not: the scan runs strictly left to right):
//   ThreadScanInclusive(input, output, op)
//       output[i] = input[0] op ... op input[i]; returns output[N-1], the aggregate.
//   ThreadScanInclusive(input, output, op, prefix, apply_prefix = true)
//       output[i] = prefix op input[0] op ... op input[i]; returns output[N-1]. With apply_prefix
//       false, the prefix is ignored (handy for the thread that has nothing before it).
//   ThreadScanExclusive(input, output, op, prefix, apply_prefix = true)
//       output[0] = prefix, output[i] = prefix op input[0] op ... op input[i-1]; returns
//       prefix op input[0] op ... op input[N-1], the inclusive total. With apply_prefix false the
//       prefix is left out of every combination: output[0] is still set to `prefix` (a
//       placeholder, as in CUB, where it is undefined), output[i] = input[0] op ... op input[i-1],
//       and the total is input[0] op ... op input[N-1].
// - `output` may be `input` (an in-place scan). Every value is converted to T, as in CUB.
// - pointer forms ThreadScanInclusive<N>(in_ptr, out_ptr, op[, prefix, apply_prefix]) and
//   ThreadScanExclusive<N>(in_ptr, out_ptr, op, prefix[, apply_prefix]) do the same over [0, N).
// - the loop is unrolled at compile time, so the arrays stay in registers.
// Host and device code (XCUB_HOST_DEVICE).
//
//   int items[4] = {1, 2, 3, 4}, out[4];
//   int total = xcub::ThreadScanInclusive(items, out, xcub::Sum{});        // out {1, 3, 6, 10}, 10
//   total = xcub::ThreadScanInclusive(items, out, xcub::Sum{}, 100);       // out {101, 103, 106, 110}, 110
//   total = xcub::ThreadScanExclusive(items, out, xcub::Sum{}, 0);         // out {0, 1, 3, 6}, 10
//   total = xcub::ThreadScanExclusive(items, items, xcub::Sum{}, 100);     // in place: {100, 101, 103, 106}, 110
#pragma once

#include <cstddef>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/thread/detail/fold.hpp>

namespace xcub {

namespace detail {
/// out[I] = acc = op(acc, in[I]) for each I in order; returns acc.
XCUB_EXEC_CHECK_DISABLE
template <class T, class Op, std::size_t... I>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T thread_scan_inclusive(T acc, const T* in, T* out, Op& op,
                                                          std::index_sequence<I...>) {
  (void)in;
  (void)out;
  (void)op;
  ((acc = static_cast<T>(op(acc, in[I])), out[I] = acc), ...);
  return acc;
}

/// One exclusive step: out = acc, acc = op(acc, in); `in` is read first, so it may be `out`.
XCUB_EXEC_CHECK_DISABLE
template <class T, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void thread_scan_exclusive_step(T& acc, const T& in, T& out, Op& op) {
  const T next = static_cast<T>(op(acc, in));
  out = acc;
  acc = next;
}

/// The exclusive step for each I in order; returns acc.
XCUB_EXEC_CHECK_DISABLE
template <class T, class Op, std::size_t... I>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T thread_scan_exclusive(T acc, const T* in, T* out, Op& op,
                                                          std::index_sequence<I...>) {
  (void)in;
  (void)out;
  (void)op;
  (thread_scan_exclusive_step(acc, in[I], out[I], op), ...);
  return acc;
}
}  // namespace detail

// ---- pointer forms, LENGTH given explicitly ----

/// Inclusive scan of input[0..LENGTH) into output; returns the aggregate.
XCUB_EXEC_CHECK_DISABLE
template <int LENGTH, class T, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanInclusive(const T* input, T* output, Op op) {
  static_assert(LENGTH > 0, "ThreadScanInclusive needs at least one item");
  const T first = input[0];
  output[0] = first;
  return detail::thread_scan_inclusive(first, input + 1, output + 1, op, std::make_index_sequence<LENGTH - 1>{});
}

/// Inclusive scan of input[0..LENGTH) seeded with prefix (unless !apply_prefix); returns the aggregate.
XCUB_EXEC_CHECK_DISABLE
template <int LENGTH, class T, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanInclusive(const T* input, T* output, Op op,
                                                        detail::nondeduced_t<T> prefix, bool apply_prefix = true) {
  static_assert(LENGTH > 0, "ThreadScanInclusive needs at least one item");
  T first = input[0];
  if (apply_prefix) first = static_cast<T>(op(prefix, first));
  output[0] = first;
  return detail::thread_scan_inclusive(first, input + 1, output + 1, op, std::make_index_sequence<LENGTH - 1>{});
}

/// Exclusive scan of input[0..LENGTH) seeded with prefix; returns the inclusive total.
XCUB_EXEC_CHECK_DISABLE
template <int LENGTH, class T, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanExclusive(const T* input, T* output, Op op,
                                                        detail::nondeduced_t<T> prefix, bool apply_prefix = true) {
  static_assert(LENGTH > 0, "ThreadScanExclusive needs at least one item");
  T running = input[0];
  if (apply_prefix) running = static_cast<T>(op(prefix, running));
  output[0] = prefix;
  return detail::thread_scan_exclusive(running, input + 1, output + 1, op, std::make_index_sequence<LENGTH - 1>{});
}

// ---- register arrays, length deduced ----

XCUB_EXEC_CHECK_DISABLE
template <class T, int LENGTH, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanInclusive(const T (&input)[LENGTH], T (&output)[LENGTH], Op op) {
  return ThreadScanInclusive<LENGTH, T, Op>(input, output, op);
}

XCUB_EXEC_CHECK_DISABLE
template <class T, int LENGTH, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanInclusive(const T (&input)[LENGTH], T (&output)[LENGTH], Op op,
                                                        detail::nondeduced_t<T> prefix, bool apply_prefix = true) {
  return ThreadScanInclusive<LENGTH, T, Op>(input, output, op, prefix, apply_prefix);
}

XCUB_EXEC_CHECK_DISABLE
template <class T, int LENGTH, class Op>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T ThreadScanExclusive(const T (&input)[LENGTH], T (&output)[LENGTH], Op op,
                                                        detail::nondeduced_t<T> prefix, bool apply_prefix = true) {
  return ThreadScanExclusive<LENGTH, T, Op>(input, output, op, prefix, apply_prefix);
}

}  // namespace xcub
