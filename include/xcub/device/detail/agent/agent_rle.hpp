// xcub/device/detail/agent/agent_rle.hpp: one block's tile of DeviceRunLengthEncode (Encode and
// NonTrivialRuns).
//
// Every item gets a head flag (it starts a run: item 0, or its key differs from the one before) and
// a tail flag (it ends one: the last item, or the key after it differs), from BlockDiscontinuity
// with the neighbouring tiles' edge keys. A *counted start* is a run start that the output counts:
// every head (Encode), or a head that is not also a tail (NonTrivialRuns: a run of length >= 2).
// Each item becomes the pair {starts, start offset} = {1, i} at a counted start, {0, 0} elsewhere;
// counted_op (agent_reduce_by_key.hpp) with a keep-left operator adds the starts and keeps the
// latest start's offset, so the inclusive scan of the pairs, chained across tiles by the look-back,
// gives every item the number of counted runs so far and where the current one began. Then:
//   Encode:          at a head, first_out[runs - 1] = key; at a tail, lengths_out[runs - 1] = i - start + 1;
//   NonTrivialRuns:  at a tail that is not a head, first_out[runs - 1] = start (the run's offset),
//                    lengths_out[runs - 1] = i - start + 1;
//   the last item writes *num_runs_out = runs.
// Items past the end of a partial last tile are neither heads nor tails. Outputs are written
// straight from the registers (not compacted through shared memory: docs/device-select.md). Every
// thread calls consume_tile(tile, num_items, num_tiles) once; with no items only *num_runs_out = 0
// is written.
#pragma once

#include <iterator>
#include <type_traits>

#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/device/detail/agent/agent_reduce_by_key.hpp>  // counted, counted_op
#include <xcub/device/detail/agent/agent_scan.hpp>           // scan_io_algorithms, scan_load_iterator
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

/// Keeps its left operand (the value of a counted pair whose right side starts nothing).
struct keep_left {
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE T operator()(const T& a, const T&) const { return a; }
};

#if XCUB_HAS_KERNELS

template <class Policy, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsIt, class EqualityOp,
          class OffsetT, bool NON_TRIVIAL>
struct agent_rle {
  static constexpr select_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static_assert(threads >= arch::warp_threads,
                "xcub::DeviceRunLengthEncode: a tuning's block_threads must be at least arch::warp_threads (the "
                "look-back runs in the block's first warp)");
  using key_t = typename std::iterator_traits<InputIt>::value_type;
  using pair_t = counted<OffsetT, OffsetT>;
  using pair_op = counted_op<OffsetT, OffsetT, keep_left>;
  using io = scan_io_algorithms<threads>;
  using load_keys = BlockLoad<key_t, threads, items, io::load(policy.load_algorithm)>;
  using discontinuity = BlockDiscontinuity<key_t, threads>;
  using block_scan = BlockScan<pair_t, threads, policy.scan_algorithm>;
  using load_it = scan_load_iterator<policy.load_modifier, InputIt>;

  struct TempStorage {
    typename load_keys::TempStorage load;
    typename discontinuity::TempStorage flags;
    typename block_scan::TempStorage scan;
  };

  TempStorage& storage;
  InputIt in;
  FirstOutIt first_out;
  LengthsOutIt lengths_out;
  NumRunsIt num_runs_out;
  EqualityOp equal;
  tile_state<pair_t> state;

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_items, int num_tiles) {
    const int rank = static_cast<int>(arch::linear_thread_id());
    if (num_items == 0) {
      if (rank == 0) write_count(OffsetT(0));
      return;
    }
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = num_items - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    const int valid = full ? tile_items : static_cast<int>(left);

    key_t keys[items];
    const auto from = load_it::wrap(in) + base;
    if (full) load_keys(storage.load).Load(from, keys);
    else load_keys(storage.load).Load(from, keys, valid, static_cast<key_t>(in[base + valid - 1]));
    int heads[items], tails[items];
    flag(tile, base, valid, num_items, keys, heads, tails);
    arch::wait_for_previous_grid();  // the tile state is used from here (launched overlapped with its init)

    pair_t pairs[items], before[items];
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const bool start = NON_TRIVIAL ? (heads[i] && !tails[i]) : heads[i] != 0;
      pairs[i] = make_counted(OffsetT(start ? 1 : 0), start ? base + static_cast<OffsetT>(rank * items + i) : OffsetT(0));
    }
    block_scan scan(storage.scan);
    if (tile == 0) {
      pair_t aggregate;
      scan.ExclusiveScan(pairs, before, make_counted(OffsetT(0), OffsetT(0)), pair_op{}, aggregate);
      if (num_tiles > 1 && rank == 0) state.set_inclusive(0, aggregate);
    } else {
      tile_prefix_op<pair_t, pair_op> prefix{state, pair_op{}, tile,
          lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
          lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
      scan.ExclusiveScan(pairs, before, pair_op{}, prefix);
    }

XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int at = rank * items + i;
      if (at >= valid) break;
      const OffsetT pos = base + static_cast<OffsetT>(at);
      const pair_t run = pair_op{}(before[i], pairs[i]);
      if constexpr (NON_TRIVIAL) {
        if (tails[i] && !heads[i]) {
          first_out[run.runs - 1] = run.value;
          lengths_out[run.runs - 1] = pos - run.value + 1;
        }
      } else {
        if (heads[i]) first_out[run.runs - 1] = keys[i];
        if (tails[i]) lengths_out[run.runs - 1] = pos - run.value + 1;
      }
      if (pos == num_items - 1) write_count(run.runs);
    }
  }

 private:
  /// Heads and tails of the tile's valid items, with the edge keys of the tiles around it.
  XCUB_DEVICE XCUB_FORCEINLINE void flag(int tile, OffsetT base, int valid, OffsetT num_items,
                                         const key_t (&keys)[items], int (&heads)[items], int (&tails)[items]) {
    discontinuity disc(storage.flags);
    const InequalityWrapper<EqualityOp> differ(equal);
    const bool has_next = num_items - base > static_cast<OffsetT>(tile_items);
    if (tile == 0 && has_next) {
      disc.FlagHeadsAndTails(heads, tails, static_cast<key_t>(in[base + tile_items]), keys, differ);
    } else if (tile == 0) {
      disc.FlagHeadsAndTails(heads, tails, keys, differ);
    } else if (has_next) {
      disc.FlagHeadsAndTails(heads, static_cast<key_t>(in[base - 1]), tails, static_cast<key_t>(in[base + tile_items]),
                             keys, differ);
    } else {
      disc.FlagHeadsAndTails(heads, static_cast<key_t>(in[base - 1]), tails, keys, differ);
    }
    const int rank = static_cast<int>(arch::linear_thread_id());
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int at = rank * items + i;
      if (at == valid - 1 && !has_next) tails[i] = 1;
      if (at >= valid) heads[i] = tails[i] = 0;
    }
  }

  XCUB_DEVICE XCUB_FORCEINLINE void write_count(OffsetT runs) const {
    using out_t = typename std::iterator_traits<NumRunsIt>::value_type;
    *num_runs_out = static_cast<std::conditional_t<std::is_void_v<out_t>, OffsetT, out_t>>(runs);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
