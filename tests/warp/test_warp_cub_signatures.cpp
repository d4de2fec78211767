// The warp classes as code written for CUB 3.0.1 names them: every template parameter list in
// CUB's order and count (kinds checked by partial specializations written from CUB's headers) and
// CUB's constructors (copy-initialization from a TempStorage, as `cub::WarpScan<int> ws = temp;`;
// the default constructors where the TempStorage is empty). A kernel builds each class that way
// and checks its result against a sequential fold.
#include "test_support.hpp"

#include <xcub/warp/warp_exchange.hpp>
#include <xcub/warp/warp_load.hpp>
#include <xcub/warp/warp_merge_sort.hpp>
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/warp/warp_scan.hpp>
#include <xcub/warp/warp_store.hpp>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace warp_cub_signatures {

template <class>
struct exchange : std::false_type {};
template <class T, int N, int W, xcub::WarpExchangeAlgorithm A>
struct exchange<xcub::WarpExchange<T, N, W, A>> : std::true_type {};
static_assert(exchange<xcub::WarpExchange<int, 4, 4, xcub::WARP_EXCHANGE_SHUFFLE>>::value);

template <class>
struct load : std::false_type {};
template <class T, int N, xcub::WarpLoadAlgorithm A, int W>
struct load<xcub::WarpLoad<T, N, A, W>> : std::true_type {};
static_assert(load<xcub::WarpLoad<int, 4, xcub::WARP_LOAD_TRANSPOSE, 16>>::value);

template <class>
struct store : std::false_type {};
template <class T, int N, xcub::WarpStoreAlgorithm A, int W>
struct store<xcub::WarpStore<T, N, A, W>> : std::true_type {};
static_assert(store<xcub::WarpStore<int, 4, xcub::WARP_STORE_TRANSPOSE, 16>>::value);

template <class>
struct merge_sort : std::false_type {};
template <class K, int N, int W, class V>
struct merge_sort<xcub::WarpMergeSort<K, N, W, V>> : std::true_type {};
static_assert(merge_sort<xcub::WarpMergeSort<int, 4, 16, float>>::value);

template <class>
struct reduce : std::false_type {};
template <class T, int W>
struct reduce<xcub::WarpReduce<T, W>> : std::true_type {};
static_assert(reduce<xcub::WarpReduce<int, 16>>::value);

template <class>
struct scan : std::false_type {};
template <class T, int W>
struct scan<xcub::WarpScan<T, W>> : std::true_type {};
static_assert(scan<xcub::WarpScan<int, 16>>::value);

// CUB's defaults: the architecture's warp, SMEM exchange, DIRECT loads and stores, no values.
constexpr int W = xcub::arch::warp_threads;
static_assert(std::is_same_v<xcub::WarpScan<int>, xcub::WarpScan<int, W>>);
static_assert(std::is_same_v<xcub::WarpReduce<int>, xcub::WarpReduce<int, W>>);
static_assert(std::is_same_v<xcub::WarpExchange<int, 2>, xcub::WarpExchange<int, 2, W, xcub::WARP_EXCHANGE_SMEM>>);
static_assert(std::is_same_v<xcub::WarpLoad<int, 2>, xcub::WarpLoad<int, 2, xcub::WARP_LOAD_DIRECT, W>>);
static_assert(std::is_same_v<xcub::WarpStore<int, 2>, xcub::WarpStore<int, 2, xcub::WARP_STORE_DIRECT, W>>);
static_assert(std::is_same_v<xcub::WarpMergeSort<int, 2>, xcub::WarpMergeSort<int, 2, W, xcub::NullType>>);

// Constructors: a TempStorage converts where CUB's constructor is not explicit (WarpExchange's is).
template <class C>
inline constexpr bool converts = std::is_convertible_v<typename C::TempStorage&, C>;
static_assert(converts<xcub::WarpScan<int>>);
static_assert(converts<xcub::WarpReduce<int>>);
static_assert(converts<xcub::WarpMergeSort<int, 2>>);
static_assert(converts<xcub::WarpLoad<int, 2, xcub::WARP_LOAD_TRANSPOSE>>);
static_assert(converts<xcub::WarpStore<int, 2, xcub::WARP_STORE_TRANSPOSE>>);
static_assert(std::is_constructible_v<xcub::WarpExchange<int, 2>, xcub::WarpExchange<int, 2>::TempStorage&>);
// Default constructors where no shared memory is needed.
static_assert(std::is_default_constructible_v<xcub::WarpLoad<int, 2, xcub::WARP_LOAD_DIRECT>>);
static_assert(std::is_default_constructible_v<xcub::WarpLoad<int, 2, xcub::WARP_LOAD_STRIPED>>);
static_assert(std::is_default_constructible_v<xcub::WarpStore<int, 2, xcub::WARP_STORE_VECTORIZE>>);

namespace arch = xcub::arch;
constexpr int L = 16, N = 2;  // logical warps of 16 lanes, 2 items each

/// Each logical warp: loads its tile (TRANSPOSE), sorts it, scans and reduces the sorted items
/// and stores the scan (TRANSPOSE); every class built as CUB code builds it.
XCUB_KERNEL void warp_classes(const int* in, int* out, int* totals) {
  constexpr int threads = 2 * W;
  constexpr int warps = threads / L;
  using load_t = xcub::WarpLoad<int, N, xcub::WARP_LOAD_TRANSPOSE, L>;
  using sort_t = xcub::WarpMergeSort<int, N, L>;
  using scan_t = xcub::WarpScan<int, L>;
  using reduce_t = xcub::WarpReduce<int, L>;
  using store_t = xcub::WarpStore<int, N, xcub::WARP_STORE_TRANSPOSE, L>;
  union per_warp {
    load_t::TempStorage load;
    sort_t::TempStorage sort;
    scan_t::TempStorage scan;
    reduce_t::TempStorage reduce;
    store_t::TempStorage store;
  };
  struct all_warps {
    per_warp warp[warps];
  };
  XCUB_SHARED(all_warps, shared);
  per_warp* const temp = shared.warp;
  const int t = static_cast<int>(arch::linear_thread_id());
  const int w = t / L;
  int items[N];
  load_t loader = temp[w].load;
  loader.Load(in + w * L * N, items);
  arch::sync_warp();
  sort_t sorter = temp[w].sort;
  sorter.Sort(items, [](int a, int b) { return a < b; });
  arch::sync_warp();
  int partial = items[0] + items[1], prefix;
  scan_t scanner = temp[w].scan;
  scanner.ExclusiveSum(partial, prefix);
  arch::sync_warp();
  reduce_t reducer = temp[w].reduce;
  const int total = reducer.Sum(partial);
  arch::sync_warp();
  int sums[N] = {prefix + items[0], prefix + items[0] + items[1]};
  store_t storer = temp[w].store;
  storer.Store(out + w * L * N, sums);
  if (t % L == 0) totals[w] = total;
}

}  // namespace warp_cub_signatures

TEST_CASE("warp classes named as CUB names them: parameters in CUB's order, CUB's constructors") {
  XCUB_TEST_CONTEXT();
  using namespace warp_cub_signatures;
  constexpr int threads = 2 * W, warps = threads / L, n = threads * N;
  auto rng = xcub_test::rng_for("warp cub signatures");
  std::vector<int> in(n);
  for (auto& v : in) v = static_cast<int>(rng() % 100) - 50;
  std::vector<int> want(n), want_totals(warps);
  for (int w = 0; w < warps; ++w) {
    std::vector<int> tile(in.begin() + w * L * N, in.begin() + (w + 1) * L * N);
    std::sort(tile.begin(), tile.end());
    int acc = 0;
    for (int i = 0; i < L * N; ++i) want[w * L * N + i] = acc += tile[i];
    want_totals[w] = acc;
  }
  xcub::device_buffer<int> d_in(in), d_out(n), d_totals(warps);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(threads), 0, warp_classes, d_in.data(), d_out.data(),
                             d_totals.data());
  xcub_test::check_equal(d_out.download(), want, "WarpLoad, WarpMergeSort, WarpScan, WarpStore");
  xcub_test::check_equal(d_totals.download(), want_totals, "WarpReduce");
}
