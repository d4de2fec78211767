// xcub/device/detail/agent/agent_merge.hpp: one output tile of a merge pass of DeviceMergeSort, or of
// DeviceMerge (docs/device-merge-sort.md).
//
// agent_merge<Policy, KeyT, ValueT, CompareOp>: Policy as agent_block_sort's; ValueT = NullType merges
// keys only. consume_tile(a_keys, a_values, a_count, b_keys, b_values, b_count, keys_out, values_out)
// is called by every thread of the block: a[0, a_count) and b[0, b_count) are the pieces of the two
// sorted runs that make up this output tile (found by the partition kernel; a_count + b_count is 1 ..
// tile), and their stable merge (on ties a's items first) is written to keys_out[0, a_count + b_count)
// (values_out likewise). Nothing else is read or written.
// - The pieces are read striped (coalesced) into shared memory, a's then b's; thread r finds where its
//   outputs [r * items, (r + 1) * items) start in the merge (merge_path) and merges them into
//   registers (serial_merge), the shared merge-sort pieces of include/xcub/detail/; the tile then goes
//   back through shared memory to be written striped. Values follow by source index.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/detail/merge_sort_path.hpp>
#include <xcub/detail/merge_sort_serial_merge.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

template <class Policy, class KeyT, class ValueT, class CompareOp>
struct agent_merge {
  static constexpr merge_sort_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile = threads * items;
  static constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
  static constexpr std::size_t value_bytes = has_values ? sizeof(ValueT) * tile : 0;
  static constexpr std::size_t value_align = has_values ? alignof(ValueT) : 1;
  static constexpr std::size_t bytes = sizeof(KeyT) * tile > value_bytes ? sizeof(KeyT) * tile : value_bytes;

  /// The tile's keys, then (sharing the bytes) its values.
  struct TempStorage {
    alignas(KeyT) alignas(value_align) unsigned char bytes[agent_merge::bytes];
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;
  CompareOp compare;

  template <class KeyA, class ValueA, class KeyB, class ValueB, class KeyOut, class ValueOut>
  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(KeyA a_keys, ValueA a_values, int a_count, KeyB b_keys,
                                                 ValueB b_values, int b_count, KeyOut keys_out,
                                                 ValueOut values_out) {
    KeyT* const shared_keys = reinterpret_cast<KeyT*>(storage.bytes);
    const int count = a_count + b_count;
    const int rank = static_cast<int>(arch::thread_idx().x);

    gather_keys(shared_keys, a_keys, a_count, b_keys, count, rank);
    arch::sync_threads();
    const int diag = rank * items < count ? rank * items : count;
    const int from_a = merge_path(shared_keys, a_count, shared_keys + a_count, b_count, diag, compare);
    KeyT keys[items];
    int source[items];
    // A thread whose outputs pass `count` merges copies of items in range there (serial_merge reads
    // only [0, count)); they are never stored.
    serial_merge(shared_keys, from_a, a_count, a_count + diag - from_a, count, keys, source, compare);
    arch::sync_threads();
    scatter(shared_keys, keys_out, keys, count, rank);

    if constexpr (has_values) {
      ValueT* const shared_values = reinterpret_cast<ValueT*>(storage.bytes);
      arch::sync_threads();
      gather_values(shared_values, a_values, a_count, b_values, count, rank);
      arch::sync_threads();
      ValueT values[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {  // outputs past count read item 0 (in range), never stored
        values[i] = shared_values[rank * items + i < count ? source[i] : 0];
      }
      arch::sync_threads();
      scatter(shared_values, values_out, values, count, rank);
    } else {
      (void)a_values, (void)b_values, (void)values_out;
    }
  }

 private:
  /// shared[0, count): a[0, a_count) then b[0, count - a_count), read striped, unrolled. A full tile
  /// (every tile but a merge's last) loads all its items into registers before it stores any: with
  /// a bound test per item, each load sits in its own branch before its store, and the loads of one
  /// thread go out one at a time (DeviceMerge::MergeKeys then runs at 0.84x CUB's speed on sm_90).
  template <class T, class ItA, class ItB>
  XCUB_DEVICE XCUB_FORCEINLINE static void gather_keys(T* shared, ItA a, int a_count, ItB b, int count, int rank) {
    if (count == tile) {
      T regs[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const int k = i * threads + rank;
        regs[i] = k < a_count ? T(a[k]) : T(b[k - a_count]);
      }
XCUB_UNROLL
      for (int i = 0; i < items; ++i) shared[i * threads + rank] = regs[i];
      return;
    }
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int k = i * threads + rank;
      if (k < count) shared[k] = k < a_count ? T(a[k]) : T(b[k - a_count]);
    }
  }

  /// The same for the values, in a loop the compiler unrolls only partly: while it runs, each
  /// thread holds its merge's source indices, and the fully unrolled form took 148 registers for
  /// u32 keys and values at 256 x 17 (ptxas, sm_90) where this takes 64 (CUB's kernel: 92).
  template <class T, class ItA, class ItB>
  XCUB_DEVICE XCUB_FORCEINLINE static void gather_values(T* shared, ItA a, int a_count, ItB b, int count, int rank) {
    for (int k = rank; k < count; k += threads) shared[k] = k < a_count ? T(a[k]) : T(b[k - a_count]);
  }

  /// Writes the blocked registers' first `count` tile items to out[0, count), striped through shared.
  template <class T, class OutIt>
  XCUB_DEVICE XCUB_FORCEINLINE static void scatter(T* shared, OutIt out, const T (&regs)[items], int count,
                                                   int rank) {
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      if (rank * items + i < count) shared[rank * items + i] = regs[i];
    }
    arch::sync_threads();
XCUB_UNROLL
    for (int i = 0; i < items; ++i) {
      const int k = i * threads + rank;
      if (k < count) out[k] = shared[k];
    }
  }
#endif
};

}  // namespace xcub::detail
