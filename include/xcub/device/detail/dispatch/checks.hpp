// xcub/device/detail/dispatch/checks.hpp: what every device entry point checks before it
// launches anything, and the offset type it counts items in.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/runtime.hpp>

namespace xcub::detail {

/// True for a null pointer; iterators that are not pointers are never null.
template <class It>
constexpr bool is_null_iterator(const It& it) {
  if constexpr (std::is_pointer_v<It>) return it == nullptr;
  return false;
}

/// The unsigned type device kernels count items in: 32 bits when the caller's count type fits in
/// 32 bits (cheaper index arithmetic), else 64 bits, so that more than 2^32 items work.
template <class NumItemsT>
using offset_for = std::conditional_t<(sizeof(NumItemsT) <= 4), std::uint32_t, std::uint64_t>;

/// Whether a caller's item count is usable: an integer, not negative.
template <class NumItemsT>
constexpr bool valid_count(NumItemsT n) {
  static_assert(std::is_integral_v<NumItemsT> && sizeof(NumItemsT) <= 8,
                "xcub device algorithms: item counts are integers of at most 64 bits");
  if constexpr (std::is_signed_v<NumItemsT>) return n >= 0;
  return true;
}

}  // namespace xcub::detail
