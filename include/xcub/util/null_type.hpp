// xcub/util/null_type.hpp: NullType, CUB's "no type here" marker. As the ValueT of a sort
// (WarpMergeSort, ...) it means keys only: no values travel with the keys.
//
//   xcub::WarpMergeSort<int, 4>                  // ValueT defaults to xcub::NullType: keys only
//   xcub::WarpMergeSort<int, 4, 32, float>       // keys and float values
#pragma once

#include <xcub/config.hpp>

namespace xcub {

/// An empty type: every NullType equals every other, and assigning anything to one does nothing.
struct NullType {
  using value_type = NullType;

  NullType() = default;
  /// Made from anything, explicitly (CUB's constructor): the value is dropped.
  template <class T>
  XCUB_HOST_DEVICE constexpr explicit NullType(const T&) {}
  template <class T>
  XCUB_HOST_DEVICE constexpr NullType& operator=(const T&) {
    return *this;
  }
  XCUB_HOST_DEVICE friend constexpr bool operator==(const NullType&, const NullType&) { return true; }
  XCUB_HOST_DEVICE friend constexpr bool operator!=(const NullType&, const NullType&) { return false; }
};

}  // namespace xcub
