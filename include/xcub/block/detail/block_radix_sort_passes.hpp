// xcub/block/detail/block_radix_sort_passes.hpp: the digit passes of BlockRadixSort, CUB's scheme:
// per pass rank the tile by one digit (BlockRadixRank), a block barrier, scatter the keys (and the
// values) to their ranks through shared memory (BlockExchange), a barrier before the next pass.
// Used through xcub::BlockRadixSort (sort(), a run-time bit range) and BlockHistogram's SORT
// variant (sort_fixed_bits(), a compile-time one, its passes unrolled).
//
// - Keys are converted to their bit-ordered images once before the first pass and back once after
//   the last (radix_key.hpp); the passes move images. Descending sorts rank descending (the
//   images stay ascending), so both directions are stable.
// - The first pass always runs, even when begin_bit >= end_bit (its digit is then 0 for every key):
//   the tile comes out blocked (or striped) in input order, as in CUB.
// - TempStorage: raw bytes, the union of the two ranks', the key exchange's and (with values) the
//   value exchange's; the pieces are used one at a time with a barrier in between.
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_exchange.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/detail/block_radix_rank_basic.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

template <class... Storages>
struct raw_union {
  static constexpr std::size_t size = [] {
    std::size_t s = 1;
    ((s = sizeof(Storages) > s ? sizeof(Storages) : s), ...);
    return s;
  }();
  static constexpr std::size_t align = [] {
    std::size_t a = 1;
    ((a = alignof(Storages) > a ? alignof(Storages) : a), ...);
    return a;
  }();
  struct type {
    alignas(align) unsigned char bytes[size];
  };
};

template <class KeyT, int ITEMS_PER_THREAD, class ValueT, int RADIX_BITS, bool MEMOIZE_OUTER_SCAN,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM, int SMEM_CONFIG, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct block_radix_sort_passes {
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;

  /// The counter ranking's fold of the warps' totals, chosen for the sort (counter_rank_fold says
  /// why): pairs with digits of 6 bits and more are register-bound where keys alone
  /// are not.
  static constexpr warp_totals_fold rank_fold = counter_rank_fold(
      block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>::warps, ITEMS_PER_THREAD,
      !keys_only && RADIX_BITS >= 6 ? counter_rank_use::sort_wide_pairs : counter_rank_use::sort_keys);
  template <bool DESCENDING>
  using rank_t = block_radix_rank_basic<BLOCK_DIM_X, RADIX_BITS, DESCENDING, MEMOIZE_OUTER_SCAN, INNER_SCAN_ALGORITHM,
                                        SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z, static_cast<int>(rank_fold)>;
  template <class T>
  using exchange_t = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  // The passes move images of KeyT's size (a plain key's unsigned bits, or a decomposed KeyT), so the
  // key exchange's storage is BlockExchange<KeyT>'s size.
  using values_storage_t = typename exchange_t<std::conditional_t<keys_only, unsigned char, ValueT>>::TempStorage;

  using TempStorage =
      typename raw_union<typename rank_t<false>::TempStorage, typename rank_t<true>::TempStorage,
                         typename exchange_t<KeyT>::TempStorage,
                         std::conditional_t<keys_only, typename rank_t<false>::TempStorage, values_storage_t>>::type;

#if XCUB_HAS_KERNELS
  unsigned char* bytes;  // a TempStorage's (or a larger one's, sharing its start)

  template <class T>
  XCUB_DEVICE XCUB_FORCEINLINE T& as() const {
    return *reinterpret_cast<T*>(bytes);
  }

  /// Sorts keys (and values) by bits [begin_bit, end_bit) of their images; the result blocked, or
  /// striped (TO_STRIPED).
  template <bool DESCENDING, bool TO_STRIPED, class Decomposer>
  XCUB_DEVICE XCUB_FORCEINLINE void sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                         int begin_bit, int end_bit, Decomposer decomposer) const {
    using rk = radix::radix_key<KeyT, Decomposer>;
    typename rk::image_t images[ITEMS_PER_THREAD];
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) images[i] = rk::to_image(keys[i], decomposer);
    for (int bit = begin_bit;;) {
      int ranks[ITEMS_PER_THREAD];
      rank_digit<DESCENDING>(images, ranks, bit, end_bit, decomposer);
      bit += RADIX_BITS;
      const bool last = bit >= end_bit;
      arch::sync_threads();
      scatter<TO_STRIPED>(images, values, ranks, last);
      if (last) break;
      arch::sync_threads();
    }
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) keys[i] = rk::from_image(images[i], decomposer);
  }

  /// sort() over a bit range known at compile time, its passes unrolled (so each pass's digit
  /// extraction is constant; at least one pass, as sort()). BlockHistogram's SORT variant sorts its
  /// samples this way: through sort(), the loop's bookkeeping and a byte widening per pass cost its
  /// two 4-bit passes over uint8 samples 12-19% more executed instructions than CUB's unrolled
  /// passes. BlockRadixSort keeps the loop: unrolled, its 32- and 64-bit sorts (8 to 16 passes) would
  /// grow.
  template <bool DESCENDING, bool TO_STRIPED, int BEGIN_BIT, int END_BIT, class Decomposer>
  XCUB_DEVICE XCUB_FORCEINLINE void sort_fixed_bits(KeyT (&keys)[ITEMS_PER_THREAD],
                                                    ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer) const {
    using rk = radix::radix_key<KeyT, Decomposer>;
    constexpr int passes = END_BIT > BEGIN_BIT ? (END_BIT - BEGIN_BIT + RADIX_BITS - 1) / RADIX_BITS : 1;
    typename rk::image_t images[ITEMS_PER_THREAD];
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) images[i] = rk::to_image(keys[i], decomposer);
XCUB_UNROLL
    for (int pass = 0; pass < passes; ++pass) {
      if (pass > 0) arch::sync_threads();
      int ranks[ITEMS_PER_THREAD];
      rank_digit<DESCENDING>(images, ranks, BEGIN_BIT + pass * RADIX_BITS, END_BIT, decomposer);
      arch::sync_threads();
      scatter<TO_STRIPED>(images, values, ranks, pass == passes - 1);
    }
XCUB_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) keys[i] = rk::from_image(images[i], decomposer);
  }

 private:
  /// Ranks the images by bits [bit, min(bit + RADIX_BITS, end_bit)).
  template <bool DESCENDING, class ImageT, class Decomposer>
  XCUB_DEVICE XCUB_FORCEINLINE void rank_digit(ImageT (&images)[ITEMS_PER_THREAD], int (&ranks)[ITEMS_PER_THREAD],
                                               int bit, int end_bit, Decomposer decomposer) const {
    using rank = rank_t<DESCENDING>;
    rank(as<typename rank::TempStorage>())
        .RankKeys(images, ranks, radix::radix_key<KeyT, Decomposer>::extractor(bit, RADIX_BITS, end_bit, decomposer));
  }

  /// Moves images (and values) to their ranks: blocked, or striped after the last pass (TO_STRIPED).
  /// A barrier between the two exchanges, which share the storage.
  template <bool TO_STRIPED, class ImageT>
  XCUB_DEVICE XCUB_FORCEINLINE void scatter(ImageT (&images)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                            const int (&ranks)[ITEMS_PER_THREAD], bool last) const {
    using keys_exchange = exchange_t<ImageT>;
    static_assert(sizeof(typename keys_exchange::TempStorage) <= sizeof(TempStorage) &&
                      alignof(typename keys_exchange::TempStorage) <= alignof(TempStorage),
                  "xcub::BlockRadixSort: the key exchange does not fit its TempStorage");
    if (TO_STRIPED && last) {
      keys_exchange(as<typename keys_exchange::TempStorage>()).ScatterToStriped(images, ranks);
    } else {
      keys_exchange(as<typename keys_exchange::TempStorage>()).ScatterToBlocked(images, ranks);
    }
    if constexpr (!keys_only) {
      using values_exchange = exchange_t<ValueT>;
      arch::sync_threads();
      if (TO_STRIPED && last) {
        values_exchange(as<typename values_exchange::TempStorage>()).ScatterToStriped(values, ranks);
      } else {
        values_exchange(as<typename values_exchange::TempStorage>()).ScatterToBlocked(values, ranks);
      }
    }
  }
#endif
};

}  // namespace xcub::detail
