// xcub/device/detail/dispatch/dispatch_radix_sort.hpp: sizes and launches DeviceRadixSort's kernels.
//
// dispatch_radix_sort<Tuning>::run<DESCENDING, KeyT, ValueT>(d_temp, bytes, keys, values, num_items,
// begin_bit, end_bit, overwrite, decomposer, stream) sorts keys.Current() (and values.Current(); for
// keys only ValueT is NullType and `values` holds null pointers) by bits [begin_bit, end_bit) of the
// keys' images, begin_bit < end_bit (the façade checked the arguments):
//   - overwrite (the DoubleBuffer forms): passes ping-pong between the two buffers of each
//     DoubleBuffer; the selectors name the buffer that holds the result on return;
//   - otherwise (the pointer forms): Current() is the read-only input and Alternate() the output;
//     passes ping-pong between the output and a temp buffer of num_items keys (and values), ordered
//     so that the last pass writes the output; the input is never written. Where the policy packs
//     pairs (pack_pairs, onesweep_io.hpp) and there are two passes or more, the passes carry one word
//     per pair instead, under the policy of the words as keys alone: the first pass writes words,
//     those between ping-pong between two word buffers, the last writes the output.
// Paths:
//   - no items: nothing is launched;
//   - num_items <= the policy's single-tile capacity: one block sorts everything (one launch), in
//     the smallest of three tiles (an eighth, a half or all of single_tile_items per thread) that
//     holds it;
//   - otherwise onesweep: init (zeroes), histogram, exclusive sums, then per pass one launch per
//     portion of fewer than 2^30 keys (the look-back words count in 30 bits; each portion starts
//     where the last one's digits ended: bins ping-pong per pass). Consecutive onesweep launches
//     alternate between two look-back regions, each zeroing the other's rows for the next.
// Temp storage: counts, bins, two look-back regions and two counters (onesweep), plus the pointer
// forms' temp keys and values where there are at least two passes (or, packing, one buffer of
// num_items words for two passes and two for more); at least one byte.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/agent/onesweep_io.hpp>
#include <xcub/device/detail/kernels/radix_sort.hpp>
#include <xcub/device/detail/radix_passes.hpp>
#include <xcub/backend/tuning/radix_sort.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning = tuning::radix_sort>
struct dispatch_radix_sort {
  template <bool DESCENDING, class KeyT, class ValueT, class OffsetT, class Decomposer>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& keys,
                     DoubleBuffer<radix_value_t<ValueT>>& values, OffsetT num_items, int begin_bit, int end_bit,
                     bool overwrite, Decomposer decomposer, stream_t stream) {
    using value_t = radix_value_t<ValueT>;
    constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
    constexpr auto onesweep_kernel = &radix_sort_onesweep_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING>;
    constexpr auto single_kernel = &radix_sort_single_tile_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING>;
    constexpr auto single_kernel_half =
        &radix_sort_single_tile_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, 1>;
    constexpr auto single_kernel_eighth =
        &radix_sort_single_tile_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, 3>;
    constexpr auto histogram_kernel = &radix_sort_histogram_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer>;

    int arch = 0;
    if (const error_t e = cached_kernel_arch<onesweep_kernel>(arch); e != success) return e;
    const radix_sort_policy policy = Tuning::template policy<KeyT, ValueT>(arch);
    const auto n = static_cast<std::uint64_t>(num_items);

    // ---- no items, or one tile: one byte of temp storage --------------------------------------
    if (n <= static_cast<std::uint64_t>(policy.single_tile_capacity())) {
      void* pieces[1];
      const std::size_t sizes[1] = {1};
      if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
          e != success || !d_temp_storage || n == 0)
        return e;
      // The smallest of the three single-tile shapes that holds the input (a block sorts its
      // whole tile, padding included: a tile 8 times larger than the input takes 8 times longer).
      const auto kernel = n <= static_cast<std::uint64_t>(policy.single_tile_capacity(3))   ? single_kernel_eighth
                          : n <= static_cast<std::uint64_t>(policy.single_tile_capacity(1)) ? single_kernel_half
                                                                                            : single_kernel;
      if (const error_t e = launch(dim3(1), dim3(policy.single_tile_threads), 0, stream, kernel,
                                   static_cast<const KeyT*>(keys.Current()), keys.Alternate(),
                                   static_cast<const value_t*>(values.Current()), values.Alternate(), num_items,
                                   begin_bit, end_bit, decomposer);
          e != success)
        return e;
      keys.selector ^= 1;
      if constexpr (!keys_only) values.selector ^= 1;
      return success;
    }

    // ---- onesweep ---------------------------------------------------------------------------------
    const int digits = 1 << policy.radix_bits;
    const int passes = (end_bit - begin_bit + policy.radix_bits - 1) / policy.radix_bits;
    const bool temp_buffers = !overwrite && passes > 1;
    // Pairs as words between the first pass and the last (onesweep_io.hpp; pointer forms only: the
    // words need buffers of their own, which the DoubleBuffer forms promise not to take). The word
    // passes run under the tuning's policy for the words as keys alone (its tile, ranks and cache
    // operators), with the pairs' digit width.
    using words = pair_words<KeyT, ValueT, Decomposer>;
    radix_sort_policy pass_policy = policy;  // the onesweep passes' tile
    bool packed = false;
    if constexpr (words::possible) {
      if (policy.pack_pairs && temp_buffers) {
        pass_policy = Tuning::template policy<typename words::word_t, NullType>(arch);
        packed = pass_policy.radix_bits == policy.radix_bits;
        if (!packed) pass_policy = policy;
      }
    }
    const std::uint64_t tile_items = static_cast<std::uint64_t>(pass_policy.tile_items());
    const std::uint64_t tiles = (n + tile_items - 1) / tile_items;
    // A portion has fewer than 2^30 keys (at least one tile).
    const int portion_log2 = pass_policy.max_portion_log2 < 30 ? pass_policy.max_portion_log2 : 30;
    std::uint64_t portion_tiles = ((std::uint64_t{1} << portion_log2) - 1) / tile_items;
    if (portion_tiles < 1) portion_tiles = 1;
    if (portion_tiles > static_cast<std::uint64_t>(INT_MAX)) portion_tiles = INT_MAX;
    const std::uint64_t portions = (tiles + portion_tiles - 1) / portion_tiles;
    const std::uint64_t rows = tiles < portion_tiles ? tiles : portion_tiles;

    // keys_piece and values_piece: the temp keys and values, or the two word buffers.
    enum { counts_piece, bins_piece, lookback_piece, counters_piece, keys_piece, values_piece, piece_count };
    std::size_t sizes[piece_count] = {};
    sizes[counts_piece] = static_cast<std::size_t>(passes) * digits * sizeof(OffsetT);
    sizes[bins_piece] = 2 * sizes[counts_piece];
    sizes[lookback_piece] = 2 * static_cast<std::size_t>(rows) * digits * sizeof(std::uint32_t);
    sizes[counters_piece] = 2 * sizeof(std::uint32_t);
    if (packed) {  // one buffer of words for two passes, two for more (the passes between alternate)
      sizes[keys_piece] = static_cast<std::size_t>(n) * words::word_bytes;
      sizes[values_piece] = passes > 2 ? sizes[keys_piece] : 0;
    } else {
      sizes[keys_piece] = temp_buffers ? static_cast<std::size_t>(n) * sizeof(KeyT) : 0;
      sizes[values_piece] = temp_buffers && !keys_only ? static_cast<std::size_t>(n) * sizeof(value_t) : 0;
    }
    void* pieces[piece_count];
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    auto* counts = static_cast<OffsetT*>(pieces[counts_piece]);
    auto* bins = static_cast<OffsetT*>(pieces[bins_piece]);
    auto* lookback = static_cast<std::uint32_t*>(pieces[lookback_piece]);
    auto* counters = static_cast<std::uint32_t*>(pieces[counters_piece]);
    const std::size_t region_words = static_cast<std::size_t>(rows) * digits;

    // Zeroes, histogram, exclusive sums.
    const std::size_t zero_words = region_words > sizes[counts_piece] / sizeof(OffsetT)
                                       ? region_words
                                       : sizes[counts_piece] / sizeof(OffsetT);
    const unsigned zero_blocks = static_cast<unsigned>(zero_words / 256 + 1 < 1024 ? zero_words / 256 + 1 : 1024);
    if (const error_t e = launch(dim3(zero_blocks), dim3(256), 0, stream, &radix_sort_init_kernel<OffsetT>, counts,
                                 passes * digits, lookback, region_words, counters);
        e != success)
      return e;
    unsigned histogram_blocks = 0;
    if (const error_t e = histogram_grid(histogram_kernel, policy, n, histogram_blocks); e != success) return e;
    if (const error_t e = launch(dim3(histogram_blocks), dim3(policy.histogram_threads), 0, stream, histogram_kernel,
                                 static_cast<const KeyT*>(keys.Current()), num_items, begin_bit, end_bit, passes,
                                 counts, decomposer);
        e != success)
      return e;
    if (const error_t e = launch(dim3(static_cast<unsigned>(passes)), dim3(radix_exclusive_sum_threads), 0, stream,
                                 &radix_sort_exclusive_sum_kernel<OffsetT, DESCENDING>,
                                 static_cast<const OffsetT*>(counts), bins, digits);
        e != success)
      return e;

    // One pass: a launch per portion, through `kernel` (its source and sink, values, decomposer).
    int launch_index = 0;
    const auto run_pass = [&](int p, auto kernel, std::size_t shared_bytes, auto keys_in, auto keys_out,
                              auto values_in, auto values_out, auto tile_decomposer) -> error_t {
      for (std::uint64_t q = 0; q < portions; ++q, ++launch_index) {
        const std::uint64_t first_tile = q * portion_tiles;
        const std::uint64_t q_tiles = tiles - first_tile < portion_tiles ? tiles - first_tile : portion_tiles;
        const std::uint64_t q_begin = first_tile * tile_items;
        const std::uint64_t q_items = n - q_begin < q_tiles * tile_items ? n - q_begin : q_tiles * tile_items;
        const int region = launch_index % 2;
        OffsetT* const pass_bins = bins + static_cast<std::size_t>(p) * 2 * digits;
        onesweep_pass<OffsetT> pass{lookback + region * region_words,
                                    lookback + (1 - region) * region_words,
                                    counters + region,
                                    counters + (1 - region),
                                    pass_bins + (q % 2) * digits,
                                    q + 1 < portions ? pass_bins + ((q + 1) % 2) * digits : nullptr,
                                    static_cast<OffsetT>(q_begin),
                                    static_cast<OffsetT>(q_items),
                                    static_cast<int>(q_tiles),
                                    static_cast<int>(rows),
                                    begin_bit + p * policy.radix_bits,
                                    end_bit,
                                    // The sort's own distance (the pairs', where they travel as words).
                                    onesweep_prefetch_distance(policy.l2_prefetch_kib,
                                                               sizeof(typename decltype(keys_in)::tile_key_t),
                                                               pass_policy.tile_items())};
        if (const error_t e = launch(dim3(static_cast<unsigned>(q_tiles)), dim3(pass_policy.block_threads), shared_bytes,
                                     stream, kernel, keys_in, keys_out, values_in, values_out, pass, tile_decomposer);
            e != success)
          return e;
      }
      return success;
    };

    KeyT* const key_buffers[2] = {keys.Current(), keys.Alternate()};
    value_t* const value_buffers[2] = {values.Current(), values.Alternate()};
    if constexpr (words::possible) {
      if (packed) {
        return run_packed<DESCENDING, KeyT, ValueT, OffsetT, Decomposer>(pass_policy, passes, key_buffers, value_buffers,
                                                                        pieces[keys_piece], pieces[values_piece],
                                                                        run_pass);
      }
    }

    // The onesweep block's dynamic shared memory (dynamic_tile), allowed past 48 KiB.
    const std::size_t onesweep_bytes = onesweep_shared_bytes<KeyT, ValueT, OffsetT, Decomposer>(policy);
    if (const error_t e = allow_dynamic_shared_bytes(onesweep_kernel, onesweep_bytes); e != success) return e;
    using key_source = onesweep_key_source<KeyT, Decomposer>;
    using key_sink = onesweep_key_sink<KeyT, Decomposer>;

    // The passes: where each reads and writes.
    auto* const temp_keys = static_cast<KeyT*>(pieces[keys_piece]);
    auto* const temp_values = static_cast<value_t*>(pieces[values_piece]);
    const KeyT* keys_src = key_buffers[0];
    const value_t* values_src = value_buffers[0];
    for (int p = 0; p < passes; ++p) {
      KeyT* const keys_dst = radix_pass_target(p, passes, overwrite, key_buffers, temp_keys);
      value_t* const values_dst = radix_pass_target(p, passes, overwrite, value_buffers, temp_values);
      if (const error_t e = run_pass(p, onesweep_kernel, onesweep_bytes, key_source{keys_src, decomposer},
                                     key_sink{keys_dst, decomposer}, values_src, values_dst, decomposer);
          e != success)
        return e;
      keys_src = keys_dst;
      values_src = values_dst;
    }
    if (overwrite && passes % 2 == 1) {
      keys.selector ^= 1;
      if constexpr (!keys_only) values.selector ^= 1;
    }
    return success;
  }

 private:
  /// The passes of a pointer-form sort of pairs as words, under `policy` (the words' as keys alone):
  /// the first reads the keys and values and writes words[0]; pass p of those between reads
  /// words[(p - 1) % 2] and writes words[p % 2]; the last reads the words the one before wrote and
  /// writes the output keys and values.
  template <bool DESCENDING, class KeyT, class ValueT, class OffsetT, class Decomposer, class RunPass>
  static error_t run_packed(const radix_sort_policy& policy, int passes, KeyT* const (&key_buffers)[2],
                            radix_value_t<ValueT>* const (&value_buffers)[2], void* words0, void* words1,
                            RunPass& run_pass) {
    using words = pair_words<KeyT, ValueT, Decomposer>;
    using word_t = typename words::word_t;
    using ident = radix::identity_decomposer;
    using first_io = onesweep_packed_io<KeyT, ValueT, true, false>;
    using middle_io = onesweep_packed_io<KeyT, ValueT, false, false>;
    using last_io = onesweep_packed_io<KeyT, ValueT, false, true>;
    constexpr auto first_kernel = &radix_sort_onesweep_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, first_io>;
    constexpr auto middle_kernel = &radix_sort_onesweep_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, middle_io>;
    constexpr auto last_kernel = &radix_sort_onesweep_kernel<Tuning, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, last_io>;
    const std::size_t bytes = onesweep_shared_bytes<word_t, NullType, OffsetT, ident>(policy);
    if (const error_t e = allow_dynamic_shared_bytes(first_kernel, bytes); e != success) return e;
    if (passes > 2) {
      if (const error_t e = allow_dynamic_shared_bytes(middle_kernel, bytes); e != success) return e;
    }
    if (const error_t e = allow_dynamic_shared_bytes(last_kernel, bytes); e != success) return e;
    word_t* const word_buffers[2] = {static_cast<word_t*>(words0), static_cast<word_t*>(words1)};
    const unsigned char* const no_values = nullptr;
    unsigned char* const no_values_out = nullptr;
    for (int p = 0; p < passes; ++p) {
      error_t e = success;
      const word_t* const from = word_buffers[(p + 1) % 2];  // what pass p - 1 wrote
      word_t* const to = word_buffers[p % 2];
      if (p == 0) {
        e = run_pass(p, first_kernel, bytes, typename first_io::source{key_buffers[0], value_buffers[0], nullptr},
                     typename first_io::sink{nullptr, nullptr, to}, no_values, no_values_out, ident{});
      } else if (p < passes - 1) {
        e = run_pass(p, middle_kernel, bytes, typename middle_io::source{nullptr, nullptr, from},
                     typename middle_io::sink{nullptr, nullptr, to}, no_values, no_values_out, ident{});
      } else {
        e = run_pass(p, last_kernel, bytes, typename last_io::source{nullptr, nullptr, from},
                     typename last_io::sink{key_buffers[1], value_buffers[1], nullptr}, no_values, no_values_out,
                     ident{});
      }
      if (e != success) return e;
    }
    return success;
  }

  /// The histogram's blocks: as many as can be resident at once, at most one per tile.
  template <class Kernel>
  static error_t histogram_grid(Kernel kernel, const radix_sort_policy& policy, std::uint64_t n, unsigned& blocks) {
    std::uint64_t b = 0;
    if (const error_t e = resident_blocks(kernel, policy.histogram_threads, b); e != success) return e;
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.histogram_threads) * policy.histogram_items;
    const std::uint64_t tiles = (n + tile - 1) / tile;
    if (b > tiles) b = tiles;
    blocks = static_cast<unsigned>(b < 1 ? 1 : b);
    return success;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
