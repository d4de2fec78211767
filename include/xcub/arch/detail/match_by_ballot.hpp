// match_any for backends without a match instruction (HIP): the lanes of the mask repeatedly
// take the value of the lowest unmatched lane and ballot on equality with it.
#pragma once

namespace xcub::arch::detail {

template <class Word>
XCUB_DEVICE XCUB_FORCEINLINE lane_mask_t match_any_by_ballot(lane_mask_t mask, Word value) {
  lane_mask_t unmatched = mask, mine = 0;
  while (unmatched) {  // uniform across the mask: every lane sees the same ballots
    const int leader = static_cast<int>(lowest_lane(unmatched));
    const Word leader_value = shfl_idx(mask, value, leader);
    const lane_mask_t same = ballot(mask, value == leader_value);
    if (value == leader_value) mine = same;
    unmatched &= ~same;
  }
  return mine;
}

}  // namespace xcub::arch::detail
