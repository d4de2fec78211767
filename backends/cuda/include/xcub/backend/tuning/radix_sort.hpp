// CUDA tuning of DeviceRadixSort: numbers only (radix_sort_policy in <xcub/device/detail/policy.hpp>
// says what they mean; docs/device-radix-sort.md why). sm_90 starts from CUB 3.0.1's onesweep tables
// (384 threads, 8-bit digits, nominal keys per thread by key and value size, warp-match ranks) and
// departs where bench/cuda/device_radix_sort_sweep.cu finds better on an H200; sm_80 and sm_75 take
// CUB's sm_80 table. Provenance per choice: what, measured where, commit.
//   - nominal items scale with the wider of key and value, as CUB's (4dc88f3); static tiles stay
//     within 47072 bytes, room for the 64-bit digit starts and the tile id (a8cc1ed);
//   - single tile: 256 threads, as many keys as keep the exchange within 40 KiB, 6-bit digits (5 for
//     1-byte keys) so BlockRadixRank's counters fit beside it (4dc88f3).
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
    // Pairs as 64-bit words under the 8-byte keys' policy (u32/u32 at 2^28: 8% faster on an H100, 1%
    // on an H200; 592a8da); the pairs' own shape serves the sorts that do not pack.
    constexpr bool packs = key_bytes == 4 && value_bytes == 4 && std::is_arithmetic_v<KeyT>;
    int threads = 384, nominal = 21;
    bool dynamic = false;  // the tile in dynamic shared memory (past 48 KiB), values beside keys
    int min_blocks = 0;
    if (arch >= 900) {
      // Dynamic tiles: two blocks per SM, as large as registers allow without spills (H200, xcub/CUB
      // at 2^28, 2^27 for 8-byte keys; 93809e7). 1- and 2-byte keys: static 512-thread tiles.
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
    // Ranks: atomic OR for the dynamic tiles, faster than warp match on random keys and keys of few
    // values once single-digit tiles go out unranked, slower only at two digits a pass (H200,
    // 65f9df4); warp match (CUB's choice) for the other shapes. Eight tight polls before each
    // look-back backoff: u8 keys 0.68x -> 0.89x CUB (bc9adae).
    const RadixRankAlgorithm rank =
        arch >= 900 && dynamic ? RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR : RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
    // Second launch bound of two blocks per SM for 1- and 2-byte keys and dynamic tiles: without it
    // ptxas gives the u8 kernel 64 or 78 registers depending on unrelated code, 1.05x or 0.76x CUB
    // (faa0045).
    detail::radix_sort_policy p{threads, items, 8, rank, 128, 16, 256, single_items, single_bits, 30, 8,
                                min_blocks, dynamic};
    // Cache operators (H200 and H100, 23bd52f): u64 keys alone and pairs as words store evict-first
    // (u64 keys 1.16x -> 1.21x on the H200); 4-byte keys with values load L2-only (1.07x -> 1.09x);
    // 4-byte keys alone keep the default stores (evict-first is slower on f32 and few-digit keys,
    // 65f9df4). L2 prefetch (H200, b74afce): keys alone 2 MiB ahead (u32 1.26x -> 1.30x), pairs as
    // words 6 MiB; unpacked pairs none (u64/u32 2-13% slower with it).
    // Write-out batches (H200, 743921b): pairs as words 4 (1.13x -> 1.16x), u64 keys alone 9; others 1.
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
