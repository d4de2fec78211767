// xcub/device/detail/agent/agent_topk_scan.hpp: DeviceTopK's digit scan (topk_state.hpp): after
// round r has counted digit r of the candidates C_r, one block finds the digit d of the k-th key
// (the digit whose count takes the running total from below k_left to k_left or more) and moves the
// state on to round r + 1: prefix gains d, k_left loses the counts of the digits below d, C_(r+1) is
// the count of d (buffered when it fits `capacity`), and the search stops at round r + 1 when every
// item of C_(r+1) belongs to the output. Device code, called by kernels/topk.hpp.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/device/detail/agent/topk_state.hpp>
#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::detail::topk {

#if XCUB_HAS_KERNELS

template <class Policy, class BitsT, class OffsetT>
struct agent_topk_scan {
  static constexpr topk_policy policy = Policy::value;
  static constexpr int threads = policy.scan_threads;
  static constexpr int radix_bits = policy.radix_bits;
  static constexpr int digits = 1 << radix_bits;
  static constexpr int per_thread = (digits + threads - 1) / threads;  // consecutive digits per thread
  static constexpr int key_bits = static_cast<int>(sizeof(BitsT) * 8);
  using scan_t = BlockScan<OffsetT, threads>;
  using TempStorage = typename scan_t::TempStorage;

  /// `counts`: round r's digit counts. Every thread of the block calls it.
  XCUB_DEVICE XCUB_FORCEINLINE static void run(TempStorage& storage, state<BitsT, OffsetT>* st, const OffsetT* counts,
                                               int round, OffsetT capacity) {
    if (round >= st->last_round) return;  // round r was the last: nothing more to find
    const int rank = block_shape<threads>::rank();
    const OffsetT k_left = st->k_left;  // read before the scan; one thread writes it after
    OffsetT c[per_thread];
    OffsetT sum = 0;
XCUB_UNROLL
    for (int j = 0; j < per_thread; ++j) {
      const int d = rank * per_thread + j;
      c[j] = d < digits ? counts[d] : OffsetT{0};
      sum += c[j];
    }
    OffsetT before = 0;
    scan_t(storage).ExclusiveSum(sum, before);
XCUB_UNROLL
    for (int j = 0; j < per_thread; ++j) {
      if (before < k_left && k_left <= before + c[j]) {  // exactly one digit of one thread
        const int d = rank * per_thread + j;
        const OffsetT left = k_left - before;
        const int shift = pass_start(key_bits, radix_bits, round);
        st->prefix = static_cast<BitsT>(st->prefix | (static_cast<BitsT>(d) << shift));
        st->k_left = left;
        st->src_count = st->dst_count;
        st->src_buffered = st->dst_buffered;
        st->dst_count = c[j];
        st->dst_buffered = c[j] <= capacity ? 1 : 0;
        st->fill = 0;
        if (left == c[j]) st->last_round = round + 1;  // all of C_(r+1) is output: stop there
      }
      before += c[j];
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail::topk
