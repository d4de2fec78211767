// xcub/device/detail/agent/agent_find.hpp: one block's part of DeviceFind::FindIf, and the state the
// blocks share in temp storage. Device code, called by kernels/find.hpp.
//
// find_state<OffsetT>: best (the smallest matching index found so far, num_items while none; lowered
// with atomic min), tickets (tiles handed out after the grid's first ones) and done (blocks that have
// finished). find_init_kernel resets it before the search kernel touches it.
//
// agent_find_if<Policy, InputIt, OffsetT, Pred>::search(n, tiles): every thread of the block calls it.
// Block b searches tile b first, then tile grid + t for each ticket t it takes, so tiles are handed
// out in increasing order. Before each tile it compares the tile's first index with the best match it
// last read: a tile that starts at or past it cannot hold the first match, nor can any later tile,
// so the block stops (when the match is early, little of the input is read). Within a tile each
// thread finds its first match among its items (striped, or vectors of consecutive items: either
// way a thread's items rise with their index), then the block min-reduces the threads' finds and
// thread 0 lowers `best`. The next ticket and the current `best` are fetched while the tile's loads
// are in flight. Correctness never depends on the order blocks run in: `best` only ever falls to a
// real match, and a block skips only tiles that lie past one.
//
// finish(out): thread 0 of the last block to finish writes `best` (n when nothing matched) to out[0].
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_reduce.hpp>
#include <xcub/config.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/device/detail/agent/agent_reduce.hpp>  // reduce_item_t, reduce_vector_items
#include <xcub/device/detail/agent/striped_vector_load.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

template <class OffsetT>
struct find_state {
  OffsetT best;
  std::uint64_t tickets;
  std::uint32_t done;
};

#if XCUB_HAS_KERNELS

template <class Policy, class InputIt, class OffsetT, class Pred>
struct agent_find_if {
  static constexpr find_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static constexpr int vec = reduce_vector_items<InputIt, policy.vector_load_length, items>();
  using input_t = reduce_item_t<InputIt>;
  using block_reduce = BlockReduce<OffsetT, threads, policy.reduce_algorithm>;

  struct TempStorage {
    typename block_reduce::TempStorage reduce;
    std::uint64_t next_tile[2];  // alternate by iteration: a slot is rewritten only two barriers after it is read
    OffsetT best_seen[2];
  };

  TempStorage& storage;
  InputIt in;
  Pred pred;
  find_state<OffsetT>* state;
  bool vector_aligned;  // the input may be read as vectors (aligned base: checked by the dispatch)

  XCUB_DEVICE void search(OffsetT n, std::uint64_t tiles) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    const std::uint64_t grid = arch::grid_dim().x;
    std::uint64_t tile = arch::linear_block_id();  // < tiles: the grid has at most one block per tile
    arch::wait_for_previous_grid();  // launched overlapped with the state's init kernel
    // A block that starts late (not resident with the first ones) may find its first tile too late.
    if (tid == 0) storage.best_seen[1] = arch::atomic_load_relaxed(&state->best);
    arch::sync_threads();
    if (storage.best_seen[1] <= first_index(tile)) return;
    for (unsigned k = 0;; ++k) {
      const OffsetT base = first_index(tile);
      const unsigned s = k & 1u;
      OffsetT best = n;
      std::uint64_t ticket = 0;
      if (tid == 0) {  // both answers are needed only after the reduction: their latency hides behind the loads
        ticket = arch::atomic_add(&state->tickets, std::uint64_t{1});
        best = arch::atomic_load_relaxed(&state->best);
      }
      const OffsetT left = n - base;
      const OffsetT mine = left >= static_cast<OffsetT>(tile_items) ? full_tile(tid, base, n)
                                                                    : partial_tile(tid, base, static_cast<int>(left), n);
      const OffsetT found = block_reduce(storage.reduce).Reduce(mine, Min{});
      if (tid == 0) {
        if (found < best) {
          arch::atomic_min(&state->best, found);
          best = found;
        }
        storage.next_tile[s] = grid + ticket;
        storage.best_seen[s] = best;
      }
      arch::sync_threads();
      tile = storage.next_tile[s];
      if (tile >= tiles || storage.best_seen[s] <= first_index(tile)) return;
    }
  }

  /// Called by thread 0 after search: the last block to finish writes the result.
  template <class IndexT, class OutputIt>
  XCUB_DEVICE void finish(OutputIt out) {
    arch::thread_fence();  // this block's atomic_min before its count
    if (arch::atomic_add(&state->done, std::uint32_t{1}) + 1 == arch::grid_dim().x) {
      arch::thread_fence();  // every block's atomic_min before the read
      out[0] = static_cast<IndexT>(arch::atomic_load_relaxed(&state->best));
    }
  }

 private:
  /// The first index of a tile below `tiles` (below n, so it fits OffsetT).
  XCUB_DEVICE XCUB_FORCEINLINE static OffsetT first_index(std::uint64_t tile) {
    return static_cast<OffsetT>(tile * static_cast<std::uint64_t>(tile_items));
  }

  /// The index of this thread's first match in the full tile at `base`, or n. Every item is loaded
  /// (striped, or as vectors of consecutive items) before any is tested, so the loads overlap.
  XCUB_DEVICE XCUB_FORCEINLINE OffsetT full_tile(int tid, OffsetT base, OffsetT n) {
    input_t values[items];
    OffsetT mine = n;
    if constexpr (vec > 1) {
      if (vector_aligned) {
        load_striped_vectors<threads, items, vec, policy.load_modifier>(in, base, tid, values);
XCUB_UNROLL
        for (int k = 0; k < items; ++k)  // item k: word k / vec of the thread, lane k % vec
          if (mine == n && pred(values[k]))
            mine = base + static_cast<OffsetT>(((k / vec) * threads + tid) * vec + k % vec);
        return mine;
      }
    }
XCUB_UNROLL
    for (int k = 0; k < items; ++k) values[k] = in[base + static_cast<OffsetT>(k * threads + tid)];
XCUB_UNROLL
    for (int k = 0; k < items; ++k)
      if (mine == n && pred(values[k])) mine = base + static_cast<OffsetT>(k * threads + tid);
    return mine;
  }

  /// The same for the last tile, of `valid` items (striped, item by item).
  XCUB_DEVICE XCUB_FORCEINLINE OffsetT partial_tile(int tid, OffsetT base, int valid, OffsetT n) {
    for (int p = tid; p < valid; p += threads) {
      const input_t x = in[base + static_cast<OffsetT>(p)];
      if (pred(x)) return base + static_cast<OffsetT>(p);
    }
    return n;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
