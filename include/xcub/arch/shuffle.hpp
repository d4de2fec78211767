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
// shfl_down_until / shfl_up_checked also say whether the source lane was in bounds; where it was
// not, the value they return is unspecified.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <xcub/arch/arch.hpp>

#if XCUB_HAS_KERNELS  // device code only
namespace xcub::arch {
namespace detail {

/// Applies `word_op` to each shuffle_word of `value` and reassembles the results into a T.
template <class T, class WordOp>
XCUB_DEVICE XCUB_FORCEINLINE T shuffle_words(const T& value, WordOp word_op) {
  static_assert(std::is_trivially_copyable_v<T>, "xcub::arch shuffles move trivially copyable types only");
  constexpr int words = (sizeof(T) + sizeof(shuffle_word) - 1) / sizeof(shuffle_word);
  shuffle_word in[words] = {};
  __builtin_memcpy(in, &value, sizeof(T));
  shuffle_word out[words];
XCUB_UNROLL
  for (int i = 0; i < words; ++i) out[i] = word_op(in[i]);
  T result = value;
  __builtin_memcpy(&result, out, sizeof(T));
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

/// shfl_down that also reports whether the source lane lies at or before lane `last` of the
/// caller's segment (`last` < width): valid == (lane % width + delta <= last). Reductions use it to
/// fold only lanes up to a segment's end; on CUDA the shuffle's own predicate gives it for free.
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_down_until(lane_mask_t mask, const T& value, unsigned delta, unsigned last,
                                               int width, bool& valid) {
  if constexpr (shuffles_report_bounds) {
    int word = 0;  // the first word's predicate stands for all (they share lanes and bounds)
    return detail::shuffle_words(value, [&](auto w) {  // generic: named only where the backend has it
      return word++ == 0 ? shfl_down_word_until(mask, w, delta, last, width, valid)
                         : shfl_down_word(mask, w, delta, width);
    });
  } else {
    valid = (lane_id() & static_cast<unsigned>(width - 1)) + delta <= last;
    return shfl_down(mask, value, delta, width);
  }
}

/// shfl_up that also reports whether the source lane is in the caller's segment:
/// valid == (lane % width >= delta). Scans use it to combine only real predecessors.
template <class T>
XCUB_DEVICE XCUB_FORCEINLINE T shfl_up_checked(lane_mask_t mask, const T& value, unsigned delta, int width,
                                               bool& valid) {
  if constexpr (shuffles_report_bounds) {
    int word = 0;
    return detail::shuffle_words(value, [&](auto w) {
      return word++ == 0 ? shfl_up_word_checked(mask, w, delta, width, valid) : shfl_up_word(mask, w, delta, width);
    });
  } else {
    valid = (lane_id() & static_cast<unsigned>(width - 1)) >= delta;
    return shfl_up(mask, value, delta, width);
  }
}

}  // namespace xcub::arch
#endif  // XCUB_HAS_KERNELS
