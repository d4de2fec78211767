// xcub/device/detail/agent/segmented_sort_small.hpp: the small path of DeviceSegmentedRadixSort /
// DeviceSegmentedSort: one segment of at most SMALL_THREADS * SMALL_ITEMS items sorted by a logical
// warp in registers (WarpMergeSort, stable), then written to the final buffers.
//
// segmented_sort_small<KeyT, ValueT, SMALL_THREADS, SMALL_ITEMS, DESCENDING, WHOLE_KEYS>::sort(storage,
// seg, buffers, begin_bit, end_bit): every lane of the logical warp calls it, with the same segment
// (its size at least 1 and at most the capacity) and its own TempStorage. Global memory is read and
// written striped (lane l takes items l, l + SMALL_THREADS, ...: each instruction touches
// consecutive words), never blocked (a blocked store of 16 lanes writes 16 sectors 4 bytes at a
// time); WarpExchange turns the sort's blocked result striped. Three ways:
//   - WHOLE_KEYS (the bit range covers the key: DeviceSegmentedSort always; the dispatch picks the
//     kernel, so that each way gets its own register count): the images (and the
//     values) through WarpMergeSort with a plain comparator on folded images (image_less: one
//     compare per test for integer keys);
//   - packed (a bit range, pairs whose key image and a position in the segment fit 64 bits
//     together: keys up to 32 bits with the CUDA tuning): each lane makes (radix bits of the key,
//     descending: their complement) << index_bits | position, sorts those as plain integers (no
//     values moved), turns them striped, then gathers the keys and values by position (the segment
//     is in cache from the first load). Ties on the bits fall to the position, so the order the
//     words start in does not matter: stable. The logical warp reads every item before any lane
//     writes, so the input may be the output (a DoubleBuffer sorted in place).
//   - general (a bit range, keys only or wider keys): as the whole-key way, with a comparator that
//     shifts and masks both sides to the bit range (image_bits_less).
// The whole-key and general ways load striped and turn the items blocked first, since the stable
// sort takes the blocked order as the input order (not whole integer keys alone: equal ones cannot
// be told apart). Whole u32 keys take the whole-key way rather than the
// masking comparator, and pairs are not packed into 64-bit words: the merge loops' compares and
// 64-bit words are most of the work (the masked and packed form is about half as fast for segments
// of 100 on sm_90; docs/device-segmented-sort.md).
// Padding sorts after every real item (all ones: the largest packed word or image; descending,
// the zero image), so positions [0, size) hold the sorted segment.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/agent/segment_source.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/warp/warp_exchange.hpp>
#include <xcub/warp/warp_merge_sort.hpp>

namespace xcub::detail {

/// Where a sort reads and writes: the input, the final output, and the other buffer of the radix
/// passes (values unused for keys only).
template <class KeyT, class ValueT>
struct segmented_sort_buffers {
  const KeyT* keys_in;
  KeyT* keys_final;
  KeyT* keys_other;
  const ValueT* values_in;
  ValueT* values_final;
  ValueT* values_other;
};

/// Radix order on bits [shift, shift + width) of folded images (both zeros one key), as a
/// comparator for WarpMergeSort.
template <class KeyT, bool DESCENDING>
struct image_bits_less {
  using image_t = typename radix::radix_key<KeyT>::image_t;
  int shift;
  image_t mask;
  XCUB_DEVICE XCUB_FORCEINLINE bool operator()(image_t a, image_t b) const {
    const image_t x = static_cast<image_t>((radix::fold_minus_zero<KeyT>(a) >> shift) & mask);
    const image_t y = static_cast<image_t>((radix::fold_minus_zero<KeyT>(b) >> shift) & mask);
    return DESCENDING ? y < x : x < y;
  }
};

/// Radix order on whole folded images (the bit range covers the key): one compare per test for
/// integer keys, where image_bits_less also shifts and masks both sides.
template <class KeyT, bool DESCENDING>
struct image_less {
  using image_t = typename radix::radix_key<KeyT>::image_t;
  XCUB_DEVICE XCUB_FORCEINLINE bool operator()(image_t a, image_t b) const {
    const image_t x = radix::fold_minus_zero<KeyT>(a);
    const image_t y = radix::fold_minus_zero<KeyT>(b);
    return DESCENDING ? y < x : x < y;
  }
};

/// a < b, for packed words.
struct packed_less {
  template <class T>
  XCUB_DEVICE XCUB_FORCEINLINE bool operator()(T a, T b) const {
    return a < b;
  }
};

/// The bits to hold 0 .. n - 1.
constexpr int index_bits_for(int n) {
  int bits = 0;
  while ((1 << bits) < n) ++bits;
  return bits;
}

template <class KeyT, class ValueT, int SMALL_THREADS, int SMALL_ITEMS, bool DESCENDING, bool WHOLE_KEYS>
struct segmented_sort_small {
  using rk = radix::radix_key<KeyT>;
  using image_t = typename rk::image_t;
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
  using value_t = std::conditional_t<keys_only, NullType, ValueT>;
  static constexpr int capacity = SMALL_THREADS * SMALL_ITEMS;
  static constexpr int image_bits = static_cast<int>(sizeof(image_t) * 8);
  static constexpr int index_bits = index_bits_for(capacity);
  static constexpr bool packed = !keys_only && image_bits + index_bits <= 64;
  using packed_t = std::conditional_t<(image_bits + index_bits <= 32), std::uint32_t, std::uint64_t>;
  static constexpr image_t pad_image = DESCENDING ? image_t(0) : static_cast<image_t>(~image_t(0));

  using packed_sort = WarpMergeSort<packed_t, SMALL_ITEMS, SMALL_THREADS>;
  using general_sort = WarpMergeSort<image_t, SMALL_ITEMS, SMALL_THREADS, value_t>;
  using packed_exchange = WarpExchange<packed_t, SMALL_ITEMS, SMALL_THREADS>;
  using image_exchange = WarpExchange<image_t, SMALL_ITEMS, SMALL_THREADS>;
  // (keys only: never used; an int exchange stands in for NullType)
  using value_exchange = WarpExchange<std::conditional_t<keys_only, int, value_t>, SMALL_ITEMS, SMALL_THREADS>;
  union packed_storage {
    typename packed_sort::TempStorage sort;
    typename packed_exchange::TempStorage exchange;
  };
  union general_storage {
    typename general_sort::TempStorage sort;
    typename image_exchange::TempStorage images;
    typename value_exchange::TempStorage values;
  };
  using TempStorage = std::conditional_t<packed && !WHOLE_KEYS, packed_storage, general_storage>;

#if XCUB_HAS_KERNELS
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort(TempStorage& storage, const segment_range<OffsetT>& seg,
                                                const segmented_sort_buffers<KeyT, ValueT>& buf, int begin_bit,
                                                int end_bit) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    const int lane = tid % SMALL_THREADS;
    const int bits = end_bit - begin_bit;
    const int shift = bits > 0 ? begin_bit : 0;
    const image_t mask = bits <= 0 ? image_t(0)
                                   : (bits >= image_bits ? static_cast<image_t>(~image_t(0))
                                                         : static_cast<image_t>((image_t(1) << bits) - image_t(1)));
    const unsigned first_lane = static_cast<unsigned>((tid % arch::warp_threads) / SMALL_THREADS * SMALL_THREADS);
    const arch::lane_mask_t members = arch::lane_range_mask(first_lane, SMALL_THREADS);
    if constexpr (WHOLE_KEYS) {
      sort_general(storage, seg, buf, members, image_less<KeyT, DESCENDING>{});
    } else if constexpr (packed) {
      auto& p = storage;
      packed_t words[SMALL_ITEMS];
XCUB_UNROLL
      for (int i = 0; i < SMALL_ITEMS; ++i) {
        const int j = i * SMALL_THREADS + lane;  // striped
        if (static_cast<OffsetT>(j) < seg.size) {
          const image_t image = rk::to_image(buf.keys_in[seg.begin + static_cast<OffsetT>(j)]);
          image_t digit = static_cast<image_t>((radix::fold_minus_zero<KeyT>(image) >> shift) & mask);
          if (DESCENDING) digit = static_cast<image_t>(~digit & mask);
          words[i] = static_cast<packed_t>((static_cast<packed_t>(digit) << index_bits) | static_cast<packed_t>(j));
        } else {
          words[i] = static_cast<packed_t>(~packed_t(0));
        }
      }
      packed_sort(p.sort).StableSort(words, packed_less{});
      packed_exchange(p.exchange).BlockedToStriped(words, words);  // starts with a warp barrier
      KeyT keys[SMALL_ITEMS];
      value_t values[SMALL_ITEMS];
      constexpr packed_t index_mask = static_cast<packed_t>((packed_t(1) << index_bits) - 1u);
XCUB_UNROLL
      for (int i = 0; i < SMALL_ITEMS; ++i) {
        const int j = i * SMALL_THREADS + lane;
        if (static_cast<OffsetT>(j) < seg.size) {
          const OffsetT from = seg.begin + static_cast<OffsetT>(words[i] & index_mask);
          keys[i] = buf.keys_in[from];
          if constexpr (!keys_only) values[i] = buf.values_in[from];
        } else {
          keys[i] = KeyT();
          values[i] = value_t();
        }
      }
      arch::sync_warp(members);  // every read before any write
XCUB_UNROLL
      for (int i = 0; i < SMALL_ITEMS; ++i) {
        const int j = i * SMALL_THREADS + lane;
        if (static_cast<OffsetT>(j) < seg.size) {
          buf.keys_final[seg.begin + static_cast<OffsetT>(j)] = keys[i];
          if constexpr (!keys_only) buf.values_final[seg.begin + static_cast<OffsetT>(j)] = values[i];
        }
      }
    } else {
      sort_general(storage, seg, buf, members, image_bits_less<KeyT, DESCENDING>{shift, mask});
    }
  }

 private:
  /// The images themselves (and the values) through WarpMergeSort ordered by `less`.
  template <class OffsetT, class Less>
  XCUB_DEVICE XCUB_FORCEINLINE static void sort_general(general_storage& g, const segment_range<OffsetT>& seg,
                                                        const segmented_sort_buffers<KeyT, ValueT>& buf,
                                                        arch::lane_mask_t members, Less less) {
    const int lane = static_cast<int>(arch::linear_thread_id()) % SMALL_THREADS;
    image_t keys[SMALL_ITEMS];
    value_t values[SMALL_ITEMS];
XCUB_UNROLL
    for (int i = 0; i < SMALL_ITEMS; ++i) {
      const OffsetT j = static_cast<OffsetT>(i * SMALL_THREADS + lane);  // striped
      keys[i] = j < seg.size ? rk::to_image(buf.keys_in[seg.begin + j]) : pad_image;
      if constexpr (!keys_only) values[i] = j < seg.size ? buf.values_in[seg.begin + j] : ValueT();
    }
    // Keys alone of an integer type, whole: equal images are equal keys, so the order the sort
    // takes them in cannot show; everything else turns blocked (the stable sort's input order).
    constexpr bool any_order = keys_only && std::is_integral_v<KeyT> && std::is_same_v<Less, image_less<KeyT, DESCENDING>>;
    if constexpr (!any_order) {
      image_exchange(g.images).StripedToBlocked(keys, keys);
      if constexpr (!keys_only) value_exchange(g.values).StripedToBlocked(values, values);
      arch::sync_warp(members);  // the exchanges' reads before the sort's writes
    }
    if constexpr (keys_only)
      general_sort(g.sort).StableSort(keys, less);
    else
      general_sort(g.sort).StableSort(keys, values, less);
    image_exchange(g.images).BlockedToStriped(keys, keys);  // each exchange starts with a warp barrier
    if constexpr (!keys_only) value_exchange(g.values).BlockedToStriped(values, values);
XCUB_UNROLL
    for (int i = 0; i < SMALL_ITEMS; ++i) {
      const OffsetT j = static_cast<OffsetT>(i * SMALL_THREADS + lane);
      if (j < seg.size) {
        buf.keys_final[seg.begin + j] = rk::from_image(keys[i]);
        if constexpr (!keys_only) buf.values_final[seg.begin + j] = values[i];
      }
    }
  }
#endif
};

}  // namespace xcub::detail
