// xcub/backend/kokkos/compact_in_place.hpp: DeviceSelect's in-place forms (If, Flagged, FlaggedIf
// with the output the input) on the kokkos backend.
//
// Selecting in place writes item i to position idx <= i. The parallel fold (select_fold.hpp) cannot
// do that: a later chunk may write over items an earlier chunk has not read yet, and Kokkos orders
// nothing between the teams of a launch. So one team walks the tiles in order: it copies a tile
// (and each item's verdict) to team scratch, a barrier, counts each thread's contiguous share of
// the tile, a barrier, and writes the kept items of its share from the scratch copy at the count
// of all kept items before them; a barrier before the next tile. Every write lands at or below the
// position of an item already copied, never on an item not yet read. Any team size; the last
// thread-0 step writes *num_selected_out. One team is one multiprocessor's worth on a GPU: in-place
// selection is correct on every space, not fast (docs/kokkos-backend.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/kokkos/select_fold.hpp>

namespace xcub::detail::kk {

template <class OffsetT, class T, class Selector, class NumSelectedIt>
struct compact_in_place_pass {
  T* data;
  Selector selector;
  NumSelectedIt num_selected_out;
  std::uint64_t n, tile;

  /// Scratch: a count per thread, the tile's items (aligned), a verdict per item.
  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(std::uint64_t tile, int threads) {
    return sizeof(std::uint64_t) * static_cast<std::size_t>(threads) + alignof(T) +
           static_cast<std::size_t>(tile) * (sizeof(T) + 1);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const { run(m); }

  /// Member: Kokkos' team member, or tests/kokkos/test_team_sizes.cpp's stand-in of several threads.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& m) const {
    const int threads = m.team_size();
    const std::uint64_t rank = static_cast<std::uint64_t>(m.team_rank());
    auto* counts = static_cast<std::uint64_t*>(m.team_scratch(0).get_shmem(scratch_bytes(tile, threads)));
    const std::uintptr_t after_counts = reinterpret_cast<std::uintptr_t>(counts + threads);
    T* items = reinterpret_cast<T*>((after_counts + alignof(T) - 1) / alignof(T) * alignof(T));
    auto* keep = reinterpret_cast<unsigned char*>(items + tile);
    const classes<T*, Selector> cls{data, selector};
    std::uint64_t kept = 0;  // the kept items of the tiles before this one (every thread's copy)
    for (std::uint64_t base = 0; base < n; base += tile) {
      const std::uint64_t count = n - base < tile ? n - base : tile;
      for (std::uint64_t k = rank; k < count; k += static_cast<std::uint64_t>(threads)) {
        new (&items[k]) T(data[base + k]);
        keep[k] = cls.of(base + k) == 0 ? 1 : 0;
      }
      m.team_barrier();
      std::uint64_t b = 0, e = 0;
      thread_share(m, 0, count, b, e);
      std::uint64_t mine = 0;
      for (std::uint64_t k = b; k < e; ++k) mine += keep[k];
      counts[rank] = mine;
      m.team_barrier();
      std::uint64_t at = kept, total = 0;
      for (int r = 0; r < threads; ++r) {
        if (static_cast<std::uint64_t>(r) < rank) at += counts[r];
        total += counts[r];
      }
      for (std::uint64_t k = b; k < e; ++k)
        if (keep[k]) data[at++] = items[k];
      kept += total;
      m.team_barrier();  // the scratch is read before the next tile overwrites it
    }
    if (rank == 0) selection_finish<OffsetT, OffsetT, NumSelectedIt>{num_selected_out}.write(static_cast<OffsetT>(kept));
  }
};

}  // namespace xcub::detail::kk
