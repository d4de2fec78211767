// xcub/block/detail/block_histogram_atomic.hpp: BlockHistogram's BLOCK_HISTO_ATOMIC variant: every
// thread adds each of its samples to its bin's counter with an atomic addition.
//
// - No shared memory of its own and no barrier: the counters are the caller's (shared or global
//   memory), and the additions of all threads, of this block and of any other, land without loss.
//   They are relaxed: a barrier (shared counters) or the kernel's end (global ones) orders them
//   before anyone reads the totals.
// - Device scope (arch::atomic_add's default, what CUB's atomicAdd is): CUB lets blocks composite
//   into one histogram in global memory, and only device-scope atomics are atomic between blocks on
//   GPUs (block scope would lose counts there). On CUDA, arch::atomic_add<device> is atomicAdd
//   itself, so the compiler picks the instruction by address space as for CUB: atom.shared.add on
//   shared counters, atom.global.add on global ones (both relaxed, device scope).
// - CounterT: a type arch::atomic_add supports on every backend (int, unsigned int, long long,
//   unsigned long long, float, double). Cost: ITEMS_PER_THREAD atomics per thread; throughput falls
//   as more threads hit the same bin at once.
// Device code (XCUB_DEVICE).
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/detail/empty_storage.hpp>

namespace xcub::detail {

template <int BINS>
struct block_histogram_atomic {
  using storage = empty_temp_storage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_histogram_atomic(storage&) {}

  /// Adds one to histogram[s] for each sample s of the caller.
  template <class T, int ITEMS_PER_THREAD, class CounterT>
  XCUB_DEVICE XCUB_FORCEINLINE void composite(T (&items)[ITEMS_PER_THREAD], CounterT* histogram) const {
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) arch::atomic_add(histogram + items[i], CounterT(1));
  }
#endif
};

}  // namespace xcub::detail
