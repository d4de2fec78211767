// xcub/backend/dispatch/select.hpp (kokkos): DeviceSelect's, DevicePartition's and
// DeviceRunLengthEncode's dispatch on Kokkos patterns, with the kernel dispatch's types and
// signatures:
//   dispatch_select<Tuning>::run(d_temp, bytes, in, values, selector, out, num_selected_out, n, stream)
//     kk::ordered_fold over the items' one-hot class counts (kokkos/select_fold.hpp): the rescan
//     writes each item the Output keeps at its index in its class, the carry pass the counts.
//     In place (the output pointer is the input pointer: If, Flagged, FlaggedIf): one team walks
//     the tiles in order instead (kokkos/compact_in_place.hpp), so no write lands on an unread item.
//   dispatch_select<Tuning>::run_rle<NON_TRIVIAL>(d_temp, bytes, in, first_out, lengths_out,
//                                                 num_runs_out, equal, n, stream)
//     kk::ordered_fold over run marks (select_fold.hpp): each counted run's item (or offset) at its
//     start, its length at its end; the carry pass writes the run count.
// With no items only the zero counts are written. Tuning: only the policy's tile_items() (items per
// team chunk, and the in-place team's tile), asked for the item type as the native dispatch asks
// (the larger of the key and value types; for run-length encoding of the item and offset types).
// Temp storage: the fold's partials, one per team, also for the in-place forms (which need none;
// the same size whichever form asks); too small: error_invalid_value, nothing launched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/backend/kokkos/compact_in_place.hpp>
#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/kokkos/select_fold.hpp>
#include <xcub/backend/tuning/select.hpp>
#include <xcub/device/detail/agent/select_parts.hpp>

namespace xcub::detail {

namespace kk {

/// The larger of A and B (A where equal): the type a select tuning is asked for.
template <class A, class B>
using larger_of = std::conditional_t<(sizeof(B) > sizeof(A)), B, A>;

template <class InputIt, class ValuesIt>
struct select_tuning_item {
  using type = larger_of<value_of<InputIt>, value_of<ValuesIt>>;
};
template <class InputIt>
struct select_tuning_item<InputIt, no_values> {
  using type = value_of<InputIt>;
};

/// Whether this call selects in place: the output is the input pointer, kept items only, no values.
template <class InputIt, class ValuesIt, class Selector, class Output>
bool selects_in_place(const InputIt& in, const Output& out) {
  if constexpr (std::is_pointer_v<InputIt> && std::is_same_v<Output, out_selected<InputIt>> &&
                std::is_same_v<ValuesIt, no_values> && Selector::parts == 1 &&
                Selector::source != select_source::discontinuity)
    return out.out == in;
  else
    return false;
}

}  // namespace kk

template <class Tuning = tuning::select>
struct dispatch_select {
  template <class InputIt, class ValuesIt, class Selector, class Output, class NumSelectedIt, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, ValuesIt values,
                     Selector selector, Output out, NumSelectedIt num_selected_out, OffsetT num_items,
                     stream_t stream) {
    using count_t = count_of<Selector::parts, OffsetT>;
    using policy_item_t = typename kk::select_tuning_item<InputIt, ValuesIt>::type;
    const int tile_items = Tuning::template policy<policy_item_t>(0).tile_items();
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    const kk::classes<InputIt, Selector> cls{in, selector};
    const auto fold = [&](void* temp, std::size_t& bytes) {
      return kk::ordered_fold<count_t, true>(
          temp, bytes, n, tile_items, stream, "xcub::DeviceSelect",
          kk::selection_items<count_t, InputIt, Selector>{cls}, count_sum{},
          kk::selection_emit<OffsetT, count_t, InputIt, ValuesIt, Selector, Output>{cls, values, out},
          kk::selection_finish<OffsetT, count_t, NumSelectedIt>{num_selected_out}, true);
    };
    if (!d_temp_storage || !kk::selects_in_place<InputIt, ValuesIt, Selector>(in, out))
      return fold(d_temp_storage, temp_storage_bytes);
    std::size_t need = 0;
    if (const error_t e = fold(nullptr, need); e != success) return e;
    if (temp_storage_bytes < need) return error_invalid_value;
    // In place needs a writable input: a pointer to const (a const input with another output) never
    // selects in place, and its in-place pass is not instantiated.
    if constexpr (std::is_pointer_v<InputIt> && !std::is_const_v<std::remove_pointer_t<InputIt>>)
      run_in_place<OffsetT>(in, selector, num_selected_out, n, tile_items, stream);
    return success;
  }

  template <bool NON_TRIVIAL, class InputIt, class FirstOutIt, class LengthsOutIt, class NumRunsIt, class EqualityOp,
            class OffsetT>
  static error_t run_rle(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, FirstOutIt first_out,
                         LengthsOutIt lengths_out, NumRunsIt num_runs_out, EqualityOp equal, OffsetT num_items,
                         stream_t stream) {
    using marks_t = kk::run_marks<OffsetT>;
    using items_t = kk::run_items<NON_TRIVIAL, OffsetT, InputIt, EqualityOp>;
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    const int tile_items = Tuning::template policy<kk::larger_of<kk::value_of<InputIt>, OffsetT>>(0).tile_items();
    const items_t items{in, equal, n};
    return kk::ordered_fold<marks_t, true>(
        d_temp_storage, temp_storage_bytes, n, tile_items, stream, "xcub::DeviceRunLengthEncode", items,
        kk::run_marks_op{}, kk::run_emit<NON_TRIVIAL, OffsetT, items_t, FirstOutIt, LengthsOutIt>{items, first_out,
                                                                                                lengths_out},
        kk::run_finish<OffsetT, NumRunsIt>{num_runs_out}, true);
  }

 private:
  /// One team of any size over the tiles in order; a tile of at most 16 KiB of items in scratch.
  template <class OffsetT, class T, class Selector, class NumSelectedIt>
  static void run_in_place(T* data, Selector selector, NumSelectedIt num_selected_out, std::uint64_t n,
                           int tile_items, const stream_t& stream) {
    using pass_t = kk::compact_in_place_pass<OffsetT, T, Selector, NumSelectedIt>;
    constexpr std::uint64_t max_tile = 16384 / sizeof(T) > 0 ? 16384 / sizeof(T) : 1;
    std::uint64_t tile = tile_items > 0 ? static_cast<std::uint64_t>(tile_items) : 1;
    if (tile > max_tile) tile = max_tile;
    const pass_t pass{data, selector, num_selected_out, n, tile};
    const kk::space sp = stream.space();
    int threads = kk::team_policy(sp, 1, Kokkos::AUTO).team_size_recommended(pass, Kokkos::ParallelForTag());
    if (threads > 256) threads = 256;
    if (threads < 1) threads = 1;
    Kokkos::parallel_for("xcub::DeviceSelect (in place)",
                         kk::team_policy(sp, 1, threads)
                             .set_scratch_size(0, Kokkos::PerTeam(pass_t::scratch_bytes(tile, threads))),
                         pass);
  }
};

}  // namespace xcub::detail
