// xcub/backend/dispatch/segmented_reduce.hpp (kokkos): DeviceSegmentedReduce's dispatch on Kokkos
// patterns, with the kernel dispatch's types and signatures:
//   dispatch_segmented_reduce<Tuning>::run<AccumT, APPLY_INIT>(d_temp, bytes, segments, read, out,
//                                                               num_segments, op, init, stream)
// One TeamPolicy launch: a team takes the policy's segments_per_block consecutive segments, one
// thread per segment (TeamThreadRange), which folds the segment's items in order. out[s] =
// op(init, aggregate) (APPLY_INIT) or the aggregate; an empty segment gets init. Temp storage:
// none; one byte is reported, as the two-phase API asks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/tuning/segmented_reduce.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/util/key_value_pair.hpp>

namespace xcub::detail {

namespace kk {

template <class T>
struct is_kv_pair : std::false_type {};
template <class K, class V>
struct is_kv_pair<KeyValuePair<K, V>> : std::true_type {};

template <class AccumT, bool APPLY_INIT, class Segments, class Reader, class OutputIt, class ReductionOp, class InitT>
struct segments_pass {
  Segments segments;
  Reader read;
  OutputIt out;
  std::uint64_t num_segments, per_team;
  ReductionOp op;
  InitT init;
  std::uint64_t base_team;  // the first team of this launch (leagues are ints)

  /// out[s] = value; an accumulated pair becomes the output's pair type.
  template <class V>
  KOKKOS_INLINE_FUNCTION void store(std::uint64_t s, const V& value) const {
    using out_t = typename std::iterator_traits<OutputIt>::value_type;
    auto at = out + static_cast<typename std::iterator_traits<OutputIt>::difference_type>(s);
    if constexpr (is_kv_pair<V>::value && is_kv_pair<out_t>::value && !std::is_same_v<V, out_t>)
      *at = out_t(static_cast<typename out_t::Key>(value.key), static_cast<typename out_t::Value>(value.value));
    else
      *at = value;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const {
    const std::uint64_t first = (base_team + static_cast<std::uint64_t>(m.league_rank())) * per_team;
    const std::uint64_t left = num_segments - first;
    const int count = static_cast<int>(left < per_team ? left : per_team);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(m, count), [&](const int k) {
      const std::uint64_t s = first + static_cast<std::uint64_t>(k);
      const auto r = segments.at(s);
      using offset_t = decltype(r.size);
      if (r.size == 0) {
        store(s, init);
        return;
      }
      AccumT acc = read.template get<LOAD_DEFAULT>(r.begin, offset_t(0));
      for (offset_t j = 1; j < r.size; ++j) acc = op(acc, read.template get<LOAD_DEFAULT>(r.begin, j));
      if constexpr (APPLY_INIT) store(s, static_cast<AccumT>(op(static_cast<AccumT>(init), acc)));
      else store(s, acc);
    });
  }
};

}  // namespace kk

template <class Tuning = tuning::segmented_reduce>
struct dispatch_segmented_reduce {
  template <class AccumT, bool APPLY_INIT, class Segments, class Reader, class OutputIt, class ReductionOp, class InitT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Segments segments, Reader read,
                     OutputIt out, std::uint64_t num_segments, ReductionOp op, InitT init, stream_t stream) {
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes < 1) return error_invalid_value;
    if (num_segments == 0) return success;
    const int largest = Tuning::template policy<AccumT>(0).segments_per_block;
    const std::uint64_t per = static_cast<std::uint64_t>(largest > 0 ? largest : 1);
    const std::uint64_t teams = (num_segments + per - 1) / per;
    const kk::space sp = stream.space();
    using pass_t = kk::segments_pass<AccumT, APPLY_INIT, Segments, Reader, OutputIt, ReductionOp, InitT>;
    // Leagues are ints: a launch covers at most 2^31 - 1 teams; more segments take more launches.
    constexpr std::uint64_t max_league = 0x7fffffff;
    for (std::uint64_t done = 0; done < teams; done += max_league) {
      const std::uint64_t league = teams - done < max_league ? teams - done : max_league;
      Kokkos::parallel_for("xcub::DeviceSegmentedReduce", kk::team_policy(sp, static_cast<int>(league), Kokkos::AUTO),
                           pass_t{segments, read, out, num_segments, per, op, init, done});
    }
    return success;
  }
};

}  // namespace xcub::detail
