// xcub/device/detail/agent/topk_state.hpp: what DeviceTopK's rounds share: the select image of a
// key, the digit layout of the rounds, and the state that carries the search from one launch to the
// next in device memory (so that the host never reads a count). Host and device.
//
// Select image: the key's radix image (radix_key.hpp: CUB's key order, -0.0 read as +0.0), bit-
// complemented when the largest keys are wanted, so that in both directions the wanted keys are the
// ones with the *smallest* select images.
//
// Rounds and digits: with B key bits and R radix bits there are passes = ceil(B / R) digits, most
// significant first; digit r is bits [start(r), start(r - 1)) with start(r) = max(0, B - (r + 1) R)
// (start(-1) = B). C_0 is every item; C_(r+1) is the items of C_r whose digit r equals the k-th
// key's. Round r (0 <= r <= passes) reads C_(r-1) (round 0: the input), writes the items of C_(r-1)
// whose digit r-1 is below the k-th key's to the output, and counts digit r of C_r (not in the last
// round); scan r then finds the k-th key's digit r. The last round (passes, or earlier when every
// item of C_r belongs to the output) also writes the items of C_r, up to the k still missing.
#pragma once

#include <cstdint>

#include <xcub/config.hpp>
#include <xcub/detail/radix/key_codec.hpp>

namespace xcub::detail::topk {

/// Digits of `radix_bits` bits that cover `key_bits` bits.
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr int pass_count(int key_bits, int radix_bits) {
  return (key_bits + radix_bits - 1) / radix_bits;
}

/// The lowest bit of digit r (r = -1: key_bits, the bit above the image).
XCUB_HOST_DEVICE XCUB_FORCEINLINE constexpr int pass_start(int key_bits, int radix_bits, int r) {
  const int s = key_bits - (r + 1) * radix_bits;
  return s > 0 ? s : 0;
}

/// The select image of a key: its radix image with both zeros alike, complemented for LARGEST.
template <class KeyT, bool LARGEST>
XCUB_HOST_DEVICE XCUB_FORCEINLINE typename radix::key_traits<KeyT>::bits_t select_image(const KeyT& key) {
  using bits_t = typename radix::key_traits<KeyT>::bits_t;
  const bits_t image = radix::fold_minus_zero<KeyT>(radix::to_bit_ordered<KeyT>(radix::bits_of(key)));
  return LARGEST ? static_cast<bits_t>(~image) : image;
}

/// The search's state in device memory. The init kernel sets it; scan r updates it for round r + 1
/// (one thread); rounds read it and count into selected / ties / fill with atomics.
template <class BitsT, class OffsetT>
struct state {
  BitsT prefix;          // the k-th key's select image above the last scanned digit's lowest bit
  OffsetT k_left;        // items of the current candidates (C_(r)) that still belong to the output
  OffsetT src_count;     // |C_(r-1)|: the items round r reads
  OffsetT dst_count;     // |C_r|: the items round r keeps
  OffsetT selected;      // output slots taken so far by keys before the k-th (atomic)
  OffsetT ties;          // tickets drawn by the last round's C_r items (atomic)
  OffsetT fill;          // items written to the buffer by the current round (atomic)
  int src_buffered;      // C_(r-1) is in buffer (r - 1) % 2 (else round r re-reads the input)
  int dst_buffered;      // round r copies C_r to buffer r % 2
  int last_round;        // the round that writes the ties; later launches return at once
};

}  // namespace xcub::detail::topk
