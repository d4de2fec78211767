// The large-input suite (CUDA only, program xcub_large_tests; docs/testing.md, "Large inputs"),
// part 2: DeviceRadixSort, DeviceMergeSort, DeviceSegmentedRadixSort, DeviceSegmentedSort,
// DeviceSegmentedReduce and DeviceMerge over more than 2^31 items (large::N = 2^31 + 877, one-byte
// keys, 64-bit counts and offsets).
//
// How the results are known without a host oracle:
// - keys only: the output is sorted (within each segment) and has the input's count of every key
//   value (per segment), from a plain shared-memory histogram of both: for one-byte keys that
//   fixes every output item;
// - pairs: the values are the items' input indices (uint32), and the output must be sorted, each
//   value must name an input item with the same key (and segment), equal keys must keep ascending
//   values (stability), and no value may appear twice (a bitmap of 2^31 bits): together the
//   stable sorted permutation, item for item;
// - segmented sums: a plain device sum per segment (one thread a segment, or a strided sum for the
//   segments past 2^31 items);
// - merges: inputs in closed form (sorted ramps), checked as the pair sorts (stable merge: the
//   first input's items first among equal keys);
// - a segment of 2^32 + 877 keys already in order by the sorted bits: a stable sort moves none.
// Peak device memory of a case: about 22 GB (the pair sorts: one-byte keys and 4-byte values, both
// twice).
#include "test_large.hpp"

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/util_type.hpp>

#include <cstdint>
#include <vector>

using large::N;
using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = unsigned long long;
using counting = xcub::CountingInputIterator<long long>;
template <class T, class Op>
using mapped = xcub::TransformInputIterator<T, Op, counting>;

namespace {

struct less_u8 {
  __host__ __device__ bool operator()(u8 a, u8 b) const { return a < b; }
};
struct plus_u64 {
  __host__ __device__ u64 operator()(u64 a, u64 b) const { return a + b; }
};
struct fill_index {
  u32* p;
  __device__ void operator()(long long i) const { p[i] = static_cast<u32>(i); }
};

/// Segments given by sorted 64-bit offsets (in device memory); segment_of by binary search.
struct segments {
  const long long* offsets;  // count + 1 entries
  long long count;
  __device__ long long segment_of(long long i) const {
    long long lo = 0, hi = count;  // offsets[lo] <= i < offsets[hi]
    while (hi - lo > 1) {
      const long long mid = lo + (hi - lo) / 2;
      if (offsets[mid] <= i) lo = mid;
      else hi = mid;
    }
    return lo;
  }
  __device__ bool starts(long long i) const { return offsets[segment_of(i)] == i; }
};
/// No segments: one run over everything.
struct whole {
  __device__ long long segment_of(long long) const { return 0; }
  __device__ bool starts(long long i) const { return i == 0; }
};

/// Keys only: out is sorted within each segment (ascending or descending).
template <class Seg>
struct keys_unsorted {
  const u8* out;
  Seg seg;
  bool descending;
  __device__ bool operator()(long long i) const {
    if (i == 0 || seg.starts(i)) return false;
    return descending ? out[i - 1] < out[i] : out[i] < out[i - 1];
  }
};
/// Per segment and key value: bin = segment * 256 + key.
template <class Seg>
struct segment_key_bin {
  const u8* keys;
  Seg seg;
  __device__ int operator()(long long i) const { return static_cast<int>(seg.segment_of(i)) * 256 + keys[i]; }
};
template <class Seg>
struct segment_hashed_bin {
  std::uint64_t seed;
  Seg seg;
  __device__ int operator()(long long i) const {
    return static_cast<int>(seg.segment_of(i)) * 256 + large::byte_at(seed, i);
  }
};

/// Pairs: values are input indices; key_of(v) recomputes the key of input item v.
template <class Seg, class KeyOf>
struct pairs_wrong {
  const u8* keys;
  const u32* values;
  Seg seg;
  KeyOf key_of;
  bool descending;
  large::seen_once seen;
  __device__ bool operator()(long long i) const {
    const long long v = values[i];
    if (seen.mark_duplicate(v) || keys[i] != key_of(v) || seg.segment_of(v) != seg.segment_of(i)) return true;
    if (i == 0 || seg.starts(i)) return false;
    const u8 a = keys[i - 1], b = keys[i];
    if (a == b) return values[i - 1] >= values[i];
    return descending ? a < b : b < a;
  }
};
struct hashed_key {
  std::uint64_t seed;
  __device__ u8 operator()(long long v) const { return large::byte_at(seed, v); }
};

template <class Seg>
void check_sorted_keys(const char* what, const u8* out, Seg seg, int segments_count, bool descending,
                       std::uint64_t seed) {
  INFO(what);
  LARGE_NONE_BAD("sorted", N, (keys_unsorted<Seg>{out, seg, descending}));
  large::check_counts(large::histogram(N, 256 * segments_count, segment_key_bin<Seg>{out, seg}),
                      large::histogram(N, 256 * segments_count, segment_hashed_bin<Seg>{seed, seg}),
                      "key counts of output and input");
}
template <class Seg>
void check_sorted_pairs(const char* what, const u8* keys, const u32* values, Seg seg, bool descending,
                        std::uint64_t seed) {
  INFO(what);
  large::bitmap seen(N);
  LARGE_NONE_BAD("the stable sorted permutation",
                 N, (pairs_wrong<Seg, hashed_key>{keys, values, seg, hashed_key{seed}, descending, seen.view()}));
}

}  // namespace

TEST_CASE("large: DeviceRadixSort SortKeys, SortPairsDescending (DoubleBuffer) over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  {
    large::buf<u8> in(N), out(N);
    large::each_index(N, large::fill_hashed{in.p, seed});
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortKeys(t, b, in.p, out.p, N); });
    check_sorted_keys("DeviceRadixSort::SortKeys", out.p, whole{}, 1, false, seed);
  }
  {
    large::buf<u8> k0(N), k1(N);
    large::buf<u32> v0(N), v1(N);
    large::each_index(N, large::fill_hashed{k0.p, seed});
    large::each_index(N, fill_index{v0.p});
    xcub::DoubleBuffer<u8> keys(k0.p, k1.p);
    xcub::DoubleBuffer<u32> values(v0.p, v1.p);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRadixSort::SortPairsDescending(t, b, keys, values, N);
    });
    check_sorted_pairs("DeviceRadixSort::SortPairsDescending", keys.Current(), values.Current(), whole{}, true, seed);
  }
}

TEST_CASE("large: DeviceMergeSort SortKeys, StableSortPairs over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  {
    large::buf<u8> keys(N);
    large::each_index(N, large::fill_hashed{keys.p, seed});
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceMergeSort::SortKeys(t, b, keys.p, N, less_u8{}); });
    check_sorted_keys("DeviceMergeSort::SortKeys", keys.p, whole{}, 1, false, seed);
  }
  {
    large::buf<u8> keys(N);
    large::buf<u32> values(N);
    large::each_index(N, large::fill_hashed{keys.p, seed});
    large::each_index(N, fill_index{values.p});
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceMergeSort::StableSortPairs(t, b, keys.p, values.p, N, less_u8{});
    });
    check_sorted_pairs("DeviceMergeSort::StableSortPairs", keys.p, values.p, whole{}, false, seed);
  }
}

namespace {
/// Three segments, the middle one of more than 2^31 items.
std::vector<long long> three_segments() { return {0, 1000, N - 500, N}; }
/// Segments of 100003 items (the last one shorter): 21475 segments.
constexpr long long segment_items = 100003;
std::vector<long long> many_segments() {
  std::vector<long long> offs;
  for (long long o = 0; o < N; o += segment_items) offs.push_back(o);
  offs.push_back(N);
  return offs;
}
}  // namespace

TEST_CASE("large: DeviceSegmentedRadixSort, DeviceSegmentedSort with a segment of more than 2^31 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const auto offs = three_segments();
  large::buf<long long> d_offs(offs.size());
  d_offs.upload(offs);
  const segments seg{d_offs.p, 3};
  large::buf<u8> in(N), out(N);
  large::each_index(N, large::fill_hashed{in.p, seed});
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedRadixSort::SortKeys(t, b, in.p, out.p, N, 3, d_offs.p, d_offs.p + 1);
  });
  check_sorted_keys("DeviceSegmentedRadixSort::SortKeys, 3 segments", out.p, seg, 3, false, seed);
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedSort::SortKeysDescending(t, b, in.p, out.p, N, 3, d_offs.p, d_offs.p + 1);
  });
  check_sorted_keys("DeviceSegmentedSort::SortKeysDescending, 3 segments", out.p, seg, 3, true, seed);
}

namespace {
// One segment of 2^32 + 877 keys, already in order by bits [0, 5): the first 2^32 + 500 have low
// bits 0 (one digit of more than 2^32 items: its count needs 64 bits), the rest 1. A stable sort
// by those bits leaves every key where it is.
constexpr long long huge_segment = (1LL << 32) + 877, low_zero = (1LL << 32) + 500;
struct huge_key {
  std::uint64_t seed;
  __host__ __device__ u8 operator()(long long i) const {
    return static_cast<u8>((large::byte_at(seed, i) & 0xe0) | (i < low_zero ? 0 : 1));
  }
};
struct fill_huge {
  u8* p;
  huge_key key;
  __device__ void operator()(long long i) const { p[i] = key(i); }
};
struct moved {
  const u8* out;
  huge_key key;
  __device__ bool operator()(long long i) const { return out[i] != key(i); }
};
}  // namespace

TEST_CASE("large: DeviceSegmentedRadixSort, one segment of 2^32 + 877 keys, one digit past 2^32 (large)") {
  XCUB_TEST_CONTEXT();
  const huge_key key{large::seed()};
  const std::vector<long long> offs = {0, huge_segment};
  large::buf<long long> d_offs(2);
  d_offs.upload(offs);
  large::buf<u8> in(huge_segment), out(huge_segment);
  large::each_index(huge_segment, fill_huge{in.p, key});
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedRadixSort::SortKeys(t, b, in.p, out.p, huge_segment, 1, d_offs.p, d_offs.p + 1, 0, 5);
  });
  LARGE_NONE_BAD("SortKeys by bits [0, 5): stable, every key in place", huge_segment, (moved{out.p, key}));
}

TEST_CASE("large: DeviceSegmentedRadixSort, DeviceSegmentedSort pairs in 21475 segments, 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const auto offs = many_segments();
  const long long count = static_cast<long long>(offs.size()) - 1;
  large::buf<long long> d_offs(offs.size());
  d_offs.upload(offs);
  const segments seg{d_offs.p, count};
  large::buf<u8> k0(N), k1(N);
  large::buf<u32> v0(N), v1(N);
  for (const bool radix : {true, false}) {
    large::each_index(N, large::fill_hashed{k0.p, seed});
    large::each_index(N, fill_index{v0.p});
    xcub::DoubleBuffer<u8> keys(k0.p, k1.p);
    xcub::DoubleBuffer<u32> values(v0.p, v1.p);
    large::two_phase([&](void* t, std::size_t& b) {
      return radix ? xcub::DeviceSegmentedRadixSort::SortPairs(t, b, keys, values, N, count, d_offs.p, d_offs.p + 1)
                   : xcub::DeviceSegmentedSort::StableSortPairs(t, b, keys, values, N, count, d_offs.p, d_offs.p + 1);
    });
    check_sorted_pairs(radix ? "DeviceSegmentedRadixSort::SortPairs (DoubleBuffer)"
                             : "DeviceSegmentedSort::StableSortPairs (DoubleBuffer)",
                       keys.Current(), values.Current(), seg, false, seed);
  }
}

namespace {
struct segment_sums_wrong {
  const u64* sums;
  const long long* offsets;
  std::uint64_t seed;
  u64 init;
  __device__ bool operator()(long long s) const {
    u64 want = init;
    for (long long i = offsets[s]; i < offsets[s + 1]; ++i) want += large::byte_at(seed, i);
    return sums[s] != want;
  }
};
// Fixed-size segments over an iterator: 4097 segments of 2^20 + 1 items, 4.3 * 10^9 items in all
// (past 2^32: the 64-bit offset path).
constexpr long long fixed_segments = 4097, fixed_size = (1LL << 20) + 1;
struct fixed_sums_wrong {
  const u64* sums;
  std::uint64_t seed;
  __device__ bool operator()(long long s) const {
    u64 want = 0;
    for (long long i = s * fixed_size; i < (s + 1) * fixed_size; ++i) want += large::byte_at(seed, i);
    return sums[s] != want;
  }
};
}  // namespace

TEST_CASE("large: DeviceSegmentedReduce Sum, Reduce over segments past 2^31 and 2^32 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  large::buf<u8> in(N);
  large::each_index(N, large::fill_hashed{in.p, seed});
  {
    const auto offs = many_segments();
    const long long count = static_cast<long long>(offs.size()) - 1;
    large::buf<long long> d_offs(offs.size());
    d_offs.upload(offs);
    large::buf<u64> sums(count);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSegmentedReduce::Sum(t, b, in.p, sums.p, count, d_offs.p, d_offs.p + 1);
    });
    LARGE_NONE_BAD("Sum, 21475 segments", count, (segment_sums_wrong{sums.p, d_offs.p, seed, 0}));
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSegmentedReduce::Reduce(t, b, in.p, sums.p, count, d_offs.p, d_offs.p + 1, plus_u64{}, u64{3});
    });
    LARGE_NONE_BAD("Reduce (init 3), 21475 segments", count, (segment_sums_wrong{sums.p, d_offs.p, seed, 3}));
  }
  {
    const auto offs = three_segments();
    large::buf<long long> d_offs(offs.size());
    d_offs.upload(offs);
    large::buf<u64> sums(3);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSegmentedReduce::Sum(t, b, in.p, sums.p, 3, d_offs.p, d_offs.p + 1);
    });
    const auto s = sums.download(3);
    for (int k = 0; k < 3; ++k) {
      INFO("segment " << k << " of 3");
      CHECK(s[static_cast<std::size_t>(k)] ==
            large::plain_sum(offs[static_cast<std::size_t>(k)], offs[static_cast<std::size_t>(k) + 1], large::hashed{seed}));
    }
  }
  {
    const mapped<u8, large::hashed> hashed_in(counting(0), large::hashed{seed});
    large::buf<u64> sums(fixed_segments);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSegmentedReduce::Sum(t, b, hashed_in, sums.p, fixed_segments, fixed_size);
    });
    LARGE_NONE_BAD("Sum, fixed-size segments (4.3 * 10^9 items)", fixed_segments, (fixed_sums_wrong{sums.p, seed}));
  }
}

namespace {
struct ramp {
  long long n;
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>((i * 256) / n); }
};
struct offset_index {
  long long base;
  __host__ __device__ u32 operator()(long long i) const { return static_cast<u32>(base + i); }
};
/// The key of merged input item v: the first input's for v < n1, else the second's.
struct merged_key {
  long long n1, n2;
  __device__ u8 operator()(long long v) const { return v < n1 ? ramp{n1}(v) : ramp{n2}(v - n1); }
};
struct merged_bin {
  merged_key key;
  __device__ int operator()(long long i) const { return key(i); }
};
}  // namespace

TEST_CASE("large: DeviceMerge MergePairs, MergeKeys with more than 2^31 items out (large)") {
  XCUB_TEST_CONTEXT();
  {
    const long long n1 = (1LL << 30) + 333, n2 = (1LL << 30) + 1000, n = n1 + n2;
    const mapped<u8, ramp> a(counting(0), ramp{n1}), b(counting(0), ramp{n2});
    const mapped<u32, offset_index> ia(counting(0), offset_index{0}), ib(counting(0), offset_index{n1});
    large::buf<u8> keys(n);
    large::buf<u32> values(n);
    large::two_phase([&](void* t, std::size_t& bytes) {
      return xcub::DeviceMerge::MergePairs(t, bytes, a, ia, n1, b, ib, n2, keys.p, values.p, less_u8{});
    });
    large::bitmap seen(n);
    LARGE_NONE_BAD("MergePairs: the stable merge",
                   n, (pairs_wrong<whole, merged_key>{keys.p, values.p, whole{}, merged_key{n1, n2}, false, seen.view()}));
  }
  {
    // The first input alone is longer than 2^31.
    const long long n1 = N - 7, n2 = 7;
    const mapped<u8, ramp> a(counting(0), ramp{n1}), b(counting(0), ramp{n2});
    large::buf<u8> keys(N);
    large::two_phase([&](void* t, std::size_t& bytes) {
      return xcub::DeviceMerge::MergeKeys(t, bytes, a, n1, b, n2, keys.p, less_u8{});
    });
    LARGE_NONE_BAD("MergeKeys: sorted", N, (keys_unsorted<whole>{keys.p, whole{}, false}));
    large::check_counts(large::histogram(N, 256, large::byte_bin{keys.p}),
                        large::histogram(N, 256, merged_bin{merged_key{n1, n2}}), "MergeKeys: key counts");
  }
}
