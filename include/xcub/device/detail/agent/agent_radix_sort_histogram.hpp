// xcub/device/detail/agent/agent_radix_sort_histogram.hpp: the digit counts of every pass of
// DeviceRadixSort, in one read of the keys (the "one" of onesweep).
//
// agent_radix_sort_histogram<Policy, KeyT, OffsetT, Decomposer, MAX_PASSES>::count(keys, n, begin_bit,
// end_bit, passes, counts): every thread of the block calls it. The block takes tiles of
// histogram_threads x histogram_items keys, grid-strided over the input; a thread loads its keys of a
// tile first (all loads in flight together), then each key's digit of every pass is counted in shared memory (one counter array per pass), and the block then adds its
// counts to counts[pass * digits + digit] in device memory with atomics. Passes are counted in
// groups of at most `group` passes (what fits in the shared counters): keys whose image is wider
// than group * radix_bits bits are read once per group. Digits follow the sort's images and
// extractors (radix_key.hpp), so they agree with the onesweep passes bit for bit.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Policy, class KeyT, class OffsetT, class Decomposer, int MAX_PASSES>
struct agent_radix_sort_histogram {
  static constexpr radix_sort_policy policy = Policy::value;
  static constexpr int threads = policy.histogram_threads;
  static constexpr int items = policy.histogram_items;
  static constexpr int tile_items = threads * items;
  static constexpr int radix_bits = policy.radix_bits;
  static constexpr int digits = 1 << radix_bits;
  /// Passes counted per read of the keys: shared counters of at most 16 KiB.
  static constexpr int group = MAX_PASSES * digits * 4 <= 16384 ? MAX_PASSES : 16384 / (digits * 4);
  using rk = radix::radix_key<KeyT, Decomposer>;

  struct TempStorage {
    std::uint32_t counts[group][digits];
  };

  TempStorage& storage;
  Decomposer decomposer;

  XCUB_DEVICE XCUB_FORCEINLINE void count(const KeyT* keys, OffsetT num_items, int begin_bit, int end_bit, int passes,
                                          OffsetT* counts) {
    const int rank = block_shape<threads>::rank();
    const OffsetT tiles = (num_items + tile_items - 1) / tile_items;
    const OffsetT stride = static_cast<OffsetT>(arch::grid_dim().x);
    for (int first_pass = 0; first_pass < passes; first_pass += group) {
      const int group_passes = passes - first_pass < group ? passes - first_pass : group;
      for (int i = rank; i < group * digits; i += threads) (&storage.counts[0][0])[i] = 0;
      arch::sync_threads();
      for (OffsetT tile = arch::block_idx().x; tile < tiles; tile += stride) {
        // The thread's keys first (every load in flight at once), then their digits.
        const OffsetT base = tile * tile_items + static_cast<OffsetT>(rank);
        const bool full = num_items - tile * tile_items >= static_cast<OffsetT>(tile_items);
        image_t images[items];
        // The thread's row: its keys at constant offsets (immediates), not a 64-bit address each.
        const KeyT* const row = keys + base;
XCUB_UNROLL
        for (int i = 0; i < items; ++i) {
          const OffsetT k = base + static_cast<OffsetT>(i * threads);
          images[i] = full || k < num_items ? rk::to_image(row[i * threads], decomposer) : image_t{};
        }
XCUB_UNROLL
        for (int i = 0; i < items; ++i) {
          if (full || base + static_cast<OffsetT>(i * threads) < num_items) count_key(images[i], begin_bit, end_bit,
                                                                                   first_pass, group_passes);
        }
      }
      arch::sync_threads();
      for (int i = rank; i < group_passes * digits; i += threads) {
        const std::uint32_t c = (&storage.counts[0][0])[i];
        if (c != 0) arch::atomic_add<arch::scope::device>(counts + first_pass * digits + i, static_cast<OffsetT>(c));
      }
      arch::sync_threads();  // the counters are zeroed again for the next group
    }
  }

 private:
  using image_t = typename rk::image_t;

  /// Counts the digits of one key for passes [first_pass, first_pass + group_passes).
  XCUB_DEVICE XCUB_FORCEINLINE void count_key(const image_t& image, int begin_bit, int end_bit, int first_pass,
                                              int group_passes) {
XCUB_UNROLL
    for (int p = 0; p < group; ++p) {
      if (p < group_passes) {
        const int bit = begin_bit + (first_pass + p) * radix_bits;
        const std::uint32_t d = rk::extractor(bit, radix_bits, end_bit, decomposer).Digit(image);
        arch::atomic_add<arch::scope::block>(&storage.counts[p][d], std::uint32_t{1});
      }
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
