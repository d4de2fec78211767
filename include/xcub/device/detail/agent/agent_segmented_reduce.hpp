// xcub/device/detail/agent/agent_segmented_reduce.hpp: one block's group of segments of a
// DeviceSegmentedReduce.
//
// agent_segmented_reduce<Policy, AccumT, ReductionOp, ValueT>: Policy is a type whose `static constexpr
// segmented_reduce_policy value` gives the shape. consume_group(segments, read, out, first, count,
// init) reduces segments [first, first + count) (count <= block_threads) and writes each result to
// out[s]; every thread of the block calls it. Each segment goes to as many threads as its length
// calls for:
//   - length <= thread_max_items: thread `s - first` folds it alone (empty: it writes init); when
//     the whole group is such segments, back to back, the block first copies their span to shared
//     memory with coalesced loads (segment_stage.hpp);
//   - length <= warp_max_items:   one warp; the warps deal these segments out round robin;
//   - longer:                     the whole block, one segment after the other.
// A result is `op(init, aggregate)` when APPLY_INIT (Reduce, Sum, Min, Max) or the aggregate alone
// (ArgMin, ArgMax: init is then only the empty segments' value). The grouping of a segment's items
// depends on its length and the policy only: results are deterministic. The operator must be
// associative and commutative (items are folded strided, as DeviceReduce).
//
// Segments and items come from a source and a reader (segment_source.hpp); ValueT is the
// reader's value_type (what the stage holds).
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_reduce.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/device/detail/agent/segment_source.hpp>
#include <xcub/device/detail/agent/segment_stage.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

template <class T>
struct is_key_value_pair : std::false_type {};
template <class K, class V>
struct is_key_value_pair<KeyValuePair<K, V>> : std::true_type {};

#if XCUB_HAS_KERNELS

template <class Policy, class AccumT, class ReductionOp, class ValueT>
struct agent_segmented_reduce {
  static constexpr segmented_reduce_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int width = arch::warp_threads;
  static constexpr int warps = threads / width;
  static_assert(threads % width == 0 && threads <= 1024,
                "xcub::DeviceSegmentedReduce: a tuning's block_threads must be a multiple of the warp, at most 1024");
  static_assert(items >= 1 && policy.segments_per_block >= 1 && policy.segments_per_block <= threads,
                "xcub::DeviceSegmentedReduce: a tuning needs items_per_thread >= 1 and "
                "1 <= segments_per_block <= block_threads");
  using warp_reduce = WarpReduce<AccumT>;
  using block_reduce = BlockReduce<AccumT, threads, policy.reduce_algorithm>;
  using stage_t = segment_stage<ValueT, threads, policy.thread_max_items, items>;

  /// One warp's segments as a chain: where its first begins, where its last ends, and whether
  /// all of them are thread-sized and each begins where the one before ends.
  struct link {
    std::uint64_t begin, end;
    int linked;
  };
  struct TempStorage {
    union {
      typename warp_reduce::TempStorage warp[warps];
      typename block_reduce::TempStorage block;
      typename stage_t::TempStorage stage;
    } reduce;
    arch::lane_mask_t medium[warps];  // per warp: its lanes whose segment takes a warp
    arch::lane_mask_t large[warps];   // ... and those whose segment takes the block
    link chain[warps];
  };

  TempStorage& storage;
  ReductionOp op;

  template <bool APPLY_INIT, class Segments, class Reader, class OutputIt, class InitT>
  XCUB_DEVICE XCUB_FORCEINLINE void consume_group(const Segments& segments, const Reader& read, OutputIt out,
                                                  std::uint64_t first, int count, const InitT& init) {
    using offset_t = typename Segments::offset_type;
    const int tid = static_cast<int>(arch::linear_thread_id());
    const int lane = tid % width, warp = tid / width;
    const bool mine = tid < count;
    segment_range<offset_t> r{offset_t(0), offset_t(0)};
    if (mine) r = segments.at(first + static_cast<std::uint64_t>(tid));
    const bool by_thread = mine && r.size <= static_cast<offset_t>(policy.thread_max_items);
    const bool by_block = mine && !by_thread && r.size > static_cast<offset_t>(policy.warp_max_items);
    const arch::lane_mask_t medium = arch::ballot(arch::full_lane_mask, mine && !by_thread && !by_block);
    const arch::lane_mask_t large = arch::ballot(arch::full_lane_mask, by_block);
    if constexpr (stage_t::enabled) link_warp(r, mine, by_thread, count - warp * width);
    if (lane == 0) {
      storage.medium[warp] = medium;
      storage.large[warp] = large;
    }
    arch::sync_threads();

    if constexpr (stage_t::enabled) {  // back-to-back thread-sized segments only: through shared memory
      offset_t base;
      int span;
      if (staged_span(count, base, span)) {
        stage_t stage{storage.reduce.stage};
        stage.template fill<policy.load_modifier>(read, base, span);
        arch::sync_threads();
        if (by_thread && r.size == 0) store(out, first + static_cast<std::uint64_t>(tid), init);
        if (by_thread && r.size > 0) {
          const AccumT acc =
              stage.template fold<AccumT>(read, static_cast<int>(r.begin - base), static_cast<int>(r.size), op);
          store(out, first + static_cast<std::uint64_t>(tid), finish<APPLY_INIT>(acc, init));
        }
        arch::sync_threads();  // the next group refills the stage and rewrites the masks
        return;
      }
    }
    if (by_thread && r.size == 0) store(out, first + static_cast<std::uint64_t>(tid), init);
    if (by_thread && r.size > 0)
      store(out, first + static_cast<std::uint64_t>(tid), finish<APPLY_INIT>(strided_fold(read, r, 0, 1), init));

    // The warps deal the warp-sized segments out round robin, in segment order.
    bool any_large = false;
    int k = 0;
    for (int w = 0; w < warps; ++w) {
      any_large = any_large || storage.large[w] != 0;
      for (arch::lane_mask_t m = storage.medium[w]; m != 0; m &= m - 1, ++k) {
        if (k % warps != warp) continue;
        const std::uint64_t s = first + static_cast<std::uint64_t>(w * width) + arch::lowest_lane(m);
        const segment_range<offset_t> seg = segments.at(s);
        const AccumT acc = warp_reduce(storage.reduce.warp[warp]).Reduce(strided_fold(read, seg, lane, width), op,
                                                                          valid_ranks(seg.size, width));
        if (lane == 0) store(out, s, finish<APPLY_INIT>(acc, init));
      }
    }
    if (!any_large) {
      arch::sync_threads();  // the next group rewrites the masks
      return;
    }
    arch::sync_threads();  // the block reduction's storage overlaps the warps'
    for (int w = 0; w < warps; ++w) {
      for (arch::lane_mask_t m = storage.large[w]; m != 0; m &= m - 1) {
        const std::uint64_t s = first + static_cast<std::uint64_t>(w * width) + arch::lowest_lane(m);
        const segment_range<offset_t> seg = segments.at(s);
        const AccumT acc = block_reduce(storage.reduce.block).Reduce(strided_fold(read, seg, tid, threads), op,
                                                                     valid_ranks(seg.size, threads));
        if (tid == 0) store(out, s, finish<APPLY_INIT>(acc, init));
        arch::sync_threads();  // before the storage (and, after the last, the masks) is reused
      }
    }
  }

 private:
  /// Lane 0 records its warp's link of the chain (`used`: the warp's lanes that own a segment).
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void link_warp(const segment_range<OffsetT>& r, bool mine, bool by_thread, int used) {
    const OffsetT end = static_cast<OffsetT>(r.begin + r.size);
    const OffsetT before = arch::shfl_up(arch::full_lane_mask, end, 1);
    const int lane = static_cast<int>(arch::lane_id());
    const bool linked =
        arch::all(arch::full_lane_mask, !mine || (by_thread && (lane == 0 || r.begin == before)));
    const int last_lane = used >= width ? width - 1 : (used > 0 ? used - 1 : 0);
    const OffsetT last_end = arch::shfl_idx(arch::full_lane_mask, end, last_lane);
    if (lane == 0)
      storage.chain[warp_of_lane0()] = link{static_cast<std::uint64_t>(r.begin), static_cast<std::uint64_t>(last_end),
                                            linked ? 1 : 0};
  }
  XCUB_DEVICE XCUB_FORCEINLINE static int warp_of_lane0() { return static_cast<int>(arch::linear_thread_id()) / width; }

  /// After the barrier: whether the group's segments form one chain (every warp's linked, each
  /// starting where the previous warp's ends); if so its first item and length.
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE bool staged_span(int count, OffsetT& base, int& span) {
    const int used_warps = (count + width - 1) / width;
    const std::uint64_t begin = storage.chain[0].begin;
    std::uint64_t end = begin;
    bool chained = true;
    for (int w = 0; w < used_warps; ++w) {
      chained = chained && storage.chain[w].linked != 0 && storage.chain[w].begin == end;
      end = storage.chain[w].end;
    }
    base = static_cast<OffsetT>(begin);
    span = static_cast<int>(end - begin);
    return chained;
  }

  /// The segment's j-th item (the reader's value for it), loaded with the policy's modifier.
  template <class Reader, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static AccumT load(const Reader& read, OffsetT begin, OffsetT j) {
    return read.template get<policy.load_modifier>(begin, j);
  }

  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static int valid_ranks(OffsetT size, int ranks) {
    return size < static_cast<OffsetT>(ranks) ? static_cast<int>(size) : ranks;
  }

  /// The fold of the segment's items rank, rank + stride, ... in that order; unspecified where
  /// rank >= size (the caller's reduction leaves those ranks out). Loads go out `items` at a time:
  /// the first and the last step are guarded per item, so a thread waits about once per step.
  template <class Reader, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT strided_fold(const Reader& read, const segment_range<OffsetT>& seg, int rank,
                                                   int stride) {
    const OffsetT step = static_cast<OffsetT>(stride), n = seg.size;
    const OffsetT span = static_cast<OffsetT>(items) * step;  // items one step covers
    OffsetT j = static_cast<OffsetT>(rank);
    if (!(j < n)) return AccumT{};
    AccumT acc = guarded_step(read, seg.begin, j, step, n);
    for (j += span; j < n && n - j > span - step; j += span) {  // whole steps
      AccumT values[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i)
        values[i] = load(read, seg.begin, static_cast<OffsetT>(j + static_cast<OffsetT>(i) * step));
      acc = op(acc, ThreadReduce(values, op));
    }
    if (j < n) acc = op(acc, guarded_step(read, seg.begin, j, step, n));
    return acc;
  }

  /// The fold of items j, j + step, ... (at most `items`) that lie below n; j < n.
  template <class Reader, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT guarded_step(const Reader& read, OffsetT begin, OffsetT j, OffsetT step,
                                                   OffsetT n) {
    AccumT values[items];
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const OffsetT at = static_cast<OffsetT>(j + static_cast<OffsetT>(i) * step);
      values[i] = (i == 0 || at < n) ? load(read, begin, at) : values[0];  // (values[0]: never folded)
    }
    AccumT acc = values[0];
XCUB_UNROLL
    for (int i = 1; i < items; ++i)
      if (static_cast<OffsetT>(j + static_cast<OffsetT>(i) * step) < n) acc = op(acc, values[i]);
    return acc;
  }

  template <bool APPLY_INIT, class InitT>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT finish(const AccumT& aggregate, const InitT& init) {
    if constexpr (APPLY_INIT)
      return op(static_cast<AccumT>(init), aggregate);
    else
      return aggregate;
  }

  /// out[s] = value; an accumulated pair becomes the output's pair type (ArgMin/ArgMax accumulate
  /// padding-free pairs, <xcub/device/detail/arg_extremum.hpp>).
  template <class OutputIt, class V>
  XCUB_DEVICE XCUB_FORCEINLINE static void store(OutputIt out, std::uint64_t s, const V& value) {
    using out_t = typename std::iterator_traits<OutputIt>::value_type;
    auto at = out + static_cast<typename std::iterator_traits<OutputIt>::difference_type>(s);
    if constexpr (is_key_value_pair<V>::value && is_key_value_pair<out_t>::value && !std::is_same_v<V, out_t>)
      *at = out_t(static_cast<typename out_t::Key>(value.key), static_cast<typename out_t::Value>(value.value));
    else
      *at = value;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
