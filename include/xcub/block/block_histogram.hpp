// xcub/block/block_histogram.hpp: BlockHistogram, the counts of a thread block's samples per bin
// (CUB's BlockHistogram).
//
// Contract:
//   BlockHistogram<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BINS, ALGORITHM = BLOCK_HISTO_SORT,
//                  BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   any block shape of 1 to 1024 threads (ranked row-major, x fastest), the dimensions being the
//   launch's; BINS >= 1, any count (not only multiples of the block size).
//   - Samples: each thread holds ITEMS_PER_THREAD samples of the integer type T, each a bin index in
//     [0, BINS) (as CUB requires: a sample is used as an index, unchecked). A sample outside that
//     range is undefined behaviour, as in CUB: ATOMIC adds one past the histogram's bounds, SORT
//     writes past its run arrays in the TempStorage (and sorts only the bits that [0, BINS) needs).
//     The arrangement of the samples does not matter (blocked or striped alike).
//   - Counters: `histogram` points to BINS counters of type CounterT, in shared or global memory.
//     ATOMIC: CounterT is any type arch::atomic_add takes (int, unsigned int, long long, unsigned long
//     long, float, double); SORT: any arithmetic type.
//   - Who calls: every thread of the block, together, with the same histogram pointer.
//   - InitHistogram(histogram): sets the BINS counters to zero, rank r the bins r, r + BLOCK_THREADS,
//     ...; no barrier: put arch::sync_threads() between it and a Composite into the same counters.
//   - Composite(items, histogram): adds the block's count of each bin to histogram[bin]. ATOMIC: each
//     sample by an atomic addition (device scope, as CUB's atomicAdd), so blocks may composite into
//     one shared histogram in global memory. SORT: each bin by one thread of the block with a plain
//     read-modify-write (as CUB): the counters must not be updated by another block at the same time.
//     Either way the counts are complete for the block only after a barrier (shared counters) or at
//     the kernel's end (global ones). SORT leaves the samples sorted (blocked) in items; ATOMIC leaves
//     them as they were.
//   - Histogram(items, histogram): InitHistogram, a barrier, Composite: the block's counts alone.
//   - TempStorage: SORT, BlockRadixSort's of the samples sharing its bytes with BlockDiscontinuity's
//     and two unsigned per bin; ATOMIC, empty. Reuse rule: arch::sync_threads() before the next use
//     of the same memory (another call included). The default constructor uses private shared memory.
//   - Algorithms (block/detail/block_histogram_*.hpp): SORT sorts, flags run heads and tails, and adds
//     run lengths: steady throughput whatever the distribution. ATOMIC: one atomic per sample, fast
//     on spread samples, slow when many threads hit one bin.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void byte_counts(const unsigned char* bytes, unsigned* counts) {   // blocks of 100
//     using Histo = xcub::BlockHistogram<unsigned char, 100, 4, 256>;
//     XCUB_SHARED(Histo::TempStorage, storage);
//     using bins_t = unsigned[256];
//     XCUB_SHARED(bins_t, bins);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     unsigned char samples[4];
//     for (int i = 0; i < 4; ++i) samples[i] = bytes[400 * xcub::arch::block_idx().x + 4 * t + i];
//     Histo(storage).Histogram(samples, bins);       // this block's 400 bytes, counted per value
//     xcub::arch::sync_threads();
//     for (int b = t; b < 256; b += 100) xcub::arch::atomic_add(counts + b, bins[b]);  // into the grid's
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_histogram_atomic.hpp>
#include <xcub/block/detail/block_histogram_sort.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/strided_for.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS, BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockHistogram {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>,
                "xcub::BlockHistogram: samples are bin indices of an integer type T");
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockHistogram: ITEMS_PER_THREAD must be at least 1");
  static_assert(BINS >= 1, "xcub::BlockHistogram: BINS must be at least 1");
  static_assert(ALGORITHM == BLOCK_HISTO_SORT || ALGORITHM == BLOCK_HISTO_ATOMIC,
                "xcub::BlockHistogram: ALGORITHM must be a BlockHistogramAlgorithm");

  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using variant = std::conditional_t<
      ALGORITHM == BLOCK_HISTO_SORT,
      detail::block_histogram_sort<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BINS, BLOCK_DIM_Y, BLOCK_DIM_Z>,
      detail::block_histogram_atomic<BINS>>;

 public:
  /// The variant's shared memory (see the contract above for its reuse).
  struct TempStorage : variant::storage {};

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockHistogram() : BlockHistogram(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockHistogram(TempStorage& temp_storage) : storage_(temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockHistogram");
  }

  /// Zeroes histogram[0, BINS), strided over the block; no barrier.
  template <class CounterT>
  XCUB_DEVICE XCUB_FORCEINLINE void InitHistogram(CounterT histogram[BINS]) {
    // A compile-time trip count (as CUB): unrolled, with no bounds test where BINS is a multiple of
    // the block (a loop over bin += threads compiled to a remainder loop and a 4-way body).
    detail::strided_for<BINS, shape::threads>(static_cast<int>(shape::rank()),
                                              [&](int bin) { histogram[bin] = CounterT(0); });
  }

  /// The block's counts alone: InitHistogram, a barrier, Composite.
  template <class CounterT>
  XCUB_DEVICE XCUB_FORCEINLINE void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS]) {
    InitHistogram(histogram);
    arch::sync_threads();
    Composite(items, histogram);
  }

  /// Adds the block's counts to histogram[0, BINS).
  template <class CounterT>
  XCUB_DEVICE XCUB_FORCEINLINE void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS]) {
    variant(storage_).composite(items, histogram);
  }

 private:
  typename variant::storage& storage_;
#endif
};

}  // namespace xcub
