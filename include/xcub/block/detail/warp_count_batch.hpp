// xcub/block/detail/warp_count_batch.hpp: the counting step of the warp-match rankings
// (BlockRadixRankMatch with 8-bit digits, BlockRadixRankMatchEarlyCounts with WARP_MATCH_ANY), a
// batch of keys at a time.
//
// count_batch<B, LEADER_BY_LANE>(members, i0, peers, up_to_me, counter_of, ranks): called by every
// lane of `members` (its warp's lanes that exist) for the keys i0 .. i0 + B - 1 of each lane (those
// below KEYS_PER_THREAD). For key b, peers[b] holds the lanes of `members` with the same digit (the
// caller among them), up_to_me[b] the count of those up to and including the caller, and
// counter_of(b) the warp's counter of that digit (the same address in every peer). The highest peer
// adds the group's size to the counter (LEADER_BY_LANE: the lane that finds itself the highest of
// its peers, CUB's test; else the lane whose peers up to itself are all of them, a second
// popcount); key b's adds come after key b - 1's (a sync_warp between them: two keys of a batch may
// share a digit, and their adds must land in key order). Then every lane's ranks[i0 + b] = the
// counter before its group's add plus its peers below it. The batch's shared-memory round trips
// overlap; the next batch's adds come after this batch's broadcasts, which take the values the adds
// returned, and that dependency orders them. (The callers count up_to_me themselves: in
// BlockRadixRankMatch, counting it next to each match keeps ptxas at the registers of the inline
// version, 64 instead of 80 at 256 x 16.)
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS
template <int B, bool LEADER_BY_LANE, int KEYS_PER_THREAD, class CounterOf>
XCUB_DEVICE XCUB_FORCEINLINE void count_batch(arch::lane_mask_t members, int i0, const arch::lane_mask_t (&peers)[B],
                                              const int (&up_to_me)[B], CounterOf counter_of,
                                              int (&ranks)[KEYS_PER_THREAD]) {
  int before[B];
XCUB_UNROLL
  for (int b = 0; b < B; ++b) {
    if (i0 + b < KEYS_PER_THREAD) {
      if (b > 0) arch::sync_warp(members);
      before[b] = 0;
      const bool leads = LEADER_BY_LANE ? arch::lane_id() == arch::highest_lane(peers[b])
                                        : up_to_me[b] == arch::lane_count(peers[b]);
      if (leads) {
        before[b] = arch::atomic_add<arch::scope::block>(counter_of(b), up_to_me[b]);
      }
    }
  }
XCUB_UNROLL
  for (int b = 0; b < B; ++b) {
    if (i0 + b < KEYS_PER_THREAD) {
      const int leader = static_cast<int>(arch::highest_lane(peers[b]));
      ranks[i0 + b] = arch::shfl_idx(members, before[b], leader) + up_to_me[b] - 1;
    }
  }
}
#endif

}  // namespace xcub::detail
