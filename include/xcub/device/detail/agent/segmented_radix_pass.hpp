// xcub/device/detail/agent/segmented_radix_pass.hpp: one radix pass of one long segment by one
// block, through global memory (the large path of DeviceSegmentedRadixSort / DeviceSegmentedSort).
//
// segmented_radix_pass<KeyT, ValueT, THREADS, ITEMS, RADIX_BITS, DESCENDING, OffsetT>
//   ::run(storage, src_keys, src_values, dst_keys, dst_values, begin, size, bit, end_bit)
// moves the `size` items at src[begin ..) to dst[begin ..), stably ordered by the digit of bits
// [bit, min(bit + RADIX_BITS, end_bit)) of their radix images (descending digits when DESCENDING).
// Every thread of the block calls it; src and dst must not overlap. Three steps, as CUB's
// segmented sort agent: (1) count the digits of the whole segment (shared-memory atomics), (2) an
// exclusive scan of the counts gives each digit's first output position, (3) tile by tile: rank
// the tile by digit (BlockRadixRank, with each digit's first rank in the tile), scatter it through
// shared memory into digit order, and write item p of the ranked tile to the digit's running
// position plus p's offset within the digit; then advance each digit's position by its count in the
// tile. Tiles go in order, so equal digits keep their input order (stable). Padding (the tile past
// the segment's end) takes the image that ranks last in every pass (all ones ascending, zero
// descending), so the real items hold ranks [0, valid).
// Results are visible to the block after its next barrier.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/detail/block_radix_rank_basic.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

template <class KeyT, class ValueT, int THREADS, int ITEMS, int RADIX_BITS, bool DESCENDING, class OffsetT>
struct segmented_radix_pass {
  using rk = radix::radix_key<KeyT>;
  using image_t = typename rk::image_t;
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
  static constexpr int tile = THREADS * ITEMS;
  static constexpr int digits = 1 << RADIX_BITS;
  // The counter ranking with the fold its tuning assumes (counter_rank_fold's rule for sorts of
  // keys; RankKeys' own rule differs for MEMOIZE).
  using rank_t = block_radix_rank_basic<THREADS, RADIX_BITS, DESCENDING, true, BLOCK_SCAN_WARP_SCANS,
                                        SHARED_MEM_BANK_SIZE_FOUR_BYTE, 1, 1,
                                        static_cast<int>(counter_rank_fold(block_shape<THREADS>::warps, ITEMS,
                                                                           counter_rank_use::sort_keys))>;
  static constexpr int tracked = rank_t::BINS_TRACKED_PER_THREAD;
  /// The image that ranks after every other in every pass (and ties with none that matters: it
  /// only pads past the segment's end).
  static constexpr image_t pad_image = DESCENDING ? image_t(0) : static_cast<image_t>(~image_t(0));

  // As wide as the offsets: a segment of 2^32 items or more may hold that many of one digit.
  using count_t = std::conditional_t<(sizeof(OffsetT) > 4), unsigned long long, unsigned>;
  struct TempStorage {
    union {
      typename rank_t::TempStorage rank;
      struct {
        image_t keys[tile];
        std::conditional_t<keys_only, unsigned char, ValueT> values[keys_only ? 1 : tile];
      } tile_items;
    } u;
    OffsetT position[digits];  // each digit's next output position (segment-relative)
    int first_rank[digits];    // each digit's first rank in the current tile
    count_t count[digits];     // the segment's digit counts (step 1)
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE static void run(TempStorage& s, const KeyT* src_keys, const ValueT* src_values,
                                               KeyT* dst_keys, ValueT* dst_values, OffsetT begin, OffsetT size,
                                               int bit, int end_bit) {
    const int tid = static_cast<int>(arch::linear_thread_id());
    const auto digit_of = rk::extractor(bit, RADIX_BITS, end_bit);

    // (1) digit counts of the whole segment
    for (int d = tid; d < digits; d += THREADS) s.count[d] = 0;
    arch::sync_threads();
    for (OffsetT j = static_cast<OffsetT>(tid); j < size; j += static_cast<OffsetT>(THREADS))
      arch::atomic_add<arch::scope::block>(&s.count[digit_of.Digit(rk::to_image(src_keys[begin + j]))], count_t{1});
    arch::sync_threads();

    // (2) each digit's first position: digits in rank order (descending: from the largest)
    if (tid == 0) {
      OffsetT sum = 0;
      for (int k = 0; k < digits; ++k) {
        const int d = DESCENDING ? digits - 1 - k : k;
        s.position[d] = sum;
        sum = static_cast<OffsetT>(sum + static_cast<OffsetT>(s.count[d]));
      }
    }
    arch::sync_threads();

    // (3) tile by tile: rank, scatter to digit order in shared memory, write out
    for (OffsetT base = 0; base < size; base = static_cast<OffsetT>(base + static_cast<OffsetT>(tile))) {
      const OffsetT left = static_cast<OffsetT>(size - base);
      const int valid = left < static_cast<OffsetT>(tile) ? static_cast<int>(left) : tile;
      image_t images[ITEMS];
      std::conditional_t<keys_only, NullType, ValueT> values[ITEMS];
XCUB_UNROLL
      for (int i = 0; i < ITEMS; ++i) {
        const int j = tid * ITEMS + i;  // blocked: rank order follows input order within a digit
        images[i] = j < valid ? rk::to_image(src_keys[begin + base + static_cast<OffsetT>(j)]) : pad_image;
        if constexpr (!keys_only)
          values[i] = j < valid ? src_values[begin + base + static_cast<OffsetT>(j)] : ValueT();
      }
      int ranks[ITEMS];
      int prefix[tracked] = {};
      rank_t(s.u.rank).RankKeys(images, ranks, digit_of, prefix);
XCUB_UNROLL
      for (int t = 0; t < tracked; ++t) {
        const int d = tid * tracked + t;
        if (d < digits) s.first_rank[d] = prefix[t];
      }
      arch::sync_threads();  // the rank's storage becomes the tile's
XCUB_UNROLL
      for (int i = 0; i < ITEMS; ++i) {
        if (ranks[i] < valid) {
          s.u.tile_items.keys[ranks[i]] = images[i];
          if constexpr (!keys_only) s.u.tile_items.values[ranks[i]] = values[i];
        }
      }
      arch::sync_threads();
      for (int p = tid; p < valid; p += THREADS) {
        const image_t image = s.u.tile_items.keys[p];
        const int d = static_cast<int>(digit_of.Digit(image));
        const OffsetT at = static_cast<OffsetT>(begin + s.position[d] + static_cast<OffsetT>(p - s.first_rank[d]));
        dst_keys[at] = rk::from_image(image);
        if constexpr (!keys_only) dst_values[at] = s.u.tile_items.values[p];
      }
      arch::sync_threads();
      for (int d = tid; d < digits; d += THREADS) {  // advance by the digit's count in this tile
        const int k = DESCENDING ? digits - 1 - d : d;  // d's place in rank order
        const int next = k + 1 < digits ? s.first_rank[DESCENDING ? d - 1 : d + 1] : valid;
        const int end = next < valid ? next : valid;
        const int first = s.first_rank[d] < valid ? s.first_rank[d] : valid;
        s.position[d] = static_cast<OffsetT>(s.position[d] + static_cast<OffsetT>(end - first));
      }
      arch::sync_threads();  // before the next tile's rank rewrites first_rank and the tile
    }
  }
#endif
};

}  // namespace xcub::detail
