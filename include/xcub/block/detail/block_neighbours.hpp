// xcub/block/detail/block_neighbours.hpp: the shared-memory exchange behind BlockAdjacentDifference
// and BlockDiscontinuity, where each thread of a blocked tile needs its neighbours' edge items.
//
// Every thread publishes its first and/or last item in slot `rank` of two arrays of BLOCK_THREADS
// items, one block barrier, then reads the next rank's first item or the previous rank's last item.
// The storage is two items per thread (2 * BLOCK_THREADS * sizeof(T) bytes): first items in the first
// BLOCK_THREADS slots, last items in the others. No barrier is taken before publishing: reusing the
// storage (another call included) needs arch::sync_threads() first, as the public classes say.
#pragma once

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

/// Raw bytes for two items per thread; the public classes' TempStorage derive from it.
template <class T, int BLOCK_THREADS>
struct block_neighbours_storage {
  alignas(T) unsigned char bytes[2 * sizeof(T) * BLOCK_THREADS];
};

template <class T, class Shape>
class block_neighbours {
 public:
  static constexpr int BLOCK_THREADS = Shape::threads;
  using storage = block_neighbours_storage<T, BLOCK_THREADS>;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_neighbours(storage& s)
      : first_(reinterpret_cast<T*>(s.bytes)), last_(first_ + BLOCK_THREADS), rank_(Shape::rank()) {}

  /// The caller's rank in the block.
  XCUB_DEVICE XCUB_FORCEINLINE int rank() const { return rank_; }

  /// Publishes the caller's first and/or last item, then waits for every thread's.
  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void publish(const T (&input)[ITEMS_PER_THREAD], bool first, bool last) {
    if (first) first_[rank_] = input[0];
    if (last) last_[rank_] = input[ITEMS_PER_THREAD - 1];
    arch::sync_threads();
  }

  /// After publish(first): the next rank's first item (rank < BLOCK_THREADS - 1 only).
  XCUB_DEVICE XCUB_FORCEINLINE const T& next_first() const { return first_[rank_ + 1]; }
  /// After publish(last): the previous rank's last item (rank > 0 only).
  XCUB_DEVICE XCUB_FORCEINLINE const T& previous_last() const { return last_[rank_ - 1]; }

 private:
  T* first_;
  T* last_;
  int rank_;
#endif
};

}  // namespace xcub::detail
