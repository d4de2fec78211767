// xcub/device/detail/policy.hpp: tuning policies of the device algorithms, as plain constexpr data.
//
// A *tuning* is a type with a constexpr member template that maps an architecture number
// (arch::target_arch() numbering: CUDA 900, HIP 910/942/1030, host 0) to a policy struct below:
//
//   struct my_tuning {
//     template <class T> static constexpr xcub::detail::reduce_policy reduce(int /*arch*/) {
//       return {128, 4, 4, xcub::BLOCK_REDUCE_WARP_REDUCTIONS, xcub::LOAD_DEFAULT};
//     }
//   };
//
// Each backend's <xcub/backend/tuning/*.hpp> holds the default tuning (xcub::tuning::*): one link per
// architecture it knows. Kernels read their policy at compile time from the architecture of their
// device pass; the host reads the same function at run time with the architecture the launcher
// reports for the kernel (kernel_arch_version), so both sides always agree. A user tuning (a type
// as above) overrides the tables: the tests force tiny tiles with one, the sweep in bench/ tunes
// with them.
#pragma once

#include <type_traits>

#include <xcub/block/block_algorithms.hpp>
#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

/// DeviceReduce: each block reduces an even share of whole tiles, then one block reduces the
/// blocks' partials.
struct reduce_policy {
  int block_threads;
  int items_per_thread;
  int vector_load_length;  // items per vector load where the input is an aligned pointer (1: none)
  BlockReduceAlgorithm reduce_algorithm;
  CacheLoadModifier load_modifier;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

/// DeviceScan: one tile per block, chained by decoupled look-back.
struct scan_policy {
  int block_threads;
  int items_per_thread;
  BlockLoadAlgorithm load_algorithm;
  CacheLoadModifier load_modifier;
  BlockStoreAlgorithm store_algorithm;
  BlockScanAlgorithm scan_algorithm;
  int lookback_delay_ns;  // backoff between polls of a tile's status (0: the backend's pause())
  /// One wait between publishing a tile's partial status and the first poll of the tiles before it
  /// (0: none): the time the predecessors' statuses need to reach the shared cache, so the first
  /// poll tends to find them (CUB's "L2 write latency").
  int lookback_settle_ns = 0;
  /// Both waits above apply only to scans of at least this many tiles; smaller grids poll with the
  /// backend's pause() (few tiles wait little, and a sleep would dominate their run time).
  int lookback_wait_min_tiles = 0;
  /// Tiles per look-back poll (0: a whole warp's worth), for scans of at least
  /// lookback_window_min_tiles tiles (a grid that fits on the device at once looks back far from
  /// every tile: whole windows reach an inclusive tile in fewer round trips), and in DeviceScan
  /// only for inputs at least as wide as the accumulator (short tiles, as int8 summed into int,
  /// look back further). Fewer tiles per poll put less traffic on the shared cache and may take
  /// more round trips (docs/device-scan.md).
  int lookback_window = 0;
  int lookback_window_min_tiles = 0;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

/// DeviceScan's pipelined agent (agent_scan_pipelined.hpp, docs/device-scan.md): one
/// persistent block per slot of the device, a ring of `stages` tiles in dynamic shared memory and
/// warps with one role each (loader, reducer, look-ahead, storer, then `consumer_warps` consumers:
/// (4 + consumer_warps) warps a block). A tuning offers it through an optional member
/// `template <class T> static constexpr pipelined_scan_policy pipeline(int arch)`; without one, or
/// with stages == 0, DeviceScan always runs agent_scan. It runs only where DeviceScan's dispatch finds
/// it eligible (pointers of the accumulator type, 4- or 8-byte arithmetic accumulators, operators
/// known to commute) and for scans of at least min_tiles of its tiles.
struct pipelined_scan_policy {
  int stages = 0;          // tiles in flight per block; 0: the pipelined agent is off
  int tile_items = 0;      // consumer_warps x a whole number of rows of (warp x 16 bytes) of items
  int consumer_warps = 0;
  int min_tiles = 0;       // smaller scans take agent_scan (at least 2: tile 0 publishes no partial)
  int window = 0;          // tiles per look-ahead poll (0: a whole warp), as scan_policy's lookback_window
  int delay_ns = 0;        // backoff between polls (0: the backend's pause())
  constexpr bool enabled() const { return stages > 0; }
  constexpr int block_warps() const { return 4 + consumer_warps; }
};

/// The optional pipelines a tuning may offer, each a member `template <class T> static constexpr
/// pipelined_scan_policy NAME(int arch)`, and the one each falls back to where the tuning has no such
/// member: DeviceScan and DeviceSelect::If read `pipeline` (off without it), DeviceSelect::Unique
/// `pipeline_unique` (else If's: a tuning can leave Unique alone on its one-tile-per-block agent),
/// RunLengthEncode::Encode `pipeline_encode` (else Unique's).
struct scan_pipeline_member {
  using fallback = void;
  template <class Tuning, class T>
  static constexpr auto of(int a) -> decltype(Tuning::template pipeline<T>(a)) { return Tuning::template pipeline<T>(a); }
};
struct unique_pipeline_member {
  using fallback = scan_pipeline_member;
  template <class Tuning, class T>
  static constexpr auto of(int a) -> decltype(Tuning::template pipeline_unique<T>(a)) { return Tuning::template pipeline_unique<T>(a); }
};
struct encode_pipeline_member {
  using fallback = unique_pipeline_member;
  template <class Tuning, class T>
  static constexpr auto of(int a) -> decltype(Tuning::template pipeline_encode<T>(a)) { return Tuning::template pipeline_encode<T>(a); }
};

/// The one detector: Member::of<Tuning, T>(arch) where the tuning has that member, else the
/// member's fallback, and off (stages == 0) at the end of the chain.
template <class Member, class Tuning, class T, class = void>
struct optional_pipeline {
  static constexpr pipelined_scan_policy get(int arch) {
    if constexpr (std::is_void_v<typename Member::fallback>) {
      (void)arch;
      return {};
    } else {
      return optional_pipeline<typename Member::fallback, Tuning, T>::get(arch);
    }
  }
};
template <class Member, class Tuning, class T>
struct optional_pipeline<Member, Tuning, T, std::void_t<decltype(Member::template of<Tuning, T>(0))>> {
  static constexpr pipelined_scan_policy get(int arch) { return Member::template of<Tuning, T>(arch); }
};

template <class Tuning, class T>
using pipeline_of = optional_pipeline<scan_pipeline_member, Tuning, T>;
template <class Tuning, class T>
using unique_pipeline_of = optional_pipeline<unique_pipeline_member, Tuning, T>;
template <class Tuning, class T>
using encode_pipeline_of = optional_pipeline<encode_pipeline_member, Tuning, T>;

/// A look-back wait of a scan of num_tiles tiles: the policy's `ns` from its
/// lookback_wait_min_tiles up, none below (device code passes the fields, not the policy, whose
/// static constexpr copy device code may not reference).
XCUB_HOST_DEVICE constexpr int lookback_wait(int ns, int min_tiles, int num_tiles) {
  return num_tiles >= min_tiles ? ns : 0;
}

/// Scales a policy's nominal items per thread (set for 4-byte items) to items of `bytes`, keeping
/// a thread's tile bytes about constant (CUB's memory-bound scaling, in spirit).
constexpr int scaled_items(int nominal_items, int bytes) {
  const int scaled = nominal_items * 4 / (bytes > 0 ? bytes : 1);
  return scaled < 1 ? 1 : (scaled > 2 * nominal_items ? 2 * nominal_items : scaled);
}

/// DeviceSegmentedReduce: each block takes a group of consecutive segments (at most
/// segments_per_block, fewer when there are too few segments to fill the device) and reduces each
/// by its length: up to thread_max_items items, one thread; up to warp_max_items, one warp; longer,
/// the whole block. block_threads must be a multiple of the warp.
struct segmented_reduce_policy {
  int block_threads;
  int items_per_thread;    // loads a thread keeps in flight per step of the warp and block paths
  int thread_max_items;    // segments this short: one thread each (0: none)
  int warp_max_items;      // segments this short (and longer than thread_max_items): one warp each
  int segments_per_block;  // the largest group (1..block_threads)
  BlockReduceAlgorithm reduce_algorithm;
  CacheLoadModifier load_modifier;
};

/// DeviceSelect, DevicePartition, DeviceRunLengthEncode: one tile per block, its selection counts
/// chained by decoupled look-back, selected items compacted through shared memory before they are
/// written (docs/device-select.md). The look-back fields mean what they mean in scan_policy.
struct select_policy {
  int block_threads;
  int items_per_thread;
  BlockLoadAlgorithm load_algorithm;
  CacheLoadModifier load_modifier;
  BlockScanAlgorithm scan_algorithm;
  int lookback_delay_ns = 0;
  int lookback_settle_ns = 0;
  int lookback_wait_min_tiles = 0;
  int lookback_window = 0;  // tiles per look-back poll (0: a whole warp's worth) from lookback_wait_min_tiles tiles up
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

}  // namespace xcub::detail

namespace xcub::detail {

/// DeviceRadixSort (docs/device-radix-sort.md): a histogram of every pass's digits, then one onesweep
/// pass per digit (one tile per block, ranked by BlockRadixRankMatchEarlyCounts, chained per digit by
/// decoupled look-back); inputs of at most one single tile are sorted by one block.
/// A radix sort tuning's policy is `policy<KeyT, ValueT>(arch)` (ValueT = NullType for keys only).
struct radix_sort_policy {
  int block_threads;        // onesweep: threads per tile (a multiple of the warp)
  int items_per_thread;     // onesweep: keys per thread
  int radix_bits;           // onesweep and histogram: bits per pass (1..11; the GPU tunings take 8)
  RadixRankAlgorithm rank_algorithm;  // RADIX_RANK_MATCH_EARLY_COUNTS_ANY or _ATOMIC_OR
  int histogram_threads;    // the histogram kernel's block
  int histogram_items;      // keys per thread per histogram tile
  int single_tile_threads;  // the one-block sort of small inputs
  int single_tile_items;    // keys per thread there (0: no single-tile path)
  int single_tile_radix_bits;
  /// Onesweep launches cover portions of at most 2^max_portion_log2 - 1 keys (whole tiles; at most
  /// 30: the look-back counts in 30 bits). Tests lower it to cross portions with small inputs.
  int max_portion_log2 = 30;
  /// Polls of a predecessor's look-back word before each further poll backs off with arch::pause()
  /// (0: every poll backs off; the host emulator switches fibers there).
  int lookback_spins = 0;
  /// Onesweep blocks that must fit one multiprocessor at once (CUDA: the kernel's second launch
  /// bound, which caps its registers; 0: no such bound, the compiler chooses. A bound of 1 is not
  /// the same as none: nvcc then takes all the registers a lone block may have).
  int min_blocks_per_sm = 0;
  /// The onesweep tile in the block's dynamic shared memory, which may pass 48 KiB where the device
  /// allows, with a pair's values beside its keys: each value goes to its rank right after the
  /// look-back, and no thread holds ranks, values and output positions at once. false: static
  /// storage within 48 KiB, where the values reuse the keys' memory once the keys are written out.
  bool dynamic_tile = false;
  /// Keys a onesweep warp ranks at once with RADIX_RANK_MATCH_EARLY_COUNTS_ANY (their peers, then
  /// their counter atomics, then the broadcasts: one shared-memory wait per batch instead of one per
  /// key); _ATOMIC_OR takes 1. More than 1 gains nothing on sm_90: the tunings keep 1.
  int rank_batch = 1;
  /// Cache modifiers of the onesweep pass's global loads (keys, values) and stores.
  CacheLoadModifier load_modifier = LOAD_DEFAULT;
  CacheStoreModifier store_modifier = STORE_DEFAULT;
  /// Pairs that pack (a plain key whose image is as wide as the value, 1 to 4 bytes each:
  /// onesweep_io.hpp's pair_words) travel as one word per pair between the first pass and the last
  /// of a pointer-form sort of two passes or more: the first pass reads keys and values and writes
  /// words, the last reads words and writes keys and values. Those passes run under the tuning's
  /// policy for the word type as keys alone (`policy<word_t, NullType>`: its tile, ranks, cache
  /// operators), and pack only if its radix_bits equals this one's; the shape above then serves the
  /// histogram and the sorts that do not pack (DoubleBuffer forms, one pass).
  bool pack_pairs = false;
  /// A full onesweep tile whose keys all have the pass's digit goes out in its input order, without
  /// the rest of the ranking or the shared-memory exchange (keys of few values, or narrower than
  /// the sort's bits, make most tiles of a pass so). false: every tile is ranked.
  bool short_circuit = true;
  /// A onesweep pass that reads keys alone (or pairs as words) has each tile ask for the input of a
  /// tile this many KiB of input ahead of it to be fetched into L2 (arch::prefetch_l2, by one
  /// thread; at least one tile ahead, and only within the launch's portion), so that the block that
  /// takes that tile later finds its keys there rather than waiting for DRAM. Passes with values
  /// beside the keys do not prefetch (it makes u64/u32 pairs 2-13% slower on sm_90). Pairs as words take the
  /// pairs' distance, not the word policy's. 0: no prefetch.
  int l2_prefetch_kib = 0;
  /// Sorted positions a onesweep thread writes out of a dynamic tile at once: their shared-memory
  /// reads (key, value, the digit's start) first, then their global stores. The stores with a cache
  /// operator are asm that nvcc keeps in program order with every other memory access, so with 1
  /// each store waits for two shared-memory reads before it.
  int write_batch = 1;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
  /// Keys per thread of the single tile's smaller shapes: a block sorts a whole tile whatever the
  /// input's size, so inputs of up to an eighth or a half of the single tile take tiles of that
  /// size (ITEM_SHIFT 3 and 1; at least one key per thread), the rest the whole tile (ITEM_SHIFT 0).
  constexpr int single_tile_items_at(int item_shift) const {
    return (single_tile_items >> item_shift) > 0 ? single_tile_items >> item_shift : 1;
  }
  constexpr int single_tile_capacity(int item_shift = 0) const {
    return single_tile_items > 0 ? single_tile_threads * single_tile_items_at(item_shift) : 0;
  }
};

}  // namespace xcub::detail

namespace xcub::detail {

/// DeviceMergeSort and DeviceMerge (docs/device-merge-sort.md). The sort sorts each tile of
/// sort_threads() * sort_items() keys in a block (BlockMergeSort), then merges pairs of sorted runs,
/// log2(sorted tiles) passes; each pass (and DeviceMerge's one) first finds the split of every
/// output tile of block_threads * items_per_thread items (partition_threads tiles per block of the
/// partition kernel), then merges each output tile in one block through shared memory. Any thread
/// counts >= 1. The block sort takes the merge's shape unless sort_block_threads is set: a larger
/// sorted tile saves whole merge passes (one per doubling). A merge tuning is asked as
/// `policy<KeyT, ValueT>(arch)`, ValueT NullType for keys only: pairs hold twice the registers a
/// thread, so their best shapes differ (merge_item_t is the item a tile's shared memory is sized for).
struct merge_sort_policy {
  int block_threads;
  int items_per_thread;
  int partition_threads;
  // The block sort's tile; the merge tile (block_threads x items_per_thread) must divide twice it,
  // so that every merge tile lies in one pair of sorted runs (a static_assert in block_sort_kernel).
  int sort_block_threads = 0;     // 0: block_threads
  int sort_items_per_thread = 0;  // 0: items_per_thread
  constexpr int tile_items() const { return block_threads * items_per_thread; }
  constexpr int sort_threads() const { return sort_block_threads > 0 ? sort_block_threads : block_threads; }
  constexpr int sort_items() const { return sort_items_per_thread > 0 ? sort_items_per_thread : items_per_thread; }
  constexpr int sort_tile_items() const { return sort_threads() * sort_items(); }
};

/// The item a merge sort's tile is sized for: the larger of key and value (the key on a tie or
/// without values), so that a tile of either fits the shared memory the policy was sized for.
template <class KeyT, class ValueT>
using merge_item_t = std::conditional_t<(!std::is_same_v<ValueT, NullType> && sizeof(ValueT) > sizeof(KeyT)), ValueT,
                                        KeyT>;

/// CUB's nominal-items rule: `nominal` items of 4 bytes per thread, fewer for larger items (never
/// more than nominal, at least 1).
constexpr int nominal_4b_items(int nominal, int bytes) {
  const int scaled = nominal * 4 / (bytes > 0 ? bytes : 1);
  return scaled < 1 ? 1 : (scaled > nominal ? nominal : scaled);
}
/// DeviceTransform and DeviceFor (docs/device-transform.md): one tile of block_threads *
/// items_per_thread items per block (blocks loop past 2^31 - 1 tiles), read striped (coalesced),
/// every item of a thread loaded before any is computed. vector_bytes (0, 4, 8 or 16): the word a
/// thread loads and stores per step in full tiles where every input and the output are pointers of
/// trivially copyable power-of-two-sized types, aligned to their word (0: never vectorized).
struct transform_policy {
  int block_threads;
  int items_per_thread;
  int vector_bytes;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

/// DeviceAdjacentDifference: one tile per block step, loaded to a blocked arrangement, differenced
/// by BlockAdjacentDifference, stored back. The in-place forms first copy each tile's neighbour
/// item (the one before it, or after it) to temp storage.
struct adjacent_difference_policy {
  int block_threads;
  int items_per_thread;
  BlockLoadAlgorithm load_algorithm;
  BlockStoreAlgorithm store_algorithm;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

}  // namespace xcub::detail

namespace xcub::detail {

/// DeviceSegmentedRadixSort and DeviceSegmentedSort: each block takes a group of consecutive
/// segments (at most segments_per_block, fewer when there are too few segments to fill the device)
/// and sorts each by its size: up to small_threads * small_items items, a logical warp of
/// small_threads lanes (a stable merge sort in registers); up to one tile (block_threads *
/// items_per_thread), the block's BlockRadixSort; longer, the block, with radix passes through
/// global memory (count, scan, scatter per digit). block_threads must be a multiple of the warp;
/// small_threads a power of two dividing the warp.
struct segmented_sort_policy {
  int block_threads;
  int items_per_thread;    // the tile of the block paths
  int radix_bits;          // bits per pass of the block paths (1 to 8)
  int small_threads;       // lanes of the small path's logical warp
  int small_items;         // items per lane of the small path
  int segments_per_block;  // the largest group (1..block_threads)
  constexpr int tile_items() const { return block_threads * items_per_thread; }
  constexpr int small_items_max() const { return small_threads * small_items; }
};

}  // namespace xcub::detail

namespace xcub::detail {

/// DeviceFind::FindIf (docs/device-find.md): a grid of at most the resident blocks takes tiles of
/// block_threads * items_per_thread items in increasing order (block b first takes tile b, then
/// tickets from a counter) and stops taking tiles once the best match found so far lies before the
/// next one; a tile's first match is the block's min-reduction (reduce_algorithm) of its threads'
/// first matches. Pointer inputs aligned to vector_load_length items are read as vectors in full
/// tiles (1: never), with load_modifier.
struct find_policy {
  int block_threads;
  int items_per_thread;
  int vector_load_length;
  BlockReduceAlgorithm reduce_algorithm;
  CacheLoadModifier load_modifier;
  constexpr int tile_items() const { return block_threads * items_per_thread; }
};

/// DeviceMemcpy::Batched and DeviceCopy::Batched (docs/device-batched-copy.md). A *unit* is a byte
/// (DeviceMemcpy, and DeviceCopy between pointers to one trivially copyable type) or an item
/// (DeviceCopy otherwise); the thresholds below are in bytes and become units by the unit's size.
/// The tile kernel takes block_threads * buffers_per_thread buffers per block and sorts them by size:
///   - tiny (1 unit .. tiny_max_bytes): the tile's tiny buffers are laid end to end and the block
///     copies their units evenly, tiny_units_per_thread consecutive units per thread and round;
///   - warp (.. warp_max_bytes): one warp per buffer, warp_words 16-byte words (items) in flight
///     per lane;
///   - large (longer): cut into chunks of large_chunk_bytes and copied by the large kernel, whose
///     blocks (large_oversubscription times the resident blocks of large_block_threads threads)
///     each take an even, contiguous share of all large chunks, large_words words (items) in
///     flight per thread.
/// block_threads must be a multiple of the warp (the look-back runs in the first warp). The
/// look-back fields mean what they mean in scan_policy.
struct batched_copy_policy {
  int block_threads;
  int buffers_per_thread;
  int tiny_max_bytes;
  int tiny_units_per_thread;
  int warp_max_bytes;
  int warp_words;
  int large_block_threads;
  int large_words;
  int large_chunk_bytes;
  int large_oversubscription;
  int lookback_delay_ns = 0;
  int lookback_settle_ns = 0;
  int lookback_wait_min_tiles = 0;
  constexpr int tile_buffers() const { return block_threads * buffers_per_thread; }
};

}  // namespace xcub::detail
