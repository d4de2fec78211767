// xcub/device/detail/agent/agent_batched_copy.hpp: the two agents of DeviceMemcpy::Batched and
// DeviceCopy::Batched (docs/device-batched-copy.md). Batch: agent/batched_copy_batch.hpp.
//
// agent_batched_copy_tile<Policy, Batch, OffsetT>: one tile of policy.tile_buffers() buffers per
// block. Every thread of the block calls consume_tile(tile, ...) once:
//   1. each thread reads the sizes (and the sources and destinations) of its buffers (striped) and
//      sorts each into a class by its length in units: none (0 units), tiny, warp or large;
//   2. the block scans the classes' counts (BlockScan; tiny buffers also their units, large ones
//      their chunks) and lists the tiny and warp buffers in shared memory; one barrier;
//   3. the first warp looks back (tile_prefix_op over large_count) for the large buffers and chunks
//      of all earlier tiles and publishes this tile's; the last tile writes the totals;
//   4. every thread copies its share of the tiny buffers' units (laid end to end), then the warps
//      take the warp buffers one at a time from a shared counter, each copied by the whole warp;
//   5. where the tile has large buffers: a barrier, then the block lists them in global memory
//      (from shared memory, where step 2 put them) at their ranks among all large buffers: each
//      one's index (large_ids) and first chunk (large_begins).
// No barrier between 3 and 5: the other warps copy while the first looks back.
//
// agent_batched_copy_large<Policy, Batch>: launched after the tile kernel; block b of G takes the
// chunks [b C / G, (b + 1) C / G) (about) of all C large chunks, the chunks of each large buffer
// numbered consecutively from its large_begins entry, finds the first buffer by binary search and
// copies its chunks' units with the whole block, then the next buffers' in order. A buffer's last
// chunk may be short; chunks are cut from each buffer's start, so a block's share of a buffer
// starts at a multiple of the chunk.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/config.hpp>
#include <xcub/device/detail/agent/batched_copy_batch.hpp>
#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

/// The look-back's value: large buffers and their chunks (64 bits each: no padding, any count).
struct large_count {
  std::uint64_t buffers;
  std::uint64_t chunks;
};
struct large_count_sum {
  XCUB_HOST_DEVICE XCUB_FORCEINLINE large_count operator()(const large_count& a, const large_count& b) const {
    return {a.buffers + b.buffers, a.chunks + b.chunks};
  }
};

/// A tile's counts by class (the block scan's value).
struct batched_copy_counts {
  std::uint32_t tiny;
  std::uint32_t tiny_units;
  std::uint32_t warp;
  std::uint32_t large;
  std::uint64_t chunks;
};
struct batched_copy_counts_sum {
  XCUB_HOST_DEVICE XCUB_FORCEINLINE batched_copy_counts operator()(const batched_copy_counts& a,
                                                                   const batched_copy_counts& b) const {
    return {a.tiny + b.tiny, a.tiny_units + b.tiny_units, a.warp + b.warp, a.large + b.large, a.chunks + b.chunks};
  }
};

/// A policy's thresholds in units of `unit_bytes` bytes: the longest tiny buffer (0: no tiny class),
/// the longest warp buffer, a large chunk (at least 1 unit).
XCUB_HOST_DEVICE constexpr std::uint64_t batched_tiny_max(const batched_copy_policy& p, int unit_bytes) {
  return static_cast<std::uint64_t>(p.tiny_max_bytes / unit_bytes);
}
XCUB_HOST_DEVICE constexpr std::uint64_t batched_warp_max(const batched_copy_policy& p, int unit_bytes) {
  const auto warp = static_cast<std::uint64_t>(p.warp_max_bytes / unit_bytes);
  return warp > batched_tiny_max(p, unit_bytes) ? warp : batched_tiny_max(p, unit_bytes);
}
XCUB_HOST_DEVICE constexpr std::uint64_t batched_chunk(const batched_copy_policy& p, int unit_bytes) {
  const auto chunk = static_cast<std::uint64_t>(p.large_chunk_bytes / unit_bytes);
  return chunk > 0 ? chunk : 1;
}
/// Chunks of `chunk` units that cover `units` units.
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr std::uint64_t chunks_of(std::uint64_t units, std::uint64_t chunk) {
  return units / chunk + (units % chunk != 0 ? 1 : 0);
}

enum batched_copy_class : int { class_none = 0, class_tiny = 1, class_warp = 2, class_large = 3 };

#if XCUB_HAS_KERNELS

template <class Policy, class Batch, class OffsetT>
struct agent_batched_copy_tile {
  static constexpr batched_copy_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int per_thread = policy.buffers_per_thread;
  static constexpr int tile_buffers = threads * per_thread;
  static constexpr int tiny_step = policy.tiny_units_per_thread;
  static constexpr std::uint64_t tiny_max = batched_tiny_max(policy, Batch::unit_bytes);
  static constexpr std::uint64_t warp_max = batched_warp_max(policy, Batch::unit_bytes);
  static constexpr std::uint64_t chunk = batched_chunk(policy, Batch::unit_bytes);
  static_assert(threads % arch::warp_threads == 0,
                "xcub::DeviceMemcpy/DeviceCopy::Batched: a tuning's block_threads must be a multiple of the warp");
  static_assert(per_thread >= 1 && tiny_step >= 1 && policy.warp_words >= 1,
                "xcub::DeviceMemcpy/DeviceCopy::Batched: buffers_per_thread, tiny_units_per_thread and warp_words "
                "must be at least 1");
  static_assert(static_cast<std::uint64_t>(tile_buffers) * tiny_max < (std::uint64_t{1} << 31),
                "xcub::DeviceMemcpy/DeviceCopy::Batched: a tile's tiny units must fit in 31 bits");

  using desc = typename Batch::desc;
  using block_scan = BlockScan<batched_copy_counts, threads, BLOCK_SCAN_WARP_SCANS>;  // little shared memory

  struct TempStorage {
    typename block_scan::TempStorage scan;
    alignas(desc) unsigned char descs[sizeof(desc) * tile_buffers];  // tiny buffers, then warp buffers
    std::uint32_t tiny_begin[tile_buffers + 1];  // tiny buffer t's first unit in the tile's tiny units
    std::uint32_t warp_units[tile_buffers];      // warp buffer w's length
    std::uint64_t large_first[tile_buffers];     // large buffer l's first chunk after the tile's first
    std::uint32_t large_index[tile_buffers];     // its index in the tile
    large_count prefix;                          // the large buffers and chunks of all earlier tiles
    std::uint32_t next_warp_buffer;
  };
  static_assert(sizeof(TempStorage) <= 48 * 1024,
                "xcub::DeviceMemcpy/DeviceCopy::Batched: the tuning's tile needs more than 48 KiB of static shared "
                "memory (fewer buffers per tile, or smaller range iterators)");

  TempStorage& storage;
  Batch batch;
  tile_state<large_count> state;
  OffsetT* large_ids;
  std::uint64_t* large_begins;
  std::uint64_t* totals;  // [0] large buffers, [1] large chunks, written by the last tile

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile, OffsetT num_buffers, int num_tiles) {
    const int rank = static_cast<int>(arch::linear_thread_id());
    const OffsetT base = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_buffers);

    int cls[per_thread];
    std::uint64_t units[per_thread];
    desc where[per_thread];
    batched_copy_counts counts[per_thread], before[per_thread], aggregate;
XCUB_UNROLL
    for (int j = 0; j < per_thread; ++j) {
      // in 64 bits: a 32-bit index past the end of the last tile could wrap below num_buffers
      const std::uint64_t at = static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(j * threads + rank);
      const auto i = static_cast<OffsetT>(at);
      units[j] = 0;
      cls[j] = class_none;
      if (at < static_cast<std::uint64_t>(num_buffers)) {
        units[j] = batch.size(i);
        where[j] = batch.fetch(i);  // read with the size, not after it (used for tiny and warp buffers)
        cls[j] = class_of(units[j]);
      }
      counts[j] = batched_copy_counts{};
      if (cls[j] == class_tiny) {
        counts[j].tiny = 1;
        counts[j].tiny_units = static_cast<std::uint32_t>(units[j]);
      } else if (cls[j] == class_warp) {
        counts[j].warp = 1;
      } else if (cls[j] == class_large) {
        counts[j].large = 1;
        counts[j].chunks = chunks_of(units[j], chunk);
      }
    }
    block_scan(storage.scan).ExclusiveScan(counts, before, batched_copy_counts{}, batched_copy_counts_sum{}, aggregate);

XCUB_UNROLL
    for (int j = 0; j < per_thread; ++j) {
      if (cls[j] == class_tiny) {
        set_desc(before[j].tiny, where[j]);
        storage.tiny_begin[before[j].tiny] = before[j].tiny_units;
      } else if (cls[j] == class_warp) {
        set_desc(aggregate.tiny + before[j].warp, where[j]);
        storage.warp_units[before[j].warp] = static_cast<std::uint32_t>(units[j]);
      } else if (cls[j] == class_large) {
        storage.large_first[before[j].large] = before[j].chunks;
        storage.large_index[before[j].large] = static_cast<std::uint32_t>(j * threads + rank);
      }
    }
    if (rank == 0) {
      storage.tiny_begin[aggregate.tiny] = aggregate.tiny_units;
      storage.next_warp_buffer = 0;
    }
    arch::wait_for_previous_grid();  // the tile state is used from here (launched overlapped with its init)
    arch::sync_threads();

    if (arch::warp_id() == 0) look_back(tile, num_tiles, large_count{aggregate.large, aggregate.chunks});
    copy_tiny(rank, aggregate.tiny, aggregate.tiny_units);
    copy_warps(aggregate.tiny, aggregate.warp);

    if (aggregate.large == 0) return;  // the same in every thread
    arch::sync_threads();
    const large_count prefix = storage.prefix;
    for (std::uint32_t l = static_cast<std::uint32_t>(rank); l < aggregate.large; l += threads) {
      large_ids[prefix.buffers + l] = base + static_cast<OffsetT>(storage.large_index[l]);
      large_begins[prefix.buffers + l] = prefix.chunks + storage.large_first[l];
    }
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE static int class_of(std::uint64_t units) {
    if (units == 0) return class_none;
    if (units <= tiny_max) return class_tiny;
    if (units <= warp_max) return class_warp;
    return class_large;
  }

  XCUB_DEVICE XCUB_FORCEINLINE void set_desc(std::uint32_t at, const desc& d) {
    reinterpret_cast<desc*>(storage.descs)[at] = d;
  }
  XCUB_DEVICE XCUB_FORCEINLINE const desc& desc_at(std::uint32_t at) const {
    return reinterpret_cast<const desc*>(storage.descs)[at];
  }

  /// Warp 0: the counts of the earlier tiles into storage.prefix; publishes this tile's; the last
  /// tile writes the totals.
  XCUB_DEVICE XCUB_FORCEINLINE void look_back(int tile, int num_tiles, const large_count& aggregate) {
    const bool leader = arch::lane_id() == 0;
    large_count prefix{0, 0};
    if (tile == 0) {
      if (leader && num_tiles > 1) state.set_inclusive(0, aggregate);
    } else {
      tile_prefix_op<large_count, large_count_sum> prefix_op{
          state, large_count_sum{}, tile,
          lookback_wait(policy.lookback_delay_ns, policy.lookback_wait_min_tiles, num_tiles),
          lookback_wait(policy.lookback_settle_ns, policy.lookback_wait_min_tiles, num_tiles)};
      prefix = prefix_op(aggregate);
    }
    if (!leader) return;
    storage.prefix = prefix;
    if (tile == num_tiles - 1) {
      totals[0] = prefix.buffers + aggregate.buffers;
      totals[1] = prefix.chunks + aggregate.chunks;
    }
  }

  /// The tiny buffers' units laid end to end: thread r copies units [r s, r s + s) of every round of
  /// threads * s units (s = tiny_units_per_thread), all loaded before any is stored.
  XCUB_DEVICE XCUB_FORCEINLINE void copy_tiny(int rank, std::uint32_t num_tiny, std::uint32_t total) {
    using unit = typename Batch::unit;
    constexpr std::uint32_t round = static_cast<std::uint32_t>(threads) * tiny_step;
    for (std::uint32_t p = static_cast<std::uint32_t>(rank) * tiny_step; p < total; p += round) {
      std::uint32_t lo = 0, hi = num_tiny;  // the last tiny buffer starting at or before p
      while (hi - lo > 1) {
        const std::uint32_t mid = (lo + hi) / 2;
        if (storage.tiny_begin[mid] <= p) lo = mid;
        else hi = mid;
      }
      unit v[tiny_step] = {};
      std::uint32_t owner[tiny_step] = {};
      std::uint32_t t = lo;
XCUB_UNROLL
      for (int k = 0; k < tiny_step; ++k) {
        const std::uint32_t q = p + static_cast<std::uint32_t>(k);
        if (q < total) {
          while (storage.tiny_begin[t + 1] <= q) ++t;
          owner[k] = t;
          v[k] = batch.load(desc_at(t), q - storage.tiny_begin[t]);
        }
      }
XCUB_UNROLL
      for (int k = 0; k < tiny_step; ++k) {
        const std::uint32_t q = p + static_cast<std::uint32_t>(k);
        if (q < total) batch.store(desc_at(owner[k]), q - storage.tiny_begin[owner[k]], v[k]);
      }
    }
  }

  /// The warp buffers, one at a time per warp, taken from a shared counter.
  XCUB_DEVICE XCUB_FORCEINLINE void copy_warps(std::uint32_t num_tiny, std::uint32_t num_warp) {
    const int lane = static_cast<int>(arch::lane_id());
    for (;;) {
      std::uint32_t w = 0;
      if (lane == 0) w = arch::atomic_add<arch::scope::block>(&storage.next_warp_buffer, std::uint32_t{1});
      w = arch::shfl_idx(arch::full_lane_mask, w, 0);
      if (w >= num_warp) return;
      const desc d = desc_at(num_tiny + w);
      batch.template copy<arch::warp_threads, policy.warp_words>(lane, d, 0, storage.warp_units[w]);
    }
  }
};

template <class Policy, class Batch>
struct agent_batched_copy_large {
  static constexpr batched_copy_policy policy = Policy::value;
  static constexpr int threads = policy.large_block_threads;
  static constexpr std::uint64_t chunk = batched_chunk(policy, Batch::unit_bytes);
  static_assert(threads >= 1 && policy.large_words >= 1,
                "xcub::DeviceMemcpy/DeviceCopy::Batched: large_block_threads and large_words must be at least 1");

  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static void run(const Batch& batch, const OffsetT* large_ids,
                                               const std::uint64_t* large_begins, const std::uint64_t* totals) {
    arch::wait_for_previous_grid();  // the tile kernel wrote the lists and totals
    const std::uint64_t count = totals[0], chunks = totals[1];
    const std::uint64_t blocks = arch::grid_dim().x, b = arch::block_idx().x;
    const std::uint64_t share = chunks / blocks, extra = chunks % blocks;
    const std::uint64_t first = b * share + (b < extra ? b : extra);
    const std::uint64_t last = first + share + (b < extra ? 1 : 0);
    if (first >= last) return;
    std::uint64_t lo = 0, hi = count;  // the last large buffer whose chunks start at or before `first`
    while (hi - lo > 1) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (large_begins[mid] <= first) lo = mid;
      else hi = mid;
    }
    const int rank = static_cast<int>(arch::linear_thread_id());
    for (std::uint64_t j = lo; j < count; ++j) {
      const std::uint64_t begin = large_begins[j];
      if (begin >= last) break;
      const OffsetT id = large_ids[j];
      const std::uint64_t units = batch.size(id);
      const std::uint64_t own = chunks_of(units, chunk);
      const std::uint64_t from = first > begin ? first - begin : 0;
      const std::uint64_t to = last - begin < own ? last - begin : own;
      const std::uint64_t end = to * chunk < units ? to * chunk : units;
      batch.template copy<threads, policy.large_words>(rank, batch.fetch(id), from * chunk, end);
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
