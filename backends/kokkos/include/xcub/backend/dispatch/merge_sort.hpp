// xcub/backend/dispatch/merge_sort.hpp (kokkos): DeviceMergeSort's and DeviceMerge's dispatch on
// Kokkos patterns, with the kernel dispatch's types and signatures (include/xcub/device/detail/
// dispatch/dispatch_merge_sort.hpp):
//   dispatch_merge_sort<Tuning>::sort<KeyT, ValueT>(d_temp, bytes, keys_in, values_in, keys_out,
//     values_out, count, compare, stream): a stable bottom-up merge sort for any strict weak order:
//       runs     RangePolicy, a thread per run of R = sort_tile_items() items (at most 64): a
//                stable insertion sort of the run from the input into the first pass's buffer
//       merges   ceil(log2(runs)) passes, each a RangePolicy with a thread per output tile of
//                tile_items(): it finds where its tile starts in its pair of runs by a merge-path
//                binary search, then merges the tile's items sequentially (a tile may span pairs)
//     Passes ping-pong between the output and a temp copy, the runs' sort writing the output when
//     the pass count is even and the copy when odd, so that the last pass ends in the output; the
//     input is read by the runs' sort only, so keys_in may be keys_out (in place). Temp storage: n
//     keys (and values) when there are two runs or more; at least one byte.
//   dispatch_merge_sort<Tuning>::merge<KeyT, ValueT>(d_temp, bytes, source, keys_out, values_out,
//     count, compare, stream): one merge pass over DeviceMerge's two_runs source; no temp storage
//     (one byte is reported).
// Ties go to the earlier run (a key of the second run goes first only when strictly less), which
// with stable runs makes the sort stable. Sources are the façades' run descriptions
// (detail/agent/merge_source.hpp: pair_at, keys_a, keys_b, values_a, values_b); values are
// no_values for keys only. Too little temp storage: error_invalid_value before any launch.
// Tuning: tile_items() and sort_tile_items() only (backend/tuning/merge_sort.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/ordered_fold.hpp>  // kk::space
#include <xcub/backend/tuning/merge_sort.hpp>
#include <xcub/device/detail/agent/merge_source.hpp>
#include <xcub/device/detail/no_values.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

/// One thread per run of `run` items: a stable insertion sort of in[run] into out[run] (out may be
/// in: item i is read before any write reaches its slot).
template <class KeyT, class ValueT, class KeyIn, class ValueIn, class KeyOut, class ValueOut, class CompareOp>
struct sort_runs {
  static constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
  KeyIn keys_in;
  ValueIn values_in;
  KeyOut keys_out;
  ValueOut values_out;
  std::uint64_t count, run;
  CompareOp compare;

  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t r) const {
    const std::uint64_t b = static_cast<std::uint64_t>(r) * run;
    const std::uint64_t n = count - b < run ? count - b : run;
    for (std::uint64_t i = 0; i < n; ++i) {
      const KeyT key = keys_in[at(b + i)];
      std::conditional_t<has_values, ValueT, char> value{};
      if constexpr (has_values) value = values_in[at(b + i)];
      std::uint64_t j = i;
      for (; j > 0; --j) {
        const KeyT prev = keys_out[at(b + j - 1)];
        if (!compare(key, prev)) break;
        keys_out[at(b + j)] = prev;
        if constexpr (has_values) values_out[at(b + j)] = values_out[at(b + j - 1)];
      }
      keys_out[at(b + j)] = key;
      if constexpr (has_values) values_out[at(b + j)] = value;
    }
  }
  KOKKOS_INLINE_FUNCTION static std::ptrdiff_t at(std::uint64_t i) { return static_cast<std::ptrdiff_t>(i); }
};

/// One thread per output tile of `tile` items: out[tile] = the merge of the source's pairs of
/// runs at those positions.
template <class KeyT, class ValueT, class Source, class KeyOut, class ValueOut, class CompareOp>
struct merge_tiles {
  static constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
  Source source;
  KeyOut keys_out;
  ValueOut values_out;
  std::uint64_t count, tile;
  CompareOp compare;

  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t t) const {
    std::uint64_t pos = static_cast<std::uint64_t>(t) * tile;
    const std::uint64_t end = count - pos < tile ? count : pos + tile;
    while (pos < end) {  // each pair of runs this tile covers
      const run_pair p = source.pair_at(pos);
      const std::uint64_t pair_end = p.first + p.a_count + p.b_count;
      const std::uint64_t stop = pair_end < end ? pair_end : end;
      const auto a = source.keys_a(p);
      const auto b = source.keys_b(p);
      const auto va = source.values_a(p);
      const auto vb = source.values_b(p);
      // Merge path: i items of a and diag - i of b come before output position pos.
      const std::uint64_t diag = pos - p.first;
      std::uint64_t lo = diag > p.b_count ? diag - p.b_count : 0;
      std::uint64_t hi = diag < p.a_count ? diag : p.a_count;
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        const KeyT bk = b[at(diag - 1 - mid)];
        const KeyT ak = a[at(mid)];
        if (compare(bk, ak)) hi = mid;
        else lo = mid + 1;
      }
      std::uint64_t i = lo, j = diag - lo;
      for (; pos < stop; ++pos) {
        bool take_a = j >= p.b_count;
        if (!take_a && i < p.a_count) {
          const KeyT bk = b[at(j)];
          const KeyT ak = a[at(i)];
          take_a = !compare(bk, ak);
        }
        if (take_a) {
          keys_out[at(pos)] = a[at(i)];
          if constexpr (has_values) values_out[at(pos)] = va[at(i)];
          ++i;
        } else {
          keys_out[at(pos)] = b[at(j)];
          if constexpr (has_values) values_out[at(pos)] = vb[at(j)];
          ++j;
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION static std::ptrdiff_t at(std::uint64_t i) { return static_cast<std::ptrdiff_t>(i); }
};

/// Threads for `items` of `per` each, as a RangePolicy on the caller's space instance.
inline Kokkos::RangePolicy<space> per_tile(const space& sp, std::uint64_t items, std::uint64_t per) {
  return Kokkos::RangePolicy<space>(sp, std::int64_t{0}, static_cast<std::int64_t>((items + per - 1) / per));
}

}  // namespace kk

template <class Tuning>
struct dispatch_merge_sort {
  template <class KeyT, class ValueT, class KeyIn, class ValueIn, class KeyOut, class ValueOut, class CompareOp>
  static error_t sort(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIn keys_in, ValueIn values_in,
                      KeyOut keys_out, ValueOut values_out, std::uint64_t count, CompareOp compare,
                      stream_t stream) {
    constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
    using value_t = std::conditional_t<has_values, ValueT, char>;
    using temp_values_t = std::conditional_t<has_values, ValueT*, no_values>;
    using out_source = run_pairs<KeyOut, ValueOut>;
    using temp_source = run_pairs<KeyT*, temp_values_t>;

    const merge_sort_policy policy = Tuning::template policy<KeyT, ValueT>(0);
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items() > 0 ? policy.tile_items() : 1);
    const int sort_tile = policy.sort_tile_items();
    const std::uint64_t run0 = static_cast<std::uint64_t>(sort_tile < 1 ? 1 : (sort_tile > 64 ? 64 : sort_tile));
    const std::uint64_t runs = (count + run0 - 1) / run0;
    const bool merges = runs > 1;
    void* pieces[2];
    const std::size_t sizes[2] = {merges ? static_cast<std::size_t>(count) * sizeof(KeyT) : 0,
                                  merges && has_values ? static_cast<std::size_t>(count) * sizeof(value_t) : 0};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage || count == 0)
      return e;
    KeyT* const temp_keys = static_cast<KeyT*>(pieces[0]);
    temp_values_t temp_values{};
    if constexpr (has_values) temp_values = static_cast<ValueT*>(pieces[1]);

    int passes = 0;
    while ((std::uint64_t{1} << passes) < runs) ++passes;
    const kk::space sp = stream.space();
    if (passes % 2 == 0)
      Kokkos::parallel_for("xcub::DeviceMergeSort::runs", kk::per_tile(sp, count, run0),
                           kk::sort_runs<KeyT, ValueT, KeyIn, ValueIn, KeyOut, ValueOut, CompareOp>{
                               keys_in, values_in, keys_out, values_out, count, run0, compare});
    else
      Kokkos::parallel_for("xcub::DeviceMergeSort::runs", kk::per_tile(sp, count, run0),
                           kk::sort_runs<KeyT, ValueT, KeyIn, ValueIn, KeyT*, temp_values_t, CompareOp>{
                               keys_in, values_in, temp_keys, temp_values, count, run0, compare});
    std::uint64_t run = run0;
    for (int p = 0; p < passes; ++p, run *= 2) {
      if ((passes - p) % 2 == 1)  // the last pass reads the temp copy
        Kokkos::parallel_for("xcub::DeviceMergeSort::merge", kk::per_tile(sp, count, tile),
                             kk::merge_tiles<KeyT, ValueT, temp_source, KeyOut, ValueOut, CompareOp>{
                                 temp_source{temp_keys, temp_values, count, run}, keys_out, values_out, count, tile,
                                 compare});
      else
        Kokkos::parallel_for("xcub::DeviceMergeSort::merge", kk::per_tile(sp, count, tile),
                             kk::merge_tiles<KeyT, ValueT, out_source, KeyT*, temp_values_t, CompareOp>{
                                 out_source{keys_out, values_out, count, run}, temp_keys, temp_values, count, tile,
                                 compare});
    }
    return success;
  }

  template <class KeyT, class ValueT, class Source, class KeyOut, class ValueOut, class CompareOp>
  static error_t merge(void* d_temp_storage, std::size_t& temp_storage_bytes, Source source, KeyOut keys_out,
                       ValueOut values_out, std::uint64_t count, CompareOp compare, stream_t stream) {
    const merge_sort_policy policy = Tuning::template policy<KeyT, ValueT>(0);
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items() > 0 ? policy.tile_items() : 1);
    void* pieces[1];
    const std::size_t sizes[1] = {1};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage || count == 0)
      return e;
    Kokkos::parallel_for("xcub::DeviceMerge", kk::per_tile(stream.space(), count, tile),
                         kk::merge_tiles<KeyT, ValueT, Source, KeyOut, ValueOut, CompareOp>{
                             source, keys_out, values_out, count, tile, compare});
    return success;
  }
};

}  // namespace xcub::detail
