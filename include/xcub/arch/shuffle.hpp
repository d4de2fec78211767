// xcub/arch/shuffle.hpp: warp shuffles of any trivially copyable type, written once over the
// backend's word shuffles (shfl_*_word on `shuffle_word`: 32 bits on GPUs, 64 on the host).
//
// Contract (as CUDA's __shfl_*_sync): every lane named in `mask` calls the same shuffle with
// the same mask; the caller is in `mask`. `width` (a power of two, 1..warp_threads) splits the
// warp into independent segments; lanes read within their own segment.
//   shfl_idx:  the value of lane `src % width` of the caller's segment
//   shfl_up:   the value of lane `lane - delta`; the caller's own value if that is below its segment
//   shfl_down: the value of lane `lane + delta`; the caller's own value if that is past its segment
//   shfl_xor:  the value of lane `lane ^ lanes`; the caller's own value if that is past its segment
// Reading a lane that is not in `mask` gives an unspecified value (the host emulator poisons it).
// `src`, `delta` and `lanes` must be below warp_threads (GPUs use only their low bits).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xcub::arch {
namespace detail {

/// Applies `word_op` to each shuffle_word of `value` and reassembles the results into a T.
template <class T, class WordOp>
XCUB_DEVICE XCUB_FORCEINLINE T shuffle_words(const T& value, WordOp word_op) {
  static_assert(std::is_trivially_copyable_v<T>, "xcub::arch shuffles move trivially copyable types only");
  constexpr int words = (sizeof(T) + sizeof(shuffle_word) - 1) / sizeof(shuffle_word);
  shuffle_word in[words] = {};
  std::memcpy(in, &value, sizeof(T));
  shuffle_word out[words];
XCUB_UNROLL
  for (int i = 0; i < words; ++i) out[i] = word_op(in[i]);
  T result = value;
  std::memcpy(&result, out, sizeof(T));
  return result;
}

}  // namespace detail

template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_idx(lane_mask_t mask, const T& value, int src, int width = warp_threads) {
  return detail::shuffle_words(value, [&](shuffle_word w) { return shfl_idx_word(mask, w, src, width); });
}
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_up(lane_mask_t mask, const T& value, unsigned delta, int width = warp_threads) {
  return detail::shuffle_words(value, [&](shuffle_word w) { return shfl_up_word(mask, w, delta, width); });
}
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_down(lane_mask_t mask, const T& value, unsigned delta, int width = warp_threads) {
  return detail::shuffle_words(value, [&](shuffle_word w) { return shfl_down_word(mask, w, delta, width); });
}
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_xor(lane_mask_t mask, const T& value, int lanes, int width = warp_threads) {
  return detail::shuffle_words(value, [&](shuffle_word w) { return shfl_xor_word(mask, w, lanes, width); });
}

}  // namespace xcub::arch
