// xcub/device/detail/agent/agent_scan_pipelined.hpp: DeviceScan's pipelined agent, a persistent
// block that scans tile after tile through a ring of stages in shared memory, with one role per
// warp (docs/device-scan.md).
//
// agent_scan_pipelined<Policy, T, ScanOp, InitT, INCLUSIVE, OffsetT>: Policy::value is a
// pipelined_scan_policy; T the accumulator and item type (4 or 8 bytes); ScanOp commutes (the
// reducer folds a segment out of order); InitT as agent_scan's. run() is called by every thread
// of a block of Policy::value.block_warps() warps, with `shared` pointing at
// pipelined_scan_layout<T>{policy}.bytes() of dynamic shared memory. Warps and roles, each looping over rounds k = 0, 1, ... (stage k % stages):
//   0 loader     once the stage is empty, claims the next tile id from the state's counter and
//                copies the tile into the stage (one bulk copy where the backend has them and the
//                tile is whole and aligned; else the warp copies, padding a partial tile with its
//                first item); past the last tile it leaves an end marker (-1) and stops;
//   1 reducer    as soon as the tile has landed, its segment totals and aggregate, published at
//                once (tile 0: inclusive, with the initial value) so that no later tile waits for
//                this block's scans;
//   2 look-ahead the tile's exclusive prefix: the block's previous tile's inclusive prefix (an
//                anchor) folded with the statuses of the tiles claimed since, which their blocks'
//                reducers publish as those tiles land (tile_prefix_op::exclusive_prefix); a
//                block's first tile looks back as agent_scan's; publishes the inclusive prefix;
//   3 storer     writes each scanned stage back (bulk, or by the warp; a partial tile only its
//                items), then marks the stage empty;
//   4..          consumers: consumer warp c scans segment c of the stage in place, in rows of
//                warp x 16 bytes, from the tile's prefix and the totals of the segments before c.
// Every stage passes five barriers per round: full -> reduced -> resolved -> scanned -> empty. A
// tile reads its items before it writes any and only its own: in place is safe. Items past a
// partial last tile are scanned (padding) and never stored; that tile's published status
// includes them, and no tile reads it (it is the last).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/stage_barrier.hpp>
#include <xcub/device/detail/agent/pipeline_ring.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/device/detail/scan_init.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/warp/warp_scan.hpp>

namespace xcub::detail {

/// Operators whose operands may be swapped without changing the result on T: the pipelined
/// scan's reducer folds a segment in whatever order its loads come. Sum on arithmetic types (float
/// addition commutes, it only does not associate, as in every parallel scan); Min and Max only on
/// integers (on floats, -0.0 against +0.0 and NaNs depend on the order).
/// (Sum, Min and Max under any of their names: thread_operators.hpp's traits.)
template <class Op, class T>
inline constexpr bool commutes_on = (is_sum_op_v<Op, T> && std::is_arithmetic_v<T>) ||
                                    ((is_min_op_v<Op, T> || is_max_op_v<Op, T>) && std::is_integral_v<T>);

/// The identity of an operator that commutes_on T: the consumers' carry into tile 0 of a scan
/// without an initial value. Float sums start from -0.0, which leaves every value as it is (+0.0
/// would turn a leading -0.0 into +0.0).
template <class Op, class T>
XCUB_HOST_DEVICE constexpr T identity_of() {
  static_assert(commutes_on<Op, T>, "identity_of: an operator of commutes_on");
  if constexpr (is_sum_op_v<Op, T>) return std::is_floating_point_v<T> ? static_cast<T>(-0.0) : T(0);
  else if constexpr (is_min_op_v<Op, T>) return std::numeric_limits<T>::max();
  else return std::numeric_limits<T>::lowest();
}

/// `op` under a name WarpReduce has no instruction for: the reducer's segment totals take the
/// shuffle tree rather than CUDA's redux.sync: eight redux.sync a tile make the reducer the
/// slowest role (int32 InclusiveSum at 2^28 on sm_90: 90.2% of copy's throughput instead of
/// 88.6%, and 90% instead of 70% with 8 consumer warps; float sums never use redux.sync).
template <class Op>
struct shuffle_tree_op {
  Op op;
  template <class A, class B>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE auto operator()(const A& a, const B& b) const {
    return op(a, b);
  }
};

/// The shared-memory layout of the scan's ring: five barriers a stage, no edges.
template <class T>
struct pipelined_scan_layout : pipeline_ring_layout<T, T> {
  constexpr explicit pipelined_scan_layout(const pipelined_scan_policy& policy)
      : pipeline_ring_layout<T, T>{policy, 5, 0, 0} {}
};

#if XCUB_HAS_KERNELS

template <class Policy, class T, class ScanOp, class InitT, bool INCLUSIVE, class OffsetT>
struct agent_scan_pipelined {
  enum barrier_kind { full, reduced, resolved, scanned, empty, barrier_kinds };
  using ring_t = pipeline_ring<T, T, Policy, barrier_kinds, 0>;
  static constexpr pipelined_scan_policy policy = Policy::value;
  static constexpr int stages = ring_t::stages;
  static constexpr int warp = ring_t::warp;
  static constexpr int consumer_warps = ring_t::consumer_warps;
  static constexpr int vector = ring_t::vector;
  static constexpr int row_items = ring_t::row_items;
  static constexpr int segment = ring_t::segment;
  static constexpr int rows = ring_t::rows;
  static constexpr bool has_init = !std::is_same_v<InitT, scan_no_init>;
  static_assert(INCLUSIVE || has_init, "agent_scan_pipelined: exclusive scans need an initial value");
  static_assert(commutes_on<ScanOp, T>, "agent_scan_pipelined: the operator must commute on T (its reducer reorders)");
  using lane_items = typename ring_t::lane_items;

  const T* in;
  T* out;
  tile_state<T> state;
  ScanOp op;
  InitT init;
  OffsetT num_items;
  int num_tiles;
  ring_t ring{};

  XCUB_DEVICE XCUB_FORCEINLINE void run(unsigned char* shared) {
    ring.carve(shared);
    constexpr unsigned arrivals[barrier_kinds] = {warp, warp, warp, consumer_warps * warp, warp};
    ring.init(arrivals);
    arch::wait_for_previous_grid();  // the tile state's init kernel may still run

    const int role = static_cast<int>(arch::warp_id());
    const int lane = static_cast<int>(arch::lane_id());
    if (role == 0) ring.template load<false>(lane, in, state.counter, num_items, num_tiles, full, empty);
    else if (role == 1) reduce(lane);
    else if (role == 2) look_ahead(lane);
    else if (role == 3) store(lane);
    else consume(role - 4);
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE arch::stage_barrier& barrier(barrier_kind b, int s) const { return ring.barrier(b, s); }
  static XCUB_DEVICE XCUB_FORCEINLINE unsigned phase(int k) { return ring_t::phase(k); }
  XCUB_DEVICE XCUB_FORCEINLINE T* stage(int s) const { return ring.stage(s); }

  XCUB_DEVICE XCUB_FORCEINLINE void reduce(int lane) {
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(full, s), phase(k));
      const int t = ring.tile_of[s];
      if (t >= 0) {
        T aggregate{};
        for (int c = 0; c < consumer_warps; ++c) {
          const T* seg = stage(s) + c * segment;
          lane_items v = ring_t::load_lane(seg, lane);
          T sum = v.v[0];
XCUB_UNROLL
          for (int i = 1; i < vector; ++i) sum = static_cast<T>(op(sum, v.v[i]));
XCUB_UNROLL
          for (int j = 1; j < rows; ++j) {
            v = ring_t::load_lane(seg + j * row_items, lane);
XCUB_UNROLL
            for (int i = 0; i < vector; ++i) sum = static_cast<T>(op(sum, v.v[i]));
          }
          typename WarpReduce<T>::TempStorage none;
          const T total = WarpReduce<T>(none).Reduce(sum, shuffle_tree_op<ScanOp>{op});
          aggregate = c == 0 ? total : static_cast<T>(op(aggregate, total));
          if (lane == 0) ring.segment_totals[s * consumer_warps + c] = total;
        }
        ring.publish_aggregate(state, s, t, aggregate, with_init(aggregate), lane);
      }
      arch::stage_arrive(barrier(reduced, s));
      if (t < 0) return;
    }
  }

  /// Tile 0's prefix is the initial value (none without one); its inclusive prefix follows it.
  XCUB_DEVICE XCUB_FORCEINLINE void look_ahead(int lane) {
    ring.look_ahead(
        lane, state, op, reduced, resolved,
        [&](int s, const T& aggregate, int l) {
          if constexpr (has_init) {
            if (l == 0) ring.prefix_of[s] = static_cast<T>(init);
          }
          return with_init(aggregate);
        },
        [](int, const T&, int) {});
  }

  XCUB_DEVICE XCUB_FORCEINLINE void store(int lane) {
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(resolved, s), phase(k));
      const int t = ring.tile_of[s];
      if (t < 0) break;
      arch::stage_wait(barrier(scanned, s), phase(k));
      T* to = out + ring_t::template tile_base<OffsetT>(t);
      const T* from = stage(s);
      const int count = ring_t::tile_count(t, num_items);
      if (arch::bulk_stage_copies() && count == ring_t::tile_items && ring_t::aligned16(to)) {
        if (lane == 0) {
          arch::stage_store(to, from, ring_t::tile_bytes);
          arch::stage_store_wait_read();  // the stage may be refilled once the copy has read it
        }
      } else {
        for (int i = lane; i < count; i += warp) to[i] = from[i];
      }
      arch::stage_arrive(barrier(empty, s));
    }
    if (lane == 0) arch::stage_store_wait_all();
  }

  XCUB_DEVICE XCUB_FORCEINLINE void consume(int c) {
    using warp_scan = WarpScan<T>;
    const int lane = static_cast<int>(arch::lane_id());
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(resolved, s), phase(k));
      const int t = ring.tile_of[s];
      if (t < 0) return;
      // The carry into this segment: the tile's prefix (tile 0 without an initial value: the
      // operator's identity), then the totals of the segments before it.
      T carry = t > 0 || has_init ? ring.prefix_of[s] : identity_of<ScanOp, T>();
      for (int w = 0; w < c; ++w) carry = static_cast<T>(op(carry, ring.segment_totals[s * consumer_warps + w]));
      T* seg = stage(s) + c * segment;
      // Unrolled: the rows' warp scans are independent but for the carry, so their shuffles overlap
      // (one row at a time, a consumer warp takes longer than a tile's transfer).
XCUB_UNROLL
      for (int j = 0; j < rows; ++j) {
        lane_items v = ring_t::load_lane(seg + j * row_items, lane);
        T local[vector];  // the lane's inclusive scan of its items
        local[0] = v.v[0];
XCUB_UNROLL
        for (int i = 1; i < vector; ++i) local[i] = static_cast<T>(op(local[i - 1], v.v[i]));
        typename warp_scan::TempStorage none;
        T base, row_total;  // base: the fold of everything before the lane's first item
        warp_scan(none).ExclusiveScan(local[vector - 1], base, carry, op, row_total);
        if constexpr (INCLUSIVE) {
XCUB_UNROLL
          for (int i = 0; i < vector; ++i) v.v[i] = static_cast<T>(op(base, local[i]));
        } else {
          v.v[0] = base;
XCUB_UNROLL
          for (int i = 1; i < vector; ++i) v.v[i] = static_cast<T>(op(base, local[i - 1]));
        }
        ring_t::store_lane(seg + j * row_items, lane, v);
        carry = static_cast<T>(op(carry, row_total));
      }
      arch::stage_async_fence();  // the storer's bulk copy reads what this thread wrote
      arch::stage_arrive(barrier(scanned, s));
    }
  }

  /// Tile 0's inclusive prefix: its aggregate after the initial value.
  XCUB_DEVICE XCUB_FORCEINLINE T with_init(const T& aggregate) const {
    if constexpr (has_init) return static_cast<T>(op(static_cast<T>(init), aggregate));
    else return aggregate;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
