// xcub/block/block_merge_sort.hpp: BlockMergeSort, a comparison sort of the tile that a thread block
// holds blocked, ITEMS_PER_THREAD keys (and values) per thread (CUB's BlockMergeSort), and
// BlockMergeSortStrategy, its sort methods over any group of threads with a barrier (CUB's base class).
//
// Contract:
//   BlockMergeSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT = NullType, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>;
//   any block shape of 1 to 1024 threads (ranked row-major, x fastest), the dimensions being the
//   launch's. CUB asks for a power-of-two thread count; xcub sorts any count (33, 100, 130, 16x4 ...):
//   the merge rounds clip the last pair of runs to the tile. ValueT = NullType sorts keys only (the
//   keys-only calls work with any ValueT too). ITEMS_PER_THREAD >= 1.
//   - Who calls: every thread of the block, together, with the same compare_op (and valid_items,
//     oob_default). No thread may have exited: each call contains block barriers.
//   - Arrangement: blocked, in and out: rank r holds tile positions [r * ITEMS_PER_THREAD,
//     (r + 1) * ITEMS_PER_THREAD) in keys[] (and items[]).
//   - Result, in every thread on return: the tile in order by compare_op, a strict weak ordering
//     (compare_op(a, b): a comes before b; callable in device code; NaN-like keys that break the
//     ordering give an unspecified order); each item moves with its key. StableSort: equivalent keys
//     keep their order in the tile. Sort: no such promise, as in CUB (today both run the same stable
//     algorithm).
//   - Partial tiles, Sort/StableSort(keys, [items,] compare_op, valid_items, oob_default): the keys at
//     tile positions >= valid_items are replaced by oob_default (their items stay with them), then the
//     whole tile is sorted, as CUB documents it. With oob_default ordered at or after every valid key
//     (CUB's requirement), [0, valid_items) holds the valid keys sorted and [valid_items, tile) holds
//     oob_default (StableSort: with the items of those positions in input order). A valid key ordered
//     after oob_default ends up past valid_items. Any valid_items is accepted (<= 0: every key is
//     replaced; >= the tile: none). The pairs overloads take CUB's `IS_LAST_TILE` (default true):
//     `Sort<Op, false>(...)` promises a full tile, so valid_items and oob_default are not used.
//   - TempStorage: the keys of one tile, sharing their bytes with its items (empty for one thread).
//     Each call starts with a barrier, so sorts in a row may share one TempStorage; any other use of
//     its memory afterwards (a union member included) needs arch::sync_threads() first. The default
//     constructor uses private shared memory (detail/private_storage.hpp).
//   - Cost: N(N-1)/2 comparisons in registers (N = ITEMS_PER_THREAD), then ceil(log2(threads)) merge
//     rounds through the TempStorage, each a binary search and N merge steps between 2 barriers (4 with
//     items). The algorithm is <xcub/detail/merge_sort_strategy.hpp>, shared with WarpMergeSort.
//
//   BlockMergeSortStrategy<KeyT, ValueT, NUM_THREADS, ITEMS_PER_THREAD, SynchronizationPolicy>: the
//   same methods for a group of NUM_THREADS threads that is not a whole block. SynchronizationPolicy
//   derives from it (CRTP) and has `void SyncImplementation() const`, a barrier of exactly the group
//   (BlockMergeSort's is arch::sync_threads(); it may be private if the policy befriends the base).
//   Constructors take the caller's rank in the group, [0, NUM_THREADS), and a TempStorage (or none:
//   private shared memory); get_linear_tid() returns that rank.
// Device code (XCUB_DEVICE).
//
//   struct item { float weight; int id; };
//   struct by_weight {                                   // items ordered by one field
//     XCUB_DEVICE bool operator()(const item& a, const item& b) const { return a.weight < b.weight; }
//   };
//   XCUB_KERNEL void sort_items(item* data, int n) {      // one block of 100 threads, 3 items each
//     using Sort = xcub::BlockMergeSort<item, 100, 3>;
//     XCUB_SHARED(Sort::TempStorage, storage);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     item keys[3];
//     for (int i = 0; i < 3; ++i) keys[i] = 3 * t + i < n ? data[3 * t + i] : item{};
//     Sort(storage).StableSort(keys, by_weight{}, n, item{FLT_MAX, -1});  // the n valid items first
//     for (int i = 0; i < 3; ++i) if (3 * t + i < n) data[3 * t + i] = keys[i];
//   }
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/merge_sort_strategy.hpp>
#include <xcub/detail/private_storage.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub {

template <class KeyT, class ValueT, int NUM_THREADS, int ITEMS_PER_THREAD, class SynchronizationPolicy>
class BlockMergeSortStrategy {
  static_assert(NUM_THREADS >= 1, "xcub::BlockMergeSortStrategy: NUM_THREADS must be at least 1");
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockMergeSortStrategy: ITEMS_PER_THREAD must be at least 1");

  using strategy = detail::merge_sort_strategy<KeyT, ValueT, NUM_THREADS, ITEMS_PER_THREAD>;

 public:
  /// The keys (or the items) of one tile of NUM_THREADS * ITEMS_PER_THREAD; raw bytes.
  struct TempStorage : strategy::TempStorage {};

#if XCUB_HAS_KERNELS
  BlockMergeSortStrategy() = delete;
  /// Private shared memory; `linear_tid`: the caller's rank in the group.
  XCUB_DEVICE XCUB_FORCEINLINE explicit BlockMergeSortStrategy(unsigned linear_tid)
      : BlockMergeSortStrategy(detail::private_storage<TempStorage>(), linear_tid) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockMergeSortStrategy(TempStorage& temp_storage, unsigned linear_tid)
      : storage_(temp_storage), linear_tid_(linear_tid) {}

  /// The caller's rank in the group (in the block, row-major, for BlockMergeSort).
  XCUB_DEVICE XCUB_FORCEINLINE unsigned get_linear_tid() const { return linear_tid_; }

  // ---- Sort: ordered by compare_op, equivalent keys in no promised order -------------------------
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    strategy::sort(storage_, linear_tid_, barrier{this}, keys, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                         CompareOp compare_op) {
    strategy::sort(storage_, linear_tid_, barrier{this}, keys, items, compare_op);
  }
  /// Keys at tile positions >= valid_items become oob_default first (see the contract above).
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items,
                                         KeyT oob_default) {
    strategy::sort(storage_, linear_tid_, barrier{this}, keys, compare_op, valid_items, oob_default);
  }
  /// Keys at tile positions >= valid_items become oob_default first, unless IS_LAST_TILE is false
  /// (a full tile: valid_items and oob_default unused).
  template <class CompareOp, bool IS_LAST_TILE = true>
  XCUB_DEVICE XCUB_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                         CompareOp compare_op, int valid_items, KeyT oob_default) {
    if constexpr (IS_LAST_TILE) {
      strategy::sort(storage_, linear_tid_, barrier{this}, keys, items, compare_op, valid_items, oob_default);
    } else {
      (void)valid_items, (void)oob_default;
      strategy::sort(storage_, linear_tid_, barrier{this}, keys, items, compare_op);
    }
  }

  // ---- StableSort: the same, equivalent keys keep their order in the tile ------------------------
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    Sort(keys, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                               CompareOp compare_op) {
    Sort(keys, items, compare_op);
  }
  template <class CompareOp>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op,
                                               int valid_items, KeyT oob_default) {
    Sort(keys, compare_op, valid_items, oob_default);
  }
  template <class CompareOp, bool IS_LAST_TILE = true>
  XCUB_DEVICE XCUB_FORCEINLINE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                                               CompareOp compare_op, int valid_items, KeyT oob_default) {
    Sort<CompareOp, IS_LAST_TILE>(keys, items, compare_op, valid_items, oob_default);
  }

 private:
  /// The policy's barrier (the derived class's SyncImplementation, reached through the base).
  XCUB_DEVICE XCUB_FORCEINLINE void sync() const {
    static_cast<const SynchronizationPolicy*>(this)->SyncImplementation();
  }
  struct barrier {
    const BlockMergeSortStrategy* self;
    XCUB_DEVICE XCUB_FORCEINLINE void operator()() const { self->sync(); }
  };

  typename strategy::TempStorage& storage_;
  unsigned linear_tid_;
#endif
};

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockMergeSort
    : public BlockMergeSortStrategy<KeyT, ValueT, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, ITEMS_PER_THREAD,
                                    BlockMergeSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT, BLOCK_DIM_Y,
                                                   BLOCK_DIM_Z>> {
  static_assert(ITEMS_PER_THREAD >= 1, "xcub::BlockMergeSort: ITEMS_PER_THREAD must be at least 1");
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using base = BlockMergeSortStrategy<KeyT, ValueT, shape::threads, ITEMS_PER_THREAD, BlockMergeSort>;
  friend base;

 public:
  using TempStorage = typename base::TempStorage;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockMergeSort() : base(static_cast<unsigned>(shape::rank())) {
    detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockMergeSort");
  }
  XCUB_DEVICE XCUB_FORCEINLINE explicit BlockMergeSort(TempStorage& temp_storage)
      : base(temp_storage, static_cast<unsigned>(shape::rank())) { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockMergeSort"); }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE void SyncImplementation() const { arch::sync_threads(); }
#endif
};

}  // namespace xcub
