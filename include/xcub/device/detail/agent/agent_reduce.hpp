// xcub/device/detail/agent/agent_reduce.hpp: one block's share of a device-wide reduction.
//
// agent_reduce<Policy, InputIt, AccumT, ReductionOp, OffsetT>: Policy is a type whose
// `static constexpr reduce_policy value` gives the tile shape. consume_range(begin, end) reduces
// items [begin, end) of the input (end > begin) with the operator and returns the block's aggregate,
// valid in thread 0. Every thread of the block calls it. Items reach the accumulator through
// reduce_thread_fold (by default: op(accumulator, AccumT(item)), or AccumT(item) for a thread's
// first item).
//
// Each thread folds its items of every tile into one accumulator before the block reduces once, so
// the operator must be associative and commutative (CUB's DeviceReduce contract); the grouping
// depends only on the tile shape and the range, never on timing: a given launch is deterministic.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/block/block_reduce.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/device/detail/agent/reduce_thread_fold.hpp>
#include <xcub/device/detail/agent/striped_vector_load.hpp>
#include <xcub/device/detail/policy.hpp>
#include <iterator>

namespace xcub::detail {

/// The items `InputIt` reads, and where they can be read as vectors: a pointer, or a
/// CacheModifiedInputIterator over one (direct_io.hpp's vector_load_source, which BlockLoad's and
/// WarpLoad's vectorized paths use too).
template <class InputIt>
using reduce_item_t = std::remove_cv_t<typename std::iterator_traits<InputIt>::value_type>;
template <class InputIt>
using reduce_vector_source = vector_load_source<reduce_item_t<InputIt>, InputIt>;

/// The vector width (items per load) the agent reads `InputIt` with, or 1.
template <class InputIt, int VEC, int ITEMS>
constexpr int reduce_vector_items() {
  using T = reduce_item_t<InputIt>;
  if constexpr (reduce_vector_source<InputIt>::value && std::is_trivially_copyable_v<T>) {
    constexpr int bytes = VEC * static_cast<int>(sizeof(T));
    if constexpr (VEC > 1 && ITEMS % VEC == 0 && (bytes == 4 || bytes == 8 || bytes == 16)) return VEC;
  }
  return 1;
}

#if XCUB_HAS_KERNELS

template <class Policy, class InputIt, class AccumT, class ReductionOp, class OffsetT>
struct agent_reduce {
  static constexpr reduce_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static constexpr int vec = reduce_vector_items<InputIt, policy.vector_load_length, items>();
  using block_reduce = BlockReduce<AccumT, threads, policy.reduce_algorithm>;
  using input_t = typename std::iterator_traits<InputIt>::value_type;
  using thread_fold = reduce_thread_fold<AccumT, ReductionOp>;
  using TempStorage = typename block_reduce::TempStorage;

  TempStorage& storage;
  InputIt in;
  ReductionOp op;
  bool vector_aligned;  // the input may be read as vectors (aligned base: checked by the caller)

  /// Reduces [begin, end) (end > begin); the aggregate is valid in thread 0.
  XCUB_DEVICE XCUB_FORCEINLINE AccumT consume_range(OffsetT begin, OffsetT end) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    AccumT acc;
    if (end - begin < static_cast<OffsetT>(tile_items)) {  // one partial tile: ranks below its size hold items
      const int valid = static_cast<int>(end - begin);
      acc = partial_tile(tid, begin, valid, nullptr);
      return block_reduce(storage).Reduce(acc, op, valid < threads ? valid : threads);
    }
    acc = full_tile(tid, begin);
    OffsetT at = begin + tile_items;
    for (; end - at >= static_cast<OffsetT>(tile_items); at += tile_items) acc = op(acc, full_tile(tid, at));
    if (at < end) acc = partial_tile(tid, at, static_cast<int>(end - at), &acc);
    return block_reduce(storage).Reduce(acc, op);
  }

 private:
  /// The fold of this thread's items of the full tile at `base`, read striped (as vectors if it can).
  XCUB_DEVICE XCUB_FORCEINLINE AccumT full_tile(int tid, OffsetT base) {
    input_t values[items];
    if constexpr (vec > 1) {
      if (vector_aligned) {
        load_striped_vectors<threads, items, vec, policy.load_modifier>(in, base, tid, values);
        return thread_fold::fold(op, values);
      }
    }
XCUB_UNROLL
    for (int i = 0; i < items; ++i) values[i] = in[base + tid + i * threads];
    return thread_fold::fold(op, values);
  }

  /// This thread's items of the tile at `base` holding `valid` items, striped, folded into `*into`
  /// (or, when `into` is null, into an accumulator started from its first item: ranks at or above
  /// `valid` then return an unspecified value that the caller must not use).
  XCUB_DEVICE XCUB_FORCEINLINE AccumT partial_tile(int tid, OffsetT base, int valid, const AccumT* into) {
    AccumT acc;
    int i = tid;
    if (into) {
      acc = *into;
    } else {
      if (i >= valid) return AccumT{};
      acc = thread_fold::convert(op, in[base + i]);
      i += threads;
    }
    for (; i < valid; i += threads) acc = op(acc, thread_fold::convert(op, in[base + i]));
    return acc;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
