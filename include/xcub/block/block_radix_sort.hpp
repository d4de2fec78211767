// xcub/block/block_radix_sort.hpp: BlockRadixSort, a thread block's stable radix sort of a tile of
// keys (and values) held in registers (CUB's BlockRadixSort).
//
// Contract:
//   BlockRadixSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT = NullType, RADIX_BITS = 4,
//                  MEMOIZE_OUTER_SCAN = true, INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
//                  SMEM_CONFIG = SHARED_MEM_BANK_SIZE_FOUR_BYTE, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>
//   - Who calls: every thread of the block, each method at the same call site (block barriers). Any
//     block size from 1 to 1024 threads, 2D and 3D (threads ranked row-major, x fastest), a tile of at
//     most 65535 keys. ValueT = NullType sorts keys only.
//   - Keys (docs/radix-keys.md): bool, integers of 8 to 128 bits, float, double, the backend's 16-bit
//     floats (CUDA: __half, __nv_bfloat16), in CUB's order: -0.0 and +0.0 are equal keys (each keeps
//     its sign), NaNs with the sign bit clear after +inf, those with it set before -inf. A struct key
//     needs a decomposer (a functor with a const call operator, callable in device code, returning a
//     std::tuple of references to the key's arithmetic members, the first most significant).
//   - Arrangement: blocked in; out blocked (Sort, SortDescending) or striped (the BlockedToStriped
//     forms): thread r holds tile positions r, r + BLOCK_THREADS, ... of the sorted tile.
//   - Order: ascending, or descending (SortDescending*): by bits [begin_bit, end_bit) of the key's
//     image (default: all of them; with a decomposer, of the members' concatenated images). Stable
//     in both directions: keys with equal bits keep their input order; values move with their keys.
//   - RADIX_BITS (1 to 8 typical; CUB's BlockRadixRank allows up to 16): bits per pass, so
//     ceil((end_bit - begin_bit) / RADIX_BITS) passes, at least one. MEMOIZE_OUTER_SCAN,
//     INNER_SCAN_ALGORITHM, SMEM_CONFIG: BlockRadixRank's (block_radix_rank.hpp).
//   - Results valid in every thread on return. TempStorage: raw bytes, the largest of BlockRadixRank's
//     and BlockExchange's of the keys (and of the values); reuse rule (as CUB): put
//     arch::sync_threads() between two uses of the same TempStorage. The default constructor uses a
//     private one shared by every default-constructed BlockRadixSort of the same type in the block.
//   - Cost per pass (CUB's scheme): one rank, then a barrier and a scatter through shared memory for
//     the keys (and one more of each for the values), a barrier before the next pass.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void sort_tiles(int* d_keys) {                 // blocks of 128 threads
//     using BlockRadixSortT = xcub::BlockRadixSort<int, 128, 4>;
//     XCUB_SHARED(BlockRadixSortT::TempStorage, storage);
//     const int t = xcub::arch::thread_idx().x;
//     int keys[4];
//     for (int i = 0; i < 4; ++i) keys[i] = d_keys[4 * t + i];   // blocked
//     BlockRadixSortT(storage).Sort(keys);                       // thread t: sorted positions 4t .. 4t+3
//     for (int i = 0; i < 4; ++i) d_keys[4 * t + i] = keys[i];
//   }
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_radix_sort_passes.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub {

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int SMEM_CONFIG = SHARED_MEM_BANK_SIZE_FOUR_BYTE, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixSort {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockRadixSort: ITEMS_PER_THREAD must be at least 1");
  static_assert(RADIX_BITS >= 1 && RADIX_BITS <= 16, "xcub::BlockRadixSort: RADIX_BITS must be 1 to 16");
  // BlockRadixRank's own checks (the passes rank through its counter scheme directly).
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z <= 1024,
                "xcub::BlockRadixSort: a block has 1 to 1024 threads");
  static_assert(SMEM_CONFIG == SHARED_MEM_BANK_SIZE_DEFAULT || SMEM_CONFIG == SHARED_MEM_BANK_SIZE_FOUR_BYTE ||
                    SMEM_CONFIG == SHARED_MEM_BANK_SIZE_EIGHT_BYTE,
                "xcub::BlockRadixSort: SMEM_CONFIG must be a SharedMemBankSize (or cudaSharedMemConfig) value");
  using passes = detail::block_radix_sort_passes<KeyT, ITEMS_PER_THREAD, ValueT, RADIX_BITS, MEMOIZE_OUTER_SCAN,
                                                 INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_X, BLOCK_DIM_Y,
                                                 BLOCK_DIM_Z>;
  using identity = detail::radix::identity_decomposer;
  static_assert(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD <= 65535,
                "xcub::BlockRadixSort: a tile has at most 65535 keys (BlockRadixRank's 16-bit counters)");
  /// Whether D is a decomposer rather than a bit index (CUB's rule for its overloads).
  template <class D>
  using if_decomposer = std::enable_if_t<!std::is_convertible_v<D, int>, int>;
  /// sizeof(KeyT) * 8 for a plain key (0 for a struct: its overloads without a decomposer do not apply).
  static constexpr int key_bits = detail::radix::is_radix_key_v<KeyT> ? static_cast<int>(sizeof(KeyT) * 8) : 0;
  template <class D>
  static constexpr int end_of = detail::radix::radix_key<KeyT, D>::default_end_bit;

 public:
  /// Raw shared memory for one block's sort (see the contract above for its reuse).
  using TempStorage = typename passes::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixSort() : BlockRadixSort(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockRadixSort(TempStorage& temp_storage) : storage_(&temp_storage) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockRadixSort");
  }

  // ---- blocked -> blocked, ascending ----
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = key_bits) {
    run<false, false>(keys, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer, int begin_bit, int end_bit) {
    run<false, false>(keys, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer) {
    run<false, false>(keys, 0, end_of<D>, decomposer);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                         int begin_bit = 0, int end_bit = key_bits) {
    impl().template sort<false, false>(keys, values, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                         D decomposer, int begin_bit, int end_bit) {
    impl().template sort<false, false>(keys, values, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                         D decomposer) {
    impl().template sort<false, false>(keys, values, 0, end_of<D>, decomposer);
  }

  // ---- blocked -> blocked, descending ----
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                   int end_bit = key_bits) {
    run<true, false>(keys, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer, int begin_bit,
                                                   int end_bit) {
    run<true, false>(keys, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer) {
    run<true, false>(keys, 0, end_of<D>, decomposer);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                   int begin_bit = 0, int end_bit = key_bits) {
    impl().template sort<true, false>(keys, values, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                   D decomposer, int begin_bit, int end_bit) {
    impl().template sort<true, false>(keys, values, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                   D decomposer) {
    impl().template sort<true, false>(keys, values, 0, end_of<D>, decomposer);
  }

  // ---- blocked -> striped, ascending ----
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                         int end_bit = key_bits) {
    run<false, true>(keys, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer, int begin_bit,
                                                         int end_bit) {
    run<false, true>(keys, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer) {
    run<false, true>(keys, 0, end_of<D>, decomposer);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                         ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                         int end_bit = key_bits) {
    impl().template sort<false, true>(keys, values, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                         ValueT (&values)[ITEMS_PER_THREAD], D decomposer,
                                                         int begin_bit, int end_bit) {
    impl().template sort<false, true>(keys, values, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                         ValueT (&values)[ITEMS_PER_THREAD], D decomposer) {
    impl().template sort<false, true>(keys, values, 0, end_of<D>, decomposer);
  }

  // ---- blocked -> striped, descending ----
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                                   int end_bit = key_bits) {
    run<true, true>(keys, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer,
                                                                   int begin_bit, int end_bit) {
    run<true, true>(keys, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], D decomposer) {
    run<true, true>(keys, 0, end_of<D>, decomposer);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                                   ValueT (&values)[ITEMS_PER_THREAD],
                                                                   int begin_bit = 0, int end_bit = key_bits) {
    impl().template sort<true, true>(keys, values, begin_bit, end_bit, identity{});
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                                   ValueT (&values)[ITEMS_PER_THREAD], D decomposer,
                                                                   int begin_bit, int end_bit) {
    impl().template sort<true, true>(keys, values, begin_bit, end_bit, decomposer);
  }
  template <class D, if_decomposer<D> = 0>
  XCUB_DEVICE XCUB_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                                   ValueT (&values)[ITEMS_PER_THREAD], D decomposer) {
    impl().template sort<true, true>(keys, values, 0, end_of<D>, decomposer);
  }

 private:
  /// Keys only: no values travel (a NullType array costs nothing).
  template <bool DESCENDING, bool TO_STRIPED, class D>
  XCUB_DEVICE XCUB_FORCEINLINE void run(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit, int end_bit, D decomposer) {
    using keys_only_passes =
        detail::block_radix_sort_passes<KeyT, ITEMS_PER_THREAD, NullType, RADIX_BITS, MEMOIZE_OUTER_SCAN,
                                        INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    NullType none[ITEMS_PER_THREAD];
    static_assert(sizeof(typename keys_only_passes::TempStorage) <= sizeof(TempStorage));
    keys_only_passes{storage_->bytes}.template sort<DESCENDING, TO_STRIPED>(keys, none, begin_bit, end_bit,
                                                                          decomposer);
  }
  XCUB_DEVICE XCUB_FORCEINLINE passes impl() const { return passes{storage_->bytes}; }

  TempStorage* storage_;
#endif
};

}  // namespace xcub
