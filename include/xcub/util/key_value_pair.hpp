// xcub/util/key_value_pair.hpp: a key paired with a value, as CUB's KeyValuePair: what
// ArgIndexInputIterator yields and what ArgMin/ArgMax reduce.
//
//   xcub::KeyValuePair<int, float> kv(3, 1.5f);   // kv.key == 3, kv.value == 1.5f
#pragma once

#include <xcub/config.hpp>

namespace xcub {

template <class K, class V>
struct KeyValuePair {
  using Key = K;
  using Value = V;

  Key key;
  Value value;

  /// Leaves key and value uninitialised for trivial types, like CUB's (so it fits in shared memory).
  KeyValuePair() = default;
  XCUB_HOST_DEVICE constexpr KeyValuePair(const Key& k, const Value& v) : key(k), value(v) {}

  XCUB_HOST_DEVICE constexpr bool operator==(const KeyValuePair& o) const { return key == o.key && value == o.value; }
  XCUB_HOST_DEVICE constexpr bool operator!=(const KeyValuePair& o) const { return !(*this == o); }
};

}  // namespace xcub
