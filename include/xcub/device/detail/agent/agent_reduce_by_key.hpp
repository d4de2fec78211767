// xcub/device/detail/agent/agent_reduce_by_key.hpp: one block's tile of DeviceReduce::ReduceByKey.
//
// Each item becomes a (runs, value) pair: runs is 1 where the item starts a run (item 0, and every
// item whose key differs from the one before it), else 0. counted_op folds pairs by adding the run
// counts and restarting the value at a run start; it is associative whenever the reduction operator
// is, so the pairs go through the ordinary look-back (tile_state<counted<...>>) and a run may span
// any number of tiles. The exclusive scan of the pairs gives every item the number of runs before
// it and the fold of its run so far. Then:
//   - at a run start i: unique_out[runs before i] = key[i], and (i > 0) aggregates_out[runs before
//     i - 1] = the fold of the previous run (the exclusive value at i);
//   - at the last item: the inclusive pair closes the last run and gives *num_runs_out.
// Items past the end of a partial last tile count as run starts, so they never fold into a real run.
// Every thread of the block calls consume_tile(tile, num_items, num_tiles) once; with no items, only
// *num_runs_out = 0 is written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_scan.hpp>
#include <xcub/device/detail/agent/agent_scan.hpp>
#include <xcub/device/detail/agent/keyed_tile.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

/// The padding of {OffsetT, T}: between the members where T is aligned wider than OffsetT (double
/// values with 32-bit offsets), and at the tail. Each is an explicit, value-initialised member, so
/// that BlockScan's shared-memory copies of the pair write every byte they read (the host
/// sanitizer's init check reads padding that no thread wrote as an error).
template <class OffsetT, class T>
constexpr std::size_t counted_middle_padding() {
  return (alignof(T) - sizeof(OffsetT) % alignof(T)) % alignof(T);
}
template <class OffsetT, class T>
constexpr std::size_t counted_tail_padding() {
  constexpr std::size_t align = alignof(OffsetT) > alignof(T) ? alignof(OffsetT) : alignof(T);
  constexpr std::size_t used = sizeof(OffsetT) + counted_middle_padding<OffsetT, T>() + sizeof(T);
  return (align - used % align) % align;
}

template <class OffsetT, class T, std::size_t MIDDLE = counted_middle_padding<OffsetT, T>(),
          std::size_t TAIL = counted_tail_padding<OffsetT, T>()>
struct counted_words {
  OffsetT runs;
  unsigned char middle[MIDDLE];
  T value;
  unsigned char tail[TAIL];
};
template <class OffsetT, class T, std::size_t MIDDLE>
struct counted_words<OffsetT, T, MIDDLE, 0> {
  OffsetT runs;
  unsigned char middle[MIDDLE];
  T value;
};
template <class OffsetT, class T, std::size_t TAIL>
struct counted_words<OffsetT, T, 0, TAIL> {
  OffsetT runs;
  T value;
  unsigned char tail[TAIL];
};
template <class OffsetT, class T>
struct counted_words<OffsetT, T, 0, 0> {
  OffsetT runs;
  T value;
};

/// A value with the number of runs that start in the items it folds ({runs, value}; any padding
/// is a zeroed member).
template <class OffsetT, class T>
using counted = counted_words<OffsetT, T>;

/// {runs, value} with the padding zeroed.
template <class OffsetT, class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE counted<OffsetT, T> make_counted(OffsetT runs, const T& value) {
  counted<OffsetT, T> c{};
  c.runs = runs;
  c.value = value;
  return c;
}

/// Adds run counts; a right operand that holds a run start restarts the value.
template <class OffsetT, class T, class Op>
struct counted_op {
  Op op;
  XCUB_HOST_DEVICE XCUB_FORCEINLINE counted<OffsetT, T> operator()(const counted<OffsetT, T>& a,
                                                                   const counted<OffsetT, T>& b) const {
    return make_counted(static_cast<OffsetT>(a.runs + b.runs),
                        b.runs != 0 ? b.value : static_cast<T>(op(a.value, b.value)));
  }
};

#if XCUB_HAS_KERNELS

template <class Policy, class KeysIt, class UniqueIt, class ValuesIt, class AggregatesIt, class NumRunsIt,
          class AccumT, class ReductionOp, class EqualityOp, class OffsetT>
struct agent_reduce_by_key {
  static constexpr scan_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static_assert(threads >= arch::warp_threads,
                "xcub::DeviceReduce::ReduceByKey: a tuning's block_threads must be at least arch::warp_threads "
                "(the look-back runs in the block's first warp)");
  using key_t = typename std::iterator_traits<KeysIt>::value_type;
  using pair_t = counted<OffsetT, AccumT>;
  using pair_op = counted_op<OffsetT, AccumT, ReductionOp>;
  using io = scan_io_algorithms<threads>;
  using tile_loader = keyed_tile<key_t, AccumT, threads, items, io::load(policy.load_algorithm)>;
  using block_scan = BlockScan<pair_t, threads, policy.scan_algorithm>;

  struct TempStorage {
    typename tile_loader::TempStorage load;
    typename block_scan::TempStorage scan;
  };

  TempStorage& storage;
  KeysIt keys;
  UniqueIt unique_out;
  ValuesIt values;
  AggregatesIt aggregates_out;
  NumRunsIt num_runs_out;
  ReductionOp op;
  EqualityOp equal;
  tile_state<pair_t> state;

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_items, int num_tiles) {
    const int rank = static_cast<int>(arch::linear_thread_id());
    if (num_items == 0) {
      if (rank == 0) *num_runs_out = 0;
      return;
    }
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = num_items - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    const int valid = full ? tile_items : static_cast<int>(left);

    key_t tile_keys[items];
    int heads[items];
    AccumT tile_values[items];
    tile_loader::load(storage.load, keys, values, equal, tile, base, full, valid, tile_keys, heads, tile_values);

    pair_t pairs[items];
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const bool past_end = rank * items + i >= valid;
      pairs[i] = make_counted(static_cast<OffsetT>(heads[i] != 0 || past_end ? 1 : 0), tile_values[i]);
    }
    pair_t before[items];
    block_scan scan(storage.scan);
    if (tile == 0) {
      pair_t aggregate;
      // Item 0 starts a run, so a zero-run seed with any value only contributes its zero count.
      scan.ExclusiveScan(pairs, before, make_counted(OffsetT(0), pairs[0].value), pair_op{op}, aggregate);
      if (num_tiles > 1 && rank == 0) state.set_inclusive(0, aggregate);
    } else {
      tile_prefix_op<pair_t, pair_op> prefix{state, pair_op{op}, tile,
          lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
          lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
      prefix.window = lookback_wait(policy.lookback_window, policy.lookback_window_min_tiles, num_tiles);
      scan.ExclusiveScan(pairs, before, pair_op{op}, prefix);
    }

XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int at = rank * items + i;
      if (at >= valid) break;
      if (heads[i]) {
        unique_out[before[i].runs] = tile_keys[i];
        if (base + static_cast<OffsetT>(at) > 0) aggregates_out[before[i].runs - 1] = before[i].value;
      }
      if (base + static_cast<OffsetT>(at) == num_items - 1) {
        const pair_t last = pair_op{op}(before[i], pairs[i]);
        aggregates_out[last.runs - 1] = last.value;
        *num_runs_out = last.runs;
      }
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
