// xcub/device/detail/agent/agent_rle.hpp: one block's tile of DeviceRunLengthEncode (Encode and
// NonTrivialRuns).
//
// Every item gets a head flag (it starts a run: item 0, or its key differs from the one before) and
// a tail flag (it ends one: the last item, or the key after it differs), from BlockDiscontinuity
// with the neighbouring tiles' edge keys. A *counted start* is a run start that the output counts:
// every head (Encode), or a head that is not also a tail (NonTrivialRuns: a run of length >= 2).
// Each item becomes the pair {starts, start offset} = {1, i} at a counted start, {0, 0} elsewhere;
// counted_op (agent_reduce_by_key.hpp) with a keep-left operator adds the starts and keeps the
// latest start's offset. The block scans each thread's fold of its pairs (exclusive, with the
// aggregate), and the thread folds its items' pairs in one by one, so each item knows the tile's
// counted runs so far (`local`, from 1 at the tile's first counted start) and, where local >= 1,
// where the current run began. Slot j of the tile is its local run j; slot 0 is a run that began in
// an earlier tile and ends here (its start comes from the look-back).
//   1. every thread writes into shared memory: Encode, at a head of slot j, the item; at a tail
//      (NonTrivialRuns: a tail that is not a head), the run's length (slot 0: its end, i + 1) and,
//      NonTrivialRuns, its start offset; then the first warp looks back (tile_prefix_op over the
//      pairs) for the pair of all earlier tiles;
//   2. after one barrier the block writes the slots striped (consecutive threads, consecutive
//      addresses): slot j goes to output index prefix.runs + j - 1. Slots 1 .. local-1 always
//      closed in this tile; slot 0 and the last slot only where their tail is here (flags in
//      shared memory);
//   3. the last tile's thread 0 writes *num_runs_out = prefix.runs + the tile's runs.
// Items past the end of a partial last tile are neither heads nor tails. Every thread calls
// consume_tile(tile, num_items, num_tiles) once; with no items only *num_runs_out = 0 is written.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/device/detail/agent/agent_reduce_by_key.hpp>  // counted, counted_op
#include <xcub/device/detail/agent/agent_scan.hpp>           // scan_io_algorithms, scan_load_iterator
#include <xcub/device/detail/agent/item_bits.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

/// Keeps its left operand (the value of a counted pair whose right side starts nothing).
struct keep_left {
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE T operator()(const T& a, const T&) const { return a; }
};

/// The type a select tuning's policy is asked for by run-length encoding: the larger of the key and
/// offset types (the shared slots hold an item or an offset, and a length, per run).
template <class InputIt, class OffsetT>
using rle_policy_item_t =
    std::conditional_t<(sizeof(OffsetT) > sizeof(typename std::iterator_traits<InputIt>::value_type)), OffsetT,
                       typename std::iterator_traits<InputIt>::value_type>;

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

  using first_t = std::conditional_t<NON_TRIVIAL, OffsetT, key_t>;  // what goes to first_out

  struct slots_t {  // the compacted tile: per slot, the item (offset) and the length
    alignas(first_t) unsigned char first[sizeof(first_t) * (tile_items + 1)];
    OffsetT lengths[tile_items + 1];
  };
  struct TempStorage {
    union {
      typename load_keys::TempStorage load;
      slots_t slots;
    } io;
    typename discontinuity::TempStorage flags;
    typename block_scan::TempStorage scan;
    pair_t prefix;      // the pair of all earlier tiles, from the look-back
    int open_closes;    // slot 0 (a run from an earlier tile) ends in this tile
    int last_closes;    // the tile's last local run ends in this tile
  };
  static_assert(sizeof(TempStorage) <= 48 * 1024,
                "xcub::DeviceRunLengthEncode: the tuning's tile needs more than 48 KiB of static shared memory");
  /// A thread's head and tail flags, one bit an item (bit i: item i).
  struct edge_bits {
    item_bits<items> heads;
    item_bits<items> tails;
    XCUB_DEVICE XCUB_FORCEINLINE void set(int i, bool head, bool tail) {
      heads.set(i, head);
      tails.set(i, tail);
    }
    XCUB_DEVICE XCUB_FORCEINLINE bool head(int i) const { return heads.test(i); }
    XCUB_DEVICE XCUB_FORCEINLINE bool tail(int i) const { return tails.test(i); }
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
    if (rank == 0) storage.open_closes = storage.last_closes = 0;  // read after the scan's barriers

    key_t keys[items];
    const auto from = load_it::wrap(in) + base;
    if (full) load_keys(storage.io.load).Load(from, keys);
    else load_keys(storage.io.load).Load(from, keys, valid, static_cast<key_t>(in[base + valid - 1]));
    edge_bits edges;
    {
      int heads[items], tails[items];
      flag(tile, base, valid, num_items, keys, heads, tails);
XCUB_UNROLL
      for (int i = 0; i < items; ++i) edges.set(i, heads[i] != 0, tails[i] != 0);
    }
    arch::wait_for_previous_grid();  // the tile state is used from here (launched overlapped with its init)

    // One pair per thread (its counted starts, the last one's offset), scanned over the block; each
    // item's pair is then folded in as the items are placed (no per-item pairs held in registers).
    pair_t mine = make_counted(OffsetT(0), OffsetT(0));
    const OffsetT first_pos = base + static_cast<OffsetT>(rank * items);
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      if (counted_start(edges.head(i), edges.tail(i))) {
        mine = make_counted(static_cast<OffsetT>(mine.runs + 1), static_cast<OffsetT>(first_pos + OffsetT(i)));
      }
    }
    pair_t run, aggregate;
    block_scan(storage.scan).ExclusiveScan(mine, run, make_counted(OffsetT(0), OffsetT(0)), pair_op{}, aggregate);
    // The slots reuse the load's shared memory: a scan over more than one warp has block barriers
    // after every thread's load; a one-warp scan may have none.
    if constexpr (block_shape<threads, 1, 1>::warps == 1) arch::sync_threads();

    auto* first_slots = reinterpret_cast<first_t*>(storage.io.slots.first);
    OffsetT* length_slots = storage.io.slots.lengths;
    const int runs = static_cast<int>(aggregate.runs);
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const OffsetT pos = first_pos + static_cast<OffsetT>(i);
      const bool head = edges.head(i), tail = edges.tail(i);
      if (counted_start(head, tail)) run = make_counted(static_cast<OffsetT>(run.runs + 1), pos);  // inclusive
      const int slot = static_cast<int>(run.runs);
      if constexpr (!NON_TRIVIAL) {
        if (head) first_slots[slot] = keys[i];
      }
      if (counted_end(head, tail)) {
        if constexpr (NON_TRIVIAL) first_slots[slot] = run.value;
        length_slots[slot] = slot == 0 ? pos + 1 : pos - run.value + 1;
        if (slot == 0) storage.open_closes = 1;
        if (slot == runs && slot > 0) storage.last_closes = 1;
      }
    }
    // The slots are written before the look-back, so that the first warp waits holding no keys in
    // registers (fewer registers a thread, more blocks a multiprocessor).
    if (arch::warp_id() == 0) look_back(tile, num_tiles, aggregate);
    arch::sync_threads();

    const pair_t prefix = storage.prefix;
    const bool open_closes = storage.open_closes != 0, last_closes = storage.last_closes != 0;
XCUB_UNROLL
    for (int i = 0; i <= items; ++i) {  // slots 0 .. runs: at most tile_items + 1
      const int j = i * threads + rank;
      if (j > runs) break;
      const OffsetT out = prefix.runs + static_cast<OffsetT>(j) - 1;
      const bool closes = j == 0 ? open_closes : (j < runs || last_closes);
      if constexpr (!NON_TRIVIAL) {
        if (j > 0) first_out[out] = first_slots[j];
      }
      if (closes) {
        if constexpr (NON_TRIVIAL) first_out[out] = j == 0 ? prefix.value : first_slots[j];
        lengths_out[out] = j == 0 ? length_slots[0] - prefix.value : length_slots[j];
      }
    }
    if (tile == num_tiles - 1 && rank == 0) write_count(static_cast<OffsetT>(prefix.runs + aggregate.runs));
  }

 private:
  /// Whether an item starts a run the output counts (every run; NonTrivialRuns: runs of 2 or more),
  /// and whether it ends one.
  XCUB_DEVICE XCUB_FORCEINLINE static bool counted_start(int head, int tail) {
    return NON_TRIVIAL ? (head && !tail) : head != 0;
  }
  XCUB_DEVICE XCUB_FORCEINLINE static bool counted_end(int head, int tail) {
    return NON_TRIVIAL ? (tail && !head) : tail != 0;
  }

  /// Warp 0: the pair of the earlier tiles into storage.prefix; publishes this tile's.
  XCUB_DEVICE XCUB_FORCEINLINE void look_back(int tile, int num_tiles, const pair_t& aggregate) {
    const bool leader = arch::lane_id() == 0;
    if (tile == 0) {
      if (leader) {
        if (num_tiles > 1) state.set_inclusive(0, aggregate);
        storage.prefix = make_counted(OffsetT(0), OffsetT(0));
      }
      return;
    }
    tile_prefix_op<pair_t, pair_op> prefix_op{state, pair_op{}, tile,
        lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
        lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
    prefix_op.window = lookback_wait(policy.lookback_window, policy.lookback_wait_min_tiles, num_tiles);
    const pair_t prefix = prefix_op(aggregate);
    if (leader) storage.prefix = prefix;
  }

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
