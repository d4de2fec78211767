// xcub/detail/direct_io.hpp: one thread's share of a tile that a group of THREADS threads
// moves between memory and registers without exchanging anything, in the blocked or the striped
// arrangement. Written for any group (a logical warp, a block): each function takes the caller's
// rank in the group and, where the arrangement needs it, the group's size. Used by WarpLoad and
// WarpStore, BlockLoad and BlockStore (and CUB's LoadDirect*/StoreDirect* free functions).
//
// A tile is ITEMS_PER_THREAD * THREADS consecutive items starting at the iterator passed in:
//   blocked:  rank r holds items [r * ITEMS_PER_THREAD, (r + 1) * ITEMS_PER_THREAD)
//   striped:  rank r holds items r, r + THREADS, r + 2 * THREADS, ...
//   warp-striped (for warps of WARP ranks): the ranks [w * WARP, (w + 1) * WARP) of warp w hold
//             items [w * WARP * ITEMS_PER_THREAD, (w + 1) * WARP * ITEMS_PER_THREAD), striped across
//             them; a partial last warp reads and writes as if its missing ranks were there.
// - Guarded forms (valid_items) touch only the tile positions below valid_items (none when it is
//   0 or less); a load leaves the other items as they were, or sets them to oob_default.
// - Items convert by assignment (items[i] = it[k]; it[k] = items[i]), as in CUB.
// - Vectorized forms move a rank's ITEMS_PER_THREAD consecutive items in the widest words (up to
//   16 bytes) that divide their size, when the iterator is a plain pointer to T (for loads also a
//   CacheModifiedInputIterator over T, whose modifier each word then gets), T is trivially
//   copyable, this is wider than the item-by-item access and the pointer is aligned to the word
//   (checked at run time; every rank's row is then aligned too). Otherwise they are the blocked forms.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/detail/empty_storage.hpp>
#include <xcub/iterator/cache_modified_input_iterator.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/backend/cache_ops.hpp>

namespace xcub::detail {

/// How a row of ITEMS_PER_THREAD items of T moves as whole words: `bytes` per word (the largest
/// power of two up to 16 that divides the row), `words` of them; `worthwhile` when T may be moved
/// as raw bytes and the words are wider than the ones a single item is accessed in.
template <class T, int ITEMS_PER_THREAD>
struct vector_row {
  static constexpr std::size_t row_bytes = sizeof(T) * ITEMS_PER_THREAD;
  static constexpr std::size_t bytes = row_bytes % 16 == 0 ? 16
                                       : row_bytes % 8 == 0 ? 8
                                       : row_bytes % 4 == 0 ? 4
                                       : row_bytes % 2 == 0 ? 2
                                                            : 1;
  static constexpr bool worthwhile =
      std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T> && bytes > cache_word_bytes<T>();
  static constexpr int words = static_cast<int>(row_bytes / bytes);
  using word = typename cache_word_of<bytes>::type;
  struct words_t {
    word w[words];
  };
  struct items_t {
    T items[ITEMS_PER_THREAD];
  };
};

/// Whether loads through `It` may be vectorized for items of T, and with which cache modifier.
template <class T, class It>
struct vector_load_source : std::false_type {};
template <class T>
struct vector_load_source<T, T*> : std::true_type {
  static constexpr CacheLoadModifier modifier = LOAD_DEFAULT;
  XCUB_HOST_DEVICE static const T* pointer(T* p) { return p; }
};
template <class T>
struct vector_load_source<T, const T*> : std::true_type {
  static constexpr CacheLoadModifier modifier = LOAD_DEFAULT;
  XCUB_HOST_DEVICE static const T* pointer(const T* p) { return p; }
};
template <class T, CacheLoadModifier MODIFIER, class ValueType, class OffsetT>
struct vector_load_source<T, CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>>
    : std::bool_constant<std::is_same_v<std::remove_const_t<ValueType>, T>> {
  static constexpr CacheLoadModifier modifier = MODIFIER;
  XCUB_HOST_DEVICE static const T* pointer(const CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>& it) {
    return it.ptr;
  }
};

#if XCUB_HAS_KERNELS

// ---- loads --------------------------------------------------------------------------------------

/// Blocked: items[i] = it[rank * ITEMS_PER_THREAD + i].
template <class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_blocked(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD]) {
  const InputIt row = it + rank * ITEMS_PER_THREAD;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = row[i];
}

/// Blocked, guarded: only positions below valid_items are read; the other items stay as they were.
template <class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_blocked(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD], int valid_items) {
  const int first = rank * ITEMS_PER_THREAD;
  const InputIt row = it + first;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
    if (first + i < valid_items) items[i] = row[i];
  }
}

/// Blocked, guarded: positions at or past valid_items get oob_default.
template <class T, int ITEMS_PER_THREAD, class InputIt, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void load_blocked(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD], int valid_items,
                                               DefaultT oob_default) {
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  load_blocked(rank, it, items, valid_items);
}

/// Striped over THREADS ranks: items[i] = it[rank + i * THREADS].
template <int THREADS, class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD]) {
  const InputIt column = it + rank;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = column[i * THREADS];
}

/// Striped, guarded: only positions below valid_items are read; the other items stay as they were.
template <int THREADS, class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD], int valid_items) {
  const InputIt column = it + rank;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
    if (rank + i * THREADS < valid_items) items[i] = column[i * THREADS];
  }
}

/// Striped, guarded: positions at or past valid_items get oob_default.
template <int THREADS, class T, int ITEMS_PER_THREAD, class InputIt, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void load_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD], int valid_items,
                                               DefaultT oob_default) {
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  load_striped<THREADS>(rank, it, items, valid_items);
}

/// Warp-striped for warps of WARP ranks: items[i] = it[warp * WARP * ITEMS_PER_THREAD + lane + i * WARP].
template <int WARP, class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_warp_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD]) {
  load_striped<WARP>(rank % WARP, it + (rank / WARP) * (WARP * ITEMS_PER_THREAD), items);
}

/// Warp-striped, guarded: only positions below valid_items are read; the other items stay as they were.
template <int WARP, class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_warp_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD],
                                                    int valid_items) {
  const int first = (rank / WARP) * (WARP * ITEMS_PER_THREAD);
  load_striped<WARP>(rank % WARP, it + first, items, valid_items - first);
}

/// Warp-striped, guarded: positions at or past valid_items get oob_default.
template <int WARP, class T, int ITEMS_PER_THREAD, class InputIt, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void load_warp_striped(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD],
                                                    int valid_items, DefaultT oob_default) {
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  load_warp_striped<WARP>(rank, it, items, valid_items);
}

/// Blocked, in words as wide as the row allows where `it` and its alignment permit (see the top of
/// this file); load_blocked otherwise. A full tile only.
template <class T, int ITEMS_PER_THREAD, class InputIt>
XCUB_DEVICE XCUB_FORCEINLINE void load_blocked_vectorized(int rank, InputIt it, T (&items)[ITEMS_PER_THREAD]) {
  using source = vector_load_source<T, InputIt>;
  using row = vector_row<T, ITEMS_PER_THREAD>;
  if constexpr (source::value && row::worthwhile) {
    const T* tile = source::pointer(it);
    if (reinterpret_cast<std::uintptr_t>(tile) % row::bytes == 0) {
      const auto* src = reinterpret_cast<const typename row::word*>(tile + rank * ITEMS_PER_THREAD);
      typename row::words_t words;
XCUB_UNROLL
      for (int w = 0; w < row::words; ++w) words.w[w] = arch::load_word<source::modifier>(src + w);
      const auto loaded = __builtin_bit_cast(typename row::items_t, words);
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = loaded.items[i];
      return;
    }
  }
  load_blocked(rank, it, items);
}

// ---- stores -------------------------------------------------------------------------------------

/// Blocked: it[rank * ITEMS_PER_THREAD + i] = items[i].
template <class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_blocked(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD]) {
  OutputIt row = it + rank * ITEMS_PER_THREAD;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) row[i] = items[i];
}

/// Blocked, guarded: only positions below valid_items are written.
template <class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_blocked(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD],
                                                int valid_items) {
  const int first = rank * ITEMS_PER_THREAD;
  OutputIt row = it + first;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
    if (first + i < valid_items) row[i] = items[i];
  }
}

/// Striped over THREADS ranks: it[rank + i * THREADS] = items[i].
template <int THREADS, class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_striped(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD]) {
  OutputIt column = it + rank;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) column[i * THREADS] = items[i];
}

/// Striped, guarded: only positions below valid_items are written.
template <int THREADS, class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_striped(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD],
                                                int valid_items) {
  OutputIt column = it + rank;
XCUB_UNROLL
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
    if (rank + i * THREADS < valid_items) column[i * THREADS] = items[i];
  }
}

/// Warp-striped for warps of WARP ranks: it[warp * WARP * ITEMS_PER_THREAD + lane + i * WARP] = items[i].
template <int WARP, class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_warp_striped(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD]) {
  store_striped<WARP>(rank % WARP, it + (rank / WARP) * (WARP * ITEMS_PER_THREAD), items);
}

/// Warp-striped, guarded: only positions below valid_items are written.
template <int WARP, class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_warp_striped(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD],
                                                     int valid_items) {
  const int first = (rank / WARP) * (WARP * ITEMS_PER_THREAD);
  store_striped<WARP>(rank % WARP, it + first, items, valid_items - first);
}

/// Blocked, in words as wide as the row allows where `it` is a T* aligned to them (see the top of
/// this file); store_blocked otherwise. A full tile only.
template <class T, int ITEMS_PER_THREAD, class OutputIt>
XCUB_DEVICE XCUB_FORCEINLINE void store_blocked_vectorized(int rank, OutputIt it, const T (&items)[ITEMS_PER_THREAD]) {
  using row = vector_row<T, ITEMS_PER_THREAD>;
  if constexpr (std::is_same_v<OutputIt, T*> && row::worthwhile) {
    if (reinterpret_cast<std::uintptr_t>(it) % row::bytes == 0) {
      auto* dst = reinterpret_cast<typename row::word*>(it + rank * ITEMS_PER_THREAD);
      typename row::items_t staged;
XCUB_UNROLL
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) staged.items[i] = items[i];
      const auto words = __builtin_bit_cast(typename row::words_t, staged);
XCUB_UNROLL
      for (int w = 0; w < row::words; ++w) arch::store_word<STORE_DEFAULT>(dst + w, words.w[w]);
      return;
    }
  }
  store_blocked(rank, it, items);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
