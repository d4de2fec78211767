// xcub/device/detail/agent/segment_source.hpp: where DeviceSegmentedReduce's segments and items
// come from.
//
// Segment sources (at(s) -> segment_range {begin, size}, size never negative):
//   offset_segments<BeginIt, EndIt, OffsetT>  [begins[s], ends[s]); an end at or before its begin
//                                             is an empty segment (CUB's rule)
//   fixed_segments<OffsetT>                   [s * size, (s + 1) * size)
// Readers (value_type: the input's item type):
//   raw<MODIFIER>(at)   input item `at`, loaded with the cache modifier
//   wrap(j, v)          the segment's j-th item made of v, as the accumulator: AccumT(v)
//                       (plain_reader) or the pair {j, v} (arg_reader: ArgMin / ArgMax)
//   get<MODIFIER>(begin, j)  wrap(j, raw(begin + j))
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/thread/thread_load.hpp>

namespace xcub::detail {

/// A segment: its first item and how many it has (never negative).
template <class OffsetT>
struct segment_range {
  OffsetT begin, size;
};

/// Segments [begins[s], ends[s]); an end at or before its begin makes the segment empty.
template <class BeginIt, class EndIt, class OffsetT>
struct offset_segments {
  using offset_type = OffsetT;
  BeginIt begins;
  EndIt ends;
  XCUB_DEVICE XCUB_FORCEINLINE segment_range<OffsetT> at(std::uint64_t s) const {
    using begin_diff = typename std::iterator_traits<BeginIt>::difference_type;
    using end_diff = typename std::iterator_traits<EndIt>::difference_type;
    const OffsetT b = static_cast<OffsetT>(begins[static_cast<begin_diff>(s)]);
    const OffsetT e = static_cast<OffsetT>(ends[static_cast<end_diff>(s)]);
    return {b, e > b ? static_cast<OffsetT>(e - b) : OffsetT(0)};
  }
};

/// Segments of `size` items each, one after the other from item 0.
template <class OffsetT>
struct fixed_segments {
  using offset_type = OffsetT;
  OffsetT size;
  XCUB_DEVICE XCUB_FORCEINLINE segment_range<OffsetT> at(std::uint64_t s) const {
    return {static_cast<OffsetT>(static_cast<OffsetT>(s) * size), size};
  }
};

/// A segment's items as AccumT: raw(at) loads input item `at`, wrap(j, v) makes the segment's
/// j-th item of it, get(begin, j) does both.
template <class InputIt, class AccumT>
struct plain_reader {
  using value_type = std::remove_cv_t<typename std::iterator_traits<InputIt>::value_type>;
  InputIt in;
  template <CacheLoadModifier MODIFIER, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE value_type raw(OffsetT at) const {
    return ThreadLoad<MODIFIER>(in + at);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT wrap(OffsetT, const value_type& v) const {
    return static_cast<AccumT>(v);
  }
  template <CacheLoadModifier MODIFIER, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT get(OffsetT begin, OffsetT j) const {
    return wrap(j, raw<MODIFIER>(static_cast<OffsetT>(begin + j)));
  }
};

/// A segment's items as pairs {j, item} (PairT: a KeyValuePair; the item converted to OutValueT
/// first, the output's value type that CUB compares in), for ArgMin and ArgMax.
template <class InputIt, class PairT, class OutValueT>
struct arg_reader {
  using value_type = std::remove_cv_t<typename std::iterator_traits<InputIt>::value_type>;
  InputIt in;
  template <CacheLoadModifier MODIFIER, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE value_type raw(OffsetT at) const {
    return ThreadLoad<MODIFIER>(in + at);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE PairT wrap(OffsetT j, const value_type& v) const {
    return PairT(static_cast<typename PairT::Key>(j), static_cast<typename PairT::Value>(static_cast<OutValueT>(v)));
  }
  template <CacheLoadModifier MODIFIER, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE PairT get(OffsetT begin, OffsetT j) const {
    return wrap(j, raw<MODIFIER>(static_cast<OffsetT>(begin + j)));
  }
};

/// The reader of the segmented reductions: plain, or (ARG) pairs whose value is first converted
/// to InitT's (the output pair's) value type.
template <bool ARG, class InputIt, class AccumT, class InitT>
struct segment_reader {
  using type = plain_reader<InputIt, AccumT>;
};
template <class InputIt, class AccumT, class InitT>
struct segment_reader<true, InputIt, AccumT, InitT> {
  using type = arg_reader<InputIt, AccumT, typename InitT::Value>;
};
template <bool ARG, class InputIt, class AccumT, class InitT>
using segment_reader_t = typename segment_reader<ARG, InputIt, AccumT, InitT>::type;

}  // namespace xcub::detail
