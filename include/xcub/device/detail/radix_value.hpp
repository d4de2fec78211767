// xcub/device/detail/radix_value.hpp: the type a radix sort's values travel as, shared by the
// DeviceRadixSort façade and every backend's dispatch.
#pragma once

#include <type_traits>

#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// The type values travel as (a byte where there are none: keys-only sorts pass null pointers).
template <class ValueT>
using radix_value_t = std::conditional_t<std::is_same_v<ValueT, NullType>, unsigned char, ValueT>;

}  // namespace xcub::detail
