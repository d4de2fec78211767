// xcub/backend/dispatch/segmented_sort.hpp (kokkos): DeviceSegmentedRadixSort's and
// DeviceSegmentedSort's dispatch on Kokkos patterns, with the kernel dispatch's types and
// signature (include/xcub/device/detail/dispatch/dispatch_segmented_sort.hpp):
//   dispatch_segmented_sort<Tuning>::run<DESCENDING>(d_temp, bytes, segments, keys, values,
//     num_items, num_segments, begin_bit, end_bit, double_buffer, stream)
// One TeamPolicy launch (more where there are over 2^31 - 1 teams): a team takes the policy's
// segments_per_block consecutive segments.
//   - Segments of at most small_items_max() keys (at most 64): one thread each (the team's
//     threads strided over them), a stable insertion sort by the digits of bits [begin_bit,
//     end_bit), most significant pass first, written straight to where the result goes.
//   - Longer segments, one after the other: the whole team runs the LSD passes on the segment
//     (kk::radix_tiles: count, an exclusive sum of the segment's digit counts in scratch, stable
//     scatter), with team barriers between the steps.
// Every segment ends in the same buffer, as in the kernel dispatch: with P passes, pass p writes
// the result buffer when P - 1 - p is even and the other buffer otherwise, so the last writes the
// result. Pointer form: the result is Alternate() (the output), the other buffer a temp copy of n
// keys (and values) when P > 1; Current() is only read. DoubleBuffer form: no temp storage (one
// byte is reported); the result is the Alternate buffer when P is odd, and the selectors flip.
// Items outside every segment are neither read nor written. No items or no segments: no launch.
// Tuning: segments_per_block, small_items_max(), tile_items() and radix_bits
// (backend/tuning/segmented_sort.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/kokkos/radix_tiles.hpp>
#include <xcub/backend/tuning/segmented_sort.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

/// Where a segmented sort reads and writes: the input, the buffer the result ends in, the other.
template <class KeyT, class ValueT>
struct segment_buffers {
  const KeyT* keys_in;
  KeyT* keys_final;
  KeyT* keys_other;
  const ValueT* values_in;
  ValueT* values_final;
  ValueT* values_other;
};

/// A team's group of segments (see the header comment).
template <bool DESCENDING, class KeyT, class ValueT, class Segments>
struct segment_group_pass {
  static constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
  using digit_t = radix_digit<KeyT, radix::identity_decomposer, DESCENDING>;
  using move_t = radix_move<has_values, KeyT, ValueT, digit_t>;

  Segments segments;
  segment_buffers<KeyT, ValueT> buf;
  std::uint64_t num_segments, per_team, base_team;  // base_team: the first team of this launch
  int begin_bit, end_bit, radix_bits, passes, bins;
  std::uint64_t small_max, tile;

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const { run(m); }

  /// Member: Kokkos' team member, or tests/kokkos/test_team_sizes.cpp's stand-in.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& m) const {
    const radix_scratch s = radix_scratch::of(m, bins);
    const std::uint64_t first = (base_team + static_cast<std::uint64_t>(m.league_rank())) * per_team;
    const std::uint64_t left = num_segments - first;
    const std::uint64_t count = left < per_team ? left : per_team;
    for (std::uint64_t k = static_cast<std::uint64_t>(m.team_rank()); k < count;
         k += static_cast<std::uint64_t>(m.team_size())) {
      const auto r = segments.at(first + k);
      if (static_cast<std::uint64_t>(r.size) <= small_max)
        insertion_sort(static_cast<std::uint64_t>(r.begin), static_cast<std::uint64_t>(r.size));
    }
    for (std::uint64_t k = 0; k < count; ++k) {
      const auto r = segments.at(first + k);
      if (static_cast<std::uint64_t>(r.size) > small_max)
        team_sort(m, s, static_cast<std::uint64_t>(r.begin), static_cast<std::uint64_t>(r.size));
    }
  }

  /// The pass p digit of a key.
  KOKKOS_INLINE_FUNCTION digit_t digit(int p) const {
    const int bit = begin_bit + p * radix_bits;
    const int bits = end_bit - bit < radix_bits ? end_bit - bit : radix_bits;
    return {radix_digit<KeyT, radix::identity_decomposer, DESCENDING>::key::extractor(bit, radix_bits, end_bit), {},
            (std::uint32_t{1} << bits) - 1u};
  }

  /// Whether a goes before b: the first pass digit, from the most significant, that differs.
  KOKKOS_INLINE_FUNCTION bool before(const KeyT& a, const KeyT& b) const {
    for (int p = passes - 1; p >= 0; --p) {
      const digit_t d = digit(p);
      const std::uint32_t da = d(a), db = d(b);
      if (da != db) return da < db;
    }
    return false;
  }

  /// One thread: items [b, b + n) from the input into the result buffer, stably (an item moves
  /// left past strictly greater ones only). In place where the two are one buffer: item i is read
  /// before any write reaches its slot.
  KOKKOS_INLINE_FUNCTION void insertion_sort(std::uint64_t b, std::uint64_t n) const {
    for (std::uint64_t i = 0; i < n; ++i) {
      const KeyT key = buf.keys_in[b + i];
      ValueT value{};
      if constexpr (has_values) value = buf.values_in[b + i];
      std::uint64_t j = i;
      for (; j > 0 && before(key, buf.keys_final[b + j - 1]); --j) {
        buf.keys_final[b + j] = buf.keys_final[b + j - 1];
        if constexpr (has_values) buf.values_final[b + j] = buf.values_final[b + j - 1];
      }
      buf.keys_final[b + j] = key;
      if constexpr (has_values) buf.values_final[b + j] = value;
    }
  }

  /// The whole team: the LSD passes over items [b, b + n).
  template <class Member>
  KOKKOS_INLINE_FUNCTION void team_sort(const Member& m, const radix_scratch& s, std::uint64_t b,
                                        std::uint64_t n) const {
    const KeyT* keys_src = buf.keys_in;
    const ValueT* values_src = buf.values_in;
    for (int p = 0; p < passes; ++p) {
      const bool to_final = (passes - 1 - p) % 2 == 0;
      KeyT* const keys_dst = to_final ? buf.keys_final : buf.keys_other;
      ValueT* const values_dst = to_final ? buf.values_final : buf.values_other;
      const move_t pass{keys_src, keys_dst, values_src, values_dst, digit(p)};
      for (int d = m.team_rank(); d < bins; d += m.team_size()) s.base[d] = 0;
      m.team_barrier();
      radix_tiles<false>(m, s, bins, b, b + n, tile, pass);
      if (m.team_rank() == 0) {  // counts -> each digit's first destination in the segment
        std::uint64_t at = b;
        for (int d = 0; d < bins; ++d) {
          const std::uint64_t c = s.base[d];
          s.base[d] = at;
          at += c;
        }
      }
      m.team_barrier();
      radix_tiles<true>(m, s, bins, b, b + n, tile, pass);
      keys_src = keys_dst;
      values_src = values_dst;
    }
  }
};

}  // namespace kk

template <class Tuning = tuning::segmented_sort>
struct dispatch_segmented_sort {
  template <bool DESCENDING, class KeyT, class ValueT, class Segments>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Segments segments,
                     DoubleBuffer<KeyT>& keys, DoubleBuffer<ValueT>& values, std::uint64_t num_items,
                     std::uint64_t num_segments, int begin_bit, int end_bit, bool double_buffer, stream_t stream) {
    constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
    const segmented_sort_policy policy = Tuning::template policy<KeyT>(0);
    const int radix_bits = kk::radix_pass_bits(policy.radix_bits);
    const int passes = (end_bit - begin_bit + radix_bits - 1) / radix_bits;  // bits >= 1 (the façade checks)
    const bool temp_buffers = !double_buffer && passes > 1;
    void* pieces[2];
    const std::size_t sizes[2] = {temp_buffers ? static_cast<std::size_t>(num_items) * sizeof(KeyT) : 0,
                                  temp_buffers && has_values ? static_cast<std::size_t>(num_items) * sizeof(ValueT)
                                                             : 0};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    if (num_items == 0 || num_segments == 0) return success;  // the data stays where it is (as CUB)

    kk::segment_buffers<KeyT, ValueT> buf{keys.Current(), nullptr, nullptr, values.Current(), nullptr, nullptr};
    if (double_buffer) {
      const bool odd = passes % 2 == 1;
      buf.keys_final = odd ? keys.Alternate() : keys.Current();
      buf.keys_other = odd ? keys.Current() : keys.Alternate();
      buf.values_final = odd ? values.Alternate() : values.Current();
      buf.values_other = odd ? values.Current() : values.Alternate();
    } else {
      buf.keys_final = keys.Alternate();
      buf.keys_other = static_cast<KeyT*>(pieces[0]);
      buf.values_final = values.Alternate();
      buf.values_other = static_cast<ValueT*>(pieces[1]);
    }

    const int per = policy.segments_per_block > 0 ? policy.segments_per_block : 1;
    const int small = policy.small_items_max() < 1 ? 1 : (policy.small_items_max() > 64 ? 64 : policy.small_items_max());
    const int tile = policy.tile_items() > 0 ? policy.tile_items() : 1;
    const std::uint64_t per_team = static_cast<std::uint64_t>(per);
    const std::uint64_t teams = (num_segments + per_team - 1) / per_team;
    const int bins = 1 << radix_bits;
    const kk::space sp = stream.space();
    using pass_t = kk::segment_group_pass<DESCENDING, KeyT, ValueT, Segments>;
    // Leagues are ints: a launch covers at most 2^31 - 1 teams; more segments take more launches.
    constexpr std::uint64_t max_league = 0x7fffffff;
    for (std::uint64_t done = 0; done < teams; done += max_league) {
      const std::uint64_t league = teams - done < max_league ? teams - done : max_league;
      kk::run_radix_teams(sp, "xcub::DeviceSegmentedSort", static_cast<int>(league),
                          pass_t{segments, buf, num_segments, per_team, done, begin_bit, end_bit, radix_bits, passes,
                                 bins, static_cast<std::uint64_t>(small), static_cast<std::uint64_t>(tile)},
                          bins);
    }
    if (double_buffer && passes % 2 == 1) {
      keys.selector ^= 1;
      values.selector ^= 1;
    }
    return success;
  }
};

}  // namespace xcub::detail
