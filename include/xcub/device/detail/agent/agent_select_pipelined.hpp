// xcub/device/detail/agent/agent_select_pipelined.hpp: DeviceSelect's pipelined agent for If and
// Unique, and DeviceRunLengthEncode's for Encode, over pointers of 4- or 8-byte items: a persistent
// block that selects tile after tile through the ring of DeviceScan's pipelined agent
// (agent/pipeline_ring.hpp), its look-back chaining the tiles' selection counts (docs/device-select.md,
// "The pipelined agent").
//
// agent_select_pipelined<Policy, T, Selector, NumSelectedIt, OffsetT, LengthT = void>: Policy::value is a
// pipelined_scan_policy; Selector select_if or select_unique (agent/select_parts.hpp). run() is
// called by every thread of a block of select_pipeline_warps(Policy::value) warps, with `shared`
// pointing at select_pipeline_layout<T, value_t>(policy, encode).bytes() of dynamic shared memory.
// Warps and roles, each looping over rounds k = 0, 1, ... (stage k % stages):
//   0 loader     the ring's: claims a tile, copies it into the stage (Unique: with the 16 bytes
//                before it), leaves an end marker past the last tile;
//   1, 3 + C..   reducers, one per consumer segment (C consumer warps): reducer c counts segment
//                c's selected items (items past a partial last tile are never selected) and keeps
//                the item before the segment (Unique) beside the stage; reducer 0 (warp 1) then folds
//                the C counts (Encode: pairs) and publishes the tile's value at once (tile 0:
//                inclusive). One warp
//                counting every segment holds the ring back: Select::If at 2^28 on sm_90 reaches
//                75% of copy's throughput with one reducer, 88-90% with four (docs/device-select.md);
//   2 look-ahead the tile's exclusive count (the ring's look_ahead); the block of the last tile
//                writes the total to num_selected_out;
//   3..2 + C     consumers: consumer warp c compacts segment c's selected items to the segment's
//                start, in input order, then writes them out at the tile's count plus the counts of
//                the segments before c, consecutive lanes to consecutive addresses; then the stage
//                is empty for the loader.
// Every stage passes five barriers per round: full -> segments_counted (every reducer) -> reduced (the
// tile's count published) -> resolved -> empty. Reducers only read the stage. A consumer
// reads its segment's rows into registers before it writes any, and only its own segment: the
// compaction in place is safe. In place selection (out == in, If only) is safe as in agent_select:
// a tile writes below its own end once every earlier tile has published its count, which its
// reducer does only after the tile has landed in shared memory.
//
// RunLengthEncode::Encode (LengthT not void, the Unique selector): the look-back value is the pair
// {runs, latest run start} (encode_value, folded with counted_op and keep-left as agent_rle's), each
// reducer adds its segment's latest head, and each consumer, as it compacts its segment's heads,
// writes each head's position in the segment (2 bytes) to its own scratch beside the ring, then
// stores the heads and the lengths of the runs they end in one loop (store_runs); the last tile's
// look-ahead writes the last run's length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/stage_barrier.hpp>
#include <xcub/device/detail/agent/agent_reduce_by_key.hpp>  // counted, counted_op
#include <xcub/device/detail/agent/agent_rle.hpp>            // keep_left
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

/// The pipeline a tuning gives Selector's calls on items of type T (unique_pipeline_of for Unique,
/// encode_pipeline_of for Encode).
template <class Tuning, class T, class Selector, bool ENCODE = false>
constexpr pipelined_scan_policy select_pipeline_of(int arch) {
  if constexpr (ENCODE) return encode_pipeline_of<Tuning, T>::get(arch);
  else if constexpr (Selector::source == select_source::discontinuity) return unique_pipeline_of<Tuning, T>::get(arch);
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

/// Encode's scratch beside the ring: each consumer segment's head positions (2 bytes each, from
/// the segment's start).
constexpr std::size_t select_pipeline_scratch_bytes(const pipelined_scan_policy& p, bool encode) {
  return encode ? (static_cast<std::size_t>(p.tile_items) * 2 + 15) / 16 * 16 : 0;
}

/// The ring of a pipelined selection with look-back values of type V (OffsetT; Encode:
/// encode_value<OffsetT>).
template <class T, class V>
constexpr pipeline_ring_layout<T, V> select_pipeline_layout(const pipelined_scan_policy& p, bool encode) {
  return {p, 5, select_pipeline_edge_bytes<T>(p.consumer_warps), select_pipeline_scratch_bytes(p, encode)};
}

/// Encode's look-back value: the runs started so far and where the latest began.
template <class OffsetT>
using encode_value = counted<OffsetT, OffsetT>;

/// The pipelined agent's look-back value: the selected count, or Encode's pair.
template <class OffsetT, bool ENCODE>
using select_pipeline_value = std::conditional_t<ENCODE, encode_value<OffsetT>, OffsetT>;

#if XCUB_HAS_KERNELS

template <class Policy, class T, class Selector, class NumSelectedIt, class OffsetT, class LengthT = void>
struct agent_select_pipelined {
  static_assert(pipelined_selector<Selector>, "agent_select_pipelined: If and Unique (Encode: Unique) selectors only");
  enum barrier_kind { full, segments_counted, reduced, resolved, empty, barrier_kinds };
  static constexpr bool unique = Selector::source == select_source::discontinuity;
  static constexpr bool encode = !std::is_void_v<LengthT>;
  static_assert(!encode || unique, "agent_select_pipelined: Encode takes the Unique selector");
  /// The look-back value: the selected count, or Encode's runs and latest run start.
  using value_t = select_pipeline_value<OffsetT, encode>;
  using value_op = std::conditional_t<encode, counted_op<OffsetT, OffsetT, keep_left>, count_sum>;
  static constexpr pipelined_scan_policy policy = Policy::value;
  using ring_t = pipeline_ring<T, value_t, Policy, barrier_kinds, select_pipeline_edge_bytes<T>(policy.consumer_warps),
                               select_pipeline_scratch_bytes(policy, encode)>;
  static constexpr int stages = ring_t::stages;
  static constexpr int warp = ring_t::warp;
  static constexpr int consumer_warps = ring_t::consumer_warps;
  static constexpr int vector = ring_t::vector;
  static constexpr int row_items = ring_t::row_items;
  static constexpr int segment = ring_t::segment;
  static constexpr int rows = ring_t::rows;
  using lane_items = typename ring_t::lane_items;
  static_assert(!encode || segment <= 65536,
                "agent_select_pipelined: Encode keeps head positions of 2 bytes: segments of at most 65536 items");

  const T* in;
  T* out;
  Selector selector;
  NumSelectedIt num_selected_out;  // Encode: the number of runs
  tile_state<value_t> state;
  OffsetT num_items;
  int num_tiles;
  std::add_pointer_t<LengthT> lengths_out = nullptr;  // Encode only
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

  /// The index in the tile of the last item that `bits` selects of a lane's row starting at `first`.
  static XCUB_DEVICE XCUB_FORCEINLINE int last_selected(unsigned bits, int first) {
    int last = -1;
XCUB_UNROLL
    for (int i = 0; i < vector; ++i) last = (bits >> i) & 1u ? first + i : last;
    return last;
  }

  /// The reducer's count of a lane's selected items in segment c of tile t (count items); `last`
  /// the tile index of the last of them (Encode's latest run start; -1: none).
  template <bool WHOLE>
  XCUB_DEVICE XCUB_FORCEINLINE int lane_selected(const T* seg, int c, int t, int count, const T& segment_before,
                                                 int lane, int& last) const {
    int n = 0;
XCUB_UNROLL
    for (int j = 0; j < rows; ++j) {
      const lane_items v = ring_t::load_lane(seg + j * row_items, lane);
      T before{};
      if constexpr (unique) before = before_lane(seg, j, lane, segment_before);
      const int first = c * segment + j * row_items + lane * vector;
      const unsigned bits = selected_bits<WHOLE>(v, before, t == 0 && first == 0, count - first);
      n += bit_count(bits);
      if constexpr (encode) last = bits != 0 ? last_selected(bits, first) : last;
    }
    return n;
  }

  /// Reducer warp c counts segment c of each tile (and keeps the item before it, Unique; Encode: and
  /// its latest head); reducer 0 then folds the segments' values and publishes the tile's at once.
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
        int last = -1;
        const int n = count == ring_t::tile_items && t > 0
                          ? lane_selected<true>(seg, c, t, count, segment_before, lane, last)
                          : lane_selected<false>(seg, c, t, count, segment_before, lane, last);
        typename WarpReduce<int>::TempStorage none;
        const int total = WarpReduce<int>(none).Reduce(n, shuffle_tree_op<Sum>{});
        value_t segment_value;
        if constexpr (encode) {
          const int latest = WarpReduce<int>(none).Reduce(last, shuffle_tree_op<Max>{});
          segment_value = make_counted(static_cast<OffsetT>(total),
                                       total > 0 ? ring_t::template tile_base<OffsetT>(t) + static_cast<OffsetT>(latest)
                                                 : OffsetT(0));
        } else {
          segment_value = static_cast<OffsetT>(total);
        }
        if (lane == 0) ring.segment_totals[s * consumer_warps + c] = segment_value;
      }
      arch::stage_arrive(barrier(segments_counted, s));
      if (c == 0) {
        arch::stage_wait(barrier(segments_counted, s), phase(k));
        if (t >= 0) {
          value_t aggregate = ring.segment_totals[s * consumer_warps];
          for (int w = 1; w < consumer_warps; ++w) aggregate = value_op{}(aggregate, ring.segment_totals[s * consumer_warps + w]);
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
        lane, state, value_op{}, reduced, resolved,
        [&](int s, const value_t& aggregate, int l) {
          if (l == 0) ring.prefix_of[s] = value_t{};
          return aggregate;
        },
        [&](int t, const value_t& inclusive, int l) {
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
      value_t before_segment = ring.prefix_of[s];  // the value of everything before the segment
      for (int w = 0; w < c; ++w) before_segment = value_op{}(before_segment, ring.segment_totals[s * consumer_warps + w]);
      T* seg = ring.stage(s) + c * segment;
      const int kept = count == ring_t::tile_items && t > 0 ? compact<true>(seg, c, t, count, s, lane)
                                                             : compact<false>(seg, c, t, count, s, lane);
      arch::sync_warp();  // the compacted segment (Encode: and its head positions) is written before any lane reads it
      if constexpr (encode) {
        store_runs(seg, c, t, lane, kept, before_segment);
      } else {
        T* to = out + static_cast<index_t>(before_segment);
        for (int i = lane; i < kept; i += warp) to[i] = seg[i];
      }
      arch::stage_async_fence();  // the loader's bulk copy refills what this thread wrote
      arch::stage_arrive(barrier(empty, s));
    }
  }

  /// Consumer warp c's compaction of its segment `seg` of tile t (count items) in stage s: row
  /// after row, each lane's selected items go after those of the lanes before it, the lanes' offsets
  /// from one ballot per item of a lane (cheaper than a warp scan of the lanes' counts). Returns
  /// how many the segment keeps. Encode also writes each kept item's position in the segment to
  /// the same slot of the consumer's head positions (head_positions).
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
    std::uint16_t* const positions = encode ? head_positions(c) : nullptr;
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
        if ((bits >> i) & 1u) {
          if constexpr (encode) positions[at] = static_cast<std::uint16_t>(j * row_items + lane * vector + i);
          seg[at++] = v[j].v[i];
        }
      }
      kept += row_kept;
    }
    return kept;
  }

  static XCUB_DEVICE XCUB_FORCEINLINE OffsetT count_of_value(const value_t& v) {
    if constexpr (encode) return v.runs;
    else return v;
  }

  /// Consumer c's head positions (Encode): slot i the position in the segment of its i-th head.
  XCUB_DEVICE XCUB_FORCEINLINE std::uint16_t* head_positions(int c) const {
    return reinterpret_cast<std::uint16_t*>(ring.scratch) + c * segment;
  }

  /// Encode: the segment's compacted heads to `out` at the runs before it, and the lengths of the
  /// runs those heads end (each head ends the run before it) from length index runs - 1 on (the
  /// input's first head ends no run). A head's previous run start is the head before it in the
  /// segment, or for its first head the latest start before the segment. The last run's length is
  /// the look-ahead's (write_total).
  XCUB_DEVICE XCUB_FORCEINLINE void store_runs(const T* seg, int c, int t, int lane, int kept,
                                               const value_t& before_segment) const {
    using index_t = std::conditional_t<std::is_signed_v<OffsetT>, std::int64_t, std::uint64_t>;
    const std::uint16_t* positions = head_positions(c);
    const OffsetT base = ring_t::template tile_base<OffsetT>(t) + static_cast<OffsetT>(c * segment);
    const auto runs = static_cast<index_t>(before_segment.runs);  // the heads before the segment
    T* heads_to = out + runs;
    LengthT* lengths_to = lengths_out + runs;  // length index of head i: runs + i - 1
    for (int i = lane; i < kept; i += warp) {
      heads_to[i] = seg[i];
      const OffsetT previous = i > 0 ? base + static_cast<OffsetT>(positions[i - 1]) : before_segment.value;
      if (i > 0 || runs > 0) lengths_to[i - 1] = static_cast<LengthT>(base + static_cast<OffsetT>(positions[i]) - previous);
    }
  }

  /// The last tile's look-ahead: the total count (Encode: the runs, and the last run's length).
  XCUB_DEVICE XCUB_FORCEINLINE void write_total(const value_t& total) const {
    using out_t = typename std::iterator_traits<NumSelectedIt>::value_type;
    using count_value_t = std::conditional_t<std::is_void_v<out_t>, OffsetT, out_t>;
    num_selected_out[0] = static_cast<count_value_t>(count_of_value(total));
    if constexpr (encode) {
      using index_t = std::conditional_t<std::is_signed_v<OffsetT>, std::int64_t, std::uint64_t>;
      lengths_out[static_cast<index_t>(total.runs) - 1] = static_cast<LengthT>(num_items - total.value);
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
