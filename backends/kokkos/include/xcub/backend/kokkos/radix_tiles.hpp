// xcub/backend/kokkos/radix_tiles.hpp: the team step under the kokkos backend's radix sorts
// (DeviceRadixSort, DeviceSegmentedRadixSort, DeviceSegmentedSort): one LSD pass over a range of
// items, which a team walks tile by tile, either counting each digit (radix_tiles<false>) or
// moving every item to its digit's next destination, stably (radix_tiles<true>).
//
// Per tile, for any team size: each thread counts the digits of its contiguous share of the tile
// into its own row of team scratch; after a barrier the threads, strided over the digits, either
// add the rows to the running counts base[d] (count), or (scatter) turn them into exclusive
// offsets across ranks (rows[r][d] = items of digit d in the shares of ranks before r), set
// tile_base[d] = base[d] and advance base[d] by the tile's count; after another barrier each thread
// walks its share again, in order, and moves item i to tile_base[d] + rows[r][d]++. Items of one
// digit therefore keep their input order: by tile, then by rank, then within a share.
//
// Digits come from xcub's radix key handling (include/xcub/detail/radix: the bit-ordered image,
// float rules, decomposers, the digit extractor); a descending pass ranks top - digit, which is
// the exact reverse order and still stable. Team scratch (radix_scratch::bytes): base and
// tile_base, 64 bits per digit, and one 32-bit row of digits per thread.
#pragma once

#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/ordered_fold.hpp>  // space, team_policy, member_t, thread_share
#include <xcub/detail/radix/radix_key.hpp>

namespace xcub::detail::kk {

/// Bits per pass from a policy: 1 to 8 (at most 256 digits: one scratch row of a thread is 1 KiB).
constexpr int radix_pass_bits(int policy_bits) { return policy_bits < 1 ? 1 : (policy_bits > 8 ? 8 : policy_bits); }

/// The digit of a key in one pass: bits [bit, min(bit + radix_bits, end_bit)) of its image,
/// reversed (top - digit) for descending sorts.
template <class KeyT, class Decomposer, bool DESCENDING>
struct radix_digit {
  using key = radix::radix_key<KeyT, Decomposer>;
  radix::digit_extractor_for<KeyT, Decomposer> extract;
  Decomposer decomposer;
  std::uint32_t top;  // the pass's largest digit

  static radix_digit make(int bit, int radix_bits, int end_bit, const Decomposer& d) {
    const int bits = end_bit - bit < radix_bits ? end_bit - bit : radix_bits;
    return {key::extractor(bit, radix_bits, end_bit, d), d, (std::uint32_t{1} << bits) - 1u};
  }
  KOKKOS_INLINE_FUNCTION std::uint32_t operator()(const KeyT& k) const {
    const std::uint32_t d = extract.Digit(key::to_image(k, decomposer));
    return DESCENDING ? top - d : d;
  }
};

/// One pass's reads and writes: keys (and values, with VALUES) from `*_in` to `*_out`.
template <bool VALUES, class KeyT, class ValueT, class Digit>
struct radix_move {
  const KeyT* keys_in;
  KeyT* keys_out;
  const ValueT* values_in;
  ValueT* values_out;
  Digit digit_of;

  KOKKOS_INLINE_FUNCTION std::uint32_t digit(std::uint64_t i) const { return digit_of(keys_in[i]); }
  KOKKOS_INLINE_FUNCTION void move(std::uint64_t i, std::uint64_t to) const {
    keys_out[to] = keys_in[i];
    if constexpr (VALUES) values_out[to] = values_in[i];
  }
};

/// A team's scratch for radix_tiles, carved from one get_shmem call.
struct radix_scratch {
  std::uint64_t* base;       // per digit: running count, or the next destination
  std::uint64_t* tile_base;  // per digit: the current tile's first destination
  std::uint32_t* rows;       // per thread and digit: count, then offset within the tile

  KOKKOS_INLINE_FUNCTION static constexpr std::size_t bytes(int threads, int bins) {
    return sizeof(std::uint64_t) * 2 * static_cast<std::size_t>(bins) +
           sizeof(std::uint32_t) * static_cast<std::size_t>(threads) * static_cast<std::size_t>(bins);
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION static radix_scratch of(const Member& m, int bins) {
    auto* p = static_cast<std::uint64_t*>(m.team_scratch(0).get_shmem(bytes(m.team_size(), bins)));
    return {p, p + bins, reinterpret_cast<std::uint32_t*>(p + 2 * bins)};
  }
};

/// The team walks items [begin, end) in tiles of `tile`: counts (base[d] += items of digit d) or,
/// with SCATTER, moves each item to base[d] onwards, stably (base advances past the moved items).
/// Every thread of the team calls it; it returns after a barrier (base final, every move made).
template <bool SCATTER, class Member, class Pass>
KOKKOS_INLINE_FUNCTION void radix_tiles(const Member& m, const radix_scratch& s, int bins, std::uint64_t begin,
                                        std::uint64_t end, std::uint64_t tile, const Pass& pass) {
  const int rank = m.team_rank(), threads = m.team_size();
  std::uint32_t* const row = s.rows + static_cast<std::size_t>(rank) * static_cast<std::size_t>(bins);
  for (std::uint64_t t0 = begin; t0 < end; t0 += tile) {
    const std::uint64_t t1 = end - t0 < tile ? end : t0 + tile;
    std::uint64_t b = 0, e = 0;
    thread_share(m, t0, t1, b, e);
    for (int d = 0; d < bins; ++d) row[d] = 0;
    for (std::uint64_t i = b; i < e; ++i) ++row[pass.digit(i)];
    m.team_barrier();
    for (int d = rank; d < bins; d += threads) {
      std::uint64_t total = 0;
      for (int r = 0; r < threads; ++r) {
        std::uint32_t& c = s.rows[static_cast<std::size_t>(r) * static_cast<std::size_t>(bins) + d];
        const std::uint32_t count = c;
        if (SCATTER) c = static_cast<std::uint32_t>(total);
        total += count;
      }
      if (SCATTER) s.tile_base[d] = s.base[d];
      s.base[d] += total;
    }
    m.team_barrier();
    if (SCATTER) {
      for (std::uint64_t i = b; i < e; ++i) {
        const std::uint32_t d = pass.digit(i);
        pass.move(i, s.tile_base[d] + row[d]++);
      }
    }
  }
  m.team_barrier();
}

/// Threads per team for radix_tiles' functors: the space's recommendation, at most 256 and at
/// most what keeps the scratch within 32 KiB (level 0 fits it on every GPU), at least 1.
template <class Functor>
int radix_team_size(const space& sp, int league, const Functor& f, int bins) {
  int threads = team_policy(sp, league, Kokkos::AUTO).team_size_recommended(f, Kokkos::ParallelForTag());
  const int fit = static_cast<int>((std::size_t{32768} - radix_scratch::bytes(0, bins)) /
                                   (sizeof(std::uint32_t) * static_cast<std::size_t>(bins)));
  if (threads > fit) threads = fit;
  if (threads > 256) threads = 256;
  return threads < 1 ? 1 : threads;
}

/// Launches a radix_tiles functor on `league` teams with their scratch.
template <class Functor>
void run_radix_teams(const space& sp, const char* name, int league, const Functor& f, int bins) {
  const int threads = radix_team_size(sp, league, f, bins);
  Kokkos::parallel_for(
      name, team_policy(sp, league, threads).set_scratch_size(0, Kokkos::PerTeam(radix_scratch::bytes(threads, bins))),
      f);
}

}  // namespace xcub::detail::kk
