// A sweep of DeviceRadixSort's sm_90 onesweep shape against CUB, at 2^28 keys (argv[2] sets log2):
// each candidate is a tuning that takes the backend's policy and overrides block threads, keys per
// thread and the rank algorithm (DeviceRadixSortTuned<Candidate>); every output is compared with
// CUB's. Built on demand (ninja bench/cuda/device_radix_sort_sweep), not by run-gpu.sh.
//
//   device_radix_sort_sweep [results.json] [log2]      (XCUB_SWEEP_ONLY=text: only names containing it)
#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"

namespace xcub_bench::device {
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
  constexpr auto OR = RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR;
  [[maybe_unused]] constexpr auto ANY = RADIX_RANK_MATCH_EARLY_COUNTS_ANY;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  // 2026-11-28 (twentieth session): u32/u32 pairs packed into 64-bit words between the first pass
  // and the last (pack_pairs), at the shapes of u64 keys alone
  // (bench/results/sweep-radix-sort-2026-11-28-packed-*.json; the tuning took 256 x 36 st.cs). Not
  // kept: words only every other pass, split into the output in between (no second word buffer):
  // 1.067x against 1.103x (sweep-radix-sort-2026-11-28-packed-alternate-h200.json).
  one<xcub::tuning::radix_sort, u32, u32>(rep, "default", k);
  using xcub::LOAD_DEFAULT;
  using xcub::STORE_DEFAULT;
  one<candidate<256, 48, -1, OR, true, 2, -1, 1, xcub::LOAD_CG>, u32, u32>(rep, "256x48 ld.cg", k);
  one<candidate<256, 36, -1, OR, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS, true>, u32, u32>(rep, "packed 256x36 st.cs", k);
  one<candidate<256, 36, -1, OR, true, 2, -1, 1, LOAD_DEFAULT, STORE_DEFAULT, true>, u32, u32>(rep, "packed 256x36", k);
  one<candidate<256, 36, -1, OR, true, 2, -1, 1, xcub::LOAD_CG, STORE_DEFAULT, true>, u32, u32>(rep, "packed 256x36 ld.cg", k);
  one<candidate<256, 32, -1, OR, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS, true>, u32, u32>(rep, "packed 256x32 st.cs", k);
  one<candidate<256, 40, -1, OR, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS, true>, u32, u32>(rep, "packed 256x40 st.cs", k);
  one<candidate<384, 24, -1, OR, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS, true>, u32, u32>(rep, "packed 384x24 st.cs", k);
  one<candidate<256, 36, -1, ANY, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS, true>, u32, u32>(rep, "packed 256x36 any st.cs", k);
  // The rank algorithm against low-entropy inputs (XCUB_BENCH_DISTINCT_KEYS=d: keys of d values;
  // the atomic-OR ranks' shared-memory atomics then meet on few words).
  one<candidate<256, 36, -1, ANY, true, 2, -1, 1, LOAD_DEFAULT, STORE_DEFAULT, true>, u32, u32>(rep, "packed 256x36 any", k);
  one<xcub::tuning::radix_sort, u32, void>(rep, "default", k);
  one<candidate<384, 32, -1, ANY, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS>, u32, void>(rep, "384x32 any st.cs", k);
  one<candidate<384, 32, -1, ANY, true, 2, -1, 1>, u32, void>(rep, "384x32 any", k);
  one<candidate<384, 32, -1, OR, true, 2, -1, 1>, u32, void>(rep, "384x32 or", k);
  one<xcub::tuning::radix_sort, u64, void>(rep, "default", k - 1);
  one<candidate<256, 36, -1, ANY, true, 2, -1, 1, LOAD_DEFAULT, xcub::STORE_CS>, u64, void>(rep, "256x36 any st.cs", k - 1);
  one<candidate<256, 36, -1, ANY, true, 2, -1, 1>, u64, void>(rep, "256x36 any", k - 1);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
