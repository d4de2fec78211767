// xcub/detail/merge_sort_serial_merge.hpp: one thread's share of a merge, N items from two sorted
// runs of the same array, into registers (merge_sort_strategy.hpp).
//
// serial_merge<FORM>(keys, a, a_end, b, b_end, out, source, compare)   (FORM: merge_step_form below)
//   Merges the sorted runs keys[a, a_end) and keys[b, b_end) stably (on ties the item of the first
//   run comes first; an item of the second goes first only when compare(second, first)) and keeps
//   the first N merged items: out[k] is the k-th, source[k] its index in `keys` (to move values the
//   same way).
// - Requires (a_end - a) + (b_end - b) >= N >= 1, a <= a_end and b <= b_end, and every key of
//   keys[min(a, b), max(a_end, b_end)) readable (the runs and anything between them): besides the
//   runs' items, once a run is exhausted its next load reads keys[min(its end, top)] with top =
//   max(a_end, b_end) - 1 (every load is unconditional and in that range; see merge_cursor::step).
// - With merge_path: a thread whose output starts at diagonal d of the merge of runs A and B calls
//   serial_merge(keys, A + i, A_end, B + d - i, B_end, ...) with i = merge_path(..., d, ...).
// Host and device code (XCUB_HOST_DEVICE).
//
//   const int k[6] = {1, 3, 5, 2, 3, 4};   int out[3], src[3];
//   xcub::detail::serial_merge(k, 1, 3, 4, 6, out, src, less);   // out {3, 3, 4}, src {1, 4, 5}
#pragma once

#include <cstddef>
#include <utility>

#include <xcub/config.hpp>

namespace xcub::detail {

/// How a merge step is written; both are the same merge. nvcc (sm_90) gives them different machine
/// code, and each is the faster one somewhere (BlockMergeSort against CUB on sm_90):
/// - branch: the whole step in the branch on the run taken. Keys only, it keeps u32 keys at 16 per
///   thread in 32 registers (select_key takes 37: 12 blocks per SM instead of 16 at 128 threads,
///   about 1% slower).
/// - select_key: the output key by a select, the index and the next load in the branch. With
///   values, the branch form makes ptxas move the keys between registers at every step (f32 pairs,
///   256 x 16: 1218 instructions against 1175; select_key about 1.5% faster).
enum class merge_step_form { branch, select_key };

/// The state of a serial merge: where each run stands, and its next item in registers.
template <class KeyT>
struct merge_cursor {
  const KeyT* keys;
  int a, a_end, b, b_end;
  int top;  // the last index of the later run: where an exhausted run reads, so every load is in range
  KeyT next_a, next_b;

  /// Takes the next merged item into out, its index into source.
  XCUB_EXEC_CHECK_DISABLE
  template <merge_step_form FORM, class CompareOp>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE void step(KeyT& out, int& source, CompareOp& compare) {
    const bool take_b = b < b_end && (a >= a_end || compare(next_b, next_a));
    // The loads are unconditional, at min(i, top): a run's index never passes its end and no end
    // passes top + 1, so that is i itself or, for an exhausted run, an index up to top, never past
    // the later run's end (one instruction, where clamping to the run's own end took a compare and
    // a select). The guarded form `if (b < b_end) next_b = keys[b]` is correct C++ and its PTX keeps
    // the guard, yet the sm_90 code it gives reads shared memory one past the tile's end
    // (compute-sanitizer): the unconditional clamped load avoids that. A run's stale next item is
    // never used once the run is exhausted.
    if constexpr (FORM == merge_step_form::select_key) {
      out = take_b ? next_b : next_a;
      if (take_b) {
        source = b++;
        next_b = keys[b < top ? b : top];
      } else {
        source = a++;
        next_a = keys[a < top ? a : top];
      }
    } else {
      if (take_b) {
        out = next_b;
        source = b++;
        next_b = keys[b < top ? b : top];
      } else {
        out = next_a;
        source = a++;
        next_a = keys[a < top ? a : top];
      }
    }
  }
};

XCUB_EXEC_CHECK_DISABLE
template <merge_step_form FORM, class KeyT, int N, class CompareOp, std::size_t... K>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void serial_merge_steps(merge_cursor<KeyT>& cursor, KeyT (&out)[N],
                                                          int (&source)[N], CompareOp& compare,
                                                          std::index_sequence<K...>) {
  (cursor.template step<FORM>(out[K], source[K], compare), ...);  // in order of K; a fold unrolls under every compiler
}

XCUB_EXEC_CHECK_DISABLE
template <merge_step_form FORM = merge_step_form::branch, class KeyT, int N, class CompareOp>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void serial_merge(const KeyT* keys, int a, int a_end, int b, int b_end,
                                                    KeyT (&out)[N], int (&source)[N], CompareOp& compare) {
  // An empty run starts with a copy of an item in range (never compared: an exhausted run is never
  // chosen).
  const int top = (a_end > b_end ? a_end : b_end) - 1;
  merge_cursor<KeyT> cursor{keys, a, a_end, b, b_end, top, keys[a < top ? a : top], keys[b < top ? b : top]};
  serial_merge_steps<FORM>(cursor, out, source, compare, std::make_index_sequence<N>{});
}

}  // namespace xcub::detail
