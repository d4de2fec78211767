// xcub/device/detail/agent/agent_radix_sort_onesweep.hpp: one tile of one onesweep pass of
// DeviceRadixSort (docs/device-radix-sort.md).
//
// agent_radix_sort_onesweep<Policy, KeyT, ValueT, OffsetT, Decomposer, DESCENDING, Source, Sink>:
// Policy's `static constexpr radix_sort_policy value` gives the tile (block_threads x items_per_thread
// keys) and the digit width; Source and Sink (onesweep_io.hpp) load and store the tile keys (KeyT's
// bit-ordered images by default; pairs packed into words) and Source gives each pass's digits.
// consume_tile() is called by every thread of the block, once. The tile:
//   1. loads its keys warp-striped (what BlockRadixRankMatchEarlyCounts ranks), as bit-ordered images
//      (radix_key.hpp); a partial last tile pads with the image that ranks last (all ones ascending,
//      all zeros descending), so the padding takes the tile's last positions;
//   2. ranks them by the pass's digit; the rank's counts callback publishes the tile's count of each
//      digit (the padding taken off) in the look-back state: inclusive for tile 0, partial otherwise;
//   3. looks back per digit (the thread that owns a digit walks the earlier tiles' words of that
//      digit, nearest first, adding partial counts until it meets an inclusive one), publishes its
//      inclusive count, and records where the tile's keys of that digit start in the output: the
//      pass's exclusive digit offset (from the histogram, plus earlier portions) + the look-back sum
//      - the digit's start inside the tile;
//   4. (the images go to their ranks in shared memory before the look-back, so that its waits overlap
//      those stores) writes the sorted tile out striped: position
//      p of the sorted tile goes to start(digit) + p, so a warp writes runs of consecutive addresses;
//      the values follow the same permutation through the same shared memory. With the policy's
//      dynamic_tile the tile lives in the block's dynamic shared memory (onesweep_shared_bytes; it
//      may pass 48 KiB) and values have memory of their own beside the keys: each goes to its rank
//      right after the look-back, and the write-out reads key and value of a position together, so
//      that no thread holds ranks, values and output positions at once (registers that bound the
//      tile otherwise).
// The look-back state of a tile and digit is one 32-bit word: the status in bits 30-31 (0 nothing
// yet, 1 the tile's own count, 2 the count of this and every earlier tile of the portion) and the
// count below (a portion has fewer than 2^30 keys). One word carries both, so relaxed atomics
// suffice (as the packed tile_state of the scans); spin loops call arch::pause().
// Keys alone and words (radix_sort_policy::l2_prefetch_kib): once its own loads are issued, the
// tile's thread 0 asks for the input of the tile pass.prefetch_tiles further on to be fetched into
// L2 (arch::prefetch_l2), so that the block taking that tile later does not wait on DRAM for it.
// The block also zeroes its rows of the other look-back region (the one the next launch uses; the
// previous launch is done with it), so no launch is needed to reset the state between passes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/agent/onesweep_io.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// The 32-bit look-back word of one tile and digit.
struct onesweep_word {
  static constexpr std::uint32_t count_mask = (1u << 30) - 1;
  static constexpr std::uint32_t partial = 1u << 30;
  static constexpr std::uint32_t inclusive = 2u << 30;
};

/// Where one onesweep launch (one pass over one portion of the keys) reads and writes.
template <class OffsetT>
struct onesweep_pass {
  std::uint32_t* lookback;        // this launch's words: [tile][digit]
  std::uint32_t* next_lookback;   // the next launch's words, zeroed by this one
  std::uint32_t* counter;         // this launch's tile-id counter (zeroed by the launch before)
  std::uint32_t* next_counter;    // the next launch's, zeroed here
  const OffsetT* bins_in;         // the pass's exclusive digit offsets at this portion's start
  OffsetT* bins_out;              // the same at the next portion's start (written by the last tile), or null
  OffsetT portion_begin;          // the portion's first key
  OffsetT portion_items;          // its keys
  int portion_tiles;              // its tiles
  int lookback_rows;              // rows of a look-back region (the largest portion's tiles)
  int bit;                        // the pass's first bit
  int end_bit;
  int prefetch_tiles = 0;         // how far ahead a tile prefetches input (onesweep_prefetch_distance)
};

/// Tiles between a onesweep tile and the tile whose input it asks to be fetched into L2
/// (radix_sort_policy::l2_prefetch_kib): that many KiB of input, at least one tile; 0 (none) where
/// the policy asks for no prefetch.
constexpr int onesweep_prefetch_distance(int l2_prefetch_kib, std::size_t input_bytes_per_key, int tile_items) {
  if (l2_prefetch_kib <= 0 || input_bytes_per_key == 0 || tile_items <= 0) return 0;
  const std::size_t tiles =
      std::size_t{1024} * static_cast<std::size_t>(l2_prefetch_kib) / (input_bytes_per_key * static_cast<std::size_t>(tile_items));
  return tiles < 1 ? 1 : tiles > 1u << 30 ? 1 << 30 : static_cast<int>(tiles);
}

/// Keys [begin, begin + count) of a portion.
template <class OffsetT>
struct onesweep_key_span {
  OffsetT begin, count;
};

/// The keys of the portion that tile `tile` prefetches: those of the tile `distance` tiles after it
/// (fewer if that is the portion's last, partial tile); none (count 0) when that tile lies past the
/// portion or distance is 0.
template <class OffsetT>
XCUB_HOST_DEVICE constexpr onesweep_key_span<OffsetT> onesweep_prefetch_span(int tile, int distance, int tile_items,
                                                                              int portion_tiles, OffsetT portion_items) {
  if (distance <= 0 || static_cast<long long>(tile) + distance >= portion_tiles) return {OffsetT{0}, OffsetT{0}};
  const OffsetT begin = static_cast<OffsetT>(tile + distance) * static_cast<OffsetT>(tile_items);
  const OffsetT left = portion_items - begin;
  return {begin, left < static_cast<OffsetT>(tile_items) ? left : static_cast<OffsetT>(tile_items)};
}

/// A onesweep block's tile in dynamic shared memory (dynamic_tile): the keys' images, the values
/// (none for keys alone: ValueT NullType), then each digit's output start, each part 16-byte aligned
/// (the rank's storage overlays keys and values). The host sizes the launch with it, the agent lays
/// its memory out by it.
template <class ImageT, class ValueT, class OffsetT>
struct onesweep_tile_layout {
  static constexpr std::size_t value_bytes = std::is_same_v<ValueT, NullType> ? 0 : sizeof(ValueT);
  static constexpr std::size_t round16(std::size_t bytes) { return (bytes + 15) / 16 * 16; }
  static constexpr std::size_t values_offset(int tile_items) {
    return round16(static_cast<std::size_t>(tile_items) * sizeof(ImageT));
  }
  static constexpr std::size_t starts_offset(int tile_items) {
    return values_offset(tile_items) + round16(static_cast<std::size_t>(tile_items) * value_bytes);
  }
  static constexpr std::size_t bytes(int tile_items, int digits) {
    return starts_offset(tile_items) + static_cast<std::size_t>(digits) * sizeof(OffsetT);
  }
};

/// The dynamic shared memory of a onesweep launch under `policy`: the tile's (dynamic_tile), else
/// none (the agent's storage is static).
template <class KeyT, class ValueT, class OffsetT, class Decomposer>
constexpr std::size_t onesweep_shared_bytes(const radix_sort_policy& policy) {
  using image_t = typename radix::radix_key<KeyT, Decomposer>::image_t;
  return policy.dynamic_tile
             ? onesweep_tile_layout<image_t, ValueT, OffsetT>::bytes(policy.tile_items(), 1 << policy.radix_bits)
             : 0;
}

#if XCUB_HAS_KERNELS

template <class Policy, class KeyT, class ValueT, class OffsetT, class Decomposer, bool DESCENDING,
          class Source = onesweep_key_source<KeyT, Decomposer>, class Sink = onesweep_key_sink<KeyT, Decomposer>>
struct agent_radix_sort_onesweep {
  static constexpr radix_sort_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  /// Sorted positions a thread writes out at once (radix_sort_policy::write_batch).
  static constexpr int write_batch = policy.write_batch < 1 ? 1 : policy.write_batch > items ? items : policy.write_batch;
  static constexpr int radix_bits = policy.radix_bits;
  static constexpr int digits = 1 << radix_bits;
  static constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
  static_assert(radix_bits >= 1 && radix_bits <= 11,
                "xcub::DeviceRadixSort: a tuning's radix_bits must be 1 to 11 (tested up to 11; the histogram "
                "agent's shared counters hold at most 2^12 digits)");
  static_assert(tile_items <= 65535, "xcub::DeviceRadixSort: a onesweep tile has at most 65535 keys");
  static_assert(policy.rank_algorithm == RADIX_RANK_MATCH_EARLY_COUNTS_ANY ||
                    policy.rank_algorithm == RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR,
                "xcub::DeviceRadixSort: the onesweep pass ranks with RADIX_RANK_MATCH_EARLY_COUNTS_ANY or _ATOMIC_OR");
  static_assert(policy.rank_batch >= 1 &&
                    (policy.rank_batch == 1 || policy.rank_algorithm == RADIX_RANK_MATCH_EARLY_COUNTS_ANY),
                "xcub::DeviceRadixSort: a tuning's rank_batch is at least 1, and more than 1 only with "
                "RADIX_RANK_MATCH_EARLY_COUNTS_ANY");

  using shape = block_shape<threads>;
  using rk = radix::radix_key<KeyT, Decomposer>;
  using image_t = typename rk::image_t;
  static_assert(std::is_same_v<typename Source::tile_key_t, image_t> && std::is_same_v<typename Sink::tile_key_t, image_t>,
                "xcub::DeviceRadixSort: a onesweep source and sink carry the tile's key images");
  using value_t = std::conditional_t<keys_only, unsigned char, ValueT>;
  using rank_t = block_radix_rank_early_counts<threads, radix_bits, DESCENDING, BLOCK_SCAN_WARP_SCANS,
                                               policy.rank_algorithm == RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR
                                                   ? WARP_MATCH_ATOMIC_OR
                                                   : WARP_MATCH_ANY,
                                               1, 1, 1, policy.rank_batch, false>;
  static constexpr int bins = rank_t::BINS_PER_THREAD;
  /// The tile in dynamic shared memory (onesweep_tile_layout), values beside keys, not TempStorage.
  static constexpr bool dynamic = policy.dynamic_tile;
  using dynamic_layout = onesweep_tile_layout<image_t, ValueT, OffsetT>;
  static_assert(!dynamic || sizeof(typename rank_t::TempStorage) <= dynamic_layout::starts_offset(tile_items),
                "xcub::DeviceRadixSort: with dynamic_tile the rank's shared memory must fit in the tile's keys "
                "and values (a tile this small fits static shared memory: leave dynamic_tile false)");

  /// The static storage (values reuse the keys' memory once the keys are written out).
  struct TempStorage {
    union {
      typename rank_t::TempStorage rank;
      image_t keys[tile_items];
      value_t values[keys_only ? 1 : tile_items];
    } tile;
    OffsetT digit_start[digits];  // output position of the tile's first key of each digit, minus its tile prefix
  };

  unsigned char* smem;  // a TempStorage, or (dynamic) the block's dynamic shared memory
  Source keys_in;       // the tile keys' loads (onesweep_io.hpp)
  Sink keys_out;        // and stores
  const value_t* values_in;
  value_t* values_out;
  onesweep_pass<OffsetT> pass;
  Decomposer decomposer;

  /// Publishes the tile's count of each digit the calling thread owns (the rank's counts callback),
  /// then, for a full tile, tells the whole block whether one digit has every key: returns true (the
  /// same in every thread) to stop the ranking there (the short circuit: such a tile keeps its order).
  struct publish_counts {
    const agent_radix_sort_onesweep& agent;
    int tile;
    int padding;           // keys of the padding digit that are padding (partial last tile)
    std::uint32_t pad_digit;
    int (&counts)[bins];
    static constexpr bool stops_ranking = policy.short_circuit;  // rank_keys_or_stop
    XCUB_DEVICE XCUB_FORCEINLINE bool operator()(int (&bin_counts)[bins]) {
      const int rank = shape::rank();
XCUB_UNROLL
      for (int u = 0; u < bins; ++u) {
        const int d = rank * bins + u;
        counts[u] = bin_counts[u];
        if (d < digits) {
          if (padding > 0 && static_cast<std::uint32_t>(d) == pad_digit) counts[u] -= padding;
          const std::uint32_t status = tile == 0 ? onesweep_word::inclusive : onesweep_word::partial;
          arch::atomic_store_relaxed<arch::scope::device>(agent.word(tile, d),
                                                          status | static_cast<std::uint32_t>(counts[u]));
          if constexpr (policy.short_circuit) {
            if (counts[u] == tile_items) agent.uniform() = 1;  // only a full tile's count reaches tile_items
          }
        }
      }
      if (!policy.short_circuit || padding > 0) return false;  // the same in every thread: a partial tile goes the whole way
      arch::sync_threads();           // the flag (zeroed before the rank's first barrier) is set or not
      return agent.uniform() != 0;
    }
  };

  XCUB_DEVICE XCUB_FORCEINLINE typename rank_t::TempStorage& rank_storage() const {
    if constexpr (dynamic) return *reinterpret_cast<typename rank_t::TempStorage*>(smem);
    else return reinterpret_cast<TempStorage*>(smem)->tile.rank;
  }
  XCUB_DEVICE XCUB_FORCEINLINE image_t* tile_keys() const {
    if constexpr (dynamic) return reinterpret_cast<image_t*>(smem);
    else return reinterpret_cast<TempStorage*>(smem)->tile.keys;
  }
  XCUB_DEVICE XCUB_FORCEINLINE value_t* tile_values() const {
    if constexpr (dynamic) return reinterpret_cast<value_t*>(smem + dynamic_layout::values_offset(tile_items));
    else return reinterpret_cast<TempStorage*>(smem)->tile.values;
  }
  XCUB_DEVICE XCUB_FORCEINLINE OffsetT* digit_start() const {
    if constexpr (dynamic) return reinterpret_cast<OffsetT*>(smem + dynamic_layout::starts_offset(tile_items));
    else return reinterpret_cast<TempStorage*>(smem)->digit_start;
  }
  /// Nonzero: every key of the (full) tile has one digit. It borrows digit_start()[0], which the
  /// tile writes only after the rank's last barrier (a word of its own, 20 bytes more per block,
  /// makes u64/u32 pairs 9% slower on sm_90: likely past the 196 KiB shared-memory carveout of two
  /// 97 KiB blocks per SM; docs/device-radix-sort.md).
  XCUB_DEVICE XCUB_FORCEINLINE OffsetT& uniform() const { return digit_start()[0]; }

  XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t* word(int tile, int digit) const {
    return pass.lookback + static_cast<std::size_t>(tile) * digits + digit;
  }

  XCUB_DEVICE XCUB_FORCEINLINE void consume_tile(int tile) {
    const int rank = shape::rank();
    const OffsetT tile_begin = static_cast<OffsetT>(tile) * static_cast<OffsetT>(tile_items);
    const OffsetT left = pass.portion_items - tile_begin;
    const int valid = left >= static_cast<OffsetT>(tile_items) ? tile_items : static_cast<int>(left);
    const OffsetT first = pass.portion_begin + tile_begin;
    const auto extractor = Source::extractor(pass.bit, radix_bits, pass.end_bit, decomposer);

    // 1. Keys, warp-striped, as images; padding ranks last. Their loads go first, so that their
    // latency runs under the look-back zeroing below (random keys on sm_90: 0.3-0.5% faster than with
    // the zeroing first).
    image_t pad;
    __builtin_memset(static_cast<void*>(&pad), DESCENDING ? 0x00 : 0xFF, sizeof(pad));
    image_t images[items];
    const bool full = valid == tile_items;
    // The thread's row: item i lies i * stride after item 0.
    const int row_begin = striped_position(rank, 0), stride = striped_stride(rank);
    const Source row = keys_in.advanced(first + static_cast<OffsetT>(row_begin));
    if (full) {  // no bounds to check
XCUB_UNROLL
      for (int i = 0; i < items; ++i) images[i] = row.template load<policy.load_modifier>(i * stride);
    } else {
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        images[i] = row_begin + i * stride < valid ? row.template load<policy.load_modifier>(i * stride) : pad;
      }
    }

    // The input of a tile further on, into L2 for the block that takes it later (keys alone or
    // words only: radix_sort_policy::l2_prefetch_kib).
    if constexpr (keys_only) {
      if (rank == 0 && pass.prefetch_tiles > 0) {
        const auto span = onesweep_prefetch_span(tile, pass.prefetch_tiles, tile_items, pass.portion_tiles, pass.portion_items);
        if (span.count > 0) keys_in.prefetch_l2(pass.portion_begin + span.begin, span.count);
      }
    }
    zero_next_state(tile);
    if (policy.short_circuit && rank == 0) uniform() = 0;  // before the rank's first barrier, so before any thread sets it

    // 2. Ranks, and the tile's counts published as soon as they are known.
    int ranks[items];
    int exclusive_digit_prefix[bins];
    int counts[bins];
    publish_counts callback{*this, tile, tile_items - valid, static_cast<std::uint32_t>(extractor.Digit(pad)), counts};
    if (rank_t(rank_storage()).rank_keys_or_stop(images, ranks, extractor, exclusive_digit_prefix, callback)) {
      copy_uniform_tile(tile, images, counts, first);
      return;
    }

    arch::sync_threads();  // every thread is done with the rank's storage

    // 3. Keys to their ranks in shared memory first (the look-back's waits overlap these stores),
    // then the look-back per owned digit, and the digit's output start.
    OffsetT bin_start[bins];
XCUB_UNROLL
    for (int u = 0; u < bins; ++u) bin_start[u] = rank * bins + u < digits ? pass.bins_in[rank * bins + u] : OffsetT{0};
XCUB_UNROLL
    for (int i = 0; i < items; ++i) tile_keys()[ranks[i]] = images[i];
    // Values are loaded here, with the keys out of the registers, so that their loads are in flight
    // while the look-back waits.
    value_t values[keys_only ? 1 : items];
    if constexpr (!keys_only) {
      const value_t* const value_row = values_in + first + static_cast<OffsetT>(row_begin);
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        // padding: never stored
        values[i] = full || row_begin + i * stride < valid ? load_in(value_row, i * stride) : value_t{};
      }
    }
XCUB_UNROLL
    for (int u = 0; u < bins; ++u) {
      const int d = rank * bins + u;
      if (d < digits) {
        const OffsetT before = tile == 0 ? OffsetT{0} : look_back(tile, d, counts[u]);
        const OffsetT start = bin_start[u] + before;
        digit_start()[d] = start - static_cast<OffsetT>(exclusive_digit_prefix[u]);
        if (pass.bins_out != nullptr && tile == pass.portion_tiles - 1) {
          pass.bins_out[d] = start + static_cast<OffsetT>(counts[u]);
        }
      }
    }
    if constexpr (dynamic && !keys_only) {  // values beside keys: to their ranks now
XCUB_UNROLL
      for (int i = 0; i < items; ++i) tile_values()[ranks[i]] = values[i];
    }
    arch::sync_threads();  // the sorted tile and every digit's start are in shared memory

    // 4. Out in runs per digit, write_batch positions at a time: their shared-memory reads first,
    // then their stores. The cache-operator stores are asm that nvcc may not move other memory
    // accesses across, so one position at a time would wait out two shared-memory reads per store.
    if constexpr (dynamic) {
XCUB_UNROLL
      for (int i0 = 0; i0 < items; i0 += write_batch) {
        image_t image[write_batch];
        value_t value[keys_only ? 1 : write_batch];
        OffsetT destination[write_batch];
XCUB_UNROLL
        for (int b = 0; b < write_batch; ++b) {
          if (i0 + b < items) {
            const int p = (i0 + b) * threads + rank;
            image[b] = tile_keys()[p];
            destination[b] = digit_start()[extractor.Digit(image[b])] + static_cast<OffsetT>(p);
            if constexpr (!keys_only) value[b] = tile_values()[p];
          }
        }
XCUB_UNROLL
        for (int b = 0; b < write_batch; ++b) {
          if (i0 + b < items && (full || (i0 + b) * threads + rank < valid)) {
            keys_out.template store<policy.store_modifier>(destination[b], image[b]);
            if constexpr (!keys_only) store_out(values_out, destination[b], value[b]);
          }
        }
      }
    } else {
      OffsetT destination[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const int p = i * threads + rank;
        const image_t image = tile_keys()[p];
        destination[i] = digit_start()[extractor.Digit(image)] + static_cast<OffsetT>(p);
        if (full || p < valid) keys_out.template store<policy.store_modifier>(destination[i], image);
      }
      if constexpr (!keys_only) {
        arch::sync_threads();  // every thread has read its keys out of the shared tile
XCUB_UNROLL
        for (int i = 0; i < items; ++i) tile_values()[ranks[i]] = values[i];
        arch::sync_threads();
XCUB_UNROLL
        for (int i = 0; i < items; ++i) {
          const int p = i * threads + rank;
          if (full || p < valid) store_out(values_out, destination[i], tile_values()[p]);
        }
      }
    }
  }

 private:
  /// The pass's global loads and stores of values, with the policy's cache operators.
  template <class T>
  XCUB_DEVICE XCUB_FORCEINLINE static T load_in(const T* in, OffsetT i) {
    return ThreadLoad<policy.load_modifier>(in + i);
  }
  template <class T>
  XCUB_DEVICE XCUB_FORCEINLINE static void store_out(T* out, OffsetT i, T value) {
    ThreadStore<policy.store_modifier>(out + i, value);
  }

  /// The tile position of a thread's key i in the warp-striped arrangement the Match ranks read:
  /// warp w holds positions [w * warp_threads * items, ...), lane l's key i at i * L + l, L being the
  /// warp's lanes.
  XCUB_DEVICE XCUB_FORCEINLINE static int striped_position(int rank, int i) {
    const int warp = shape::warp_of(rank);
    const int lane = rank - warp * arch::warp_threads;
    return warp * arch::warp_threads * items + i * striped_stride(rank) + lane;
  }
  /// Positions between a thread's consecutive items: its warp's lanes (a constant with whole warps).
  XCUB_DEVICE XCUB_FORCEINLINE static int striped_stride(int rank) {
    return shape::has_partial_warp ? shape::threads_in_warp(shape::warp_of(rank)) : arch::warp_threads;
  }

  /// The short circuit: every key of this full tile has one digit, so the tile keeps its order and
  /// goes out as it came in (keys, and values, to that digit's start plus their tile position),
  /// without the rest of the ranking or the shared-memory exchange; every digit still looks back
  /// and publishes its inclusive count for the tiles after.
  XCUB_DEVICE XCUB_FORCEINLINE void copy_uniform_tile(int tile, const image_t (&images)[items], const int (&counts)[bins],
                                                      OffsetT first) {
    const int rank = shape::rank();
XCUB_UNROLL
    for (int u = 0; u < bins; ++u) {
      const int d = rank * bins + u;
      if (d < digits) {
        const OffsetT before = tile == 0 ? OffsetT{0} : look_back(tile, d, counts[u]);
        const OffsetT start = pass.bins_in[d] + before;
        if (counts[u] == tile_items) digit_start()[1] = start;  // [0] is the flag, which threads may still read
        if (pass.bins_out != nullptr && tile == pass.portion_tiles - 1) {
          pass.bins_out[d] = start + static_cast<OffsetT>(counts[u]);
        }
      }
    }
    arch::sync_threads();  // the digit's start is in shared memory
    const OffsetT start = digit_start()[1];
    const int row_begin = striped_position(rank, 0), stride = striped_stride(rank);
    const Sink row = keys_out.advanced(start + static_cast<OffsetT>(row_begin));
XCUB_UNROLL
    for (int i = 0; i < items; ++i) row.template store<policy.store_modifier>(i * stride, images[i]);
    // The values from input to output, once the keys' registers are free (a tile of values held
    // beside the keys would raise the kernel's registers for every tile, uniform or not); every load
    // before any store (the output may alias the input as far as the compiler knows: interleaved, each
    // load would wait for the store before it).
    if constexpr (!keys_only) {
      value_t values[items];
      const value_t* const value_row = values_in + first + static_cast<OffsetT>(row_begin);
      value_t* const value_out_row = values_out + start + static_cast<OffsetT>(row_begin);
XCUB_UNROLL
      for (int i = 0; i < items; ++i) values[i] = load_in(value_row, i * stride);
XCUB_UNROLL
      for (int i = 0; i < items; ++i) store_out(value_out_row, i * stride, values[i]);
    }
  }

  /// The count of digit d over the portion's tiles before `tile`; publishes this tile's inclusive count.
  XCUB_DEVICE XCUB_FORCEINLINE OffsetT look_back(int tile, int d, int own) const {
    std::uint32_t sum = 0;
    for (int t = tile - 1; t >= 0; --t) {
      std::uint32_t w = arch::atomic_load_relaxed<arch::scope::device>(word(t, d));
      for (int polls = 0; (w & ~onesweep_word::count_mask) == 0; ++polls) {
        if (polls >= policy.lookback_spins) arch::pause();  // a few tight polls first: the wait is often short
        w = arch::atomic_load_relaxed<arch::scope::device>(word(t, d));
      }
      sum += w & onesweep_word::count_mask;
      if ((w & ~onesweep_word::count_mask) == onesweep_word::inclusive) break;
    }
    arch::atomic_store_relaxed<arch::scope::device>(word(tile, d),
                                                    onesweep_word::inclusive | (sum + static_cast<std::uint32_t>(own)));
    return static_cast<OffsetT>(sum);
  }

  /// Zeroes this tile's rows of the next launch's look-back words (rows tile, tile + portion_tiles,
  /// ... below lookback_rows, so that every row is zeroed whatever the next launch's tile count), and
  /// tile 0 its tile-id counter.
  XCUB_DEVICE XCUB_FORCEINLINE void zero_next_state(int tile) const {
    const int rank = shape::rank();
    if (tile == 0 && rank == 0) *pass.next_counter = 0;
    for (int row = tile; row < pass.lookback_rows; row += pass.portion_tiles) {
      for (int d = rank; d < digits; d += threads) pass.next_lookback[static_cast<std::size_t>(row) * digits + d] = 0;
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
