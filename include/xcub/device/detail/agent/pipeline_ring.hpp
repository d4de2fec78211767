// xcub/device/detail/agent/pipeline_ring.hpp: the ring of stages that the pipelined device agents
// share (agent_scan_pipelined.hpp, agent_select_pipelined.hpp; docs/device-scan.md):
// a persistent block keeps `stages` tiles in flight in dynamic shared memory, one role per warp,
// handing each stage from role to role through stage barriers (<xcub/arch/stage_barrier.hpp>).
//
// pipeline_ring_layout<T, V>{policy, barriers, edge_bytes, scratch_bytes}: where the pieces of the
// ring lie in the block's dynamic shared memory (bytes() in all):
//   stages tiles of policy.tile_items items of T;
//   per stage `edge_bytes` (a multiple of 16) that an agent keeps beside its tile (the select agent:
//   the 16 bytes before the tile, and the item before each segment);
//   per stage `barriers` stage barriers, one per hand-off of the agent's round;
//   per stage the tile id (-1: the end marker);
//   per stage 2 + consumer_warps values of V: the tile's aggregate, its exclusive prefix, and one
//   total per consumer warp's segment;
//   `scratch_bytes` (a multiple of 16) for the block, outside the stages (RunLengthEncode's
//   consumers: the positions of their segment's heads).
//
// pipeline_ring<T, V, Policy, BARRIERS, EDGE_BYTES, SCRATCH_BYTES>: those pieces as pointers (carve),
// the stage and tile arithmetic every role uses, the barriers' initialization, the reducer's publication
// (publish_aggregate), and two roles both agents run as they are: the loader (load) and the
// look-ahead (look_ahead).
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/stage_barrier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

template <class T, class V>
struct pipeline_ring_layout {
  pipelined_scan_policy p;
  int barriers = 0;             // per stage
  std::size_t edge_bytes = 0;   // per stage, a multiple of 16
  std::size_t scratch_bytes = 0;  // per block, a multiple of 16
  static constexpr std::size_t align_up(std::size_t x, std::size_t a) { return (x + a - 1) / a * a; }
  constexpr std::size_t items_bytes() const { return std::size_t(p.stages) * p.tile_items * sizeof(T); }
  constexpr std::size_t edges_at() const { return align_up(items_bytes(), 16); }
  constexpr std::size_t barriers_at() const { return edges_at() + std::size_t(p.stages) * edge_bytes; }
  constexpr std::size_t tiles_at() const { return barriers_at() + std::size_t(barriers) * std::size_t(p.stages) * 8; }
  constexpr std::size_t values_at() const { return align_up(tiles_at() + std::size_t(p.stages) * 4, 16); }
  constexpr std::size_t scratch_at() const {
    return align_up(values_at() + std::size_t(p.stages) * (2 + p.consumer_warps) * sizeof(V), 16);
  }
  constexpr std::size_t bytes() const { return scratch_at() + scratch_bytes; }
};

#if XCUB_HAS_KERNELS

template <class T, class V, class Policy, int BARRIERS, std::size_t EDGE_BYTES, std::size_t SCRATCH_BYTES = 0>
struct pipeline_ring {
  static constexpr pipelined_scan_policy policy = Policy::value;
  static constexpr int stages = policy.stages;
  static constexpr int warp = arch::warp_threads;
  static constexpr int consumer_warps = policy.consumer_warps;
  static constexpr int tile_items = policy.tile_items;
  static constexpr int vector = 16 / static_cast<int>(sizeof(T));  // items per lane per row
  static constexpr int row_items = warp * vector;
  static constexpr int segment = tile_items / (consumer_warps > 0 ? consumer_warps : 1);
  static constexpr int rows = segment / row_items;
  static constexpr unsigned tile_bytes = static_cast<unsigned>(tile_items * sizeof(T));
  static constexpr pipeline_ring_layout<T, V> layout{policy, BARRIERS, EDGE_BYTES, SCRATCH_BYTES};
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "pipeline_ring: 4- or 8-byte items");
  static_assert(EDGE_BYTES % 16 == 0 && SCRATCH_BYTES % 16 == 0, "pipeline_ring: edges and scratch of whole 16-byte words");
  static_assert(stages >= 2 && consumer_warps >= 1 && rows >= 1 && segment * consumer_warps == tile_items &&
                    rows * row_items == segment,
                "xcub: a pipelined_scan_policy needs at least 2 stages, 1 consumer warp, and tiles of "
                "consumer_warps x a whole number of rows of arch::warp_threads x 16 bytes");

  T* items = nullptr;
  unsigned char* edges = nullptr;          // [stages][EDGE_BYTES]
  arch::stage_barrier* barriers = nullptr; // [BARRIERS][stages]
  int* tile_of = nullptr;                  // [stages] the stage's tile id, -1: the end marker
  V* aggregate_of = nullptr;               // [stages]
  V* prefix_of = nullptr;                  // [stages] the tile's exclusive prefix
  V* segment_totals = nullptr;             // [stages][consumer_warps]
  unsigned char* scratch = nullptr;        // [SCRATCH_BYTES]

  XCUB_DEVICE XCUB_FORCEINLINE void carve(unsigned char* shared) {
    items = reinterpret_cast<T*>(shared);
    edges = shared + layout.edges_at();
    barriers = reinterpret_cast<arch::stage_barrier*>(shared + layout.barriers_at());
    tile_of = reinterpret_cast<int*>(shared + layout.tiles_at());
    aggregate_of = reinterpret_cast<V*>(shared + layout.values_at());
    prefix_of = aggregate_of + stages;
    segment_totals = prefix_of + stages;
    scratch = shared + layout.scratch_at();
  }

  /// Thread 0 initializes every stage's barrier of kind b for arrivals[b] arrivals; then the whole
  /// block synchronizes. Every lane of a role arrives after its own accesses (never one lane for its
  /// warp after a sync_warp): each hand-off then orders exactly the accesses made before it, which
  /// is what compute-sanitizer's racecheck follows (it does not carry sync_warp into an arrival).
  XCUB_DEVICE XCUB_FORCEINLINE void init(const unsigned (&arrivals)[BARRIERS]) {
    if (arch::linear_thread_id() == 0) {
      for (int b = 0; b < BARRIERS; ++b)
        for (int s = 0; s < stages; ++s) arch::stage_barrier_init(barrier(b, s), arrivals[b]);
      arch::stage_barriers_ready();
    }
    arch::sync_threads();
  }

  XCUB_DEVICE XCUB_FORCEINLINE arch::stage_barrier& barrier(int kind, int s) const { return barriers[kind * stages + s]; }
  static XCUB_DEVICE XCUB_FORCEINLINE unsigned phase(int k) { return static_cast<unsigned>(k / stages); }
  XCUB_DEVICE XCUB_FORCEINLINE T* stage(int s) const { return items + static_cast<std::size_t>(s) * tile_items; }
  XCUB_DEVICE XCUB_FORCEINLINE unsigned char* edge(int s) const { return edges + static_cast<std::size_t>(s) * EDGE_BYTES; }
  template <class OffsetT>
  static XCUB_DEVICE XCUB_FORCEINLINE OffsetT tile_base(int t) {
    return static_cast<OffsetT>(t) * static_cast<OffsetT>(tile_items);
  }
  template <class OffsetT>
  static XCUB_DEVICE XCUB_FORCEINLINE int tile_count(int t, OffsetT num_items) {
    const OffsetT left = num_items - tile_base<OffsetT>(t);
    return left < static_cast<OffsetT>(tile_items) ? static_cast<int>(left) : tile_items;
  }
  static XCUB_DEVICE XCUB_FORCEINLINE bool aligned16(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
  }

  /// A lane's items of a row: 16 bytes, moved between shared memory and registers as one word (one
  /// access per lane: a warp's row touches each bank once per phase, where four 4-byte accesses
  /// would conflict four ways).
  struct alignas(16) lane_items {
    T v[vector];
  };
  static XCUB_DEVICE XCUB_FORCEINLINE lane_items load_lane(const T* row, int lane) {
    return __builtin_bit_cast(lane_items, reinterpret_cast<const cache_word16*>(row)[lane]);
  }
  static XCUB_DEVICE XCUB_FORCEINLINE void store_lane(T* row, int lane, const lane_items& items) {
    reinterpret_cast<cache_word16*>(row)[lane] = __builtin_bit_cast(cache_word16, items);
  }

  /// The loader (one warp, every lane): round after round, once stage k % stages is empty (barrier
  /// `empty_kind`), claims the next tile id from `counter` and copies the tile into the stage,
  /// arriving at barrier `full_kind`: one bulk copy where the backend has them and the tile is
  /// whole and aligned; else the warp copies, padding a partial tile with its first item. With
  /// EDGE_BEFORE, the 16 bytes before the tile (tile 0: none) go to the start of the stage's edge,
  /// by lane 1's bulk copy or the warp. Past the last tile it leaves the end marker (-1) and returns.
  template <bool EDGE_BEFORE, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void load(int lane, const T* in, std::uint32_t* counter, OffsetT num_items,
                                         int num_tiles, int full_kind, int empty_kind) const {
    static_assert(!EDGE_BEFORE || EDGE_BYTES >= 16, "pipeline_ring: the edge before a tile takes 16 bytes");
    for (int k = 0;; ++k) {
      const int s = k % stages;
      if (k >= stages) arch::stage_wait(barrier(empty_kind, s), phase(k) - 1);
      std::uint32_t ticket = 0;
      if (lane == 0) ticket = arch::atomic_add<arch::scope::device>(counter, std::uint32_t{1});
      const int t = static_cast<int>(arch::shfl_idx(arch::full_lane_mask, ticket, 0));
      const bool last = t >= num_tiles;
      if (lane == 0) tile_of[s] = last ? -1 : t;
      arch::stage_barrier& full = barrier(full_kind, s);
      if (last) {
        arch::stage_arrive(full);  // the end marker
        return;
      }
      const T* from = in + tile_base<OffsetT>(t);
      T* to = stage(s);
      const int count = tile_count(t, num_items);
      if (arch::bulk_stage_copies() && count == tile_items && aligned16(from)) {
        if (lane == 0) arch::stage_load(full, to, from, tile_bytes);  // completes once the bytes land
        else if (EDGE_BEFORE && lane == 1 && t > 0) arch::stage_load(full, edge(s), from - vector, 16);
        else arch::stage_arrive(full);
      } else {
        for (int i = lane; i < count; i += warp) to[i] = from[i];
        const T pad = from[0];
        for (int i = count + lane; i < tile_items; i += warp) to[i] = pad;
        if (EDGE_BEFORE && t > 0 && lane < vector) reinterpret_cast<T*>(edge(s))[lane] = from[lane - vector];
        arch::stage_arrive(full);
      }
    }
  }

  /// The reducer's publication of tile t's aggregate (lane 0; every lane calls): kept in the stage
  /// for the look-ahead, and published at once, as the inclusive `tile0_inclusive` for tile 0 (which
  /// no look-back reads past) and as a partial otherwise.
  XCUB_DEVICE XCUB_FORCEINLINE void publish_aggregate(tile_state<V>& state, int s, int t, const V& aggregate,
                                                      const V& tile0_inclusive, int lane) const {
    if (lane != 0) return;
    aggregate_of[s] = aggregate;
    if (t == 0) state.set_inclusive(0, tile0_inclusive);
    else state.set_partial(t, aggregate);
  }

  /// The look-ahead (one warp, every lane): round after round, once the reducer is done with the
  /// stage (barrier `reduced_kind`), the tile's exclusive prefix into prefix_of, then an arrival at
  /// `resolved_kind`; it returns after the end marker. Tile t > 0: from the block's previous tile
  /// (the anchor, whose inclusive prefix it knows) and the statuses of the tiles claimed since
  /// (tile_prefix_op's exclusive_prefix); lane 0 publishes the inclusive prefix. Tile 0:
  /// tile0(s, aggregate, lane) writes what prefix_of needs and returns the inclusive prefix.
  /// resolved(t, inclusive, lane) runs after each tile past 0 is resolved (the select agent's total).
  template <class Op, class Tile0, class Resolved>
  XCUB_DEVICE XCUB_FORCEINLINE void look_ahead(int lane, tile_state<V>& state, Op op, int reduced_kind,
                                               int resolved_kind, Tile0 tile0, Resolved resolved) const {
    int anchor_tile = -1;
    V anchor_value{};  // the inclusive prefix of the block's previous tile
    for (int k = 0;; ++k) {
      const int s = k % stages;
      arch::stage_wait(barrier(reduced_kind, s), phase(k));
      const int t = tile_of[s];
      if (t == 0) {
        anchor_value = tile0(s, aggregate_of[s], lane);
        anchor_tile = 0;
      } else if (t > 0) {
        const V aggregate = aggregate_of[s];
        tile_prefix_op<V, Op> look{state, op, t, policy.delay_ns, 0, 0, policy.window, anchor_tile, &anchor_value};
        const V prefix = arch::shfl_idx(arch::full_lane_mask, look.exclusive_prefix(aggregate), 0);
        const V inclusive = static_cast<V>(op(prefix, aggregate));
        if (lane == 0) {
          state.set_inclusive(t, inclusive);
          prefix_of[s] = prefix;
        }
        anchor_tile = t;
        anchor_value = inclusive;
        resolved(t, inclusive, lane);
      }
      arch::stage_arrive(barrier(resolved_kind, s));
      if (t < 0) return;
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
