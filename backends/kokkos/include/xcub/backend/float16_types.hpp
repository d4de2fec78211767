// Kokkos backend: the 16-bit floating-point types that radix sorts accept as keys
// (xcub/detail/radix/key_codec.hpp). This backend names none: Kokkos' half_t is not a radix key
// here (its type differs by version and execution space).
#pragma once

namespace xcub::backend {

/// Whether T is one of this backend's 16-bit floats (IEEE-style: sign, exponent, mantissa).
template <class T>
inline constexpr bool is_float16_type = false;

}  // namespace xcub::backend
