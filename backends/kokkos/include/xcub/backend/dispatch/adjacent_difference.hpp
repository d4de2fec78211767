// xcub/backend/dispatch/adjacent_difference.hpp (kokkos): DeviceAdjacentDifference's dispatch on
// Kokkos patterns, with the kernel dispatch's types and signature:
//   dispatch_adjacent_difference<Tuning>::run<LEFT, IN_PLACE, InputT, OutputT>(d_temp, bytes, in,
//                                                                               out, n, op, stream)
// LEFT: out[0] = in[0], out[i] = op(in[i], in[i - 1]); else out[n - 1] = in[n - 1],
// out[i] = op(in[i], in[i + 1]); items are read as InputT, results converted to OutputT.
//   - copy forms: one parallel_for, an index per work item (out does not overlap in);
//   - in place: the items are cut into tiles of the policy's tile_items() (at most 16 KiB of items,
//     as a tile is staged in team scratch); a parallel_for first saves each tile's neighbour item
//     (the one before it, LEFT, or after it) in the temp storage; then a TeamPolicy launch, a team
//     per tile, copies its tile to team scratch, and after a team barrier writes the differences
//     from the copy. So every difference is of the original items, whatever order teams run in
//     (the launches are ordered on the stream).
// Temp storage: in place with more than one tile, one InputT per tile; else 1 byte (as the native
// dispatch); too small: error_invalid_value, nothing launched. No items: nothing is launched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <new>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/kokkos/ordered_fold.hpp>  // kk::space, member_t
#include <xcub/backend/tuning/transform.hpp>

namespace xcub::detail {

namespace kk {

template <class It>
KOKKOS_INLINE_FUNCTION typename std::iterator_traits<It>::difference_type at_index(std::uint64_t i) {
  return static_cast<typename std::iterator_traits<It>::difference_type>(i);
}

/// The copy forms: one output item per index.
template <bool LEFT, class InputT, class OutputT, class InIt, class OutIt, class Op>
struct adjacent_copy_pass {
  InIt in;
  OutIt out;
  Op op;
  std::uint64_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t k) const {
    const std::uint64_t i = static_cast<std::uint64_t>(k);
    const InputT item = in[at_index<InIt>(i)];
    const bool edge = LEFT ? i == 0 : i + 1 == n;
    if (edge) {
      out[at_index<OutIt>(i)] = static_cast<OutputT>(item);
    } else {
      const InputT other = in[at_index<InIt>(LEFT ? i - 1 : i + 1)];
      out[at_index<OutIt>(i)] = static_cast<OutputT>(op(item, other));
    }
  }
};

/// In place, first launch: neighbours[t] = the item before tile t (LEFT; t >= 1) or after it.
template <bool LEFT, class InputT, class It>
struct adjacent_save_pass {
  It data;
  InputT* neighbours;
  std::uint64_t n, tile;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t k) const {
    const std::uint64_t t = static_cast<std::uint64_t>(k);
    if (LEFT) {
      if (t > 0) neighbours[t] = data[at_index<It>(t * tile - 1)];
    } else if ((t + 1) * tile < n) {
      neighbours[t] = data[at_index<It>((t + 1) * tile)];
    }
  }
};

/// In place, second launch: a team per tile, staged in team scratch (tile InputTs), any team size.
template <bool LEFT, class InputT, class OutputT, class It, class Op>
struct adjacent_tile_pass {
  It data;
  const InputT* neighbours;
  Op op;
  std::uint64_t n, tile, base_team;  // base_team: the first tile of this launch (leagues are ints)

  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(std::uint64_t tile) {
    return static_cast<std::size_t>(tile) * sizeof(InputT) + alignof(InputT);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const { run(m); }

  /// Member: Kokkos' team member, or tests/kokkos/test_team_sizes.cpp's stand-in of several threads.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& m) const {
    const std::uint64_t t = base_team + static_cast<std::uint64_t>(m.league_rank());
    const std::uint64_t begin = t * tile;
    const std::uint64_t count = n - begin < tile ? n - begin : tile;
    const std::uint64_t rank = static_cast<std::uint64_t>(m.team_rank());
    const std::uint64_t threads = static_cast<std::uint64_t>(m.team_size());
    void* raw = m.team_scratch(0).get_shmem(scratch_bytes(tile));
    const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(raw);
    auto* staged = reinterpret_cast<InputT*>((a + alignof(InputT) - 1) / alignof(InputT) * alignof(InputT));
    for (std::uint64_t k = rank; k < count; k += threads) new (&staged[k]) InputT(data[at_index<It>(begin + k)]);
    m.team_barrier();  // the whole tile is read before any of it is written
    for (std::uint64_t k = rank; k < count; k += threads) {
      const std::uint64_t i = begin + k;
      const bool edge = LEFT ? i == 0 : i + 1 == n;
      const auto to = at_index<It>(i);
      if (edge) data[to] = static_cast<OutputT>(staged[k]);
      else if (LEFT) data[to] = static_cast<OutputT>(op(staged[k], k > 0 ? staged[k - 1] : neighbours[t]));
      else data[to] = static_cast<OutputT>(op(staged[k], k + 1 < count ? staged[k + 1] : neighbours[t]));
    }
  }
};

}  // namespace kk

template <class Tuning = tuning::adjacent_difference>
struct dispatch_adjacent_difference {
  template <bool LEFT, bool IN_PLACE, class InputT, class OutputT, class InIt, class OutIt, class Op, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InIt in, OutIt out, OffsetT num_items,
                     Op op, stream_t stream) {
    const int tile_items = Tuning::template policy<InputT>(0).tile_items();
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    // A tile is staged in team scratch: at most 16 KiB of items (GPUs have 48 KiB or more per team).
    constexpr std::uint64_t max_tile = 16384 / sizeof(InputT) > 0 ? 16384 / sizeof(InputT) : 1;
    std::uint64_t tile = tile_items > 0 ? static_cast<std::uint64_t>(tile_items) : 1;
    if (tile > max_tile) tile = max_tile;
    const std::uint64_t tiles = (n + tile - 1) / tile;
    const bool keep_neighbours = IN_PLACE && tiles > 1;
    const std::size_t bytes = keep_neighbours ? static_cast<std::size_t>(tiles) * sizeof(InputT) : 1;
    if (!d_temp_storage) {
      temp_storage_bytes = bytes;
      return success;
    }
    if (temp_storage_bytes < bytes) return error_invalid_value;
    if (n == 0) return success;
    const auto sp = stream.space();
    using range = Kokkos::RangePolicy<kk::space, Kokkos::IndexType<std::int64_t>>;
    if constexpr (!IN_PLACE) {
      Kokkos::parallel_for("xcub::DeviceAdjacentDifference", range(sp, 0, static_cast<std::int64_t>(n)),
                           kk::adjacent_copy_pass<LEFT, InputT, OutputT, InIt, OutIt, Op>{in, out, op, n});
    } else {
      (void)out;  // the same as in
      InputT* neighbours = keep_neighbours ? static_cast<InputT*>(d_temp_storage) : nullptr;
      if (keep_neighbours)
        Kokkos::parallel_for("xcub::DeviceAdjacentDifference", range(sp, 0, static_cast<std::int64_t>(tiles)),
                             kk::adjacent_save_pass<LEFT, InputT, InIt>{in, neighbours, n, tile});
      using pass_t = kk::adjacent_tile_pass<LEFT, InputT, OutputT, InIt, Op>;
      const std::size_t scratch = pass_t::scratch_bytes(tile);
      constexpr std::uint64_t max_league = 0x7fffffff;
      for (std::uint64_t done = 0; done < tiles; done += max_league) {
        const int league = static_cast<int>(tiles - done < max_league ? tiles - done : max_league);
        const pass_t pass{in, neighbours, op, n, tile, done};
        int threads = kk::team_policy(sp, league, Kokkos::AUTO).team_size_recommended(pass, Kokkos::ParallelForTag());
        if (threads > 256) threads = 256;
        if (threads < 1) threads = 1;
        Kokkos::parallel_for("xcub::DeviceAdjacentDifference",
                             kk::team_policy(sp, league, threads).set_scratch_size(0, Kokkos::PerTeam(scratch)), pass);
      }
    }
    return success;
  }
};

}  // namespace xcub::detail
