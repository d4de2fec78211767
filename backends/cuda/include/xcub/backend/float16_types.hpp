// CUDA backend: the 16-bit floating-point types that radix sorts accept as keys
// (xcub/detail/radix/key_codec.hpp): __half (binary16) and __nv_bfloat16 (bfloat16). Both are
// sign, exponent, mantissa from the top bit down, so the float image rule orders them.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

namespace xcub::backend {

/// Whether T is one of this backend's 16-bit floats.
template <class T>
inline constexpr bool is_float16_type = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

}  // namespace xcub::backend
