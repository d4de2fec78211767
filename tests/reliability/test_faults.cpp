// Fault injection on the host backend: for every device family, a user's whole call (a stream,
// the size query, the temp storage from device_malloc or from a CachingDeviceAllocator, the run,
// the frees) is repeated with its k-th allocation failing, for every k until none is left to
// fail, and with its k-th kernel launch failing, for every k until the call launches fewer. Each
// failing call must return the error (error_memory_allocation, or the launch's error unchanged),
// leave no device allocation behind, and, when it failed before any launch, have written nothing.
// A call that absorbs a failure (the caching allocator caching a block) must still give the clean
// run's result, which the other suites check against the oracle.
#include "test_support.hpp"

#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_find.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_topk.hpp>
#include <xcub/util/caching_device_allocator.hpp>
#include <xcub/util/device_buffer.hpp>

namespace {

namespace hd = xcub::host::detail;
using call_t = std::function<xcub::error_t(void*, std::size_t&, xcub::stream_t)>;

/// A device algorithm's call and the device buffers it writes.
struct case_t {
  const char* name;
  call_t call;
  std::vector<std::pair<void*, std::size_t>> outputs;  // poisoned before each run, compared after
};

constexpr unsigned char poison = 0xEE;

void poison_outputs(const case_t& c) {
  for (auto [p, n] : c.outputs) REQUIRE(xcub::memset(p, poison, n) == xcub::success);
}
std::vector<unsigned char> snapshot(const case_t& c) {
  std::vector<unsigned char> all;
  for (auto [p, n] : c.outputs) {
    const std::size_t at = all.size();
    all.resize(at + n);
    REQUIRE(xcub::memcpy(all.data() + at, p, n) == xcub::success);
  }
  return all;
}
bool untouched(const std::vector<unsigned char>& s) {
  for (unsigned char b : s) {
    if (b != poison) return false;
  }
  return true;
}

/// The user's whole call: stream, size query, temp storage, run, frees. Returns the first error;
/// every allocation it made is given back on every path.
xcub::error_t whole_call(const case_t& c, xcub::CachingDeviceAllocator* cache) {
  xcub::stream_t stream{};
  if (const auto e = xcub::stream_create(&stream); e != xcub::success) return e;
  std::size_t bytes = 0;
  xcub::error_t e = c.call(nullptr, bytes, stream);
  void* temp = nullptr;
  if (e == xcub::success) e = cache ? cache->DeviceAllocate(&temp, bytes, stream) : xcub::device_malloc(&temp, bytes);
  if (e == xcub::success) e = c.call(temp, bytes, stream);
  if (temp) {
    const auto f = cache ? cache->DeviceFree(temp) : xcub::device_free(temp);
    if (e == xcub::success) e = f;
  }
  const auto d = xcub::stream_destroy(stream);
  return e == xcub::success ? d : e;
}

void walk_faults(const case_t& c) {
  INFO("algorithm: " << std::string(c.name));
  const std::size_t live_before = hd::device_live_allocations();
  poison_outputs(c);
  REQUIRE(whole_call(c, nullptr) == xcub::success);
  const std::vector<unsigned char> want = snapshot(c);
  REQUIRE(hd::device_live_allocations() == live_before);

  for (int with_cache = 0; with_cache < 2; ++with_cache) {
    xcub::CachingDeviceAllocator cache;
    for (unsigned long long k = 1;; ++k) {
      INFO((with_cache ? "CachingDeviceAllocator" : "device_malloc") << ", allocation " << k << " fails");
      REQUIRE(k < 64);
      poison_outputs(c);
      const unsigned long long fired_before = hd::injected_faults();
      hd::inject_allocation_failure(k);
      const xcub::error_t e = whole_call(c, with_cache ? &cache : nullptr);
      hd::inject_allocation_failure(0);
      const bool fired = hd::injected_faults() != fired_before;
      REQUIRE(cache.FreeAllCached() == xcub::success);
      CHECK(hd::device_live_allocations() == live_before);
      CHECK(cache.Stats().live_blocks == 0);
      const auto got = snapshot(c);
      if (!fired) {  // the call has fewer than k allocations: it ran clean
        CHECK(e == xcub::success);
        CHECK(got == want);
        break;
      }
      if (e != xcub::success) {
        CHECK(e == xcub::error_memory_allocation);
        CHECK(untouched(got));  // every allocation comes before the first launch
      } else {
        CHECK(got == want);  // absorbed (a block given back instead of cached): still right
      }
    }
  }

  std::size_t bytes = 0;
  REQUIRE(c.call(nullptr, bytes, 0) == xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  for (unsigned long long k = 1;; ++k) {  // the call's launches, each failing in turn
    INFO("launch " << k << " fails");
    REQUIRE(k < 256);
    poison_outputs(c);
    const unsigned long long fired_before = hd::injected_faults();
    hd::inject_launch_failure(k);
    const xcub::error_t e = c.call(temp.data(), bytes, 0);
    hd::inject_launch_failure(0);
    const bool fired = hd::injected_faults() != fired_before;
    CHECK(hd::device_live_allocations() == live_before + 1);
    if (!fired) {
      CHECK(e == xcub::success);
      CHECK(snapshot(c) == want);
      break;
    }
    CHECK(e == xcub::error_launch_failure);  // the launch's own error, passed on unchanged
  }
}

template <class T>
std::vector<T> random_keys(std::size_t n, std::uint64_t seed, int range) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<int>(rng() % static_cast<std::uint64_t>(range)) - range / 2);
  return v;
}

template <class T>
xcub::device_buffer<T> upload(const std::vector<T>& h) {
  xcub::device_buffer<T> d(h.size());
  d.upload(h);
  return d;
}

struct is_even {
  XCUB_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
struct above_ten {
  XCUB_HOST_DEVICE bool operator()(int x) const { return x > 10; }
};
template <class T>
std::pair<void*, std::size_t> out(xcub::device_buffer<T>& b) {
  return {b.data(), b.size() * sizeof(T)};
}

constexpr int n = 3000;  // several tiles and blocks of the host tunings

}  // namespace

TEST_CASE("faults: reductions, scans and segmented reductions return every injected error and leak nothing") {
  auto in = upload(random_keys<int>(n, 1, 200));
  xcub::device_buffer<int> sum(1), scan(n), seg(16);
  std::vector<int> offs(17);
  for (int i = 0; i <= 16; ++i) offs[i] = i * n / 16;
  auto d_offs = upload(offs);
  const int* ip = in.data();
  walk_faults({"DeviceReduce::Sum",
               [&](void* t, std::size_t& b, xcub::stream_t s) { return xcub::DeviceReduce::Sum(t, b, ip, sum.data(), n, s); },
               {out(sum)}});
  walk_faults({"DeviceScan::ExclusiveSum",
               [&](void* t, std::size_t& b, xcub::stream_t s) { return xcub::DeviceScan::ExclusiveSum(t, b, ip, scan.data(), n, s); },
               {out(scan)}});
  walk_faults({"DeviceSegmentedReduce::Sum",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceSegmentedReduce::Sum(t, b, ip, seg.data(), 16, d_offs.data(), d_offs.data() + 1, s);
               },
               {out(seg)}});
  walk_faults({"DeviceAdjacentDifference::SubtractLeftCopy",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, ip, scan.data(), n, xcub::Difference{}, s);
               },
               {out(scan)}});
}

TEST_CASE("faults: selection, partition, run-length encoding, histogram, find and top-k") {
  auto in = upload(random_keys<int>(n, 2, 40));
  std::vector<unsigned char> flags_h(n);
  for (int i = 0; i < n; ++i) flags_h[i] = static_cast<unsigned char>(i % 3 == 0);
  auto flags = upload(flags_h);
  xcub::device_buffer<int> sel(n), count(1), uniq(n), lens(n), hist(8), topk(10);
  xcub::device_buffer<long long> found(1);
  const int* ip = in.data();
  walk_faults({"DeviceSelect::Flagged",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceSelect::Flagged(t, b, ip, flags.data(), sel.data(), count.data(), n, s);
               },
               {out(sel), out(count)}});
  walk_faults({"DevicePartition::If",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DevicePartition::If(t, b, ip, sel.data(), count.data(), n, is_even{}, s);
               },
               {out(sel), out(count)}});
  walk_faults({"DeviceRunLengthEncode::Encode",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceRunLengthEncode::Encode(t, b, ip, uniq.data(), lens.data(), count.data(), n, s);
               },
               {out(uniq), out(lens), out(count)}});
  walk_faults({"DeviceHistogram::HistogramEven",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceHistogram::HistogramEven(t, b, ip, hist.data(), 9, -20, 20, n, s);
               },
               {out(hist)}});
  walk_faults({"DeviceFind::FindIf",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceFind::FindIf(t, b, ip, found.data(), above_ten{}, n, s);
               },
               {out(found)}});
  walk_faults({"DeviceTopK::MaxKeys",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceTopK::MaxKeys(t, b, ip, topk.data(), n, 10, s);
               },
               {out(topk)}});
}

TEST_CASE("faults: radix, segmented, merge sorts and merge return every injected error and leak nothing") {
  auto keys = upload(random_keys<int>(n, 3, 1 << 20));
  auto vals = upload(random_keys<int>(n, 4, 1000));
  xcub::device_buffer<int> ko(n), vo(n);
  std::vector<int> offs(9);
  for (int i = 0; i <= 8; ++i) offs[i] = i * n / 8;
  auto d_offs = upload(offs);
  const int* kp = keys.data();
  walk_faults({"DeviceRadixSort::SortPairs",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceRadixSort::SortPairs(t, b, kp, ko.data(), vals.data(), vo.data(), n, 0, 32, s);
               },
               {out(ko), out(vo)}});
  walk_faults({"DeviceSegmentedRadixSort::SortKeys",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceSegmentedRadixSort::SortKeys(t, b, kp, ko.data(), n, 8, d_offs.data(),
                                                                 d_offs.data() + 1, 0, 32, s);
               },
               {out(ko)}});
  walk_faults({"DeviceSegmentedSort::SortKeys",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceSegmentedSort::SortKeys(t, b, kp, ko.data(), n, 8, d_offs.data(), d_offs.data() + 1, s);
               },
               {out(ko)}});
  walk_faults({"DeviceMergeSort::SortKeysCopy",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceMergeSort::SortKeysCopy(t, b, kp, ko.data(), n, std::less<int>{}, s);
               },
               {out(ko)}});
  walk_faults({"DeviceMerge::MergeKeys",
               [&](void* t, std::size_t& b, xcub::stream_t s) {
                 return xcub::DeviceMerge::MergeKeys(t, b, d_offs.data(), 9, d_offs.data(), 9, ko.data(), std::less<int>{}, s);
               },
               {{ko.data(), 18 * sizeof(int)}}});
}

TEST_CASE("faults: the emulator's launch layer gives the injected error back and runs nothing") {
  std::size_t bytes = 0;
  xcub::device_buffer<int> in(10), o(1);
  REQUIRE(xcub::DeviceReduce::Sum(nullptr, bytes, in.data(), o.data(), 10) == xcub::success);
  hd::inject_launch_failure(1, xcub::error_invalid_configuration);
  void* t = nullptr;
  REQUIRE(xcub::device_malloc(&t, bytes) == xcub::success);
  CHECK(xcub::DeviceReduce::Sum(t, bytes, in.data(), o.data(), 10) == xcub::error_invalid_configuration);
  CHECK(xcub::device_free(t) == xcub::success);
  hd::inject_allocation_failure(1);
  xcub::event_t ev{};
  CHECK(xcub::event_create(&ev) == xcub::error_memory_allocation);
  CHECK(ev == nullptr);
}
