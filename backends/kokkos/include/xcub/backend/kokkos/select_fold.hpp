// xcub/backend/kokkos/select_fold.hpp: DeviceSelect, DevicePartition and DeviceRunLengthEncode as
// kk::ordered_fold counts (ordered_fold.hpp): a fold with no heads (one run) whose items are
// counts, so that the rescan sees, before each item, the counts of all the items before it.
//
//   selection  item i: the one-hot count of its class (Selector::classify: 0 .. parts-1 selected,
//              parts rejected; count_of<parts, OffsetT>, added by count_sum). Before item i, the
//              counts so far are its index in its class: part 0 to first_of, part 1 to second_of,
//              a rejected item to i - both (the Output says where each goes, select_parts.hpp);
//              the total is the number selected ([0], and [1] for two parts).
//   run-length item i: {1 if it starts a counted run, 0; i if it starts any run, 0}, combined as
//              {sum, max}: the counted runs so far and where the latest run began. A counted run
//              (every run; NonTrivialRuns: a head that is not also a tail) gets its first item (or
//              offset) at its start, its length at its end (i + 1 - the latest start); the total's
//              count is the number of runs.
// Heads and tails are local: item i against items i - 1 and i + 1, so a run may cross any chunk.
// The items and flags are read again by the emitters (the fold's rescan reads each item twice and
// classifies it twice): outputs must not overlap the inputs (the in-place selection takes
// compact_in_place.hpp instead).
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/device/detail/agent/select_parts.hpp>  // the façade's selectors and outputs, count_of

namespace xcub::detail::kk {

template <class It>
using value_of = typename std::iterator_traits<It>::value_type;

template <class It>
KOKKOS_INLINE_FUNCTION typename std::iterator_traits<It>::difference_type index_of(std::uint64_t i) {
  return static_cast<typename std::iterator_traits<It>::difference_type>(i);
}

/// it[i] = v, converted to the iterator's value type (to FallbackT where that is void: output
/// iterators), as the native kernels convert counts and offsets.
template <class FallbackT, class It, class V>
KOKKOS_INLINE_FUNCTION void put(It it, std::uint64_t i, const V& v) {
  using out_t = value_of<It>;
  it[index_of<It>(i)] = static_cast<std::conditional_t<std::is_void_v<out_t>, FallbackT, out_t>>(v);
}

/// The class of item i under a selector: its item's, its flag's, or its discontinuity's.
template <class InputIt, class Selector>
struct classes {
  InputIt in;
  Selector selector;
  KOKKOS_INLINE_FUNCTION int of(std::uint64_t i) const {
    using item_t = value_of<InputIt>;
    if constexpr (Selector::source == select_source::item) {
      const item_t item = in[index_of<InputIt>(i)];
      return selector.classify(item);
    } else if constexpr (Selector::source == select_source::flag) {
      return selector.classify(selector.flags[index_of<decltype(selector.flags)>(i)]);
    } else {
      if (i == 0) return 0;
      const item_t before = in[index_of<InputIt>(i - 1)];
      const item_t item = in[index_of<InputIt>(i)];
      return selector.equal(before, item) ? 1 : 0;
    }
  }
};

/// A selection's items for kk::ordered_fold: no heads; item i is its class's one-hot count.
template <class CountT, class InputIt, class Selector>
struct selection_items {
  classes<InputIt, Selector> cls;
  KOKKOS_INLINE_FUNCTION bool head(std::uint64_t) const { return false; }
  KOKKOS_INLINE_FUNCTION slot<CountT> at_head() const { return {CountT{}, false}; }
  KOKKOS_INLINE_FUNCTION CountT item(std::uint64_t i) const {
    return count_one(cls.of(i), static_cast<CountT*>(nullptr));
  }
};

/// Writes each kept item (and its value) where the Output puts its class's index-th item.
template <class OffsetT, class CountT, class InputIt, class ValuesIt, class Selector, class Output>
struct selection_emit {
  classes<InputIt, Selector> cls;
  ValuesIt values;
  Output out;
  template <class S>
  KOKKOS_INLINE_FUNCTION void before(std::uint64_t i, bool, const S& s) const {
    constexpr int parts = Selector::parts;
    const int c = cls.of(i);
    if (c == parts && !Output::keep_rejected) return;
    const CountT seen = s.value.valid ? s.value.value : CountT{};
    OffsetT idx;
    if (c == 0) idx = first_of(seen);
    else if (c == 1 && parts == 2) idx = second_of(seen);
    else idx = static_cast<OffsetT>(static_cast<OffsetT>(i) - first_of(seen) - second_of(seen));
    const value_of<InputIt> item = cls.in[index_of<InputIt>(i)];
    out.write(c, idx, item);
    if constexpr (!std::is_same_v<ValuesIt, no_values>) {
      const value_of<ValuesIt> value = values[index_of<ValuesIt>(i)];
      out.write_value(c, idx, value);
    }
  }
  template <class S>
  KOKKOS_INLINE_FUNCTION void after(std::uint64_t, const S&) const {}
};

/// The counts of the selected parts: num_selected_out[0] (and [1] for two parts).
template <class OffsetT, class CountT, class NumSelectedIt>
struct selection_finish {
  NumSelectedIt num_selected_out;
  KOKKOS_INLINE_FUNCTION void write(const CountT& totals) const {
    put<OffsetT>(num_selected_out, 0, first_of(totals));
    if constexpr (!std::is_same_v<CountT, OffsetT>) put<OffsetT>(num_selected_out, 1, second_of(totals));
  }
  template <class S>
  KOKKOS_INLINE_FUNCTION void operator()(const S& total) const {
    write(total.value.valid ? total.value.value : CountT{});
  }
};

/// Run-length marks: the counted runs started in a range, and the offset of the latest run start
/// in it (0 where none: offsets only grow, and item 0 always starts a run).
template <class OffsetT>
struct run_marks {
  OffsetT runs;
  OffsetT start;
};

struct run_marks_op {
  template <class OffsetT>
  KOKKOS_INLINE_FUNCTION run_marks<OffsetT> operator()(const run_marks<OffsetT>& a, const run_marks<OffsetT>& b) const {
    return {static_cast<OffsetT>(a.runs + b.runs), a.start > b.start ? a.start : b.start};
  }
};

/// A run-length encoding's items: heads and tails by EqualityOp on neighbours.
template <bool NON_TRIVIAL, class OffsetT, class InputIt, class EqualityOp>
struct run_items {
  InputIt in;
  EqualityOp equal;
  std::uint64_t n;
  KOKKOS_INLINE_FUNCTION bool same(std::uint64_t a) const {  // items a and a + 1 are in one run
    const value_of<InputIt> x = in[index_of<InputIt>(a)];
    const value_of<InputIt> y = in[index_of<InputIt>(a + 1)];
    return equal(x, y);
  }
  KOKKOS_INLINE_FUNCTION bool starts(std::uint64_t i) const { return i == 0 || !same(i - 1); }
  KOKKOS_INLINE_FUNCTION bool ends(std::uint64_t i) const { return i + 1 == n || !same(i); }
  /// A run the output counts starts (ends) at i: every run; NonTrivialRuns, runs of two or more.
  KOKKOS_INLINE_FUNCTION bool counted_start(std::uint64_t i) const {
    return NON_TRIVIAL ? starts(i) && !ends(i) : starts(i);
  }
  KOKKOS_INLINE_FUNCTION bool counted_end(std::uint64_t i) const {
    return NON_TRIVIAL ? ends(i) && !starts(i) : ends(i);
  }

  KOKKOS_INLINE_FUNCTION bool head(std::uint64_t) const { return false; }
  KOKKOS_INLINE_FUNCTION slot<run_marks<OffsetT>> at_head() const { return {run_marks<OffsetT>{}, false}; }
  KOKKOS_INLINE_FUNCTION run_marks<OffsetT> item(std::uint64_t i) const {
    return {counted_start(i) ? OffsetT(1) : OffsetT(0), starts(i) ? static_cast<OffsetT>(i) : OffsetT(0)};
  }
};

/// Encode: a run's item at its start; NonTrivialRuns: its offset. Both: its length at its end.
template <bool NON_TRIVIAL, class OffsetT, class Items, class FirstOutIt, class LengthsOutIt>
struct run_emit {
  Items items;
  FirstOutIt first_out;
  LengthsOutIt lengths_out;
  template <class S>
  KOKKOS_INLINE_FUNCTION void before(std::uint64_t i, bool, const S& s) const {
    if (!items.counted_start(i)) return;
    const std::uint64_t run = s.value.valid ? static_cast<std::uint64_t>(s.value.value.runs) : 0;
    if constexpr (NON_TRIVIAL) {
      put<OffsetT>(first_out, run, static_cast<OffsetT>(i));
    } else {
      const value_of<decltype(items.in)> item = items.in[index_of<decltype(items.in)>(i)];
      first_out[index_of<FirstOutIt>(run)] = item;
    }
  }
  template <class S>
  KOKKOS_INLINE_FUNCTION void after(std::uint64_t i, const S& s) const {
    if (!items.counted_end(i)) return;  // s.value is valid: item i was folded
    const run_marks<OffsetT> m = s.value.value;
    put<OffsetT>(lengths_out, static_cast<std::uint64_t>(m.runs) - 1, static_cast<OffsetT>(i + 1 - m.start));
  }
};

template <class OffsetT, class NumRunsIt>
struct run_finish {
  NumRunsIt num_runs_out;
  template <class S>
  KOKKOS_INLINE_FUNCTION void operator()(const S& total) const {
    put<OffsetT>(num_runs_out, 0, total.value.valid ? total.value.value.runs : OffsetT(0));
  }
};

}  // namespace xcub::detail::kk
