// xcub/device/detail/agent/agent_scan.hpp: one block's tile of a device-wide scan (DeviceScan).
//
// agent_scan<Policy, InputIt, OutputIt, AccumT, ScanOp, InitT, INCLUSIVE, OffsetT>: Policy is a type
// whose `static constexpr scan_policy value` gives the tile shape. InitT is scan_no_init (inclusive
// scans without an initial value) or the type of the initial value: a value, or a FutureValue
// (read in the kernel). consume_tile(tile, num_items, num_tiles) scans tile `tile` of the input into
// the output; every thread of the block calls it, once. The tile:
//   - is loaded blocked (BlockLoad, the policy's algorithm; WARP_TRANSPOSE falls back to TRANSPOSE
//     where the block has a partial last warp) as AccumT; a partial last tile pads with its first item;
//   - tile 0 scans on its own (seeded with the initial value, if any) and publishes
//     op(init, aggregate) as inclusive (when there are more tiles);
//   - tile t >= 1 scans with the look-back callback (tile_prefix_op), which waits for the tiles
//     before it; one look-back per tile, by the block's first warp;
//   - is stored blocked (BlockStore). A tile reads its items before it writes any, and only its own:
//     scanning in place (output == input) is safe.
// The block needs at least arch::warp_threads threads (the look-back runs in one whole warp).
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/block/block_load.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/device/detail/scan_init.hpp>
#include <xcub/iterator/cache_modified_input_iterator.hpp>

namespace xcub::detail {

/// A policy's load and store algorithms, with the transposes that need whole warps replaced by the
/// block-wide ones where the block has a partial last warp (as CUB's BlockScan does for WARP_SCANS).
template <int THREADS>
struct scan_io_algorithms {
  static constexpr bool partial_warp = block_shape<THREADS, 1, 1>::has_partial_warp;
  static constexpr BlockLoadAlgorithm load(BlockLoadAlgorithm a) {
    return partial_warp && a >= BLOCK_LOAD_WARP_TRANSPOSE ? BLOCK_LOAD_TRANSPOSE : a;
  }
  static constexpr BlockStoreAlgorithm store(BlockStoreAlgorithm a) {
    return partial_warp && a >= BLOCK_STORE_WARP_TRANSPOSE ? BLOCK_STORE_TRANSPOSE : a;
  }
};

/// The iterator a tile is loaded through: a pointer gets the policy's cache modifier.
template <CacheLoadModifier MODIFIER, class InputIt>
struct scan_load_iterator {
  using type = InputIt;
  XCUB_HOST_DEVICE static type wrap(InputIt it) { return it; }
};
template <CacheLoadModifier MODIFIER, class T>
struct scan_load_iterator<MODIFIER, T*> {
  static constexpr bool wrapped = MODIFIER != LOAD_DEFAULT && std::is_arithmetic_v<std::remove_cv_t<T>>;
  using type = std::conditional_t<wrapped, CacheModifiedInputIterator<MODIFIER, std::remove_cv_t<T>>, T*>;
  XCUB_HOST_DEVICE static type wrap(T* it) { return type(it); }
};

#if XCUB_HAS_KERNELS

template <class Policy, class InputIt, class OutputIt, class AccumT, class ScanOp, class InitT, bool INCLUSIVE,
          class OffsetT>
struct agent_scan {
  static constexpr scan_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static constexpr bool has_init = !std::is_same_v<InitT, scan_no_init>;
  static_assert(INCLUSIVE || has_init, "agent_scan: exclusive scans need an initial value");
  static_assert(threads >= arch::warp_threads,
                "xcub::DeviceScan: a tuning's block_threads must be at least arch::warp_threads (the look-back "
                "runs in the block's first warp)");
  using io = scan_io_algorithms<threads>;
  using block_load = BlockLoad<AccumT, threads, items, io::load(policy.load_algorithm)>;
  using block_store = BlockStore<AccumT, threads, items, io::store(policy.store_algorithm)>;
  using block_scan = BlockScan<AccumT, threads, policy.scan_algorithm>;
  using load_it = scan_load_iterator<policy.load_modifier, InputIt>;

  struct TempStorage {
    union {  // a tile's load and store: the scan between them holds barriers (see consume_tile)
      typename block_load::TempStorage load;
      typename block_store::TempStorage store;
    } io;
    typename block_scan::TempStorage scan;
  };

  TempStorage& storage;
  InputIt in;
  OutputIt out;
  ScanOp op;
  InitT init;
  tile_state<AccumT> state;

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_items, int num_tiles) {
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = num_items - base;
    const bool full = left >= static_cast<OffsetT>(tile_items);
    AccumT values[items];
    const auto from = load_it::wrap(in) + base;
    if (full) {
      block_load(storage.io.load).Load(from, values);
    } else {
      block_load(storage.io.load).Load(from, values, static_cast<int>(left), static_cast<AccumT>(in[base]));
    }
    // The kernel may run overlapped with the tile state's init kernel: the state is used from here.
    arch::wait_for_previous_grid();

    if (tile == 0) {
      AccumT aggregate;
      scan_first_tile(values, aggregate);
      if (num_tiles > 1 && arch::linear_thread_id() == 0) state.set_inclusive(0, aggregate);
    } else {
      tile_prefix_op<AccumT, ScanOp> prefix{state, op, tile,
          lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
          lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
      // A narrow window pays where a tile carries many input bytes; inputs narrower than the
      // accumulator (int8 summed into int) make short tiles, where whole-warp windows win.
      using input_t = typename std::iterator_traits<InputIt>::value_type;
      constexpr bool wide_input = sizeof(input_t) >= sizeof(AccumT);
      prefix.window =
          wide_input ? lookback_wait(policy.lookback_window, policy.lookback_window_min_tiles, num_tiles) : 0;
      if constexpr (INCLUSIVE) block_scan(storage.scan).InclusiveScan(values, values, op, prefix);
      else block_scan(storage.scan).ExclusiveScan(values, values, op, prefix);
    }

    // The store's exchange reuses the load's shared memory. A scan over more than one warp has block
    // barriers after every thread's last read of the load's exchange; a one-warp scan has none.
    if constexpr (block_shape<threads, 1, 1>::warps == 1 && io::load(policy.load_algorithm) >= BLOCK_LOAD_TRANSPOSE &&
                  io::store(policy.store_algorithm) >= BLOCK_STORE_TRANSPOSE) {
      arch::sync_threads();
    }
    if (full) block_store(storage.io.store).Store(out + base, values);
    else block_store(storage.io.store).Store(out + base, values, static_cast<int>(left));
  }

 private:
  /// Tile 0: the scan seeded with the initial value; `aggregate` becomes op(init, tile aggregate).
  XCUB_DEVICE XCUB_FORCEINLINE void scan_first_tile(AccumT (&values)[items], AccumT& aggregate) {
    block_scan scan(storage.scan);
    if constexpr (!has_init) {
      scan.InclusiveScan(values, values, op, aggregate);
    } else {
      const AccumT seed = static_cast<AccumT>(init);  // a FutureValue reads device memory here
      if constexpr (INCLUSIVE) scan.InclusiveScan(values, values, seed, op, aggregate);
      else scan.ExclusiveScan(values, values, seed, op, aggregate);
      aggregate = static_cast<AccumT>(op(seed, aggregate));
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
