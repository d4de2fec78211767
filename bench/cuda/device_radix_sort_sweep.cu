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
        [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, auto n) {
          return sorter::SortKeys(t, b, ki, ko, n);
        },
        [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, auto n) {
          return cub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
        });
  } else {
    sort_sizes<K, V>(
        rep, name.c_str(), type,
        [](void* t, std::size_t& b, const K* ki, K* ko, const V* vi, V* vo, auto n) {
          return sorter::SortPairs(t, b, ki, ko, vi, vo, n);
        },
        [](void* t, std::size_t& b, const K* ki, K* ko, const V* vi, V* vo, auto n) {
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
  // What this sweep measured before, and what was not kept, is in docs/device-radix-sort.md
  // ("Tried and not kept", each with its commit); earlier sweep bodies are in git history.
  using xcub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
  [[maybe_unused]] constexpr auto OR = RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR;
  [[maybe_unused]] constexpr auto ANY = RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  using tuned = xcub::tuning::radix_sort;
  using no_prefetch = edited<tuned, prefetch_kib<0>>;
  // The onesweep write-out in batches of positions (radix_sort_policy::write_batch): the tuning
  // took 4 for pairs as words, 9 for u64 keys alone, 1 elsewhere (743921b).
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
