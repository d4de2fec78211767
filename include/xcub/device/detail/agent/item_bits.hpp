// xcub/device/detail/agent/item_bits.hpp: one flag per item of a thread's tile, as bits of one word.
//
// item_bits<ITEMS> holds ITEMS (1 to 64) flags in a 32- or 64-bit word: the agents that keep a
// per-item class or edge across a block scan (agent_select's classes, agent_rle's run heads and
// tails) hold one word instead of an int per item, so the registers held while the block scans
// and looks back stay few. Host and device code.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>

namespace xcub::detail {

template <int ITEMS>
struct item_bits {
  static_assert(ITEMS >= 1 && ITEMS <= 64,
                "xcub: a device tuning's items_per_thread must be 1 to 64 for this algorithm (a thread keeps "
                "one flag per item in one word)");
  using word_t = std::conditional_t<(ITEMS > 32), std::uint64_t, std::uint32_t>;
  word_t bits = 0;
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void set(int i, bool on) { bits |= static_cast<word_t>(on) << i; }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE bool test(int i) const { return (bits >> i) & 1u; }
};

}  // namespace xcub::detail
