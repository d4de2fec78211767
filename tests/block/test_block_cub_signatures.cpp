// The block classes as code written for CUB 3.0.1 names them: every template parameter list in
// CUB's order and count (kinds checked by partial specializations written from CUB's headers;
// xcub's own extra parameters come after CUB's, defaulted), BlockLoadType and BlockStoreType, CUB's constructors (copy-initialization
// from a TempStorage, which CUB's non-explicit constructors allow), and the overloads found missing
// against CUB (BlockDiscontinuity::FlagHeads with preds). A kernel names every argument explicitly,
// in CUB's order, in a 3-D block: the host emulator's block-shape check stops it if a dimension
// bound to the wrong parameter.
#include "test_support.hpp"

#include <xcub/block/block_adjacent_difference.hpp>
#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_exchange.hpp>
#include <xcub/block/block_histogram.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_merge_sort.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/block/block_reduce.hpp>
#include <xcub/block/block_run_length_decode.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_shuffle.hpp>
#include <xcub/block/block_store.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace cub_signatures {

// One trait per class: true exactly for a specialization whose parameters have CUB 3.0.1's kinds
// in CUB's order (a parameter of another kind, or one more without a default, fails to match).
template <class>
struct adjacent_difference : std::false_type {};
template <class T, int X, int Y, int Z>
struct adjacent_difference<xcub::BlockAdjacentDifference<T, X, Y, Z>> : std::true_type {};
static_assert(adjacent_difference<xcub::BlockAdjacentDifference<int, 8, 4, 2>>::value);

template <class>
struct discontinuity : std::false_type {};
template <class T, int X, int Y, int Z>
struct discontinuity<xcub::BlockDiscontinuity<T, X, Y, Z>> : std::true_type {};
static_assert(discontinuity<xcub::BlockDiscontinuity<int, 8, 4, 2>>::value);

template <class>
struct exchange : std::false_type {};
template <class T, int X, int N, bool SLICED, int Y, int Z>
struct exchange<xcub::BlockExchange<T, X, N, SLICED, Y, Z>> : std::true_type {};
static_assert(exchange<xcub::BlockExchange<int, 8, 3, true, 4, 2>>::value);

template <class>
struct histogram : std::false_type {};
template <class T, int X, int N, int BINS, xcub::BlockHistogramAlgorithm A, int Y, int Z>
struct histogram<xcub::BlockHistogram<T, X, N, BINS, A, Y, Z>> : std::true_type {};
static_assert(histogram<xcub::BlockHistogram<unsigned char, 8, 3, 16, xcub::BLOCK_HISTO_ATOMIC, 4, 2>>::value);

template <class>
struct load : std::false_type {};
template <class T, int X, int N, xcub::BlockLoadAlgorithm A, int Y, int Z>
struct load<xcub::BlockLoad<T, X, N, A, Y, Z>> : std::true_type {};
static_assert(load<xcub::BlockLoad<int, 8, 3, xcub::BLOCK_LOAD_TRANSPOSE, 4, 2>>::value);

template <class>
struct store : std::false_type {};
template <class T, int X, int N, xcub::BlockStoreAlgorithm A, int Y, int Z>
struct store<xcub::BlockStore<T, X, N, A, Y, Z>> : std::true_type {};
static_assert(store<xcub::BlockStore<int, 8, 3, xcub::BLOCK_STORE_TRANSPOSE, 4, 2>>::value);

template <class>
struct merge_sort : std::false_type {};
template <class K, int X, int N, class V, int Y, int Z>
struct merge_sort<xcub::BlockMergeSort<K, X, N, V, Y, Z>> : std::true_type {};
static_assert(merge_sort<xcub::BlockMergeSort<int, 8, 3, float, 4, 2>>::value);

template <class>
struct radix_rank : std::false_type {};
template <int X, int BITS, bool DESC, bool MEMOIZE, xcub::BlockScanAlgorithm A, int SMEM, int Y, int Z>
struct radix_rank<xcub::BlockRadixRank<X, BITS, DESC, MEMOIZE, A, SMEM, Y, Z>> : std::true_type {};
static_assert(radix_rank<xcub::BlockRadixRank<8, 4, true, false, xcub::BLOCK_SCAN_RAKING,
                                              xcub::SHARED_MEM_BANK_SIZE_EIGHT_BYTE, 4, 2>>::value);

template <class>
struct radix_rank_match : std::false_type {};
template <int X, int BITS, bool DESC, xcub::BlockScanAlgorithm A, int Y, int Z>
struct radix_rank_match<xcub::BlockRadixRankMatch<X, BITS, DESC, A, Y, Z>> : std::true_type {};
static_assert(radix_rank_match<xcub::BlockRadixRankMatch<8, 4, true, xcub::BLOCK_SCAN_RAKING, 4, 2>>::value);

// CUB's EarlyCounts ends at NUM_PARTS; xcub's BLOCK_DIM_Y and BLOCK_DIM_Z follow, defaulted.
template <class>
struct radix_rank_early : std::false_type {};
template <int X, int BITS, bool DESC, xcub::BlockScanAlgorithm A, xcub::WarpMatchAlgorithm M, int PARTS>
struct radix_rank_early<xcub::BlockRadixRankMatchEarlyCounts<X, BITS, DESC, A, M, PARTS>> : std::true_type {};
static_assert(radix_rank_early<xcub::BlockRadixRankMatchEarlyCounts<64, 4, true, xcub::BLOCK_SCAN_RAKING,
                                                                     xcub::WARP_MATCH_ATOMIC_OR, 2>>::value);

template <class>
struct radix_sort : std::false_type {};
template <class K, int X, int N, class V, int BITS, bool MEMOIZE, xcub::BlockScanAlgorithm A, int SMEM, int Y, int Z>
struct radix_sort<xcub::BlockRadixSort<K, X, N, V, BITS, MEMOIZE, A, SMEM, Y, Z>> : std::true_type {};
static_assert(radix_sort<xcub::BlockRadixSort<int, 8, 3, float, 5, false, xcub::BLOCK_SCAN_RAKING,
                                              xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, 4, 2>>::value);

template <class>
struct reduce : std::false_type {};
template <class T, int X, xcub::BlockReduceAlgorithm A, int Y, int Z>
struct reduce<xcub::BlockReduce<T, X, A, Y, Z>> : std::true_type {};
static_assert(reduce<xcub::BlockReduce<int, 8, xcub::BLOCK_REDUCE_RAKING, 4, 2>>::value);

template <class>
struct run_length_decode : std::false_type {};
template <class T, int X, int RUNS, int DECODED, class OffsetT, int Y, int Z>
struct run_length_decode<xcub::BlockRunLengthDecode<T, X, RUNS, DECODED, OffsetT, Y, Z>> : std::true_type {};
static_assert(run_length_decode<xcub::BlockRunLengthDecode<int, 8, 2, 3, std::uint16_t, 4, 2>>::value);
// CUB's default offset type.
static_assert(std::is_same_v<xcub::BlockRunLengthDecode<int, 8, 2, 3>,
                             xcub::BlockRunLengthDecode<int, 8, 2, 3, std::uint32_t, 1, 1>>);

template <class>
struct scan : std::false_type {};
template <class T, int X, xcub::BlockScanAlgorithm A, int Y, int Z>
struct scan<xcub::BlockScan<T, X, A, Y, Z>> : std::true_type {};
static_assert(scan<xcub::BlockScan<int, 8, xcub::BLOCK_SCAN_WARP_SCANS, 4, 2>>::value);

template <class>
struct shuffle : std::false_type {};
template <class T, int X, int Y, int Z>
struct shuffle<xcub::BlockShuffle<T, X, Y, Z>> : std::true_type {};
static_assert(shuffle<xcub::BlockShuffle<int, 8, 4, 2>>::value);

// CUB's BlockLoadType / BlockStoreType: the class a tuning policy names.
struct io_policy {
  static constexpr int BLOCK_THREADS = 64, ITEMS_PER_THREAD = 3;
  static constexpr xcub::BlockLoadAlgorithm LOAD_ALGORITHM = xcub::BLOCK_LOAD_WARP_TRANSPOSE;
  static constexpr xcub::BlockStoreAlgorithm STORE_ALGORITHM = xcub::BLOCK_STORE_VECTORIZE;
};
static_assert(std::is_same_v<xcub::BlockLoadType<io_policy, const float*>::type,
                             xcub::BlockLoad<float, 64, 3, xcub::BLOCK_LOAD_WARP_TRANSPOSE>>);
static_assert(std::is_same_v<xcub::BlockLoadType<io_policy, const float*, double>::type,
                             xcub::BlockLoad<double, 64, 3, xcub::BLOCK_LOAD_WARP_TRANSPOSE>>);
static_assert(std::is_same_v<xcub::BlockStoreType<io_policy, int*>::type,
                             xcub::BlockStore<int, 64, 3, xcub::BLOCK_STORE_VECTORIZE>>);

// CUB's defaults, where CUB has them.
static_assert(std::is_same_v<xcub::BlockScan<int, 64>, xcub::BlockScan<int, 64, xcub::BLOCK_SCAN_RAKING, 1, 1>>);
static_assert(std::is_same_v<xcub::BlockReduce<int, 64>,
                             xcub::BlockReduce<int, 64, xcub::BLOCK_REDUCE_WARP_REDUCTIONS, 1, 1>>);
static_assert(std::is_same_v<xcub::BlockRadixRank<64, 4, false>,
                             xcub::BlockRadixRank<64, 4, false, true, xcub::BLOCK_SCAN_WARP_SCANS,
                                                  xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, 1, 1>>);
static_assert(std::is_same_v<xcub::BlockRadixSort<int, 64, 2>,
                             xcub::BlockRadixSort<int, 64, 2, xcub::NullType, 4, true, xcub::BLOCK_SCAN_WARP_SCANS,
                                                  xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, 1, 1>>);
static_assert(std::is_same_v<xcub::BlockHistogram<int, 64, 2, 8>,
                             xcub::BlockHistogram<int, 64, 2, 8, xcub::BLOCK_HISTO_SORT, 1, 1>>);

// CUB's constructors: a TempStorage converts (copy-initialization), the default constructor exists.
template <class C>
inline constexpr bool cub_constructible =
    std::is_convertible_v<typename C::TempStorage&, C> && std::is_default_constructible_v<C>;
static_assert(cub_constructible<xcub::BlockScan<int, 64>>);
static_assert(cub_constructible<xcub::BlockReduce<int, 64>>);
static_assert(cub_constructible<xcub::BlockExchange<int, 64, 2>>);
static_assert(cub_constructible<xcub::BlockLoad<int, 64, 2, xcub::BLOCK_LOAD_WARP_TRANSPOSE>>);
static_assert(cub_constructible<xcub::BlockStore<int, 64, 2, xcub::BLOCK_STORE_TRANSPOSE>>);
static_assert(cub_constructible<xcub::BlockDiscontinuity<int, 64>>);
static_assert(cub_constructible<xcub::BlockAdjacentDifference<int, 64>>);
static_assert(cub_constructible<xcub::BlockShuffle<int, 64>>);
static_assert(cub_constructible<xcub::BlockHistogram<int, 64, 2, 8>>);
static_assert(cub_constructible<xcub::BlockRadixRank<64, 4, false>>);
static_assert(cub_constructible<xcub::BlockRadixRankMatch<64, 4, false>>);
static_assert(cub_constructible<xcub::BlockRadixRankMatchEarlyCounts<64, 4, false>>);
static_assert(cub_constructible<xcub::BlockRadixSort<int, 64, 2>>);
// CUB's BlockMergeSort(TempStorage&) is explicit, as xcub's.
static_assert(std::is_constructible_v<xcub::BlockMergeSort<int, 64, 2>, xcub::BlockMergeSort<int, 64, 2>::TempStorage&>);

namespace arch = xcub::arch;
constexpr int BX = 8, BY = 4, BZ = 2, threads = BX * BY * BZ, N = 3, tile = threads * N;

struct nibble {
  XCUB_DEVICE std::uint32_t Digit(unsigned key) const { return key & 15u; }
};

/// Every class with every template argument written out in CUB's order, constructed as CUB code
/// does (`C c = temp;`), in an 8x4x2 block. out: the scan's inclusive sums, the reduction in [0],
/// then the sorted keys, the ranks and the head flags with their preds.
XCUB_KERNEL void named_in_cub_order(const int* in, int* out) {
  const int t = static_cast<int>(arch::linear_thread_id());
  int items[N];
  for (int i = 0; i < N; ++i) items[i] = in[t * N + i];

  using load_t = xcub::BlockLoad<int, BX, N, xcub::BLOCK_LOAD_TRANSPOSE, BY, BZ>;
  using exchange_t = xcub::BlockExchange<int, BX, N, false, BY, BZ>;
  using scan_t = xcub::BlockScan<int, BX, xcub::BLOCK_SCAN_WARP_SCANS, BY, BZ>;
  using reduce_t = xcub::BlockReduce<int, BX, xcub::BLOCK_REDUCE_RAKING, BY, BZ>;
  using sort_t = xcub::BlockRadixSort<int, BX, N, xcub::NullType, 4, false, xcub::BLOCK_SCAN_RAKING,
                                      xcub::SHARED_MEM_BANK_SIZE_FOUR_BYTE, BY, BZ>;
  using rank_t = xcub::BlockRadixRankMatch<BX, 4, false, xcub::BLOCK_SCAN_RAKING, BY, BZ>;
  using disc_t = xcub::BlockDiscontinuity<int, BX, BY, BZ>;
  using store_t = xcub::BlockStore<int, BX, N, xcub::BLOCK_STORE_DIRECT, BY, BZ>;
  union storage_u {
    load_t::TempStorage load;
    exchange_t::TempStorage exchange;
    scan_t::TempStorage scan;
    reduce_t::TempStorage reduce;
    sort_t::TempStorage sort;
    rank_t::TempStorage rank;
    disc_t::TempStorage disc;
  };
  XCUB_SHARED(storage_u, temp);

  load_t loader = temp.load;
  int loaded[N];
  loader.Load(in, loaded);  // blocked, as items
  arch::sync_threads();
  exchange_t exchange = temp.exchange;
  exchange.BlockedToStriped(loaded);
  exchange.StripedToBlocked(loaded);
  arch::sync_threads();
  scan_t scanner = temp.scan;
  int sums[N];
  scanner.InclusiveSum(loaded, sums);
  arch::sync_threads();
  reduce_t reducer = temp.reduce;
  const int total = reducer.Sum(items);
  arch::sync_threads();
  int keys[N];
  for (int i = 0; i < N; ++i) keys[i] = items[i];
  sort_t sorter = temp.sort;
  sorter.Sort(keys, 0, 4);
  arch::sync_threads();
  unsigned digits[N];
  int ranks[N];
  for (int i = 0; i < N; ++i) digits[i] = static_cast<unsigned>(items[i]);
  rank_t ranker = temp.rank;
  ranker.RankKeys(digits, ranks, nibble{});
  arch::sync_threads();
  int flags[N], preds[N];
  for (int i = 0; i < N; ++i) preds[i] = -1;
  disc_t disc = temp.disc;
  disc.FlagHeads(flags, items, preds, xcub::Inequality{});

  store_t store;
  store.Store(out, sums);
  if (t == 0) out[tile] = total;
  store.Store(out + tile + 1, keys);
  store.Store(out + 2 * tile + 1, ranks);
  store.Store(out + 3 * tile + 1, flags);
  store.Store(out + 4 * tile + 1, preds);
}

}  // namespace cub_signatures

TEST_CASE("block classes named as CUB names them: parameters in CUB's order, CUB's constructors") {
  XCUB_TEST_CONTEXT();
  using namespace cub_signatures;
  auto rng = xcub_test::rng_for("block cub signatures");
  std::vector<int> in(tile);
  for (auto& v : in) v = static_cast<int>(rng() % 16);
  xcub::device_buffer<int> d_in(in), d_out(5 * tile + 1);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(BX, BY, BZ), 0, named_in_cub_order, d_in.data(), d_out.data());
  const auto got = d_out.download();

  std::vector<int> sums(tile), sorted = in, ranks(tile), flags(tile), preds(tile);
  int acc = 0;
  for (int i = 0; i < tile; ++i) sums[i] = acc += in[i];
  std::stable_sort(sorted.begin(), sorted.end());
  // The Match ranking's stable order: warp-striped (block_radix_rank.hpp), warp w's key i of lane l
  // at w * W * N + i * W + l; by digit (the whole value, under 16), ties in that order.
  const int W = static_cast<int>(xcub_test::warp_lanes);
  std::vector<int> order;
  for (int w = 0; w * W < threads; ++w) {
    const int lanes = std::min(W, threads - w * W);
    for (int i = 0; i < N; ++i)
      for (int l = 0; l < lanes; ++l) order.push_back((w * W + l) * N + i);  // blocked position of that key
  }
  std::vector<int> by_digit = order;
  std::stable_sort(by_digit.begin(), by_digit.end(), [&](int a, int b) { return in[a] < in[b]; });
  for (int r = 0; r < tile; ++r) ranks[by_digit[r]] = r;
  for (int i = 0; i < tile; ++i) {
    flags[i] = i == 0 ? 1 : in[i] != in[i - 1];
    preds[i] = i == 0 ? -1 : in[i - 1];
  }
  xcub_test::check_equal(std::vector<int>(got.begin(), got.begin() + tile), sums, "BlockScan via BlockLoad, BlockExchange");
  CHECK(got[tile] == acc);
  xcub_test::check_equal(std::vector<int>(got.begin() + tile + 1, got.begin() + 2 * tile + 1), sorted, "BlockRadixSort");
  xcub_test::check_equal(std::vector<int>(got.begin() + 2 * tile + 1, got.begin() + 3 * tile + 1), ranks,
                         "BlockRadixRankMatch");
  xcub_test::check_equal(std::vector<int>(got.begin() + 3 * tile + 1, got.begin() + 4 * tile + 1), flags,
                         "BlockDiscontinuity::FlagHeads with preds (flags)");
  xcub_test::check_equal(std::vector<int>(got.begin() + 4 * tile + 1, got.begin() + 5 * tile + 1), preds,
                         "BlockDiscontinuity::FlagHeads with preds (preds)");
}
