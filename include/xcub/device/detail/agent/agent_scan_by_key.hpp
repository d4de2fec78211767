// xcub/device/detail/agent/agent_scan_by_key.hpp: one block's tile of a scan by key
// (DeviceScan::InclusiveScanByKey / ExclusiveScanByKey).
//
// The values are scanned as (value, head) pairs, head marking the first item of a run of equal
// consecutive keys (item 0, and every item whose key is not equal_op-equal to the one before), with
// segmented_op, which restarts at every head and is associative whenever the operator is. The
// pairs go through the same look-back as agent_scan (tile_state<flagged<AccumT>>), so a run may
// span any number of tiles.
//   inclusive: out[i] = the fold of the run's values up to and including i;
//   exclusive: out[i] = init at a head, else op(init, fold of the run's values before i).
// Every thread of the block calls consume_tile(tile, num_items, num_tiles) once. A tile reads its
// keys, the key before it and its values before it writes: in place (values out == values in) is safe.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/device/detail/agent/agent_scan.hpp>
#include <xcub/device/detail/agent/keyed_tile.hpp>
#include <xcub/thread/thread_operators.hpp>

namespace xcub::detail {

/// The flag word of flagged<T>: as wide as T's alignment, so that the pair has no padding (shared
/// memory copies of it then write every byte they read; the sanitizer's init check sees that).
template <class T>
using flag_word_t = std::conditional_t<
    alignof(T) == 1, std::uint8_t,
    std::conditional_t<alignof(T) == 2, std::uint16_t, std::conditional_t<alignof(T) == 4, std::uint32_t, std::uint64_t>>>;

/// A value with the head flag of its segment (or, for a fold, whether it holds a head).
template <class T>
struct flagged {
  T value;
  flag_word_t<T> head;
};

/// The segmented form of op over flagged values: a right operand holding a head restarts the fold.
template <class T, class Op>
struct segmented_op {
  Op op;
  XCUB_HOST_DEVICE XCUB_FORCEINLINE flagged<T> operator()(const flagged<T>& a, const flagged<T>& b) const {
    if (b.head) return b;
    return flagged<T>{static_cast<T>(op(a.value, b.value)), a.head};
  }
};

#if XCUB_HAS_KERNELS

template <class Policy, class KeysIt, class ValuesIt, class OutputIt, class AccumT, class ScanOp, class EqualityOp,
          class InitT, bool INCLUSIVE, class OffsetT>
struct agent_scan_by_key {
  static constexpr scan_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static_assert(threads >= arch::warp_threads,
                "xcub::DeviceScan: a tuning's block_threads must be at least arch::warp_threads (the look-back "
                "runs in the block's first warp)");
  static_assert(INCLUSIVE || !std::is_same_v<InitT, scan_no_init>, "agent_scan_by_key: exclusive scans need init");
  using key_t = typename std::iterator_traits<KeysIt>::value_type;
  using pair_t = flagged<AccumT>;
  using pair_op = segmented_op<AccumT, ScanOp>;
  using io = scan_io_algorithms<threads>;
  using tile_loader = keyed_tile<key_t, AccumT, threads, items, io::load(policy.load_algorithm)>;
  using block_store = BlockStore<AccumT, threads, items, io::store(policy.store_algorithm)>;
  using block_scan = BlockScan<pair_t, threads, policy.scan_algorithm>;

  struct TempStorage {
    union {
      typename tile_loader::TempStorage load;
      typename block_store::TempStorage store;
    } io;
    typename block_scan::TempStorage scan;
  };

  TempStorage& storage;
  KeysIt keys;
  ValuesIt values;
  OutputIt out;
  ScanOp op;
  EqualityOp equal;
  InitT init;
  tile_state<pair_t> state;

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_items, int num_tiles) {
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = num_items - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    const int valid = full ? tile_items : static_cast<int>(left);

    key_t tile_keys[items];
    int heads[items];
    AccumT tile_values[items];
    tile_loader::load(storage.io.load, keys, values, equal, tile, base, full, valid, tile_keys, heads, tile_values);
    pair_t pairs[items];
XCUB_UNROLL
    for (int i = 0; i < items; ++i) pairs[i] = pair_t{tile_values[i], static_cast<flag_word_t<AccumT>>(heads[i] != 0)};

    block_scan scan(storage.scan);
    if (tile == 0) {
      pair_t aggregate;
      if constexpr (INCLUSIVE) scan.InclusiveScan(pairs, pairs, pair_op{op}, aggregate);
      else scan.ExclusiveScan(pairs, pairs, pair_op{op}, aggregate);  // item 0 is a head: its output is init
      if (num_tiles > 1 && arch::linear_thread_id() == 0) state.set_inclusive(0, aggregate);
    } else {
      tile_prefix_op<pair_t, pair_op> prefix{state, pair_op{op}, tile,
          lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
          lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
      prefix.window = lookback_wait(policy.lookback_window, policy.lookback_window_min_tiles, num_tiles);
      if constexpr (INCLUSIVE) scan.InclusiveScan(pairs, pairs, pair_op{op}, prefix);
      else scan.ExclusiveScan(pairs, pairs, pair_op{op}, prefix);
    }

XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      if constexpr (INCLUSIVE) {
        tile_values[i] = pairs[i].value;
      } else {
        const AccumT seed = static_cast<AccumT>(init);
        tile_values[i] = heads[i] ? seed : static_cast<AccumT>(op(seed, pairs[i].value));
      }
    }
    arch::sync_threads();  // the loads' exchanges are read; the store's reuses them
    if (full) block_store(storage.io.store).Store(out + base, tile_values);
    else block_store(storage.io.store).Store(out + base, tile_values, valid);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
