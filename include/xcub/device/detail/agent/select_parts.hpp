// xcub/device/detail/agent/select_parts.hpp: what agent_select (agent/agent_select.hpp) is made of
// besides its loop: how items are classified (the selectors) and where each class goes (the outputs).
//
// A selector puts every item in one class: 0 .. parts-1 for the selected parts (1 part for
// DeviceSelect and the two-way DevicePartition, 2 for the three-way one), `parts` for rejected.
//   select_if<Op>            class by op(item)                          (Select::If, Partition::If)
//   select_if2<Op1, Op2>     part 0 by op1(item), else part 1 by op2(item) (three-way Partition::If)
//   select_flagged<FlagsIt, Op>  class by op(flags[i])                  (Flagged; Op identity, FlaggedIf)
//   select_unique<EqualityOp>    selected where the item differs from the one before (Unique, UniqueByKey)
// An output receives each class's items with their index in that class over the whole input:
//   out_selected<It>                 part 0 to out[idx]; rejected items dropped
//   out_selected_by_key<KIt, VIt>    the same for keys and their values
//   out_partition<It>                part 0 to out[idx], rejected to out[num_items - 1 - idx] (reversed)
//   out_three_way<It0, It1, It2>     part 0, part 1, rejected each to its own output, in input order
// Counts of a tile's parts are count_of<parts, OffsetT>: OffsetT for one part, part_counts for two.
#pragma once

#include <iterator>
#include <type_traits>

#include <xcub/device/detail/no_values.hpp>
#include <xcub/config.hpp>

namespace xcub::detail {

enum class select_source { item, flag, discontinuity };

template <class Op>
struct select_if {
  static constexpr int parts = 1;
  static constexpr select_source source = select_source::item;
  using flag_t = char;  // no flags
  Op op;
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE int classify(const T& item) const { return op(item) ? 0 : 1; }
};

template <class Op1, class Op2>
struct select_if2 {
  static constexpr int parts = 2;
  static constexpr select_source source = select_source::item;
  using flag_t = char;  // no flags
  Op1 op1;
  Op2 op2;
  template <class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE int classify(const T& item) const { return op1(item) ? 0 : (op2(item) ? 1 : 2); }
};

/// A flag selects its item where it converts to true.
struct flag_is_set {
  template <class F>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE bool operator()(const F& f) const { return static_cast<bool>(f); }
};

template <class FlagsIt, class Op = flag_is_set>
struct select_flagged {
  static constexpr int parts = 1;
  static constexpr select_source source = select_source::flag;
  using flag_t = typename std::iterator_traits<FlagsIt>::value_type;
  FlagsIt flags;
  Op op;
  XCUB_HOST_DEVICE XCUB_FORCEINLINE int classify(const flag_t& f) const { return op(f) ? 0 : 1; }
};

template <class EqualityOp>
struct select_unique {
  static constexpr int parts = 1;
  static constexpr select_source source = select_source::discontinuity;
  using flag_t = char;  // no flags
  EqualityOp equal;
};

/// The counts of a tile's two selected parts (the three-way partition's look-back value).
template <class OffsetT>
struct part_counts {
  OffsetT first;
  OffsetT second;
};

/// Adds counts: plain offsets, or part_counts member by member.
struct count_sum {
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT operator()(const OffsetT& a, const OffsetT& b) const {
    return static_cast<OffsetT>(a + b);
  }
  template <class OffsetT>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE part_counts<OffsetT> operator()(const part_counts<OffsetT>& a,
                                                                    const part_counts<OffsetT>& b) const {
    return {static_cast<OffsetT>(a.first + b.first), static_cast<OffsetT>(a.second + b.second)};
  }
};

template <int PARTS, class OffsetT>
using count_of = std::conditional_t<PARTS == 1, OffsetT, part_counts<OffsetT>>;

/// The count of one item of class `c` (0 for a rejected one): the Kokkos backend's fold of classes.
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT count_one(int c, OffsetT*) { return c == 0 ? OffsetT(1) : OffsetT(0); }
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE part_counts<OffsetT> count_one(int c, part_counts<OffsetT>*) {
  return {c == 0 ? OffsetT(1) : OffsetT(0), c == 1 ? OffsetT(1) : OffsetT(0)};
}
/// Part 0's and part 1's counts, and their sum.
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT first_of(const OffsetT& c) { return c; }
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT first_of(const part_counts<OffsetT>& c) { return c.first; }
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT second_of(const OffsetT&) { return 0; }
template <class OffsetT>
XCUB_HOST_DEVICE XCUB_FORCEINLINE OffsetT second_of(const part_counts<OffsetT>& c) { return c.second; }

template <class OutIt>
struct out_selected {
  static constexpr bool keep_rejected = false;
  OutIt out;
  template <class OffsetT, class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void write(int /*part*/, OffsetT idx, const T& item) const { out[idx] = item; }
};

template <class KeysOutIt, class ValuesOutIt>
struct out_selected_by_key {
  static constexpr bool keep_rejected = false;
  KeysOutIt keys_out;
  ValuesOutIt values_out;
  template <class OffsetT, class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void write(int, OffsetT idx, const T& key) const { keys_out[idx] = key; }
  template <class OffsetT, class V>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void write_value(int, OffsetT idx, const V& value) const {
    values_out[idx] = value;
  }
};

template <class OutIt, class OffsetT>
struct out_partition {
  static constexpr bool keep_rejected = true;
  OutIt out;
  OffsetT num_items;
  template <class IndexT, class T>  // IndexT: OffsetT, or a 64-bit type of its signedness
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void write(int part, IndexT idx, const T& item) const {
    if (part == 0) out[idx] = item;
    else out[static_cast<IndexT>(num_items) - 1 - idx] = item;
  }
};

template <class FirstIt, class SecondIt, class UnselectedIt>
struct out_three_way {
  static constexpr bool keep_rejected = true;
  FirstIt first;
  SecondIt second;
  UnselectedIt unselected;
  template <class OffsetT, class T>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void write(int part, OffsetT idx, const T& item) const {
    if (part == 0) first[idx] = item;
    else if (part == 1) second[idx] = item;
    else unselected[idx] = item;
  }
};

}  // namespace xcub::detail
