// xcub/device/detail/arg_extremum.hpp: what ArgMin and ArgMax need besides the reduce machinery
// (DeviceReduce and DeviceSegmentedReduce).
//
// - arg_empty_value<V, IS_MAX>: the value CUB reports for an empty input (max() for ArgMin,
//   lowest() for ArgMax), with key 1.
// - arg_identity<K, V, IS_MAX>: a pair that xcub::ArgMin / ArgMax leave every pair unchanged with:
//   key K's largest value (no real offset reaches it, so the smaller key of a real item wins a tie)
//   and the value that no item beats (+inf / -inf for floating point, else max() / lowest()).
//   DeviceReduce's kernels fold the initial value into non-empty results; the identity makes that
//   fold a no-op, and the writers below recognise it when the input was empty.
// - arg_pair_writer: an output "iterator" for one result: assigning a KeyValuePair<K, V> stores it
//   to *out as the output's pair type, or {1, empty value} where it is the identity (empty input).
// - arg_split_writer: the same, but stores the value to *value_out and the offset to *index_out.
// The tie rule of xcub::ArgMin/ArgMax (smaller key on equal values) makes the result independent
// of the order the reduction combines items in: it is the minimum (maximum) of the pairs ordered by
// value, then key, which is the first extremum, as CUB returns. With NaNs that order is not total
// and the result is unspecified (as CUB's).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/util/key_value_pair.hpp>

namespace xcub::detail {

/// The pair the arg reductions accumulate for keys K and values V: KeyValuePair<K', V'> with K'
/// and V' of one size where that is possible without changing any comparison (integers widened
/// keeping their sign, float to double, keys to 64 bits for 8-byte values), so that the pair has
/// no padding: block reductions copy pairs through shared memory, and padding bytes that no
/// thread wrote would be read (the host sanitizer reports that). Other value types: as they are.
template <class V, std::size_t N>
struct arg_widened {
  using type = V;
};
template <class V>
struct arg_widened<V, 4> {
  using type = std::conditional_t<std::is_integral_v<V> && !std::is_same_v<V, bool> && (sizeof(V) < 4),
                                  std::conditional_t<std::is_signed_v<V>, std::int32_t, std::uint32_t>, V>;
};
template <class V>
struct arg_widened<V, 8> {
  using type = std::conditional_t<
      std::is_integral_v<V> && !std::is_same_v<V, bool> && (sizeof(V) < 8),
      std::conditional_t<std::is_signed_v<V>, std::int64_t, std::uint64_t>,
      std::conditional_t<std::is_same_v<V, float>, double, V>>;
};
template <class K, class V>
struct arg_accum {
  using key_type = std::conditional_t<(sizeof(V) == 8 && sizeof(K) < 8),
                                      std::conditional_t<std::is_signed_v<K>, std::int64_t, std::uint64_t>, K>;
  using value_type = typename arg_widened<V, sizeof(key_type)>::type;
  using type = KeyValuePair<key_type, value_type>;
};

/// arg_accum's pair for an output pair type PairT.
template <class PairT>
using arg_accum_of_t = typename arg_accum<typename PairT::Key, typename PairT::Value>::type;

/// Converts an item to the output's value type V (CUB compares in it), then to the accumulator's W.
template <class V, class W>
struct arg_value_cast {
  template <class X>
  XCUB_HOST_DEVICE W operator()(const X& x) const {
    return static_cast<W>(static_cast<V>(x));
  }
};

template <class V, bool IS_MAX>
XCUB_HOST_DEVICE constexpr V arg_empty_value() {
  return IS_MAX ? std::numeric_limits<V>::lowest() : std::numeric_limits<V>::max();
}

template <class K, class V, bool IS_MAX>
XCUB_HOST_DEVICE constexpr KeyValuePair<K, V> arg_identity() {
  using limits = std::numeric_limits<V>;
  if constexpr (limits::has_infinity)
    return KeyValuePair<K, V>(std::numeric_limits<K>::max(), IS_MAX ? -limits::infinity() : limits::infinity());
  else
    return KeyValuePair<K, V>(std::numeric_limits<K>::max(), IS_MAX ? limits::lowest() : limits::max());
}

/// Writes one arg result to `out` as `OutPair` (a KeyValuePair); `empty` stands for an empty input.
template <class OutputIt, class OutPair, class K, class V>
struct arg_pair_writer {
  OutputIt out;
  OutPair empty;
  struct proxy {
    OutputIt out;
    OutPair empty;
    XCUB_HOST_DEVICE void operator=(const KeyValuePair<K, V>& p) const {
      if (p.key == std::numeric_limits<K>::max())
        *out = empty;
      else
        *out = OutPair(static_cast<typename OutPair::Key>(p.key), static_cast<typename OutPair::Value>(p.value));
    }
  };
  XCUB_HOST_DEVICE proxy operator*() const { return proxy{out, empty}; }
};

/// Writes one arg result's value to `value_out` and its offset to `index_out`.
template <class ValueOutIt, class IndexOutIt, class Index, class K, class V>
struct arg_split_writer {
  ValueOutIt value_out;
  IndexOutIt index_out;
  V empty_value;
  struct proxy {
    ValueOutIt value_out;
    IndexOutIt index_out;
    V empty_value;
    XCUB_HOST_DEVICE void operator=(const KeyValuePair<K, V>& p) const {
      const bool empty = p.key == std::numeric_limits<K>::max();
      *value_out = empty ? empty_value : p.value;
      *index_out = empty ? Index(1) : static_cast<Index>(p.key);
    }
  };
  XCUB_HOST_DEVICE proxy operator*() const { return proxy{value_out, index_out, empty_value}; }
};

}  // namespace xcub::detail
