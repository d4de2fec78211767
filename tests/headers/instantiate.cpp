// A translation unit that instantiates a representative piece of every layer (thread, warp,
// block, device, iterators, utilities), so that the strict-warning header check
// (check_headers.sh) sees template bodies, not only declarations. Compiled, never run.
#include <xcub/xcub.hpp>

#include <cstddef>
#include <cstdint>

namespace {

constexpr int threads = 128;
constexpr int items = 4;

struct pair_less {
  XCUB_HOST_DEVICE bool operator()(int a, int b) const { return a < b; }
};
struct is_odd {
  XCUB_HOST_DEVICE bool operator()(int a) const { return (a & 1) != 0; }
};
struct twice {
  XCUB_HOST_DEVICE int operator()(int a) const { return 2 * a; }
};

}  // namespace

namespace xcub_header_check {

XCUB_KERNEL void block_layer(const int* in, int* out, int n) {
  using load_t = xcub::BlockLoad<int, threads, items, xcub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using store_t = xcub::BlockStore<int, threads, items, xcub::BLOCK_STORE_TRANSPOSE>;
  using exchange_t = xcub::BlockExchange<int, threads, items>;
  using reduce_t = xcub::BlockReduce<int, threads, xcub::BLOCK_REDUCE_RAKING>;
  using scan_t = xcub::BlockScan<int, threads, xcub::BLOCK_SCAN_WARP_SCANS>;
  using radix_sort_t = xcub::BlockRadixSort<int, threads, items, int>;
  using merge_sort_t = xcub::BlockMergeSort<int, threads, items>;
  using histogram_t = xcub::BlockHistogram<unsigned char, threads, items, 256>;
  using discontinuity_t = xcub::BlockDiscontinuity<int, threads>;
  using adjacent_t = xcub::BlockAdjacentDifference<int, threads>;
  using shuffle_t = xcub::BlockShuffle<int, threads>;
  using warp_reduce_t = xcub::WarpReduce<int, 16>;
  using warp_scan_t = xcub::WarpScan<int>;
  using warp_sort_t = xcub::WarpMergeSort<int, items, 16>;
  union storage_t {
    load_t::TempStorage load;
    store_t::TempStorage store;
    exchange_t::TempStorage exchange;
    reduce_t::TempStorage reduce;
    scan_t::TempStorage scan;
    radix_sort_t::TempStorage radix_sort;
    merge_sort_t::TempStorage merge_sort;
    histogram_t::TempStorage histogram;
    discontinuity_t::TempStorage discontinuity;
    adjacent_t::TempStorage adjacent;
    shuffle_t::TempStorage shuffle;
    warp_reduce_t::TempStorage warp_reduce[threads / 16];
    warp_scan_t::TempStorage warp_scan[threads / 32];
    warp_sort_t::TempStorage warp_sort[threads / 16];
  };
  XCUB_SHARED(storage_t, storage);
  using counts_t = unsigned[256];
  XCUB_SHARED(counts_t, counts);

  const int tid = static_cast<int>(xcub::arch::linear_thread_id());
  int tile[items], values[items], flags[items];
  load_t(storage.load).Load(in, tile, n, 0);
  xcub::arch::sync_threads();
  radix_sort_t(storage.radix_sort).Sort(tile, values);
  xcub::arch::sync_threads();
  merge_sort_t(storage.merge_sort).Sort(tile, pair_less{});
  xcub::arch::sync_threads();
  exchange_t(storage.exchange).BlockedToStriped(tile);
  xcub::arch::sync_threads();
  int aggregate = 0;
  scan_t(storage.scan).ExclusiveSum(tile, tile, aggregate);
  xcub::arch::sync_threads();
  const int total = reduce_t(storage.reduce).Sum(tile);
  xcub::arch::sync_threads();
  discontinuity_t(storage.discontinuity).FlagHeads(flags, tile, xcub::Inequality{});
  xcub::arch::sync_threads();
  adjacent_t(storage.adjacent).SubtractLeft(tile, values, xcub::Difference{});
  xcub::arch::sync_threads();
  shuffle_t(storage.shuffle).Up(values, values);
  xcub::arch::sync_threads();
  unsigned char bytes[items];
  for (int i = 0; i < items; ++i) bytes[i] = static_cast<unsigned char>(values[i] + flags[i]);
  histogram_t(storage.histogram).Histogram(bytes, counts);
  xcub::arch::sync_threads();
  const int lane_total = warp_reduce_t(storage.warp_reduce[tid / 16]).Sum(total);
  int lane_prefix = 0;
  warp_scan_t(storage.warp_scan[tid / xcub::arch::warp_threads]).InclusiveSum(lane_total, lane_prefix);
  warp_sort_t(storage.warp_sort[tid / 16]).Sort(values, pair_less{});
  xcub::arch::sync_threads();
  for (int i = 0; i < items; ++i) tile[i] += values[i] + lane_prefix + xcub::ThreadReduce(values, xcub::Sum{});
  store_t(storage.store).Store(out, tile, n);
}

// The two-phase calls of the device families, with pointers and fancy iterators.
void device_layer(int* d_in, int* d_out, unsigned char* d_bytes, int* d_count, int n) {
  void* temp = nullptr;
  std::size_t bytes = 0;
  xcub::CountingInputIterator<int> count(0);
  xcub::TransformInputIterator<int, twice, const int*> doubled(d_in, twice{});
  (void)xcub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n);
  (void)xcub::DeviceReduce::ArgMax(temp, bytes, doubled, d_out, d_count, n);
  (void)xcub::DeviceScan::InclusiveSum(temp, bytes, count, d_out, n);
  (void)xcub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_out, xcub::Max{}, 0, n);
  (void)xcub::DeviceSegmentedReduce::Sum(temp, bytes, d_in, d_out, 4, d_count, d_count + 1);
  (void)xcub::DeviceRadixSort::SortPairs(temp, bytes, d_in, d_out, d_in, d_out, n);
  (void)xcub::DeviceRadixSort::SortKeys(temp, bytes, d_bytes, d_bytes, n);
  (void)xcub::DeviceSegmentedRadixSort::SortKeys(temp, bytes, d_in, d_out, n, 4, d_count, d_count + 1);
  (void)xcub::DeviceSegmentedSort::SortKeys(temp, bytes, d_in, d_out, n, 4, d_count, d_count + 1);
  (void)xcub::DeviceMergeSort::SortKeys(temp, bytes, d_in, n, pair_less{});
  (void)xcub::DeviceMerge::MergeKeys(temp, bytes, d_in, n, d_out, n, d_out, pair_less{});
  (void)xcub::DeviceSelect::If(temp, bytes, d_in, d_out, d_count, n, is_odd{});
  (void)xcub::DeviceSelect::Unique(temp, bytes, d_in, d_out, d_count, n);
  (void)xcub::DevicePartition::Flagged(temp, bytes, d_in, d_bytes, d_out, d_count, n);
  (void)xcub::DeviceRunLengthEncode::Encode(temp, bytes, d_in, d_out, d_count, d_count + 1, n);
  (void)xcub::DeviceAdjacentDifference::SubtractLeftCopy(temp, bytes, d_in, d_out, n);
  (void)xcub::DeviceTransform::Transform(d_in, d_out, n, twice{});
  (void)xcub::DeviceFor::ForEachN(d_in, n, twice{});
  (void)xcub::DeviceHistogram::HistogramEven(temp, bytes, d_bytes, d_count, 257, 0, 256, n);
  (void)xcub::DeviceFind::FindIf(temp, bytes, d_in, d_count, is_odd{}, n);
  (void)xcub::DeviceTopK::MaxKeys(temp, bytes, d_in, d_out, n, 8);
  xcub::CachingDeviceAllocator allocator;
  (void)allocator.DeviceAllocate(&temp, 64);
  (void)allocator.DeviceFree(temp);
  xcub::DoubleBuffer<int> keys(d_in, d_out);
  (void)xcub::DeviceRadixSort::SortKeys(temp, bytes, keys, n);
}

}  // namespace xcub_header_check
