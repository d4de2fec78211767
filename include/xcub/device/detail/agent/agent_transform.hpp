// xcub/device/detail/agent/agent_transform.hpp: one block's walk over the tiles of an elementwise
// operation (DeviceTransform, DeviceFor). Device code, called by kernels/transform.hpp.
//
// agent_elementwise<THREADS, ITEMS, OffsetT, Body>::run(body, n, vectorize): block b takes tiles
// b, b + grid, ... of THREADS * ITEMS items. The Body says what an item is:
//   using item = ...;                      what one index loads (may be an empty struct)
//   item load(OffsetT i)                   reads index i's inputs
//   void store(OffsetT i, item&)           computes index i and writes (or calls the user's op)
//   static constexpr int chunk_items       items of one vector word (1: no vector path)
//   using chunk = ...;  chunk load_chunk(OffsetT i);  void store_chunk(OffsetT i, chunk&)
//                                          the same for chunk_items items from i (i a multiple of
//                                          chunk_items; the caller has checked the alignment)
// A thread loads all its items of a tile before it stores any: loads stay in flight together, and
// an output that is one of the inputs (in place) is read before it is written, by the same thread.
// Full tiles take the vector path when `vectorize` (the dispatch checked the pointers' alignment);
// the last, partial tile goes item by item.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/config.hpp>

namespace xcub::detail {

template <int THREADS, int ITEMS, class OffsetT, class Body>
struct agent_elementwise {
  static constexpr int tile_items = THREADS * ITEMS;
  static constexpr int chunk_items = Body::chunk_items;
  static constexpr bool can_vectorize = chunk_items > 1 && ITEMS % chunk_items == 0;

  // Item indices of a full tile in 64 bits: a thread's items then sit at constant distances from
  // its first (no 32-bit wrap between them), so the compiler may start an item's load before an
  // earlier item's store (DeviceFor's op writes through its reference between the two). With 32-bit
  // indices each RMW waits for the one before (ForEachN 18% slower on sm_90).
  XCUB_DEVICE XCUB_FORCEINLINE static void full_tile(Body& body, OffsetT base, int tid) {
    typename Body::item items[ITEMS];
    const std::uint64_t first = static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(tid);
XCUB_UNROLL
    for (int k = 0; k < ITEMS; ++k) items[k] = body.load(first + static_cast<std::uint64_t>(k * THREADS));
XCUB_UNROLL
    for (int k = 0; k < ITEMS; ++k) body.store(first + static_cast<std::uint64_t>(k * THREADS), items[k]);
  }

  XCUB_DEVICE XCUB_FORCEINLINE static void vector_tile(Body& body, OffsetT base, int tid) {
    if constexpr (can_vectorize) {
      constexpr int words = ITEMS / chunk_items;
      typename Body::chunk chunks[words];
XCUB_UNROLL
      for (int w = 0; w < words; ++w)
        chunks[w] = body.load_chunk(base + static_cast<OffsetT>((w * THREADS + tid) * chunk_items));
XCUB_UNROLL
      for (int w = 0; w < words; ++w)
        body.store_chunk(base + static_cast<OffsetT>((w * THREADS + tid) * chunk_items), chunks[w]);
    } else {
      full_tile(body, base, tid);
    }
  }

  XCUB_DEVICE XCUB_FORCEINLINE static void partial_tile(Body& body, OffsetT base, int valid, int tid) {
    typename Body::item items[ITEMS]{};  // (value-initialized: past `valid` they are never read)
XCUB_UNROLL
    for (int k = 0; k < ITEMS; ++k)
      if (k * THREADS + tid < valid) items[k] = body.load(base + static_cast<OffsetT>(k * THREADS + tid));
XCUB_UNROLL
    for (int k = 0; k < ITEMS; ++k)
      if (k * THREADS + tid < valid) body.store(base + static_cast<OffsetT>(k * THREADS + tid), items[k]);
  }

  XCUB_DEVICE static void run(Body& body, OffsetT n, bool vectorize) {
    const int tid = static_cast<int>(arch::thread_idx().x);
    const OffsetT step = static_cast<OffsetT>(arch::grid_dim().x) * static_cast<OffsetT>(tile_items);
    OffsetT base = static_cast<OffsetT>(arch::block_idx().x) * static_cast<OffsetT>(tile_items);
    while (base < n) {
      const OffsetT left = n - base;
      if (left >= static_cast<OffsetT>(tile_items)) {
        if (vectorize) vector_tile(body, base, tid);
        else full_tile(body, base, tid);
      } else {
        partial_tile(body, base, static_cast<int>(left), tid);
      }
      if (left <= step) break;  // base + step would pass n (or wrap around OffsetT)
      base += step;
    }
  }
};

}  // namespace xcub::detail
