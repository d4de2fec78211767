// xcub/block/block_scan.hpp: BlockScan, prefix scans across a thread block (CUB's BlockScan).
//
// BlockScan<T, BLOCK_DIM_X, ALGORITHM = BLOCK_SCAN_RAKING, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
// - Who calls: every thread of the block, together (the dimensions are the launch's; threads are
//   ranked row-major, x fastest), with the same operator, initial value and callback.
// - Arrangement: one item per thread, or ITEMS_PER_THREAD items per thread in the blocked
//   arrangement (rank r holds items [r * N, (r + 1) * N) of the tile). The scan runs over the
//   tile in that order, strictly left to right: operators need to be associative, not commutative.
// - Results are valid in every thread, block_aggregate too (the fold of the whole tile, never
//   including the initial value or the callback's prefix).
// - Exclusive scans without an initial value leave the first item's output (thread 0's first)
//   unspecified; ExclusiveSum gives it T{} (zero); with an initial value it is that value.
// - Block prefix callback (an object with `T operator()(T block_aggregate)`): every thread of
//   warp 0 that exists calls it once with the block's aggregate; the value returned to thread 0
//   is the prefix that seeds the whole tile (the first item's exclusive output). A device scan
//   carries its running prefix this way (decoupled look-back) and so does a loop of tiles in one
//   block (the callback keeps the running total).
// - Algorithms: RAKING (default) and RAKING_MEMOIZE (one raking warp; any block size; a block of at
//   most one warp is one warp scan, without a block barrier) and WARP_SCANS (a warp scan per
//   warp, then the warps' totals; one barrier, two with a callback). WARP_SCANS needs whole warps:
//   with a partial last warp it falls back to RAKING, as CUB does. RAKING runs its warp collectives
//   in warp 0 only, which is whole whenever the block is larger than a warp (a smaller block is
//   one logical warp of exactly its threads), so a partial last warp never calls one. See block/detail/.
// - TempStorage: a few items per warp (WARP_SCANS) or one per thread plus padding (RAKING); use it
//   in a union with other collectives' TempStorage freely, but put a barrier
//   (arch::sync_threads()) between a scan and any other use of the same memory, another scan included.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void offsets(const int* counts, int* out) {           // blocks of 128 threads
//     using BlockScan = xcub::BlockScan<int, 128>;
//     XCUB_SHARED(BlockScan::TempStorage, temp);
//     const int t = xcub::arch::thread_idx().x;
//     int items[4], total;
//     for (int i = 0; i < 4; ++i) items[i] = counts[4 * t + i];
//     BlockScan(temp).ExclusiveSum(items, items, total);            // {1, 1, ...} -> {0, 1, 2, ...}, total 512
//     for (int i = 0; i < 4; ++i) out[4 * t + i] = items[i];
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_scan_raking.hpp>
#include <xcub/block/detail/block_scan_seed.hpp>
#include <xcub/block/detail/block_scan_warp_scans.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/thread/thread_scan.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan {
  static_assert(ALGORITHM == BLOCK_SCAN_RAKING || ALGORITHM == BLOCK_SCAN_RAKING_MEMOIZE ||
                    ALGORITHM == BLOCK_SCAN_WARP_SCANS,
                "xcub::BlockScan: ALGORITHM must be a BlockScanAlgorithm");
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockScan: a block has 1 to 1024 threads");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  /// WARP_SCANS needs whole warps; RAKING handles a partial last warp (CUB's fallback).
  static constexpr bool use_warp_scans = ALGORITHM == BLOCK_SCAN_WARP_SCANS && !shape::has_partial_warp;
  using impl_t = std::conditional_t<
      use_warp_scans, detail::block_scan_warp_scans<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
      detail::block_scan_raking<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, ALGORITHM == BLOCK_SCAN_RAKING_MEMOIZE>>;

 public:
  /// The shared memory a scan needs (raw bytes; see the contract above for reuse).
  using TempStorage = typename impl_t::TempStorage;
  static_assert(std::is_trivially_default_constructible_v<TempStorage>, "xcub::BlockScan: TempStorage must be raw");

#if XCUB_HAS_KERNELS
  /// Uses the block's private shared TempStorage (one per TempStorage type).
  XCUB_DEVICE XCUB_FORCEINLINE BlockScan() : BlockScan(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockScan(TempStorage& temp_storage) : impl(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockScan");
  }

  // ---- exclusive sums (the first output is T{}) -------------------------------------------------
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(T input, T& output) { ExclusiveScan(input, output, T{}, Sum{}); }
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T{}, Sum{}, block_aggregate);
  }
  template <class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, Sum{}, block_prefix_callback_op);
  }
  template <int N>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(const T (&input)[N], T (&output)[N]) {
    ExclusiveScan(input, output, T{}, Sum{});
  }
  template <int N>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(const T (&input)[N], T (&output)[N], T& block_aggregate) {
    ExclusiveScan(input, output, T{}, Sum{}, block_aggregate);
  }
  template <int N, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveSum(const T (&input)[N], T (&output)[N],
                                                 BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, Sum{}, block_prefix_callback_op);
  }

  // ---- exclusive scans with an initial value or a callback -------------------------------------
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op) {
    one<false>(input, output, scan_op, detail::value_seed<T>{initial_value}, nullptr);
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op,
                                                  T& block_aggregate) {
    one<false>(input, output, scan_op, detail::value_seed<T>{initial_value}, &block_aggregate);
  }
  template <class ScanOp, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& output, ScanOp scan_op,
                                                  BlockPrefixCallbackOp& block_prefix_callback_op) {
    one<false>(input, output, scan_op, detail::callback_seed<BlockPrefixCallbackOp>{block_prefix_callback_op}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(const T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op) {
    many<false>(input, output, scan_op, detail::value_seed<T>{initial_value}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(const T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op,
                                                  T& block_aggregate) {
    many<false>(input, output, scan_op, detail::value_seed<T>{initial_value}, &block_aggregate);
  }
  template <int N, class ScanOp, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op,
                                                  BlockPrefixCallbackOp& block_prefix_callback_op) {
    many<false>(input, output, scan_op, detail::callback_seed<BlockPrefixCallbackOp>{block_prefix_callback_op}, nullptr);
  }

  // ---- exclusive scans without an initial value (the first output is unspecified) ---------------
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& output, ScanOp scan_op) {
    one<false>(input, output, scan_op, detail::no_seed{}, nullptr);
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate) {
    one<false>(input, output, scan_op, detail::no_seed{}, &block_aggregate);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op) {
    many<false>(input, output, scan_op, detail::no_seed{}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void ExclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op,
                                                  T& block_aggregate) {
    many<false>(input, output, scan_op, detail::no_seed{}, &block_aggregate);
  }

  // ---- inclusive sums ---------------------------------------------------------------------------
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(T input, T& output) { InclusiveScan(input, output, Sum{}); }
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, Sum{}, block_aggregate);
  }
  template <class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, Sum{}, block_prefix_callback_op);
  }
  template <int N>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(const T (&input)[N], T (&output)[N]) {
    InclusiveScan(input, output, Sum{});
  }
  template <int N>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(const T (&input)[N], T (&output)[N], T& block_aggregate) {
    InclusiveScan(input, output, Sum{}, block_aggregate);
  }
  template <int N, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveSum(const T (&input)[N], T (&output)[N],
                                                 BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, Sum{}, block_prefix_callback_op);
  }

  // ---- inclusive scans --------------------------------------------------------------------------
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& output, ScanOp scan_op) {
    one<true>(input, output, scan_op, detail::no_seed{}, nullptr);
  }
  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate) {
    one<true>(input, output, scan_op, detail::no_seed{}, &block_aggregate);
  }
  template <class ScanOp, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(T input, T& output, ScanOp scan_op,
                                                  BlockPrefixCallbackOp& block_prefix_callback_op) {
    one<true>(input, output, scan_op, detail::callback_seed<BlockPrefixCallbackOp>{block_prefix_callback_op}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op) {
    many<true>(input, output, scan_op, detail::no_seed{}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op,
                                                  T& block_aggregate) {
    many<true>(input, output, scan_op, detail::no_seed{}, &block_aggregate);
  }
  /// The first output is op(initial_value, first item).
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(const T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op) {
    many<true>(input, output, scan_op, detail::value_seed<T>{initial_value}, nullptr);
  }
  template <int N, class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(const T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op,
                                                  T& block_aggregate) {
    many<true>(input, output, scan_op, detail::value_seed<T>{initial_value}, &block_aggregate);
  }
  template <int N, class ScanOp, class BlockPrefixCallbackOp>
  XCUB_DEVICE XCUB_FORCEINLINE void InclusiveScan(const T (&input)[N], T (&output)[N], ScanOp scan_op,
                                                  BlockPrefixCallbackOp& block_prefix_callback_op) {
    many<true>(input, output, scan_op, detail::callback_seed<BlockPrefixCallbackOp>{block_prefix_callback_op}, nullptr);
  }

 private:
  impl_t impl;

  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE void one(T input, T& output, Op& op, Seed seed, T* aggregate) {
    output = impl.template scan<INCLUSIVE>(input, op, seed, aggregate);
  }

  /// Blocked items: each thread folds its items, the block scans the folds exclusively, and each
  /// thread scans its items seeded with its prefix (thread 0 unseeded where there is no seed).
  template <bool INCLUSIVE, int N, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE void many(const T (&input)[N], T (&output)[N], Op& op, Seed seed, T* aggregate) {
    static_assert(N >= 1, "xcub::BlockScan: at least one item per thread");
    if constexpr (N == 1) {
      one<INCLUSIVE>(input[0], output[0], op, seed, aggregate);
    } else {
      const T partial = static_cast<T>(ThreadReduce(input, op));
      const T prefix = impl.template scan<false>(partial, op, seed, aggregate);
      const bool apply = !detail::is_no_seed<Seed> || shape::rank() != 0;
      if constexpr (INCLUSIVE) ThreadScanInclusive(input, output, op, prefix, apply);
      else ThreadScanExclusive(input, output, op, prefix, apply);
    }
  }
#endif
};

}  // namespace xcub
