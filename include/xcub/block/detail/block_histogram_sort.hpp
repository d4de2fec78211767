// xcub/block/detail/block_histogram_sort.hpp: BlockHistogram's BLOCK_HISTO_SORT variant (CUB's
// scheme): radix-sort the block's samples, find where each run of equal samples begins and ends
// (BlockDiscontinuity), and add each run's length to its bin.
//
// - Sorts only bits [0, ceil(log2(BINS))) of the samples (at least one bit, at most all of T's):
//   samples lie in [0, BINS) by BlockHistogram's contract, so the bits above are zero and sorting
//   them would change nothing but the number of passes (CUB sorts every bit of T). The range is
//   known at compile time, so BlockRadixSort's passes run unrolled (sort_fixed_bits).
// - After the sort, thread r holds sorted positions [r * N, (r + 1) * N); a head (the first sample
//   of a run) at position p sets run_begin[bin] = p, a tail (the last) sets run_end[bin] = p + 1;
//   bins without samples keep 0 and 0. Each bin's count run_end - run_begin is then added to
//   histogram[bin] by one thread (rank bin % BLOCK_THREADS) with a plain read-modify-write.
// - The samples are left sorted, blocked, in the caller's items (as CUB leaves them).
// - Storage: the radix sort's TempStorage, sharing its bytes with BlockDiscontinuity's and the two
//   arrays of BINS run bounds. Barriers: the sort's, one after it (its storage becomes the run
//   bounds), the flagging's (which also orders the zeroing of the bounds before their setting), one
//   before the counts are read. The caller's counters may be in shared or global memory, of any
//   arithmetic CounterT.
// Device code (XCUB_DEVICE).
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/detail/block_radix_sort_passes.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/strided_for.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
class block_histogram_sort {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  // BlockRadixSort's passes (4-bit digits, memoized scan), over a bit range fixed at compile time.
  using sorter = block_radix_sort_passes<T, ITEMS_PER_THREAD, NullType, 4, true, BLOCK_SCAN_WARP_SCANS,
                                         SHARED_MEM_BANK_SIZE_FOUR_BYTE, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using flagger = BlockDiscontinuity<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;

  /// The bits that tell bins [0, BINS) apart: ceil(log2(BINS)), at least 1, at most T's.
  static constexpr int sort_bits = [] {
    int bits = 1;
    while (bits < static_cast<int>(sizeof(T) * 8) && (1ll << bits) < BINS) ++bits;
    return bits;
  }();

  struct runs_storage {
    typename flagger::TempStorage flags;
    unsigned run_begin[BINS];
    unsigned run_end[BINS];
  };

 public:
  struct storage {
    union {
      typename sorter::TempStorage sort;
      runs_storage runs;
    };
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE explicit block_histogram_sort(storage& s) : s_(s) {}

  /// Adds the block's counts of each bin to histogram[bin]; leaves items sorted.
  template <class CounterT>
  XCUB_DEVICE XCUB_FORCEINLINE void composite(T (&items)[ITEMS_PER_THREAD], CounterT* histogram) {
    NullType no_values[ITEMS_PER_THREAD];
    sorter{s_.sort.bytes}.template sort_fixed_bits<false, false, 0, sort_bits>(items, no_values,
                                                                             radix::identity_decomposer{});
    arch::sync_threads();  // the sort's bytes become the run bounds

    const int rank = shape::rank();
    strided_for<BINS, shape::threads>(rank, [&](int bin) { s_.runs.run_begin[bin] = s_.runs.run_end[bin] = 0; });
    bool heads[ITEMS_PER_THREAD], tails[ITEMS_PER_THREAD];
    // Its barrier also puts every thread's zeroing above before any setting below.
    flagger(s_.runs.flags).FlagHeadsAndTails(heads, tails, items, Inequality{});
    const unsigned first = static_cast<unsigned>(rank * ITEMS_PER_THREAD);
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (heads[i]) s_.runs.run_begin[items[i]] = first + i;
      if (tails[i]) s_.runs.run_end[items[i]] = first + i + 1;
    }
    arch::sync_threads();

    strided_for<BINS, shape::threads>(rank, [&](int bin) {
      histogram[bin] += static_cast<CounterT>(s_.runs.run_end[bin] - s_.runs.run_begin[bin]);
    });
  }

 private:
  storage& s_;
#endif
};

}  // namespace xcub::detail
