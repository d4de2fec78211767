// CUDA tuning of DeviceRadixSort: numbers only. sm_90 starts from CUB 3.0.1's onesweep tables
// (384 threads; 8-bit digits; nominal keys per thread by key and value size; ranks by warp match),
// changed where bench/cuda/device_radix_sort_sweep.cu measured better on an H200 (2026-11-25,
// bench/results/sweep-radix-sort-2026-11-25-*.json, and 2026-11-27's sweep-radix-sort-2026-11-27-*.json):
// 4- and 8-byte keys, alone or with values of up to 4 bytes, take tiles in dynamic shared memory
// (past 48 KiB: 384 x 32 for 4-byte keys alone, 256 x 48 with values, 4-byte values travelling with
// them as 64-bit words under the 8-byte keys' policy (pack_pairs); 256 x 36 for 8-byte keys alone,
// 256 x 32 with values);
// dynamic tiles rank by atomic OR, the others by warp match; every link polls the look-back 8 times
// before backing off;
// sm_80 and sm_75 from its sm_80 table. As CUB, the nominal keys per thread are for 4-byte items and
// scale down for wider keys or values (x 4 / the wider one's bytes), and the block shrinks where the
// tile would not fit 47072 bytes of static shared memory (the digits' starts take 2 KiB with 64-bit
// counts, and the block's tile id a word: 47104 bytes left no room for it). The
// single-tile path (one block sorts inputs of up to single_tile_capacity() keys in one launch) takes
// 256 threads and as many keys per thread as keep its exchange within 40 KiB (10240 4-byte keys),
// with 6-bit digits (5 for 1-byte keys) so that BlockRadixRank's counters fit beside it.
#pragma once

#include <xcub/device/detail/policy.hpp>
#include <xcub/util/null_type.hpp>

#include <cstdint>
#include <type_traits>

namespace xcub::tuning {

struct radix_sort {
  template <class KeyT, class ValueT>
  static constexpr detail::radix_sort_policy policy(int arch) {
    constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
    constexpr int key_bytes = static_cast<int>(sizeof(KeyT));
    constexpr int value_bytes = keys_only ? 0 : static_cast<int>(sizeof(ValueT));
    constexpr int widest = key_bytes > value_bytes ? key_bytes : value_bytes;
    constexpr int single_items = 40960 / widest / 256 > 40 ? 40 : (40960 / widest / 256 < 1 ? 1 : 40960 / widest / 256);
    constexpr int single_bits = key_bytes > 1 ? 6 : 5;
    // Arithmetic 4-byte keys with 4-byte values travel as 64-bit words between the first pass and the
    // last (pack_pairs; the word passes take the policy of 8-byte keys alone, 256 x 36 stored
    // evict-first; 2026-11-28, sweep-radix-sort-2026-11-28-packed-*.json, u32/u32 at 2^28 against
    // CUB: 0.965x -> 1.052-1.068x on an H100, 1.088-1.092x -> 1.102-1.103x on an H200 with atomic-OR
    // ranks). The pairs' own shape below serves the sorts that do not pack (DoubleBuffer forms, one pass).
    constexpr bool packs = key_bytes == 4 && value_bytes == 4 && std::is_arithmetic_v<KeyT>;
    int threads = 384, nominal = 21;
    bool dynamic = false;  // the tile in dynamic shared memory (past 48 KiB), values beside keys
    int min_blocks = 0;
    if (arch >= 900) {
      // Dynamic tiles: two blocks per multiprocessor, each as large as registers allow without
      // spilling (the sweeps of 2026-11-27, sweep-radix-sort-2026-11-27-dyn*.json, xcub/CUB at
      // 2^28 4-byte and 2^27 8-byte keys on an H200).
      if (key_bytes <= 2) {
        threads = 512;
        nominal = keys_only ? 19 : value_bytes <= 4 ? 17 : 22;
        min_blocks = 2;
      } else if (key_bytes == 4 && keys_only) {
        threads = 384, nominal = 32, dynamic = true, min_blocks = 2;  // 1.26x (static 512 x 22: 1.19x)
      } else if (key_bytes == 4 && value_bytes <= 4) {
        threads = 256, nominal = 48, dynamic = true, min_blocks = 2;  // 1.07x (static 384 x 23: 1.00x)
      } else if (key_bytes == 4) {
        nominal = 30;
      } else if (key_bytes == 8 && keys_only) {
        threads = 256, nominal = 72, dynamic = true, min_blocks = 2;  // 256 x 36: 1.17x (static 320 x 18: 1.05x)
      } else if (key_bytes == 8 && value_bytes <= 4) {
        threads = 256, nominal = 64, dynamic = true, min_blocks = 2;  // 256 x 32: 1.10x (static 384 x 15: 1.02x)
      } else {
        nominal = value_bytes < 8 ? 30 : 24;
      }
    } else if (key_bytes >= 8 && !keys_only) {
      nominal = 17;
    }
    int items = nominal * 4 / (widest > 4 ? widest : 4);
    if (items < 1) items = 1;
    if (!dynamic) {
      while (threads > 32 && threads * items * widest > 47072) threads -= 32;
    }
    // sm_90's dynamic tiles (4- and 8-byte keys, alone or with values of up to 4 bytes; pairs as words
    // through the 8-byte keys' policy) rank by atomic OR; the other shapes, unmeasured with it, by
    // warp match (CUB's choice everywhere). Warp match took over on 2026-11-28, when atomic-OR ranks
    // lost up to a quarter on keys of few values, whose lanes' atomics meet on few shared words
    // (sweep-radix-sort-2026-11-28-rank-entropy-{0,9,4096,1048576}-{h100,h200}.json: u32 keys at
    // d = 9 values 0.76-0.79x CUB by atomic OR, 1.08-1.12x by warp match); most of that loss was in
    // tiles of one digit, which the short circuit now writes out unranked. With it, on an H200
    // (2026-11-28, sweep-radix-sort-2026-11-28-rank-or-*-h200.json, atomic OR against warp match,
    // xcub/CUB): random keys u32/u32 pairs 1.111x against 1.072-1.075x, u32 keys 1.250x against
    // 1.221-1.226x, u64 keys 1.263x against 1.216x, u64/u32 pairs 1.100x against 1.080x; 9 values and
    // 16 or 4 digits a pass: atomic OR ahead in every row. Behind only where every pass has two digits
    // (each byte 0 or 1: pairs 0.982x against 1.038x, u32 keys 1.137x against 1.257x). Eight tight
    // polls before each look-back backoff: u8 keys (one pass, short tiles) 0.68x -> 0.89x CUB.
    const RadixRankAlgorithm rank =
        arch >= 900 && dynamic ? RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR : RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
    // The second launch bound: 1- and 2-byte keys and every dynamic tile ask two blocks per
    // multiprocessor (left to itself ptxas 13.0 gave the u8 kernel 64 or 78 registers depending on
    // how the ranking zeroes its counters: 1.05x or 0.76x CUB, which has 64).
    detail::radix_sort_policy p{threads, items, 8, rank, 128, 16, 256, single_items, single_bits, 30, 8,
                                min_blocks, dynamic};
    // Cache operators of the onesweep pass (sm_90, 2026-11-28, both sides swapping buffers every
    // round): pairs as words stored evict-first (through the u64 keys' policy; st.cs, measured with
    // warp-match ranks:
    // 1.055x -> 1.063x CUB on an H100, 1.029x -> 1.071x on an H200 for random keys; 1.00x -> 0.93x
    // and 0.94x -> 0.92x at 9 key values), 4-byte keys with values of up to 4 bytes loaded L2-only (ld.cg: 1.07x -> 1.09x on the H200, as
    // measured with atomic-OR ranks). 4-byte keys alone keep the default stores: evict-first took
    // random u32 keys from 1.251x to 1.276x on the H200 but f32 keys (the benchmark's, whose upper
    // digits take few values) from 1.103-1.110x to 1.062-1.068x, and u32 keys of two digits a pass
    // from 1.134x to 1.080x (2026-11-28, device_radix_sort-2026-11-28-{65f9df4,1862c65-stcs}-h200.json,
    // sweep-radix-sort-2026-11-28-rank-or-65f9df4-*-h200.json; with warp-match ranks on the H100:
    // 1.21x -> 1.22x at random keys, 1.12x -> 1.07x at 9 values). u64 keys alone store evict-first
    // (1.16x -> 1.21x on the H200; 1.08x -> 1.06x on the H100, and at few values 1.11x -> 1.05x there).
    // L2 prefetch a tile ahead (radix_sort_policy::l2_prefetch_kib; sm_90 dynamic tiles; 2026-11-29,
    // H200, xcub/CUB at 2^28 4-byte and 2^27 8-byte keys, two runs each,
    // sweep-radix-sort-2026-11-29-prefetch-*-h200.json): keys alone 2 MiB ahead (u32 1.26x -> 1.30x,
    // u64 1.27x -> 1.29x; 2 to 12 MiB all gain for u32, u64 best at 2), pairs as words 6 MiB ahead
    // (1.105-1.11x -> 1.12-1.13x in the experiment's build, 1.111x -> 1.113-1.121x in the kept one;
    // 2 MiB gained nothing, 12 MiB 0.005). Pairs that do not pack keep none: u64/u32 lost 2-13% at
    // every distance, even with the keys alone prefetched.
    // Write-out in batches (radix_sort_policy::write_batch; 2026-11-29, H200, xcub/CUB at 2^28,
    // 2^27 for 8-byte keys, two runs, sweep-radix-sort-2026-11-29-write-batch-run{1,2}-h200.json):
    // pairs as words 4 (1.125-1.134x -> 1.159-1.163x; 9: 1.131-1.133x, 12 and 18: 1.115-1.119x), u64
    // keys 9 (1.272-1.278x -> 1.286-1.287x; 12: 1.270x); u32 keys (8: 1.299x, 16: 1.281x against
    // 1.305x) and u64/u32 pairs (8: 1.104x, 16: 1.096x against 1.108x) keep 1.
    if (arch >= 900 && dynamic) {
      if (keys_only) p.l2_prefetch_kib = 2048;
      else if (packs) p.l2_prefetch_kib = 6144;
      if (packs) p.write_batch = 4;
      else if (keys_only && key_bytes == 8) p.write_batch = 9;
      p.pack_pairs = packs;
      if (keys_only && key_bytes == 8) p.store_modifier = STORE_CS;
      else if (key_bytes == 4 && value_bytes <= 4 && !keys_only) p.load_modifier = LOAD_CG;
    }
    return p;
  }
};

// What the sm_90 choices above rely on, checked wherever this header compiles: u32/u32-like pairs
// ask for words, their word passes run under the 8-byte keys' policy, and the dispatch packs only
// where that policy has the pairs' digit width (otherwise it sorts unpacked, silently).
static_assert(radix_sort::policy<std::uint32_t, std::uint32_t>(900).pack_pairs &&
                  radix_sort::policy<float, std::uint32_t>(900).pack_pairs &&
                  radix_sort::policy<std::int32_t, float>(900).pack_pairs,
              "xcub CUDA tuning: 4-byte arithmetic keys with 4-byte values pack on sm_90");
static_assert(radix_sort::policy<std::uint64_t, NullType>(900).radix_bits ==
                  radix_sort::policy<std::uint32_t, std::uint32_t>(900).radix_bits,
              "xcub CUDA tuning: the words' policy (8-byte keys alone) must have the pairs' digit width, or "
              "u32/u32 pairs would not pack");
static_assert(!radix_sort::policy<std::uint16_t, std::uint32_t>(900).pack_pairs &&
                  !radix_sort::policy<std::uint64_t, std::uint32_t>(900).pack_pairs &&
                  !radix_sort::policy<std::uint32_t, std::uint32_t>(800).pack_pairs,
              "xcub CUDA tuning: only 4-byte keys with 4-byte values on sm_90 pack");

}  // namespace xcub::tuning
