// xcub/device/detail/kernels/radix_sort.hpp: the kernels of DeviceRadixSort (each: shared storage
// and one agent or block-collective call). Launched in this order by dispatch/dispatch_radix_sort.hpp:
//   radix_sort_single_tile_kernel   inputs of at most one single tile: one block sorts them; or
//   radix_sort_init_kernel          zeroes the digit counts, the first look-back region and both
//                                   tile-id counters
//   radix_sort_histogram_kernel     every pass's digit counts, in one read of the keys
//   radix_sort_exclusive_sum_kernel one block per pass: the counts' exclusive sums (in descending
//                                   digit order for descending sorts): each digit's first output position
//   radix_sort_onesweep_kernel      per pass and portion: one tile per block, chained by look-back
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/load_store_direct.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/agent/agent_radix_sort_histogram.hpp>
#include <xcub/device/detail/agent/agent_radix_sort_onesweep.hpp>
#include <xcub/device/detail/agent/onesweep_io.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/lookback/tile_id.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/device/detail/radix_value.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// Threads of the exclusive-sum kernel's block (each takes ceil(digits / 256) consecutive digits in
/// output order).
inline constexpr int radix_exclusive_sum_threads = 256;

}  // namespace xcub::detail

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// One block sorts the whole input (num_items <= single_tile_capacity(ITEM_SHIFT)): BlockRadixSort
/// over a blocked tile of single_tile_items >> ITEM_SHIFT keys per thread (at least one), padded with
/// the key that sorts last, written out striped.
template <class Tuning, class KeyT, class ValueT, class OffsetT, class Decomposer, bool DESCENDING, int ITEM_SHIFT = 0>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT, ValueT>::value.single_tile_threads))
    radix_sort_single_tile_kernel(const KeyT* keys_in, KeyT* keys_out, const radix_value_t<ValueT>* values_in,
                                  radix_value_t<ValueT>* values_out, OffsetT num_items, int begin_bit, int end_bit,
                                  Decomposer decomposer) {
  constexpr radix_sort_policy policy = active_policy<Tuning, KeyT, ValueT>::value;
  constexpr int threads = policy.single_tile_threads, items = policy.single_tile_items_at(ITEM_SHIFT);
  constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
  using rk = radix::radix_key<KeyT, Decomposer>;
  using sort_t = BlockRadixSort<KeyT, threads, items, ValueT, policy.single_tile_radix_bits>;
  XCUB_SHARED(typename sort_t::TempStorage, storage);
  const int valid = static_cast<int>(num_items);
  const int rank = static_cast<int>(arch::thread_idx().x);

  typename rk::image_t pad_image;
  __builtin_memset(static_cast<void*>(&pad_image), DESCENDING ? 0x00 : 0xFF, sizeof(pad_image));
  const KeyT pad = rk::from_image(pad_image, decomposer);
  KeyT keys[items];
  LoadDirectBlocked(rank, keys_in, keys, valid, pad);
  if constexpr (keys_only) {
    if constexpr (DESCENDING) sort_t(storage).SortDescendingBlockedToStriped(keys, decomposer, begin_bit, end_bit);
    else sort_t(storage).SortBlockedToStriped(keys, decomposer, begin_bit, end_bit);
  } else {
    ValueT values[items];
    LoadDirectBlocked(rank, values_in, values, valid, ValueT{});  // padding values are never stored
    if constexpr (DESCENDING) {
      sort_t(storage).SortDescendingBlockedToStriped(keys, values, decomposer, begin_bit, end_bit);
    } else {
      sort_t(storage).SortBlockedToStriped(keys, values, decomposer, begin_bit, end_bit);
    }
    StoreDirectStriped<threads>(rank, values_out, values, valid);
  }
  StoreDirectStriped<threads>(rank, keys_out, keys, valid);
}

/// Zeroes the digit counts (passes x digits), the first look-back region (rows x digits words) and
/// both tile-id counters; any grid, grid-strided.
template <class OffsetT>
XCUB_KERNEL void radix_sort_init_kernel(OffsetT* counts, int count_words, std::uint32_t* lookback,
                                        std::size_t lookback_words, std::uint32_t* counters) {
  const std::size_t stride = static_cast<std::size_t>(arch::grid_dim().x) * arch::block_threads();
  const std::size_t first = static_cast<std::size_t>(arch::block_idx().x) * arch::block_threads() + arch::thread_idx().x;
  if (first < 2) counters[first] = 0;
  for (std::size_t i = first; i < static_cast<std::size_t>(count_words); i += stride) counts[i] = 0;
  for (std::size_t i = first; i < lookback_words; i += stride) lookback[i] = 0;
}

/// Adds every pass's digit counts of the keys into counts[pass * digits + digit] (zeroed before).
template <class Tuning, class KeyT, class ValueT, class OffsetT, class Decomposer>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, KeyT, ValueT>::value.histogram_threads))
    radix_sort_histogram_kernel(const KeyT* keys, OffsetT num_items, int begin_bit, int end_bit, int passes,
                                OffsetT* counts, Decomposer decomposer) {
  using policy = active_policy<Tuning, KeyT, ValueT>;
  constexpr int max_passes = (radix::radix_key<KeyT, Decomposer>::default_end_bit + policy::value.radix_bits - 1) /
                             policy::value.radix_bits;
  using agent = agent_radix_sort_histogram<policy, KeyT, OffsetT, Decomposer, max_passes>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  agent{storage, decomposer}.count(keys, num_items, begin_bit, end_bit, passes, counts);
}

/// Block `pass`: bins[pass * 2 * digits + d] = the number of keys whose digit sorts before d
/// (smaller digits; larger ones when descending), from counts[pass * digits + d].
template <class OffsetT, bool DESCENDING>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(radix_exclusive_sum_threads)
    radix_sort_exclusive_sum_kernel(const OffsetT* counts, OffsetT* bins, int digits) {
  using scan_t = BlockScan<OffsetT, radix_exclusive_sum_threads>;
  XCUB_SHARED(typename scan_t::TempStorage, storage);
  const int pass = static_cast<int>(arch::block_idx().x);
  const int t = static_cast<int>(arch::thread_idx().x);
  const int per = (digits + radix_exclusive_sum_threads - 1) / radix_exclusive_sum_threads;
  const auto digit_at = [&](int o) { return DESCENDING ? digits - 1 - o : o; };  // the o-th digit in output order
  OffsetT sum{0};
  for (int o = t * per; o < (t + 1) * per && o < digits; ++o) sum += counts[pass * digits + digit_at(o)];
  OffsetT before;
  scan_t(storage).ExclusiveSum(sum, before);
  for (int o = t * per; o < (t + 1) * per && o < digits; ++o) {
    bins[pass * 2 * digits + digit_at(o)] = before;
    before += counts[pass * digits + digit_at(o)];
  }
}

/// The policy a onesweep launch runs under: KeyT's and ValueT's, or, for pairs as words, the words'
/// as keys alone (the dispatch sizes those launches by the same policy) with the pairs' write-out
/// batch (radix_sort_policy::write_batch, chosen for the pairs), as the dispatch gives them the
/// pairs' L2 prefetch distance.
template <class Tuning, class KeyT, class ValueT, class Io>
struct onesweep_active_policy {
  static constexpr radix_sort_policy value = [] {
    if constexpr (Io::packed) {
      radix_sort_policy p = active_policy<Tuning, typename Io::tile_key_t, NullType>::value;
      p.write_batch = active_policy<Tuning, KeyT, ValueT>::value.write_batch;
      return p;
    } else {
      return active_policy<Tuning, KeyT, ValueT>::value;
    }
  }();
};

/// One pass over one portion: the block's tile (block id, or a ticket where blocks may start out of
/// order) through agent_radix_sort_onesweep. Io (onesweep_io.hpp) says what the tile sorts: KeyT
/// and ValueT as they are, or pairs packed into words.
template <class Tuning, class KeyT, class ValueT, class OffsetT, class Decomposer, bool DESCENDING,
          class Io = onesweep_plain_io<KeyT, ValueT, Decomposer>>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS_OCCUPANCY((onesweep_active_policy<Tuning, KeyT, ValueT, Io>::value.block_threads),
                                              (onesweep_active_policy<Tuning, KeyT, ValueT, Io>::value.min_blocks_per_sm))
    radix_sort_onesweep_kernel(typename Io::source keys_in, typename Io::sink keys_out,
                               const radix_value_t<typename Io::tile_value_t>* values_in,
                               radix_value_t<typename Io::tile_value_t>* values_out, onesweep_pass<OffsetT> pass,
                               typename Io::decomposer_t decomposer) {
  using agent = agent_radix_sort_onesweep<onesweep_active_policy<Tuning, KeyT, ValueT, Io>, typename Io::tile_key_t,
                                          typename Io::tile_value_t, OffsetT, typename Io::decomposer_t, DESCENDING,
                                          typename Io::source, typename Io::sink>;
  if constexpr (Io::packed && !active_policy<Tuning, KeyT, ValueT>::value.pack_pairs) {
    // The dispatch packs pairs only where the same policy function says so for this kernel's
    // architecture, so this body never runs; no code for it, and a trap rather than a silent no-op
    // should a tuning's host and device views ever disagree.
    arch::trap();
  } else {
    XCUB_SHARED(std::uint32_t, tile_slot);
    const int tile = tile_id(pass.counter, tile_slot);
    if constexpr (agent::dynamic) {  // the launch's dynamic shared memory (onesweep_shared_bytes)
      agent{arch::dynamic_shared_memory<unsigned char>(), keys_in, keys_out, values_in, values_out, pass, decomposer}
          .consume_tile(tile);
    } else {
      XCUB_SHARED(typename agent::TempStorage, storage);
      agent{reinterpret_cast<unsigned char*>(&storage), keys_in, keys_out, values_in, values_out, pass, decomposer}
          .consume_tile(tile);
    }
  }
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
