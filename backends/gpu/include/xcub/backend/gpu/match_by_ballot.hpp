// xcub/backend/gpu/match_by_ballot.hpp: match_any for a GPU backend without a match instruction
// (HIP): the lanes of the mask repeatedly take the value of the lowest unmatched lane and ballot on
// equality with it. A part of that backend's <xcub/backend/arch.hpp>, included there after
// lane_mask_t, lowest_lane, ballot and shfl_idx_word (on shuffle_word) are declared.
#pragma once

#include <cstdint>
#include <type_traits>

namespace xcub::arch::detail {

/// The value of lane `src` of the mask, for words of one or two shuffle_words.
template <class Word>
XCUB_DEVICE XCUB_FORCEINLINE Word read_lane(lane_mask_t mask, Word value, int src) {
  static_assert(std::is_unsigned_v<Word> && sizeof(Word) <= 2 * sizeof(shuffle_word),
                "xcub: match_any_by_ballot takes 32- or 64-bit unsigned words");
  if constexpr (sizeof(Word) <= sizeof(shuffle_word)) {
    return static_cast<Word>(shfl_idx_word(mask, static_cast<shuffle_word>(value), src, warp_threads));
  } else {
    constexpr int bits = 8 * sizeof(shuffle_word);
    const Word low = shfl_idx_word(mask, static_cast<shuffle_word>(value), src, warp_threads);
    const Word high = shfl_idx_word(mask, static_cast<shuffle_word>(value >> bits), src, warp_threads);
    return static_cast<Word>(low | (high << bits));
  }
}

template <class Word>
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any_by_ballot(lane_mask_t mask, Word value) {
  lane_mask_t unmatched = mask, mine = 0;
  while (unmatched) {  // uniform across the mask: every lane sees the same ballots
    const Word leader_value = read_lane(mask, value, static_cast<int>(lowest_lane(unmatched)));
    const lane_mask_t same = ballot(mask, value == leader_value);
    if (value == leader_value) mine = same;
    unmatched &= ~same;
  }
  return mine;
}

}  // namespace xcub::arch::detail
