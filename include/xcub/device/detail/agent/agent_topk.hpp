// xcub/device/detail/agent/agent_topk.hpp: one block's share of a DeviceTopK round (topk_state.hpp
// says what round r reads, writes and counts). Device code, called by kernels/topk.hpp.
//
// agent_topk_round<Policy, LARGEST, Args>{storage, args}.run(round): every thread of the block calls
// it. The block takes tiles b, b + grid, ... of the round's source (the input, or the candidate
// buffer the previous round filled), each thread loading all its keys of a tile (striped) before it
// looks at any. Per key: in round 0 its digit 0 is counted; later, the key is classified against the
// k-th key's prefix that the scans found (below: output; equal: candidate; above, or not a candidate
// of the previous round: dropped), candidates counting their next digit in a shared-memory histogram
// that the block adds to device memory once at the end. Outputs and buffer copies take their slots
// from one device-scope atomic per tile and counter (a BlockScan of the threads' counts gives each
// key its offset), so the output order is unspecified. In the last round, candidates draw tickets
// instead: those below the number of keys still missing fill the output's last slots.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/device/detail/agent/topk_state.hpp>
#include <xcub/device/detail/no_values.hpp>
#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::detail::topk {

/// Where a round reads and writes (a kernel parameter). Keys-only calls pass no_values as the value
/// iterators, NullType as ValueT (what the tuning is asked for) and null index buffers.
template <class KeyT, class ValueT, class KeysIn, class KeysOut, class ValuesIn, class ValuesOut, class OffsetT>
struct round_args {
  using key_t = KeyT;
  using value_t = ValueT;
  using offset_t = OffsetT;
  using bits_t = typename radix::key_traits<KeyT>::bits_t;
  static constexpr bool pairs = !std::is_same_v<ValuesIn, no_values>;

  KeysIn keys_in;
  KeysOut keys_out;
  ValuesIn values_in;
  ValuesOut values_out;
  KeyT* buffer_keys[2];         // candidate buffers, capacity items each
  OffsetT* buffer_index[2];     // the candidates' input positions (pairs only)
  state<bits_t, OffsetT>* st;
  OffsetT* histograms;          // passes x digits counts: round r's at r * digits
  OffsetT num_items;
  OffsetT k;                    // at most num_items, at least 1
};

#if XCUB_HAS_KERNELS

template <class Policy, bool LARGEST, class Args>
struct agent_topk_round {
  static constexpr topk_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  static constexpr int items = policy.items_per_thread;
  static constexpr int tile_items = threads * items;
  static constexpr int radix_bits = policy.radix_bits;
  static constexpr int digits = 1 << radix_bits;
  static_assert(radix_bits >= 1 && radix_bits <= 12, "xcub::DeviceTopK: radix_bits from 1 to 12");
  static_assert(tile_items < 65536, "xcub::DeviceTopK: a tile's counts are packed in 16 bits");

  using key_t = typename Args::key_t;
  using offset_t = typename Args::offset_t;
  using bits_t = typename Args::bits_t;
  static constexpr int key_bits = radix::key_traits<key_t>::bits;
  static constexpr int passes = pass_count(key_bits, radix_bits);
  using scan_t = BlockScan<std::uint32_t, threads>;

  struct TempStorage {
    typename scan_t::TempStorage scan;
    std::uint32_t counts[digits];
    offset_t base[2][2];  // per tile parity: the tile's first output slot and first buffer slot (or ticket)
  };

  TempStorage& storage;
  const Args& args;

  XCUB_DEVICE XCUB_FORCEINLINE void run(int round) {
    const state<bits_t, offset_t>* st = args.st;
    const int last = st->last_round;
    if (round > last) return;  // an earlier round was the last
    const bool final = round == last;
    const int rank = block_shape<threads>::rank();
    if (!final) {
      for (int i = rank; i < digits; i += threads) storage.counts[i] = 0;
      arch::sync_threads();
    }
    if (round == 0) {
      count_input();
    } else {
      filter(round, final, *st, rank);
    }
    if (!final) {  // the block's counts of digit `round`, added to device memory
      arch::sync_threads();
      offset_t* hist = args.histograms + static_cast<offset_t>(round) * digits;
      for (int i = rank; i < digits; i += threads) {
        const std::uint32_t c = storage.counts[i];
        if (c != 0) arch::atomic_add<arch::scope::device>(hist + i, static_cast<offset_t>(c));
      }
    }
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE static offset_t tile_count(offset_t n) {
    return n / tile_items + (n % tile_items != 0 ? 1 : 0);
  }

  XCUB_DEVICE XCUB_FORCEINLINE void count(bits_t image, int shift, bits_t mask) {
    const auto d = static_cast<std::uint32_t>((image >> shift) & mask);
    arch::atomic_add<arch::scope::block>(&storage.counts[d], std::uint32_t{1});
  }

  /// Round 0: digit 0 of every key.
  XCUB_DEVICE XCUB_FORCEINLINE void count_input() {
    const int rank = block_shape<threads>::rank();
    constexpr int shift = pass_start(key_bits, radix_bits, 0);
    constexpr bits_t mask = static_cast<bits_t>((1u << (key_bits - shift)) - 1u);
    const offset_t n = args.num_items;
    const offset_t tiles = tile_count(n);
    const offset_t stride = static_cast<offset_t>(arch::grid_dim().x);
    for (offset_t tile = arch::block_idx().x; tile < tiles; tile += stride) {
      const offset_t first = tile * tile_items + static_cast<offset_t>(rank);
      const offset_t valid = n - tile * tile_items;  // the tile's keys (no sum past n: n may be 2^32 - 1)
      const bool full = valid >= static_cast<offset_t>(tile_items);
      key_t keys[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const bool here = full || static_cast<offset_t>(i * threads + rank) < valid;
        keys[i] = here ? key_t(args.keys_in[first + static_cast<offset_t>(i * threads)]) : key_t{};
      }
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        if (full || static_cast<offset_t>(i * threads + rank) < valid)
          count(select_image<key_t, LARGEST>(keys[i]), shift, mask);
      }
    }
  }

  /// How round r >= 1 treats each key it reads (see filter_tiles).
  struct filter_params {
    bool final, to_buffer, check_member;
    int member_shift, compare_shift, digit_shift;
    bits_t member_prefix, compare_prefix, digit_mask;
    offset_t k_left, tie_first;
    const key_t* src_keys;       // the buffers this round reads and writes (selected, not indexed:
    const offset_t* src_index;   // a kernel parameter indexed at run time would go to local memory)
    key_t* dst_keys;
    offset_t* dst_index;
  };

  /// Rounds 1..passes: reads C_(round-1), writes the keys below the k-th's digit round-1 to the
  /// output, and keeps the equal ones (counted and buffered, or, in the last round, ticketed).
  XCUB_DEVICE XCUB_FORCEINLINE void filter(int round, bool final, const state<bits_t, offset_t>& st, int rank) {
    filter_params f;
    const bool from_buffer = st.src_buffered != 0;
    f.final = final;
    f.to_buffer = !final && st.dst_buffered != 0;
    const bool odd = round % 2 != 0;  // round r reads buffer (r - 1) % 2, writes buffer r % 2
    f.src_keys = odd ? args.buffer_keys[0] : args.buffer_keys[1];
    f.src_index = odd ? args.buffer_index[0] : args.buffer_index[1];
    f.dst_keys = odd ? args.buffer_keys[1] : args.buffer_keys[0];
    f.dst_index = odd ? args.buffer_index[1] : args.buffer_index[0];
    // C_(round-1) membership (re-reading the input from round 2 on): the bits above digit round-2.
    f.check_member = !from_buffer && round >= 2;
    f.member_shift = f.check_member ? pass_start(key_bits, radix_bits, round - 2) : 0;
    f.compare_shift = pass_start(key_bits, radix_bits, round - 1);
    f.digit_shift = pass_start(key_bits, radix_bits, round);
    f.member_prefix = static_cast<bits_t>(st.prefix >> f.member_shift);
    f.compare_prefix = static_cast<bits_t>(st.prefix >> f.compare_shift);
    f.digit_mask = static_cast<bits_t>((1u << (f.compare_shift - f.digit_shift)) - 1u);
    f.k_left = st.k_left;
    f.tie_first = args.k - f.k_left;  // the ties' first output slot
    if (from_buffer) filter_tiles<true>(f, st.src_count, rank);
    else filter_tiles<false>(f, args.num_items, rank);
  }

  template <bool FROM_BUFFER>
  XCUB_DEVICE XCUB_FORCEINLINE void filter_tiles(const filter_params& f, offset_t n, int rank) {
    static_assert(items <= 32, "xcub::DeviceTopK: at most 32 keys per thread (bit masks)");
    const offset_t tiles = tile_count(n);
    const offset_t stride = static_cast<offset_t>(arch::grid_dim().x);
    int parity = 0;
    for (offset_t tile = arch::block_idx().x; tile < tiles; tile += stride, parity ^= 1) {
      const offset_t first = tile * tile_items + static_cast<offset_t>(rank);
      const offset_t valid = n - tile * tile_items;
      const bool full = valid >= static_cast<offset_t>(tile_items);
      key_t keys[items];
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const offset_t at = first + static_cast<offset_t>(i * threads);
        const bool here = full || static_cast<offset_t>(i * threads + rank) < valid;
        if constexpr (FROM_BUFFER) keys[i] = here ? f.src_keys[at] : key_t{};
        else keys[i] = here ? key_t(args.keys_in[at]) : key_t{};
      }
      // Bit i of `chosen`: key i goes to the output; of `kept`: key i is a candidate.
      std::uint32_t chosen = 0, kept = 0;
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const bits_t image = select_image<key_t, LARGEST>(keys[i]);
        const bits_t high = static_cast<bits_t>(image >> f.compare_shift);
        const bool member = (full || static_cast<offset_t>(i * threads + rank) < valid) &&
                            (!f.check_member || static_cast<bits_t>(image >> f.member_shift) == f.member_prefix);
        if (member && high < f.compare_prefix) chosen |= 1u << i;
        if (member && high == f.compare_prefix) {
          kept |= 1u << i;
          if (!f.final) count(image, f.digit_shift, f.digit_mask);
        }
      }
      if (!f.final && !f.to_buffer) kept = 0;  // counted only: C_r does not fit the buffer
      // Slots: the threads' counts scanned, one atomic per counter for the tile.
      const auto my_chosen = static_cast<std::uint32_t>(__builtin_popcount(chosen));
      const auto my_kept = static_cast<std::uint32_t>(__builtin_popcount(kept));
      std::uint32_t offsets = 0, total = 0;
      scan_t(storage.scan).ExclusiveSum(my_chosen | (my_kept << 16), offsets, total);
      if (rank == 0) {
        const offset_t tile_chosen = total & 0xffffu, tile_kept = total >> 16;
        offset_t* kept_counter = f.final ? &args.st->ties : &args.st->fill;
        storage.base[parity][0] =
            tile_chosen ? arch::atomic_add<arch::scope::device>(&args.st->selected, tile_chosen) : 0;
        storage.base[parity][1] = tile_kept ? arch::atomic_add<arch::scope::device>(kept_counter, tile_kept) : 0;
      }
      arch::sync_threads();  // also: the scan's storage is free for the next tile
      if ((chosen | kept) == 0) continue;
      offset_t next_chosen = storage.base[parity][0] + (offsets & 0xffffu);
      offset_t next_kept = storage.base[parity][1] + (offsets >> 16);
XCUB_UNROLL
      for (int i = 0; i < items; ++i) {
        const offset_t at = first + static_cast<offset_t>(i * threads);
        if (chosen & (1u << i)) {
          write_output<FROM_BUFFER>(next_chosen++, keys[i], f, at);
        } else if (kept & (1u << i)) {
          const offset_t slot = next_kept++;
          if (f.final) {  // a ticket: the first k_left of them fill the output's last slots
            if (slot < f.k_left) write_output<FROM_BUFFER>(f.tie_first + slot, keys[i], f, at);
          } else {
            f.dst_keys[slot] = keys[i];
            if constexpr (Args::pairs) f.dst_index[slot] = input_position<FROM_BUFFER>(f, at);
          }
        }
      }
      // storage.base[parity] is written again two tiles on, after the next tile's barrier.
    }
  }

  /// The input position of the key read at `at` (from the buffer: its recorded position).
  template <bool FROM_BUFFER>
  XCUB_DEVICE XCUB_FORCEINLINE static offset_t input_position(const filter_params& f, offset_t at) {
    if constexpr (FROM_BUFFER) return f.src_index[at];
    else return at;
  }

  template <bool FROM_BUFFER>
  XCUB_DEVICE XCUB_FORCEINLINE void write_output(offset_t slot, const key_t& key, const filter_params& f,
                                                 offset_t at) {
    args.keys_out[slot] = key;
    if constexpr (Args::pairs) args.values_out[slot] = args.values_in[input_position<FROM_BUFFER>(f, at)];
    (void)f;
    (void)at;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail::topk
