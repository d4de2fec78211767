// xcub/device/detail/no_values.hpp: the values "iterator" of the device algorithms' keys-only forms
// (sorts and merges without values, selections that carry no values): moves nowhere and is never
// read or written; the agents test for it with std::is_same_v.
#pragma once

#include <cstddef>

#include <xcub/config.hpp>

namespace xcub::detail {

struct no_values {
  XCUB_HOST_DEVICE XCUB_FORCEINLINE no_values operator+(std::ptrdiff_t) const { return {}; }
};

}  // namespace xcub::detail
