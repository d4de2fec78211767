// xcub/device/detail/agent/segment_stage.hpp: short segments that lie back to back, read through
// shared memory (the thread-per-segment path of agent_segmented_reduce).
//
// segment_stage<ValueT, THREADS, MAX_ITEMS>: when a block's group holds only segments of at most
// MAX_ITEMS items, one per thread, each starting where the previous one ends, their span (at most
// THREADS * MAX_ITEMS items) is copied to shared memory with coalesced loads (consecutive threads
// read consecutive items), and each thread then folds its own segment from there. Without it, the
// lanes of a warp each read a run of their own, addresses MAX_ITEMS items apart: every load
// instruction touches a sector per lane. The shared layout skips one slot every warp_threads items
// so that threads reading runs of 2^k items hit different banks.
// - enabled: false where the staging buffer would exceed 24 KiB (large value types); the agent
//   then reads directly.
// - fill(read, base, span): every thread of the block calls it, then a barrier is needed before
//   fold(); fold(read, begin - base, size, op) reads slots only fill() wrote.
// - TempStorage: raw bytes; the agent keeps it in a union with its reductions' storage (the staged
//   path runs only for groups with no warp- or block-sized segment).
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/thread/cache_modifier.hpp>

namespace xcub::detail {

template <class ValueT, int THREADS, int MAX_ITEMS, int ITEMS_IN_FLIGHT>
struct segment_stage {
  static constexpr int capacity = THREADS * MAX_ITEMS;
  static constexpr int slots = capacity + capacity / arch::warp_threads + 1;
  static constexpr bool enabled = MAX_ITEMS > 1 && sizeof(ValueT) * slots <= 24 * 1024;
  struct TempStorage {
    alignas(ValueT) unsigned char bytes[enabled ? sizeof(ValueT) * slots : 1];
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE static int slot(int q) { return q + q / arch::warp_threads; }
  XCUB_DEVICE XCUB_FORCEINLINE ValueT* values() { return reinterpret_cast<ValueT*>(storage.bytes); }

  /// Copies items [base, base + span) (span <= capacity) of the reader's input to the stage.
  template <CacheLoadModifier MODIFIER, class Reader, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void fill(const Reader& read, OffsetT base, int span) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    for (int q0 = tid; q0 < span; q0 += THREADS * ITEMS_IN_FLIGHT) {
      ValueT v[ITEMS_IN_FLIGHT];
XCUB_UNROLL
      for (int i = 0; i < ITEMS_IN_FLIGHT; ++i)  // (i = 0 is always in the span; v[0] fills the rest)
        v[i] = (i == 0 || q0 + i * THREADS < span)
                   ? read.template raw<MODIFIER>(base + static_cast<OffsetT>(q0 + i * THREADS))
                   : v[0];
XCUB_UNROLL
      for (int i = 0; i < ITEMS_IN_FLIGHT; ++i)
        if (q0 + i * THREADS < span) values()[slot(q0 + i * THREADS)] = v[i];
    }
  }

  /// The fold of the staged items [at, at + size) (size >= 1) as the reader presents them (item j
  /// of the segment: read.wrap(j, value)).
  template <class AccumT, class Reader, class ReductionOp>
  XCUB_DEVICE XCUB_FORCEINLINE AccumT fold(const Reader& read, int at, int size, ReductionOp& op) {
    AccumT acc = read.wrap(0, values()[slot(at)]);
    for (int j = 1; j < size; ++j) acc = op(acc, read.wrap(j, values()[slot(at + j)]));
    return acc;
  }
#endif  // XCUB_HAS_KERNELS
};

}  // namespace xcub::detail
