// xcub/detail/merge_sort_network.hpp: one thread's stable sort of its register array, the first
// step of the merge sorts (merge_sort_strategy.hpp), usable on its own.
//
// stable_sort_network(keys, compare)           sorts keys[0, N) by `compare` (a strict weak ordering,
// stable_sort_network(keys, values, compare)   "comes before"), moving values[i] with keys[i].
// - Stable: equivalent keys keep their order (a pair is swapped only when the right key comes strictly
//   before the left one, and only neighbours are swapped).
// - Odd-even transposition: N rounds; round r compares the neighbours (i, i + 1) for every i of r's
//   parity. About N * N / 2 comparisons, unrolled at compile time, so the arrays stay in registers.
//   Meant for the small N of items per thread.
// Host and device code (XCUB_HOST_DEVICE).
//
//   int k[4] = {3, 1, 3, 0};  char v[4] = {'a', 'b', 'c', 'd'};
//   xcub::detail::stable_sort_network(k, v, [](int a, int b) { return a < b; });
//   // k {0, 1, 3, 3}, v {'d', 'b', 'a', 'c'}
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>

namespace xcub::detail {

/// Exchanges a and b (std::swap is not callable from device code).
template <class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void swap_items(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

// The steps below take the arrays as pointers, not as references to arrays of N: a round's body does
// not depend on N (round PARITY over pairs P... is the same code for N = 4 and N = 5), so GCC's
// identical-code folding (-fipa-icf) may merge the instances of two array sizes and inline the one
// typed `KeyT (&)[5]` into a caller whose array has 4 items. Every index stays below the caller's N,
// but GCC's -Warray-bounds, which runs after that inlining (seen with -fsanitize=address,undefined
// at -O2), then reports the access through an `int[5]` reference to a 16-byte object as "partly
// outside array bounds". A pointer carries no size, so nothing is reported and nothing is hidden.

/// Swaps items I and I + 1 if key I + 1 comes strictly before key I (so equivalent keys never pass
/// each other).
XCUB_EXEC_CHECK_DISABLE
template <bool HAS_VALUES, int I, class KeyT, class ValueT, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void compare_exchange(KeyT* keys, ValueT* values, CompareOp& compare) {
  if (compare(keys[I + 1], keys[I])) {
    swap_items(keys[I], keys[I + 1]);
    if constexpr (HAS_VALUES) swap_items(values[I], values[I + 1]);
  }
}

/// One round: the pairs (i, i + 1) with i = 2 * P + PARITY. Compile-time loops are folds here, which
/// unroll under every compiler (#pragma unroll is for device code only).
XCUB_EXEC_CHECK_DISABLE
template <bool HAS_VALUES, int PARITY, class KeyT, class ValueT, class CompareOp, std::size_t... P>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void transposition_round(KeyT* keys, ValueT* values, CompareOp& compare,
                                                           std::index_sequence<P...>) {
  (void)keys, (void)values;  // a round of no pairs (N = 1) uses neither
  (compare_exchange<HAS_VALUES, 2 * static_cast<int>(P) + PARITY>(keys, values, compare), ...);
}

/// Rounds R = 0 .. N - 1, each over the (N - R % 2) / 2 pairs of its parity.
XCUB_EXEC_CHECK_DISABLE
template <bool HAS_VALUES, int N, class KeyT, class ValueT, class CompareOp, std::size_t... R>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void transposition_rounds(KeyT* keys, ValueT* values, CompareOp& compare,
                                                            std::index_sequence<R...>) {
  (transposition_round<HAS_VALUES, R % 2>(keys, values, compare, std::make_index_sequence<(N - R % 2) / 2>{}), ...);
}

/// Sorts keys[0, N) stably by compare; values[i] moves with keys[i] unless HAS_VALUES is false.
XCUB_EXEC_CHECK_DISABLE
template <bool HAS_VALUES, class KeyT, class ValueT, int N, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void stable_sort_network_impl(KeyT (&keys)[N], ValueT (&values)[N],
                                                                CompareOp& compare) {
  transposition_rounds<HAS_VALUES, N>(&keys[0], &values[0], compare, std::make_index_sequence<N>{});
}

/// Sorts keys[0, N) stably by compare.
XCUB_EXEC_CHECK_DISABLE
template <class KeyT, int N, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void stable_sort_network(KeyT (&keys)[N], CompareOp compare) {
  stable_sort_network_impl<false>(keys, keys, compare);
}

/// Sorts keys[0, N) stably by compare, values[i] moving with keys[i].
XCUB_EXEC_CHECK_DISABLE
template <class KeyT, class ValueT, int N, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void stable_sort_network(KeyT (&keys)[N], ValueT (&values)[N], CompareOp compare) {
  stable_sort_network_impl<true>(keys, values, compare);
}

}  // namespace xcub::detail
