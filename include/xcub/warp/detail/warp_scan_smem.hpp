// xcub/warp/detail/warp_scan_smem.hpp: the scan of a logical warp of any width through shared
// memory (one slot per lane), for widths that are not powers of two. Used through xcub::WarpScan.
//
// inclusive(x, op): every lane publishes its partial, then in round k reads the partial of the
// lane 2^k below it and combines it on the left (op(lower, own)): the left-to-right fold in lane
// order. Warp barriers separate the reads of a round from its writes. Each operation starts with a
// warp barrier, so that calls in a row on the same TempStorage need none in between.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/warp/detail/logical_warp.hpp>

namespace xcub::detail {

template <class T, int LOGICAL_WARP_THREADS>
struct warp_scan_smem {
  using warp = logical_warp<LOGICAL_WARP_THREADS>;

  /// One slot per lane, left uninitialised (shared memory cannot run constructors).
  struct TempStorage {
    alignas(T) unsigned char bytes[sizeof(T) * LOGICAL_WARP_THREADS];
  };

#if XCUB_HAS_KERNELS
  warp warp_;  // the caller, bound at construction
  T* slots;

  XCUB_DEVICE XCUB_FORCEINLINE explicit warp_scan_smem(TempStorage& storage)
      : slots(reinterpret_cast<T*>(storage.bytes)) {}

  /// The caller's lane in its logical warp.
  XCUB_DEVICE XCUB_FORCEINLINE unsigned rank() const { return warp_.rank(); }

  template <class ScanOp>
  XCUB_DEVICE XCUB_FORCEINLINE T inclusive(T x, ScanOp& op) const {
    const unsigned lane = warp_.rank();
    arch::sync_warp(warp_.member_mask());  // earlier readers of the storage are done
    slots[lane] = x;
    arch::sync_warp(warp_.member_mask());
XCUB_UNROLL
    for (unsigned offset = 1; offset < static_cast<unsigned>(LOGICAL_WARP_THREADS); offset *= 2) {
      const bool has_lower = lane >= offset;
      T lower = x;
      if (has_lower) lower = slots[lane - offset];
      arch::sync_warp(warp_.member_mask());
      if (has_lower) {
        x = static_cast<T>(op(lower, x));
        slots[lane] = x;
      }
      arch::sync_warp(warp_.member_mask());
    }
    return x;  // the slots now hold every lane's inclusive prefix
  }

  XCUB_DEVICE XCUB_FORCEINLINE T exclusive_of(const T& inclusive) const {
    const unsigned lane = warp_.rank();
    return lane == 0 ? inclusive : slots[lane - 1];
  }

  XCUB_DEVICE XCUB_FORCEINLINE T aggregate_of(const T&) const { return slots[LOGICAL_WARP_THREADS - 1]; }

  XCUB_DEVICE XCUB_FORCEINLINE T broadcast(const T& x, unsigned src_lane) const {
    arch::sync_warp(warp_.member_mask());
    if (warp_.rank() == src_lane) slots[0] = x;
    arch::sync_warp(warp_.member_mask());
    return slots[0];
  }
#endif
};

}  // namespace xcub::detail
