// xcub/backend/dispatch/find.hpp (kokkos): DeviceFind's dispatch on Kokkos patterns, with the kernel
// dispatch's names, template parameters and signatures:
//   dispatch_find_if<Tuning, IndexT>(d_temp, bytes, in, out, pred, n, stream)
//     Temp storage: one OffsetT (with d_temp == nullptr only its size is written; a smaller
//     temp_storage_bytes is error_invalid_value, nothing launched). A parallel_reduce over [0, n)
//     with Kokkos::Min folds the indices of the matching items into that OffsetT (a View over the
//     temp storage, so the reduction does not wait for its result); then a one-index parallel_for
//     writes out[0] = IndexT(min(that, n)) (no match: the identity, the largest OffsetT, gives n).
//     No items: only that write (out[0] = 0). There is no early exit: every item is read and tested,
//     as a reduction must (the native kernels stop at the first tile past a match).
//   dispatch_bound_search<UPPER, IndexT, Tuning>(range, range_size, values, num_values, out, comp, stream)
//     A parallel_for over the values: index i binary-searches values[i] in the sorted range and writes
//     out[i] = IndexT(the count of items ordered before it (LowerBound: comp(item, value)) or not
//     after it (UpperBound: !comp(value, item))). No values: nothing is launched. No temp storage
//     (the façade reports its one byte).
// Launches are ordered on the stream's execution space instance; nothing is fenced. 64-bit indices:
// no second launch past 2^31 items. The tunings are not read (docs/kokkos-backend.md).
#pragma once

#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/tuning/find.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

using find_memory = Kokkos::DefaultExecutionSpace::memory_space;
using find_range = Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace, Kokkos::IndexType<std::int64_t>>;

/// The reduction: the least index whose item satisfies the predicate.
template <class InputIt, class Pred, class OffsetT>
struct find_first_pass {
  InputIt in;
  Pred pred;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, OffsetT& best) const {
    const OffsetT at = static_cast<OffsetT>(i);
    if (at < best && pred(in[i])) best = at;
  }
};

/// The one write: out[0] as IndexT, the found index or n (found == nullptr: no items, 0).
template <class OutputIt, class IndexT, class OffsetT>
struct find_write_pass {
  OutputIt out;
  const OffsetT* found;
  OffsetT n;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t) const {
    OffsetT r = OffsetT(0);
    if (found) r = *found < n ? *found : n;
    out[0] = static_cast<IndexT>(r);
  }
};

/// One value's bound: a binary search over [0, size) keeping the answer in [first, first + len].
template <bool UPPER, class RangeIt, class ValuesIt, class OutIt, class IndexT, class CompareOp>
struct bound_pass {
  RangeIt range;
  std::uint64_t size;
  ValuesIt values;
  OutIt out;
  CompareOp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const auto value = values[i];
    std::uint64_t first = 0, len = size;
    while (len > 0) {
      const std::uint64_t half = len / 2;
      const auto& item = range[static_cast<std::int64_t>(first + half)];
      const bool past = UPPER ? !comp(value, item) : static_cast<bool>(comp(item, value));
      if (past) {
        first += half + 1;
        len -= half + 1;
      } else {
        len = half;
      }
    }
    out[i] = static_cast<IndexT>(first);
  }
};

}  // namespace kk

template <class Tuning, class IndexT, class InputIt, class OutputIt, class Pred, class OffsetT>
error_t dispatch_find_if(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out, Pred pred,
                         OffsetT num_items, stream_t stream) {
  void* pieces[1];
  const std::size_t sizes[1] = {sizeof(OffsetT)};
  if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
      e != success || !d_temp_storage)
    return e;
  auto* found = static_cast<OffsetT*>(pieces[0]);
  const auto sp = stream.space();
  if (num_items > 0) {
    using reducer = Kokkos::Min<OffsetT, kk::find_memory>;
    Kokkos::parallel_reduce("xcub::DeviceFind::FindIf", kk::find_range(sp, 0, static_cast<std::int64_t>(num_items)),
                            kk::find_first_pass<InputIt, Pred, OffsetT>{in, pred},
                            reducer(typename reducer::result_view_type(found)));
  }
  Kokkos::parallel_for("xcub::DeviceFind::FindIf (write)", kk::find_range(sp, 0, 1),
                       kk::find_write_pass<OutputIt, IndexT, OffsetT>{out, num_items > 0 ? found : nullptr, num_items});
  return success;
}

template <bool UPPER, class IndexT, class Tuning, class RangeIt, class RangeSizeT, class ValuesIt, class OutIt,
          class CompareOp, class OffsetT>
error_t dispatch_bound_search(RangeIt range, RangeSizeT range_size, ValuesIt values, OffsetT num_values, OutIt out,
                              CompareOp comp, stream_t stream) {
  if (num_values == 0) return success;
  Kokkos::parallel_for("xcub::DeviceFind::Bounds", kk::find_range(stream.space(), 0, static_cast<std::int64_t>(num_values)),
                       kk::bound_pass<UPPER, RangeIt, ValuesIt, OutIt, IndexT, CompareOp>{
                           range, static_cast<std::uint64_t>(range_size), values, out, comp});
  return success;
}

}  // namespace xcub::detail
