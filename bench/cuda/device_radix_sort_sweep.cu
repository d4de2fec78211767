// A sweep of DeviceRadixSort's sm_90 onesweep shape against CUB, at 2^28 keys (argv[2] sets log2):
// each candidate is a tuning that takes the backend's policy and overrides block threads, keys per
// thread and the rank algorithm (DeviceRadixSortTuned<Candidate>), or the backend's tuning with one
// field changed (edited<Tuning, Edit>); every output is compared with CUB's. Key distributions:
// XCUB_BENCH_DISTINCT_KEYS and XCUB_BENCH_KEY_MASK (device_radix_sort_bench.hpp). Built on demand (ninja bench/cuda/device_radix_sort_sweep), not by run-gpu.sh.
//
//   device_radix_sort_sweep [results.json] [log2]      (XCUB_SWEEP_ONLY=text: only names containing it)
#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"

namespace xcub_bench::device {

/// Tuning's policies, each changed by Edit::apply (one of the edits below; outside the unnamed
/// namespace, so that an edit a sweep leaves unused draws no warning).
template <class Tuning, class Edit>
struct edited {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int arch) {
    auto p = Tuning::template policy<K, V>(arch);
    Edit::apply(p);
    return p;
  }
};
/// No short circuit of single-digit tiles.
struct short_circuit_off {
  static constexpr void apply(xcub::detail::radix_sort_policy& p) { p.short_circuit = false; }
};
/// Every onesweep pass ranked by RANK.
template <xcub::RadixRankAlgorithm RANK>
struct ranked_by {
  static constexpr void apply(xcub::detail::radix_sort_policy& p) { p.rank_algorithm = RANK; }
};
/// The onesweep passes' stores under STORE.
template <xcub::CacheStoreModifier STORE>
struct stored_by {
  static constexpr void apply(xcub::detail::radix_sort_policy& p) { p.store_modifier = STORE; }
};

/// The onesweep passes' L2 prefetch KIB of input ahead (0: none; radix_sort_policy::l2_prefetch_kib).
template <int KIB>
struct prefetch_kib {
  static constexpr void apply(xcub::detail::radix_sort_policy& p) { p.l2_prefetch_kib = KIB; }
};

/// The onesweep write-out's batch of positions (radix_sort_policy::write_batch).
template <int B>
struct write_batch_of {
  static constexpr void apply(xcub::detail::radix_sort_policy& p) { p.write_batch = B; }
};

namespace {

template <int THREADS, int ITEMS, int SPINS = -1, xcub::RadixRankAlgorithm RANK = xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
          bool BESIDE = false, int MIN_BLOCKS = 0, int BITS = -1, int BATCH = 1,
          xcub::CacheLoadModifier LOAD = xcub::LOAD_DEFAULT, xcub::CacheStoreModifier STORE = xcub::STORE_DEFAULT,
          bool PACK = false>
struct candidate {
  template <class K, class V>
  static constexpr xcub::detail::radix_sort_policy policy(int arch) {
    auto p = xcub::tuning::radix_sort::policy<K, V>(arch);
    p.block_threads = THREADS;
    p.items_per_thread = ITEMS;
    p.rank_algorithm = RANK;
    if (SPINS >= 0) p.lookback_spins = SPINS;  // -1: the default's
    p.dynamic_tile = BESIDE;
    p.min_blocks_per_sm = MIN_BLOCKS;
    if (BITS > 0) p.radix_bits = BITS;  // -1: the default's
    p.rank_batch = BATCH;
    p.load_modifier = LOAD;
    p.store_modifier = STORE;
    p.pack_pairs = PACK;
    return p;
  }
};

template <class Candidate, class K, class V>
void one(report& rep, const std::string& label, int k) {
  const std::string name = std::string(std::is_void_v<V> ? "SortKeys" : "SortPairs") + " [" + label + "]";
  // XCUB_SWEEP_ONLY=text runs only the candidates whose name contains it (to profile one with ncu).
  if (const char* only = std::getenv("XCUB_SWEEP_ONLY"); only && name.find(only) == std::string::npos) return;
  const char* type = std::is_same_v<K, std::uint64_t> ? "u64" : std::is_same_v<K, std::uint8_t> ? "u8" : "u32";
  setenv("XCUB_BENCH_LOG2", std::to_string(k).c_str(), 1);
  using sorter = xcub::DeviceRadixSortTuned<Candidate>;
  if constexpr (std::is_void_v<V>) {
    sort_sizes<K, void>(
        rep, name.c_str(), type,
        [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, int n) {
          return sorter::SortKeys(t, b, ki, ko, n);
        },
        [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, int n) {
          return cub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
        });
  } else {
    sort_sizes<K, V>(
        rep, name.c_str(), type,
        [](void* t, std::size_t& b, const K* ki, K* ko, const V* vi, V* vo, int n) {
          return sorter::SortPairs(t, b, ki, ko, vi, vo, n);
        },
        [](void* t, std::size_t& b, const K* ki, K* ko, const V* vi, V* vo, int n) {
          return cub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n);
        });
  }
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  using xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR;
  const int k = argc > 2 ? std::atoi(argv[2]) : 28;
  report rep("device_radix_sort_sweep");
  // 2026-11-28: ranks in batches of keys (rank_batch: their peers, then their counter atomics, then
  // the broadcasts; warp-match ranks only, since atomic-OR ranks take one key at a time),
  // bench/results/sweep-radix-sort-2026-11-28-rank-batch*-h100.json: no gain, the default keeps 1. Earlier sweeps: bench/results/sweep-radix-sort-2026-11-2*.json.
  using xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
  [[maybe_unused]] constexpr auto OR = RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR;
  [[maybe_unused]] constexpr auto ANY = RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  // 2026-11-28 (twentieth session): u32/u32 pairs packed into 64-bit words between the first pass
  // and the last (pack_pairs), at the shapes of u64 keys alone
  // (bench/results/sweep-radix-sort-2026-11-28-packed-*.json; the tuning took 256 x 36 st.cs). Not
  // kept: words only every other pass, split into the output in between (no second word buffer):
  // 1.067x against 1.103x (sweep-radix-sort-2026-11-28-packed-alternate-h200.json).
  // Not kept (twenty-second session, H200; docs/device-radix-sort.md): 3 to 8 smaller blocks per SM
  // for the word passes (sweep-radix-sort-2026-11-28-packed-more-blocks-h200.json: 256 x 24 and 28,
  // 192 x 32 and 36 at three; 128 x 36 and 48 at four, five; 64 x 36 at eight: 0.47-0.94x CUB against
  // 1.07x); one block per SM with larger tiles (sweep-radix-sort-2026-11-28-packed-one-block-h200.json:
  // 512 x 32 and 36, 384 x 36 and 48, 256 x 64: 0.84-0.99x); persistent blocks taking tiles by ticket
  // and loading the next tile's keys during the write-out (an experimental radix_sort_policy field,
  // removed; sweep-radix-sort-2026-11-28-persistent-h200.json: pairs 1.074x -> 1.029x, u32 keys
  // 1.230x -> 1.216x, u64 keys 1.215x -> 1.169x, u64/u32 1.086x -> 0.781x); lane-column histogram
  // counters (sweep-radix-sort-2026-11-28-histogram-columns-h200.json: the histogram kernel 0.477 ->
  // 0.55-0.66 ms).
  using tuned = xcub::tuning::radix_sort;
  // sm_90's dynamic tiles rank by atomic OR again (twenty-third session): against warp match, for
  // random keys, keys of few values (XCUB_BENCH_DISTINCT_KEYS) and keys with few digits in every
  // pass (XCUB_BENCH_KEY_MASK), sweep-radix-sort-2026-11-28-rank-or-*-h200.json. Not kept (same
  // session): atomic OR with warps whose keys crowd on one digit switched to warp match (flagged by
  // the histogram's atomics, or by the counts step): 2-5% slower than atomic OR alone on random keys
  // and behind warp match where every pass has two digits. Earlier: the short circuit on and off
  // (edited<tuned, short_circuit_off>; sweep-radix-sort-2026-11-28-short-circuit-d{0,9}-h200.json).
  // Not kept (twenty-third session, H200; docs/device-radix-sort.md): the histogram counting only
  // the first H passes and each onesweep pass p the digits of pass p + H (an experimental
  // radix_sort_policy field, removed; sweep-radix-sort-2026-11-28-histogram-passes-*-h200.*): the
  // histogram kernel 0.476 -> 0.275 ms for pairs at H = 2, but each counting pass 0.04-0.08 ms
  // slower; SortPairs u32/u32 1.108x -> 1.086-1.095x, u32 keys 1.251x -> 1.236-1.255x.
  // 2026-11-29: L2 prefetch of a tile's input a few MiB ahead (radix_sort_policy::l2_prefetch_kib;
  // the experiment's sweeps, sweep-radix-sort-2026-11-29-prefetch-{q,kib,shapes}-h200.json: u32 keys
  // gain at 2 to 12 MiB, u64 keys most at 2, pairs as words at 6; u64/u32 pairs lose at every
  // distance, even with only the keys prefetched; other word-pass shapes with it lose). The tuning
  // against the same without prefetch at 2^28 (argv[2]), pairs twice
  // (sweep-radix-sort-2026-11-29-prefetch-ab-16a6c0e-run{1,2}-h200.json; the same at 2^20 to 2^28
  // in ...-prefetch-ab-sizes-16a6c0e-h200.json).
  using no_prefetch = edited<tuned, prefetch_kib<0>>;
  // 2026-11-29: the onesweep write-out in batches of positions (radix_sort_policy::write_batch;
  // sweep-radix-sort-2026-11-29-write-batch-run{1,2}-h200.json, on 9b1e4e9 with the batch as a
  // policy field): pairs as words best at 4 (1.16x CUB against 1.13x at 1), u64 keys at 9, u32 keys
  // and u64/u32 pairs at 1. Before that, the same file compared the L2 prefetch with none
  // (sweep-radix-sort-2026-11-29-prefetch-ab-16a6c0e-run{1,2}-h200.json).
  for (int round = 0; round < 2; ++round) {
    const std::string r = " r" + std::to_string(round);
    one<edited<tuned, write_batch_of<1>>, u32, u32>(rep, "write batch 1" + r, k);
    one<edited<tuned, write_batch_of<4>>, u32, u32>(rep, "write batch 4" + r, k);
    one<edited<tuned, write_batch_of<9>>, u32, u32>(rep, "write batch 9" + r, k);
    one<edited<tuned, write_batch_of<12>>, u32, u32>(rep, "write batch 12" + r, k);
    one<edited<tuned, write_batch_of<18>>, u32, u32>(rep, "write batch 18" + r, k);
  }
  one<edited<tuned, write_batch_of<1>>, u32, void>(rep, "write batch 1", k);
  one<edited<tuned, write_batch_of<8>>, u32, void>(rep, "write batch 8", k);
  one<edited<tuned, write_batch_of<16>>, u32, void>(rep, "write batch 16", k);
  one<edited<tuned, write_batch_of<1>>, u64, void>(rep, "write batch 1", k - 1);
  one<edited<tuned, write_batch_of<9>>, u64, void>(rep, "write batch 9", k - 1);
  one<edited<tuned, write_batch_of<12>>, u64, void>(rep, "write batch 12", k - 1);
  one<edited<tuned, write_batch_of<1>>, u64, u32>(rep, "write batch 1", k - 1);
  one<edited<tuned, write_batch_of<8>>, u64, u32>(rep, "write batch 8", k - 1);
  one<edited<tuned, write_batch_of<16>>, u64, u32>(rep, "write batch 16", k - 1);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
