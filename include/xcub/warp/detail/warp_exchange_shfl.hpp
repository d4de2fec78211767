// xcub/warp/detail/warp_exchange_shfl.hpp: WarpExchange by shuffles alone, for a square tile:
// ITEMS_PER_THREAD == LOGICAL_WARP_THREADS == W, a power of two. Used through xcub::WarpExchange
// (WARP_EXCHANGE_SHUFFLE).
//
// Blocked and striped then differ by a transpose of the W x W matrix whose row l is lane l's items,
// so both directions are the same transpose. It swaps off-diagonal blocks recursively: in the round
// of step s (W/2, W/4, ..., 1), a lane whose bit s is clear trades its item i + s with item i of the
// lane s above it (an xor shuffle by s), for every i with bit s clear. log2(W) rounds of W/2
// shuffles; every item index is a compile-time constant, so the items stay in registers.
#pragma once

#include <type_traits>
#include <utility>

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub::detail {

template <class T, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS>
struct warp_exchange_shfl {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;
  static_assert(warp::is_pow2,
                "xcub::WarpExchange<..., WARP_EXCHANGE_SHUFFLE>: LOGICAL_WARP_THREADS must be a power of two "
                "(use WARP_EXCHANGE_SMEM for other widths)");
  static_assert(ITEMS_PER_THREAD == LOGICAL_WARP_THREADS,
                "xcub::WarpExchange<..., WARP_EXCHANGE_SHUFFLE>: ITEMS_PER_THREAD must equal "
                "LOGICAL_WARP_THREADS (use WARP_EXCHANGE_SMEM for other shapes)");

  struct TempStorage {};  // shuffles need no shared memory

  static constexpr int rounds = [] {
    int r = 0;
    while ((1 << r) < LOGICAL_WARP_THREADS) ++r;
    return r;
  }();

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_exchange_shfl(TempStorage&) {}

  /// output[i] = input[lane] of lane i.
  template <class OutputT>
  XCUB_DEVICE XCUB_FORCEINLINE void transpose(const T (&input)[ITEMS_PER_THREAD],
                                              OutputT (&output)[ITEMS_PER_THREAD]) const {
    constexpr int W = LOGICAL_WARP_THREADS;
    const unsigned lane = warp_.rank();
    T v[W];
XCUB_UNROLL
    for (int i = 0; i < W; ++i) v[i] = input[i];
    static_for(std::make_integer_sequence<int, rounds>{}, [&](auto round) {
      constexpr int s = W >> (decltype(round)::value + 1);
      const bool upper = (lane & s) != 0;
      static_for(std::make_integer_sequence<int, W / 2>{}, [&](auto pair) {
        constexpr int lo = decltype(pair)::value / s * (2 * s) + decltype(pair)::value % s, hi = lo + s;
        const T received = arch::shfl_xor(warp_.member_mask(), upper ? v[lo] : v[hi], s, W);
        if (upper) v[lo] = received;
        else v[hi] = received;
      });
    });
XCUB_UNROLL
    for (int i = 0; i < W; ++i) output[i] = v[i];
  }

 private:
  /// f(std::integral_constant<int, I>{}) for I = 0, 1, ..., in order.
  template <class F, int... I>
  XCUB_DEVICE XCUB_FORCEINLINE static void static_for(std::integer_sequence<int, I...>, F&& f) {
    (f(std::integral_constant<int, I>{}), ...);
  }
#endif
};

}  // namespace xcub::detail
