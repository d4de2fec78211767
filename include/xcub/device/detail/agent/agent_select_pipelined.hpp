// xcub/device/detail/agent/agent_select_pipelined.hpp: DeviceSelect's pipelined agent for If and
// Unique over pointers of 4- or 8-byte items: a persistent block that selects tile after tile
// through the ring of DeviceScan's pipelined agent (agent/pipeline_ring.hpp), its look-back chaining
// the tiles' selection counts (docs/device-select.md, "The pipelined agent").
//
// agent_select_pipelined<Policy, T, Selector, NumSelectedIt, OffsetT>: Policy::value is a
// pipelined_scan_policy; Selector select_if or select_unique (agent/select_parts.hpp). run() is
// called by every thread of a block of select_pipeline_warps(Policy::value) warps, with `shared`
// pointing at select_pipeline_layout<T, OffsetT>(policy).bytes() of dynamic shared memory. Warps
// and roles, each looping over rounds k = 0, 1, ... (stage k % stages):
//   0 loader     the ring's: claims a tile, copies it into the stage (Unique: with the 16 bytes
//                before it), leaves an end marker past the last tile;
//   1, 3 + C..   reducers, one per consumer segment (C consumer warps): reducer c counts segment
//                c's selected items (items past a partial last tile are never selected) and keeps
//                the item before the segment (Unique) beside the stage; reducer 0 (warp 1) then sums
//                the C counts and publishes the tile's count at once (tile 0: inclusive). One warp
//                counting every segment was what held the ring back: Select::If 75% of copy at
//                2^28 on an H200 with one reducer, 88-90% with four (docs/device-select.md);
//   2 look-ahead the tile's exclusive count (the ring's look_ahead); the block of the last tile
//                writes the total to num_selected_out;
//   3..2 + C     consumers: consumer warp c compacts segment c's selected items to the segment's
//                start, in input order, then writes them out at the tile's count plus the counts of
//                the segments before c, consecutive lanes to consecutive addresses; then the stage
//                is empty for the loader.
// Every stage passes five barriers per round: full -> counted (every reducer) -> reduced (the
// tile's count published) -> resolved -> empty. Reducers only read the stage. A consumer
// reads its segment's rows into registers before it writes any, and only its own segment: the
// compaction in place is safe. In place selection (out == in, If only) is safe as in agent_select:
// a tile writes below its own end once every earlier tile has published its count, which its
// reducer does only after the tile has landed in shared memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/stage_barrier.hpp>
#include <xcub/device/detail/agent/agent_scan_pipelined.hpp>  // shuffle_tree_op
#include <xcub/device/detail/agent/pipeline_ring.hpp>
#include <xcub/device/detail/agent/select_parts.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/warp/warp_reduce.hpp>

namespace xcub::detail {

/// Selectors the pipelined agent takes: one part, chosen from the item alone or from it and the
/// item before it.
template <class Selector>
inline constexpr bool pipelined_selector = false;
template <class Op>
inline constexpr bool pipelined_selector<select_if<Op>> = true;
template <class EqualityOp>
inline constexpr bool pipelined_selector<select_unique<EqualityOp>> = true;

/// The pipeline a tuning gives Selector's calls on items of type T (unique_pipeline_of for Unique).
template <class Tuning, class T, class Selector>
constexpr pipelined_scan_policy select_pipeline_of(int arch) {
  if constexpr (Selector::source == select_source::discontinuity) return unique_pipeline_of<Tuning, T>::get(arch);
  else return pipeline_of<Tuning, T>::get(arch);
}

/// Warps of a pipelined select block: loader, reducer 0, look-ahead, the consumers, the other
/// reducers (one reducer per consumer segment).
constexpr int select_pipeline_warps(const pipelined_scan_policy& p) { return 2 + 2 * p.consumer_warps; }

/// Bytes per stage beside the tile: the 16 bytes before it and one item per consumer segment.
template <class T>
constexpr std::size_t select_pipeline_edge_bytes(int consumer_warps) {
  return (16 + static_cast<std::size_t>(consumer_warps) * sizeof(T) + 15) / 16 * 16;
}

template <class T, class OffsetT>
constexpr pipeline_ring_layout<T, OffsetT> select_pipeline_layout(const pipelined_scan_policy& p) {
  return {p, 5, select_pipeline_edge_bytes<T>(p.consumer_warps)};
}

#if XCUB_HAS_KERNELS

template <class Policy, class T, class Selector, class NumSelectedIt, class OffsetT>
struct agent_select_pipelined {
  static_assert(pipelined_selector<Selector>, "agent_select_pipelined: If and Unique selectors only");
  enum barrier_kind { full, counted, reduced, resolved, empty, barrier_kinds };
  static constexpr bool unique = Selector::source == select_source::discontinuity;
  static constexpr pipelined_scan_policy policy = Policy::value;
  using ring_t = pipeline_ring<T, OffsetT, Policy, barrier_kinds, select_pipeline_edge_bytes<T>(policy.consumer_warps)>;
  static constexpr int stages = ring_t::stages;
  static constexpr int warp = ring_t::warp;
  static constexpr int consumer_warps = ring_t::consumer_warps;
  static constexpr int vector = ring_t::vector;
  static constexpr int row_items = ring_t::row_items;
  static constexpr int segment = ring_t::segment;
  static constexpr int rows = ring_t::rows;
  using lane_items = typename ring_t::lane_items;

  const T* in;
  T* out;
  Selector selector;
  NumSelectedIt num_selected_out;
  tile_state<OffsetT> state;
  OffsetT num_items;
  int num_tiles;
  ring_t ring{};

  XCUB_DEVICE XCUB_FORCEINLINE void run(unsigned char* shared) {
    ring.carve(shared);
    constexpr unsigned arrivals[barrier_kinds] = {warp, consumer_warps * warp, warp, warp, consumer_warps * warp};
    ring.init(arrivals);
    arch::wait_for_previous_grid();  // the tile state's init kernel may still run

    const int role = static_cast<int>(arch::warp_id());
    const int lane = static_cast<int>(arch::lane_id());
    if (role == 0) ring.template load<unique>(lane, in, state.counter, num_items, num_tiles, full, empty);
    else if (role == 1) reduce(0, lane);
    else if (role == 2) look_ahead(lane);
    else if (role < 3 + consumer_warps) consume(role - 3, lane);
    else reduce(role - 2 - consumer_warps, lane);
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE arch::stage_barrier& barrier(barrier_kind b, int s) const { return ring.barrier(b, s); }
  static XCUB_DEVICE XCUB_FORCEINLINE unsigned phase(int k) { return ring_t::phase(k); }
  /// The item before each segment of stage s (Unique): [0] the one before the tile.
  XCUB_DEVICE XCUB_FORCEINLINE T* before_segments(int s) const { return reinterpret_cast<T*>(ring.edge(s) + 16); }

  /// Bit i: whether item i of a lane's row is selected. `before` is the item before the lane's
  /// first (Unique); `head` whether that first item starts the input (always selected); `left` how
  /// many items of the tile remain from the lane's first (items at or past it are not selected).
  /// WHOLE: a whole tile past tile 0, where neither applies (fewer instructions per row: the
  /// consumers' rows are what limit the pipeline). Branch-free, so that the warp stays converged.
  template <bool WHOLE>
  XCUB_DEVICE XCUB_FORCEINLINE unsigned selected_bits(const lane_items& v, const T& before, bool head, int left) const {
    unsigned bits = 0;
XCUB_UNROLL
    for (int i = 0; i < vector; ++i) {
      bool take;
      if constexpr (unique) take = !selector.equal(i == 0 ? before : v.v[i - 1], v.v[i]);
      else take = static_cast<bool>(selector.op(v.v[i]));
      if constexpr (!WHOLE) take = (take | (unique && i == 0 && head)) & (i < left);
      bits |= static_cast<unsigned>(take) << i;
    }
    return bits;
  }

  /// The item before lane `lane`'s first item of row j of a segment (Unique), read from shared
  /// memory (shuffles of the rows' last items made the reducer's warp diverge at every row and cost
  /// Unique 10x): the one before the segment (`segment_before`) for lane 0 of row 0.
  static XCUB_DEVICE XCUB_FORCEINLINE T before_lane(const T* seg, int j, int lane, const T& segment_before) {
    const bool first = j == 0 && lane == 0;
    const T previous = seg[first ? 0 : j * row_items + lane * vector - 1];
    return first ? segment_before : previous;
  }

  static XCUB_DEVICE XCUB_FORCEINLINE int bit_count(unsigned bits) {
    int n = 0;
XCUB_UNROLL
    for (int i = 0; i < vector; ++i) n += static_cast<int>((bits >> i) & 1u);
    return n;
  }

  /// The reducer's count of a lane's selected items in segment c of tile t (count items).
  template <bool WHOLE>
  XCUB_DEVICE XCUB_FORCEINLINE int lane_selected(const T* seg, int c, int t, int count, const T& segment_before,
                                                 int lane) const {
    int n = 0;
XCUB_UNROLL
    for (int j = 0; j < rows; ++j) {
      const lane_items v = ring_t::load_lane(seg + j * row_items, lane);
      T before{};
      if constexpr (unique) before = before_lane(seg, j, lane, segment_before);
      const int first = c * segment + j * row_items + lane * vector;
      n += bit_count(selected_bits<WHOLE>(v, before, t == 0 && first == 0, count - first));
    }
    return n;
  }

  /// Reducer warp c counts segment c of each tile (and keeps the item before it, Unique); reducer
  /// 0 then sums the segments' counts and publishes the tile's count at once.
  XCUB_DEVICE XCUB_FORCEINLINE void reduce(int c, int lane) {
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(full, s), phase(k));
      const int t = ring.tile_of[s];
      if (t >= 0) {
        const int count = ring_t::tile_count(t, num_items);
        const T* seg = ring.stage(s) + c * segment;
        T segment_before{};
        if constexpr (unique) {
          // Tile 0 has no item before it: its first item (selected as the input's head anyway).
          segment_before = c > 0 ? seg[-1] : (t > 0 ? reinterpret_cast<const T*>(ring.edge(s))[vector - 1] : seg[0]);
          if (lane == 0) before_segments(s)[c] = segment_before;
        }
        const int n = count == ring_t::tile_items && t > 0 ? lane_selected<true>(seg, c, t, count, segment_before, lane)
                                                             : lane_selected<false>(seg, c, t, count, segment_before, lane);
        typename WarpReduce<int>::TempStorage none;
        const int total = WarpReduce<int>(none).Reduce(n, shuffle_tree_op<Sum>{});
        if (lane == 0) ring.segment_totals[s * consumer_warps + c] = static_cast<OffsetT>(total);
      }
      arch::stage_arrive(barrier(counted, s));
      if (c == 0) {
        arch::stage_wait(barrier(counted, s), phase(k));
        if (t >= 0) {
          OffsetT aggregate = 0;
          for (int w = 0; w < consumer_warps; ++w) aggregate += ring.segment_totals[s * consumer_warps + w];
          ring.publish_aggregate(state, s, t, aggregate, aggregate, lane);
        }
        arch::stage_arrive(barrier(reduced, s));
      }
      if (t < 0) return;
    }
  }

  /// Tile 0 comes after nothing; the block holding the last tile writes the total.
  XCUB_DEVICE XCUB_FORCEINLINE void look_ahead(int lane) {
    ring.look_ahead(
        lane, state, count_sum{}, reduced, resolved,
        [&](int s, const OffsetT& aggregate, int l) {
          if (l == 0) ring.prefix_of[s] = 0;
          return aggregate;
        },
        [&](int t, const OffsetT& inclusive, int l) {
          if (t == num_tiles - 1 && l == 0) write_total(inclusive);
        });
  }

  XCUB_DEVICE XCUB_FORCEINLINE void consume(int c, int lane) {
    using index_t = std::conditional_t<std::is_signed_v<OffsetT>, std::int64_t, std::uint64_t>;
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(resolved, s), phase(k));
      const int t = ring.tile_of[s];
      if (t < 0) return;
      const int count = ring_t::tile_count(t, num_items);
      OffsetT start = ring.prefix_of[s];
      for (int w = 0; w < c; ++w) start += ring.segment_totals[s * consumer_warps + w];
      T* seg = ring.stage(s) + c * segment;
      const int kept = count == ring_t::tile_items && t > 0 ? compact<true>(seg, c, t, count, s, lane)
                                                             : compact<false>(seg, c, t, count, s, lane);
      arch::sync_warp();  // the compacted segment is written before any lane reads it
      T* to = out + static_cast<index_t>(start);
      for (int i = lane; i < kept; i += warp) to[i] = seg[i];
      arch::stage_async_fence();  // the loader's bulk copy refills what this thread wrote
      arch::stage_arrive(barrier(empty, s));
    }
  }

  /// Consumer warp c's compaction of its segment `seg` of tile t (count items) in stage s: row
  /// after row, each lane's selected items go after those of the lanes before it, the lanes' offsets
  /// from one ballot per item of a lane (cheaper than a warp scan of the lanes' counts). Returns
  /// how many the segment keeps.
  template <bool WHOLE>
  XCUB_DEVICE XCUB_FORCEINLINE int compact(T* seg, int c, int t, int count, int s, int lane) const {
    lane_items v[rows];
    T before[unique ? rows : 1] = {};
    if constexpr (unique) {
      const T segment_before = before_segments(s)[c];
XCUB_UNROLL
      for (int j = 0; j < rows; ++j) before[j] = before_lane(seg, j, lane, segment_before);
    }
XCUB_UNROLL
    for (int j = 0; j < rows; ++j) v[j] = ring_t::load_lane(seg + j * row_items, lane);
    arch::sync_warp();  // every lane has read its rows before any compacts over them
    const arch::lane_mask_t lanes_below = arch::lanes_below();  // lane is the hardware lane
    int kept = 0;  // the segment's selected items so far
XCUB_UNROLL
    for (int j = 0; j < rows; ++j) {
      const int first = c * segment + j * row_items + lane * vector;
      const unsigned bits = selected_bits<WHOLE>(v[j], before[unique ? j : 0], t == 0 && first == 0, count - first);
      int at = kept, row_kept = 0;
XCUB_UNROLL
      for (int i = 0; i < vector; ++i) {
        const arch::lane_mask_t taken = arch::ballot(arch::full_lane_mask, ((bits >> i) & 1u) != 0);
        at += arch::lane_count(taken & lanes_below);
        row_kept += arch::lane_count(taken);
      }
XCUB_UNROLL
      for (int i = 0; i < vector; ++i) {
        if ((bits >> i) & 1u) seg[at++] = v[j].v[i];
      }
      kept += row_kept;
    }
    return kept;
  }

  XCUB_DEVICE XCUB_FORCEINLINE void write_total(const OffsetT& total) const {
    using out_t = typename std::iterator_traits<NumSelectedIt>::value_type;
    using count_value_t = std::conditional_t<std::is_void_v<out_t>, OffsetT, out_t>;
    num_selected_out[0] = static_cast<count_value_t>(total);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
