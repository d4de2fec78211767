// xcub/device/detail/agent/agent_select.hpp: one block's tile of DeviceSelect and DevicePartition.
//
// agent_select<Policy, InputIt, ValuesIt, Selector, Output, NumSelectedIt, OffsetT>: Policy is a type
// whose `static constexpr select_policy value` gives the tile shape; Selector and Output come from
// agent/select_parts.hpp; ValuesIt is no_values, or the values that travel with the selected keys
// (UniqueByKey). Every thread of the block calls consume_tile(tile, num_items, num_tiles) once:
//   1. the tile's items (and flags or values) are loaded blocked; each item gets its class from the
//      selector, kept as one bit per item and class (items past the end of a partial last tile are
//      rejected and never written);
//   2. the block scans each thread's counts of the classes (BlockScan, exclusive, with the
//      aggregate): the thread's first rank in each class within the tile. One count per thread,
//      not per item, keeps the registers (and so the blocks per multiprocessor) of a plain scan's;
//   3. every thread puts its items in shared memory in tile order of class (part 0, part 1,
//      rejected: each in input order); then the first warp looks back (tile_prefix_op over
//      count_of<parts>) for the counts of all earlier tiles, holding no items in registers;
//   4. after one barrier the block writes the shared tile out striped (thread r: positions r,
//      r + threads, ...), so that consecutive threads write consecutive output addresses;
//   5. the last tile's thread 0 writes the totals to num_selected_out ([0], and [1] for two parts).
// With no items, only the zero counts are written. A tile reads all its input before it publishes
// its counts, and writes only below its own end, after every earlier tile has published: selecting
// in place (output == input: If and Flagged) is safe.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/device/detail/agent/agent_scan.hpp>  // scan_io_algorithms, scan_load_iterator
#include <xcub/device/detail/agent/item_bits.hpp>
#include <xcub/device/detail/agent/select_parts.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

template <class It, bool = std::is_same_v<It, no_values>>
struct values_of {
  using type = typename std::iterator_traits<It>::value_type;
};
template <class It>
struct values_of<It, true> {
  using type = char;  // unused
};

/// The type a select tuning's policy is asked for: the item type, or the larger of the key and value
/// types where values travel with the keys (the shared exchange holds both).
template <class InputIt, class ValuesIt, class ItemT = typename std::iterator_traits<InputIt>::value_type,
          class ValueT = typename values_of<ValuesIt>::type>
using select_policy_item_t =
    std::conditional_t<!std::is_same_v<ValuesIt, no_values> && (sizeof(ValueT) > sizeof(ItemT)), ValueT, ItemT>;

#if XCUB_HAS_KERNELS

template <class Policy, class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt,
          class OffsetT>
struct agent_select {
  static constexpr select_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static constexpr int parts = Selector::parts;
  static constexpr bool has_values = !std::is_same_v<ValuesIt, no_values>;
  static constexpr select_source source = Selector::source;
  static_assert(threads >= arch::warp_threads,
                "xcub::DeviceSelect: a tuning's block_threads must be at least arch::warp_threads (the look-back "
                "runs in the block's first warp)");
  using item_t = typename std::iterator_traits<InputIt>::value_type;
  using value_t = typename values_of<ValuesIt>::type;
  using count_t = count_of<parts, OffsetT>;
  using io = scan_io_algorithms<threads>;
  static constexpr BlockLoadAlgorithm load_algorithm = io::load(policy.load_algorithm);
  using load_items = BlockLoad<item_t, threads, items, load_algorithm>;
  using load_values = BlockLoad<value_t, threads, items, load_algorithm>;
  using flag_t = typename Selector::flag_t;
  using load_flags = BlockLoad<flag_t, threads, items, load_algorithm>;
  using discontinuity = BlockDiscontinuity<item_t, threads>;
  using block_scan = BlockScan<count_t, threads, policy.scan_algorithm>;
  using load_it = scan_load_iterator<policy.load_modifier, InputIt>;

  struct exchange_t {  // the compacted tile: items (and values) in class order
    alignas(item_t) unsigned char items[sizeof(item_t) * tile_items];
    alignas(value_t) unsigned char values[has_values ? sizeof(value_t) * tile_items : 1];
  };
  struct TempStorage {
    union {
      typename load_items::TempStorage items;
      typename load_values::TempStorage values;
      typename load_flags::TempStorage flags;
      exchange_t exchange;
    } io;
    typename discontinuity::TempStorage heads;
    typename block_scan::TempStorage scan;
    count_t prefix;  // the counts of all earlier tiles, from the look-back
  };
  static_assert(sizeof(TempStorage) <= 48 * 1024,
                "xcub::DeviceSelect: the tuning's tile needs more than 48 KiB of static shared memory");

  /// A thread's items by class, one bit an item (bit i: item i), and how many of each. Items past
  /// the end of the input (`valid` false) are rejected and never written.
  struct class_masks {
    item_bits<items> part0;
    item_bits<items> part1;  // parts == 2 only
    int count0 = 0;
    int count1 = 0;
    XCUB_DEVICE XCUB_FORCEINLINE void add(int i, int c, bool valid) {
      if (!valid) return;
      if (c == 0) {
        part0.set(i, true);
        ++count0;
      } else if (parts == 2 && c == 1) {
        part1.set(i, true);
        ++count1;
      }
    }
    XCUB_DEVICE XCUB_FORCEINLINE bool in_part0(int i) const { return part0.test(i); }
    XCUB_DEVICE XCUB_FORCEINLINE bool in_part1(int i) const { return parts == 2 && part1.test(i); }
    XCUB_DEVICE XCUB_FORCEINLINE count_t counts() const {
      if constexpr (parts == 1) return static_cast<count_t>(count0);
      else return count_t{static_cast<OffsetT>(count0), static_cast<OffsetT>(count1)};
    }
  };

  TempStorage& storage;
  InputIt in;
  ValuesIt values;
  Selector selector;
  Output out;
  NumSelectedIt num_selected_out;
  tile_state<count_t> state;

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_items, int num_tiles) {
    const int rank = static_cast<int>(arch::linear_thread_id());
    if (num_items == 0) {
      if (rank == 0) write_totals(count_t{});
      return;
    }
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = num_items - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    const int valid = full ? tile_items : static_cast<int>(left);

    item_t tile_in[items];
    value_t tile_values[items];
    class_masks masks;
    load_and_classify(tile, base, full, valid, tile_in, tile_values, masks);
    arch::wait_for_previous_grid();  // the tile state is used from here (launched overlapped with its init)

    // One count per thread (its items of each part), scanned over the block: the thread's first
    // rank in each part. An item's rank is then that plus the thread's earlier items of its part,
    // counted as the items are placed (no per-item counts held in registers).
    count_t before, aggregate;
    block_scan(storage.scan).ExclusiveScan(masks.counts(), before, count_t{}, count_sum{}, aggregate);
    // The exchange reuses the loads' shared memory: a scan over more than one warp has block
    // barriers after every thread's loads; a one-warp scan may have none.
    if constexpr (block_shape<threads, 1, 1>::warps == 1) arch::sync_threads();

    auto* shared_items = reinterpret_cast<item_t*>(storage.io.exchange.items);
    auto* shared_values = reinterpret_cast<value_t*>(storage.io.exchange.values);
    const int first = static_cast<int>(first_of(aggregate));
    const int second_end = first + static_cast<int>(second_of(aggregate));
    {
      int next0 = static_cast<int>(first_of(before));           // part 0: from the tile's start
      int next1 = first + static_cast<int>(second_of(before));  // part 1: after part 0
      int next_rejected = second_end + rank * items - static_cast<int>(first_of(before)) -
                          static_cast<int>(second_of(before));  // rejected: after both parts
      // Partitions place every item: its position is a select of the three cursors (branch-free;
      // branches per item keep a predicate per item live, 80 registers instead of 60 at 128 x 24).
      // Rejected items past the end of a partial tile are placed too: they rank after every valid
      // item, at positions that the write-out below never reads. Selections skip rejected items.
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const bool in0 = masks.in_part0(i), in1 = masks.in_part1(i);
        int pos;
        if constexpr (Output::keep_rejected) {
          pos = in0 ? next0 : (in1 ? next1 : next_rejected);
          next0 += in0 ? 1 : 0;
          next1 += in1 ? 1 : 0;
          next_rejected += in0 || in1 ? 0 : 1;
        } else if (in0) {
          pos = next0++;
        } else if (in1) {
          pos = next1++;
        } else {
          continue;
        }
        shared_items[pos] = tile_in[i];
        if constexpr (has_values) shared_values[pos] = tile_values[i];
      }
    }
    // The tile is in shared memory before the look-back, so that the items' registers are free
    // while the first warp waits (fewer registers a thread, more blocks a multiprocessor).
    if (arch::warp_id() == 0) look_back(tile, num_tiles, aggregate);
    arch::sync_threads();

    // Output indices in 64 bits: a thread's items then sit at constant distances from one address
    // (32-bit unsigned sums may wrap, which keeps the compiler from folding them into the stores).
    using index_t = std::conditional_t<std::is_signed_v<OffsetT>, std::int64_t, std::uint64_t>;
    const count_t prefix = storage.prefix;
    const int limit = Output::keep_rejected ? valid : second_end;
    const index_t start0 = static_cast<index_t>(first_of(prefix)) + static_cast<index_t>(rank);
    const index_t start1 = static_cast<index_t>(second_of(prefix)) + static_cast<index_t>(rank - first);
    const index_t start_rejected = static_cast<index_t>(base - first_of(prefix) - second_of(prefix)) +
                                   static_cast<index_t>(rank - second_end);
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int k = i * threads + rank;
      if (k >= limit) break;
      const auto step = static_cast<index_t>(i * threads);
      int part;
      index_t idx;
      if (k < first) {
        part = 0;
        idx = start0 + step;
      } else if (k < second_end) {
        part = 1;
        idx = start1 + step;
      } else {
        part = parts;
        idx = start_rejected + step;
      }
      out.write(part, idx, shared_items[k]);
      if constexpr (has_values) out.write_value(part, idx, shared_values[k]);
    }
    if (tile == num_tiles - 1 && rank == 0) write_totals(count_sum{}(prefix, aggregate));
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE void load_and_classify(int tile, OffsetT base, bool full, int valid,
                                                      item_t (&tile_in)[items], value_t (&tile_values)[items],
                                                      class_masks& masks) {
    const int rank = static_cast<int>(arch::linear_thread_id());
    const auto from = load_it::wrap(in) + base;
    if (full) load_items(storage.io.items).Load(from, tile_in);
    else load_items(storage.io.items).Load(from, tile_in, valid, static_cast<item_t>(in[base]));
    if constexpr (source == select_source::item) {
XCUB_UNROLL
      for (int i = 0; i < items; ++i) masks.add(i, selector.classify(tile_in[i]), rank * items + i < valid);
    } else if constexpr (source == select_source::flag) {
      flag_t flags[items];
      arch::sync_threads();  // the items' exchange is read; the flags' reuses it
      if (full) load_flags(storage.io.flags).Load(selector.flags + base, flags);
      else load_flags(storage.io.flags).Load(selector.flags + base, flags, valid, flag_t{});
XCUB_UNROLL
      for (int i = 0; i < items; ++i) masks.add(i, selector.classify(flags[i]), rank * items + i < valid);
    } else {
      int heads[items];
      discontinuity disc(storage.heads);
      const InequalityWrapper<decltype(selector.equal)> differ(selector.equal);
      if (tile == 0) disc.FlagHeads(heads, tile_in, differ);
      else disc.FlagHeads(heads, tile_in, differ, static_cast<item_t>(in[base - 1]));
XCUB_UNROLL
      for (int i = 0; i < items; ++i) masks.add(i, heads[i] ? 0 : 1, rank * items + i < valid);
    }
    if constexpr (has_values) {
      arch::sync_threads();  // the keys' exchange is read; the values' reuses it
      if (full) load_values(storage.io.values).Load(values + base, tile_values);
      else load_values(storage.io.values).Load(values + base, tile_values, valid, static_cast<value_t>(values[base]));
    }
  }

  /// Warp 0: the counts of the earlier tiles into storage.prefix; publishes this tile's.
  XCUB_DEVICE XCUB_FORCEINLINE void look_back(int tile, int num_tiles, const count_t& aggregate) {
    const bool leader = arch::lane_id() == 0;
    if (tile == 0) {
      if (leader) {
        if (num_tiles > 1) state.set_inclusive(0, aggregate);
        storage.prefix = count_t{};
      }
      return;
    }
    tile_prefix_op<count_t, count_sum> prefix_op{state, count_sum{}, tile,
        lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
        lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
    prefix_op.window = lookback_wait(policy.lookback_window, policy.lookback_wait_min_tiles, num_tiles);
    const count_t prefix = prefix_op(aggregate);
    if (leader) storage.prefix = prefix;
  }

  XCUB_DEVICE XCUB_FORCEINLINE void write_totals(const count_t& totals) const {
    using out_t = typename std::iterator_traits<NumSelectedIt>::value_type;
    using count_value_t = std::conditional_t<std::is_void_v<out_t>, OffsetT, out_t>;
    num_selected_out[0] = static_cast<count_value_t>(first_of(totals));
    if constexpr (parts == 2) num_selected_out[1] = static_cast<count_value_t>(second_of(totals));
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
