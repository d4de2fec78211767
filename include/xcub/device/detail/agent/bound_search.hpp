// xcub/device/detail/agent/bound_search.hpp: DeviceFind::LowerBound and UpperBound as a Body of
// agent_elementwise (agent_transform.hpp): index i loads values[i] (coalesced), binary-searches it in
// the sorted range and writes the bound to out[i] (coalesced). Device code.
//
// bound_index<UPPER>(range, size, value, comp): the number of items of [range, range + size) that are
// ordered before `value` (lower bound: comp(item, value)) or not after it (upper bound:
// !comp(value, item)); the range must be partitioned by that test, as a range sorted by comp is.
// The search is the classic halving loop: the window [first, first + len) holding the answer
// shrinks to the half past the probe (len - half - 1 items) or before it (half), so a value takes
// about log2(size + 1) steps, one dependent load each (rather than a fixed bit_width(size) steps:
// one step more at 2^28 items, 3% slower on sm_90), in SizeT (64-bit for 64-bit counts). Lanes of a
// warp differ by at most one step.
#pragma once

#include <xcub/config.hpp>
#include <xcub/device/detail/agent/transform_bodies.hpp>  // elem_value_t, no_item

namespace xcub::detail {

template <bool UPPER, class RangeIt, class SizeT, class ValueT, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE SizeT bound_index(const RangeIt& range, SizeT size, const ValueT& value,
                                                    CompareOp& comp) {
  SizeT first = 0;
  SizeT len = size;
  while (len > 0) {
    const SizeT half = len / 2;
    const bool right = UPPER ? !comp(value, range[first + half]) : static_cast<bool>(comp(range[first + half], value));
    if (right) {  // the answer lies past the probe
      first += half + 1;
      len -= half + 1;
    } else {
      len = half;
    }
  }
  return first;
}

/// The Body: IndexT is the type the bounds are written as (the range's count type).
template <bool UPPER, class RangeIt, class RangeSizeT, class ValuesIt, class OutIt, class IndexT, class CompareOp>
struct bound_search_body {
  RangeIt range;
  RangeSizeT range_size;
  ValuesIt values;
  OutIt out;
  CompareOp comp;
  using item = elem_value_t<ValuesIt>;
  using chunk = no_item;
  static constexpr int chunk_items = 1;
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE item load(OffsetT i) const {
    return values[i];
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, item& v) {
    out[i] = static_cast<IndexT>(bound_index<UPPER>(range, range_size, v, comp));
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE chunk load_chunk(OffsetT) const {
    return {};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_chunk(OffsetT, chunk&) {}
};

}  // namespace xcub::detail
