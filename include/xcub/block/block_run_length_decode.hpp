// xcub/block/block_run_length_decode.hpp: BlockRunLengthDecode, expanding runs (a value and how
// often it repeats) that a block holds into windows of the decoded sequence, blocked, as CUB's
// BlockRunLengthDecode.
//
// Contract:
//   BlockRunLengthDecode<ItemT, BLOCK_DIM_X, RUNS_PER_THREAD, DECODED_ITEMS_PER_THREAD,
//                        DecodedOffsetT = uint32_t, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   any block shape (1..1024 threads, ranked row-major, x fastest), the dimensions being the launch's.
//   - The runs: rank r holds runs [r * RUNS_PER_THREAD, (r + 1) * RUNS_PER_THREAD) of the block's
//     BLOCK_RUNS = BLOCK_THREADS * RUNS_PER_THREAD runs, in order. Every thread constructs the
//     decoder together (one or two block barriers), from either
//       (run_values, run_lengths, total_decoded_size): lengths of any integer type (0 allowed, also
//         between non-empty runs, where CUB allows trailing ones only); their block-wide exclusive
//         sum (BlockScan, BLOCK_SCAN_RAKING_MEMOIZE, as CUB) gives each run's start, and every
//         thread receives the decoded size (converted to its TotalDecodedSizeT); it must fit
//         DecodedOffsetT (an integer type).
//       (run_values, run_offsets): each run's start in the decoded sequence, non-decreasing, the
//         first 0 (the exclusive sum of the lengths); the last run then has no end.
//     Each constructor takes the TempStorage first, or none (the shared private storage).
//   - RunLengthDecode(decoded_items, [relative_offsets,] from_decoded_offset = 0): every thread
//     calls, together or not (no barrier inside); decoded_items[i] is position
//     p = from_decoded_offset + rank * DECODED_ITEMS_PER_THREAD + i of the decoded sequence and
//     relative_offsets[i] (any integer type) its distance from the start of its run. A window holds
//     BLOCK_THREADS * DECODED_ITEMS_PER_THREAD positions; call again with a larger offset for the
//     next. Positions at or past the decoded size belong to the last run (run BLOCK_RUNS - 1, even
//     if empty): its value, offsets counted from its start (as CUB hands them out; CUB leaves
//     windows starting past the decoded size undefined).
//   - TempStorage: the runs' values and starts (BLOCK_RUNS * (sizeof(ItemT) + sizeof(DecodedOffsetT))
//     bytes, plus alignment), or the scan's storage if larger. The decoder reads it until its last
//     RunLengthDecode call; reusing it for anything else needs arch::sync_threads() first.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void expand(const int* values, const unsigned* lengths, int* out) {  // 128 threads
//     using Decoder = xcub::BlockRunLengthDecode<int, 128, 2, 4>;   // 2 runs in, 4 items out per thread
//     XCUB_SHARED(Decoder::TempStorage, storage);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     int v[2] = {values[2 * t], values[2 * t + 1]};
//     unsigned len[2] = {lengths[2 * t], lengths[2 * t + 1]};
//     unsigned total = 0;
//     Decoder decoder(storage, v, len, total);      // values {7, 8, ...}, lengths {2, 1, ...}
//     for (unsigned from = 0; from < total; from += 128 * 4) {
//       int items[4];
//       decoder.RunLengthDecode(items, from);       // thread 0 of the first window: {7, 7, 8, ...}
//       for (int i = 0; i < 4; ++i) {
//         const unsigned p = from + t * 4 + i;
//         if (p < total) out[p] = items[i];
//       }
//     }
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

template <class ItemT, int BLOCK_DIM_X, int RUNS_PER_THREAD, int DECODED_ITEMS_PER_THREAD,
          class DecodedOffsetT = std::uint32_t, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRunLengthDecode {
  static_assert(RUNS_PER_THREAD >= 1, "xcub::BlockRunLengthDecode: RUNS_PER_THREAD must be at least 1");
  static_assert(DECODED_ITEMS_PER_THREAD >= 1,
                "xcub::BlockRunLengthDecode: DECODED_ITEMS_PER_THREAD must be at least 1");
  static_assert(std::is_integral_v<DecodedOffsetT>, "xcub::BlockRunLengthDecode: DecodedOffsetT must be an integer type");

  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int BLOCK_THREADS = shape::threads;
  static constexpr int BLOCK_RUNS = BLOCK_THREADS * RUNS_PER_THREAD;
  using scan_t = BlockScan<DecodedOffsetT, BLOCK_DIM_X, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using scan_storage_t = typename scan_t::TempStorage;

  // Layout of the runs: values, then starts at the next multiple of DecodedOffsetT's alignment.
  static constexpr std::size_t starts_at =
      (sizeof(ItemT) * BLOCK_RUNS + alignof(DecodedOffsetT) - 1) / alignof(DecodedOffsetT) * alignof(DecodedOffsetT);
  static constexpr std::size_t runs_bytes = starts_at + sizeof(DecodedOffsetT) * BLOCK_RUNS;
  static constexpr std::size_t max_of(std::size_t a, std::size_t b) { return a > b ? a : b; }
  static constexpr std::size_t storage_align =
      max_of(max_of(alignof(ItemT), alignof(DecodedOffsetT)), alignof(scan_storage_t));

 public:
  /// The runs (values, starts), overlapping the scan's storage that computes the starts.
  struct TempStorage {
    alignas(storage_align) unsigned char bytes[max_of(runs_bytes, sizeof(scan_storage_t))];
  };

#if XCUB_HAS_KERNELS
  template <class RunLengthT, class TotalDecodedSizeT>
  XCUB_DEVICE XCUB_FORCEINLINE BlockRunLengthDecode(TempStorage& temp_storage, const ItemT (&run_values)[RUNS_PER_THREAD],
                                                    const RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                                                    TotalDecodedSizeT& total_decoded_size)
      : storage_(temp_storage), rank_(shape::rank()) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRunLengthDecode");
    init_with_lengths(run_values, run_lengths, total_decoded_size);
  }

  template <class UserRunOffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE BlockRunLengthDecode(TempStorage& temp_storage, const ItemT (&run_values)[RUNS_PER_THREAD],
                                                    const UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
      : storage_(temp_storage), rank_(shape::rank()) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRunLengthDecode");
    init_with_offsets(run_values, run_offsets);
  }

  template <class RunLengthT, class TotalDecodedSizeT>
  XCUB_DEVICE XCUB_FORCEINLINE BlockRunLengthDecode(const ItemT (&run_values)[RUNS_PER_THREAD],
                                                    const RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                                                    TotalDecodedSizeT& total_decoded_size)
      : BlockRunLengthDecode(detail::private_storage<TempStorage>(), run_values, run_lengths, total_decoded_size) {}

  template <class UserRunOffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE BlockRunLengthDecode(const ItemT (&run_values)[RUNS_PER_THREAD],
                                                    const UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
      : BlockRunLengthDecode(detail::private_storage<TempStorage>(), run_values, run_offsets) {}

  /// The window of positions from_decoded_offset + [0, BLOCK_THREADS * DECODED_ITEMS_PER_THREAD),
  /// blocked, with each item's offset in its run.
  template <class RelativeOffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
                                                    RelativeOffsetT (&relative_offsets)[DECODED_ITEMS_PER_THREAD],
                                                    DecodedOffsetT from_decoded_offset = 0) const {
    const ItemT* values = stored_values();
    const DecodedOffsetT* starts = stored_starts();
    DecodedOffsetT position = static_cast<DecodedOffsetT>(
        from_decoded_offset + static_cast<DecodedOffsetT>(rank_) * static_cast<DecodedOffsetT>(DECODED_ITEMS_PER_THREAD));
    int run = last_run_starting_at_or_before(starts, position);
    DecodedOffsetT next_start = run + 1 < BLOCK_RUNS ? starts[run + 1] : DecodedOffsetT{};
    for (int i = 0; i < DECODED_ITEMS_PER_THREAD; ++i) {
      // Step over every run that starts at or before this position (empty runs included): the
      // item belongs to the last of them. The last run has no end.
      while (run + 1 < BLOCK_RUNS && next_start <= position) {
        ++run;
        if (run + 1 < BLOCK_RUNS) next_start = starts[run + 1];
      }
      decoded_items[i] = values[run];
      relative_offsets[i] = static_cast<RelativeOffsetT>(position - starts[run]);
      ++position;
    }
  }

  /// The same window without the offsets in the runs.
  XCUB_DEVICE XCUB_FORCEINLINE void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
                                                    DecodedOffsetT from_decoded_offset = 0) const {
    DecodedOffsetT relative_offsets[DECODED_ITEMS_PER_THREAD];
    RunLengthDecode(decoded_items, relative_offsets, from_decoded_offset);
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE ItemT* stored_values() const { return reinterpret_cast<ItemT*>(storage_.bytes); }
  XCUB_DEVICE XCUB_FORCEINLINE DecodedOffsetT* stored_starts() const {
    return reinterpret_cast<DecodedOffsetT*>(storage_.bytes + starts_at);
  }

  /// The last run whose start is at or before `position` (0 if none is: the first run's start is 0).
  XCUB_DEVICE XCUB_FORCEINLINE static int last_run_starting_at_or_before(const DecodedOffsetT* starts,
                                                                         DecodedOffsetT position) {
    int lo = 0, hi = BLOCK_RUNS;  // the first run starting after position lies in [lo, hi]
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (position < starts[mid]) hi = mid;
      else lo = mid + 1;
    }
    return lo > 0 ? lo - 1 : 0;
  }

  template <class RunLengthT, class TotalDecodedSizeT>
  XCUB_DEVICE XCUB_FORCEINLINE void init_with_lengths(const ItemT (&run_values)[RUNS_PER_THREAD],
                                                      const RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                                                      TotalDecodedSizeT& total_decoded_size) {
    DecodedOffsetT starts[RUNS_PER_THREAD];
    for (int i = 0; i < RUNS_PER_THREAD; ++i) starts[i] = static_cast<DecodedOffsetT>(run_lengths[i]);
    DecodedOffsetT total;
    scan_t(reinterpret_cast<scan_storage_t&>(storage_)).ExclusiveSum(starts, starts, total);
    total_decoded_size = static_cast<TotalDecodedSizeT>(total);
    arch::sync_threads();  // the scan's storage becomes the runs'
    init_with_offsets(run_values, starts);
  }

  template <class UserRunOffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void init_with_offsets(const ItemT (&run_values)[RUNS_PER_THREAD],
                                                      const UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD]) {
    ItemT* values = stored_values();
    DecodedOffsetT* starts = stored_starts();
    for (int i = 0; i < RUNS_PER_THREAD; ++i) {
      values[rank_ * RUNS_PER_THREAD + i] = run_values[i];
      starts[rank_ * RUNS_PER_THREAD + i] = static_cast<DecodedOffsetT>(run_offsets[i]);
    }
    arch::sync_threads();
  }

  TempStorage& storage_;
  int rank_;
#endif
};

}  // namespace xcub
