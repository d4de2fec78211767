// xcub/backend/dispatch/radix_sort.hpp (kokkos): DeviceRadixSort's dispatch on Kokkos patterns,
// with the kernel dispatch's types and signature (include/xcub/device/detail/dispatch/
// dispatch_radix_sort.hpp):
//   dispatch_radix_sort<Tuning>::run<DESCENDING, KeyT, ValueT>(d_temp, bytes, keys, values,
//     num_items, begin_bit, end_bit, overwrite, decomposer, stream)
// An LSD radix sort: ceil((end_bit - begin_bit) / radix_bits) passes, each of three launches on
// the caller's execution space instance:
//   count    TeamPolicy, a team per chunk of whole tiles (kk::plan, as the reductions): the team's
//            digit counts (kk::radix_tiles), written digit-major: counts[digit * teams + team]
//   scan     parallel_scan: the exclusive sum of the counts, so counts[d * teams + t] becomes where
//            team t's first key of digit d goes (digit-major: every team's digit d before d + 1)
//   scatter  TeamPolicy, the same teams: each moves its keys (and values) there, stably
// Buffers, as the kernel dispatch: overwrite (DoubleBuffer forms) ping-pongs between each
// DoubleBuffer's two buffers and flips the selectors when the pass count is odd; otherwise
// Current() is read only, the passes alternate between a temp copy and Alternate(), the last one
// writing Alternate(). Keys are read as they are and their digit computed from the image on the
// fly (xcub/detail/radix), so no pass converts keys in or out.
// Temp storage: the counts (2^radix_bits x teams, 64 bits each), plus n keys (and values) for the
// pointer forms with two passes or more; at least one byte. Too little: error_invalid_value before
// any launch. Tuning: the policy's tile_items() and radix_bits only (backend/tuning/radix_sort.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/kokkos/radix_tiles.hpp>
#include <xcub/backend/tuning/radix_sort.hpp>
#include <xcub/device/detail/radix_passes.hpp>
#include <xcub/device/detail/radix_value.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

/// A team's pass over its chunk: its digit counts (counts[d * teams + team]), or (SCATTER) the
/// moves from the scanned counts.
template <bool SCATTER, class Pass>
struct radix_chunk_pass {
  layout at;
  Pass pass;
  int bins;
  std::uint64_t tile;
  std::uint64_t* counts;

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const { run(m); }

  /// Member: Kokkos' team member, or tests/kokkos/test_team_sizes.cpp's stand-in.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& m) const {
    const radix_scratch s = radix_scratch::of(m, bins);
    const std::uint64_t team = static_cast<std::uint64_t>(m.league_rank());
    for (int d = m.team_rank(); d < bins; d += m.team_size())
      s.base[d] = SCATTER ? counts[static_cast<std::uint64_t>(d) * at.teams + team] : 0;
    m.team_barrier();
    radix_tiles<SCATTER>(m, s, bins, at.begin(team), at.end(team), tile, pass);
    if (!SCATTER)
      for (int d = m.team_rank(); d < bins; d += m.team_size())
        counts[static_cast<std::uint64_t>(d) * at.teams + team] = s.base[d];
  }
};

/// data[i] = data[0] + ... + data[i - 1], in place.
struct exclusive_sum {
  using value_type = std::uint64_t;
  std::uint64_t* data;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, std::uint64_t& sum, const bool final) const {
    const std::uint64_t v = data[i];
    if (final) data[i] = sum;
    sum += v;
  }
};

}  // namespace kk

template <class Tuning = tuning::radix_sort>
struct dispatch_radix_sort {
  template <bool DESCENDING, class KeyT, class ValueT, class OffsetT, class Decomposer>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& keys,
                     DoubleBuffer<radix_value_t<ValueT>>& values, OffsetT num_items, int begin_bit, int end_bit,
                     bool overwrite, Decomposer decomposer, stream_t stream) {
    using value_t = radix_value_t<ValueT>;
    constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
    using digit_t = kk::radix_digit<KeyT, Decomposer, DESCENDING>;
    using move_t = kk::radix_move<has_values, KeyT, value_t, digit_t>;

    const radix_sort_policy policy = Tuning::template policy<KeyT, ValueT>(0);
    const int radix_bits = kk::radix_pass_bits(policy.radix_bits);
    const int bins = 1 << radix_bits;
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    const kk::space sp = stream.space();
    const kk::layout at = kk::plan(n, policy.tile_items(), sp);
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items() > 0 ? policy.tile_items() : 1);
    const int passes = (end_bit - begin_bit + radix_bits - 1) / radix_bits;
    const bool temp_buffers = !overwrite && passes > 1;

    void* pieces[3];
    const std::size_t sizes[3] = {static_cast<std::size_t>(bins) * static_cast<std::size_t>(at.slots) *
                                      sizeof(std::uint64_t),
                                  temp_buffers ? static_cast<std::size_t>(n) * sizeof(KeyT) : 0,
                                  temp_buffers && has_values ? static_cast<std::size_t>(n) * sizeof(value_t) : 0};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage || n == 0)
      return e;
    auto* const counts = static_cast<std::uint64_t*>(pieces[0]);
    KeyT* const key_buffers[2] = {keys.Current(), keys.Alternate()};
    value_t* const value_buffers[2] = {values.Current(), values.Alternate()};
    auto* const temp_keys = static_cast<KeyT*>(pieces[1]);
    auto* const temp_values = static_cast<value_t*>(pieces[2]);

    const KeyT* keys_src = key_buffers[0];
    const value_t* values_src = value_buffers[0];
    const int league = static_cast<int>(at.teams);
    for (int p = 0; p < passes; ++p) {
      KeyT* const keys_dst = radix_pass_target(p, passes, overwrite, key_buffers, temp_keys);
      value_t* const values_dst = radix_pass_target(p, passes, overwrite, value_buffers, temp_values);
      const move_t pass{keys_src, keys_dst, values_src, values_dst,
                        digit_t::make(begin_bit + p * radix_bits, radix_bits, end_bit, decomposer)};
      kk::run_radix_teams(sp, "xcub::DeviceRadixSort::count", league,
                          kk::radix_chunk_pass<false, move_t>{at, pass, bins, tile, counts}, bins);
      Kokkos::parallel_scan("xcub::DeviceRadixSort::scan",
                            Kokkos::RangePolicy<kk::space>(sp, 0, static_cast<std::int64_t>(bins) * league),
                            kk::exclusive_sum{counts});
      kk::run_radix_teams(sp, "xcub::DeviceRadixSort::scatter", league,
                          kk::radix_chunk_pass<true, move_t>{at, pass, bins, tile, counts}, bins);
      keys_src = keys_dst;
      values_src = values_dst;
    }
    if (overwrite && passes % 2 == 1) {
      keys.selector ^= 1;
      if constexpr (has_values) values.selector ^= 1;
    }
    return success;
  }
};

}  // namespace xcub::detail
