// The two-phase contract with null data pointers, for every device-layer family (the sorts and
// merges: tests/device_sort/test_device_sort_size_query.cpp), as CUB's: the size query
// (d_temp_storage == nullptr) answers with null key, value, input, output, offset and counter
// pointers, and gives the size that the query with the real pointers gives; the second call with
// null data pointers returns error_invalid_value and writes nothing; with the real pointers and that
// size it succeeds and matches the oracle (backends/host/reference) on random inputs.
#include <algorithm>
#include <cstring>
#include <cstdint>
#include <functional>
#include <vector>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_find.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_topk.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/reference/adjacent.hpp>
#include <xcub/reference/batched_copy.hpp>
#include <xcub/reference/find.hpp>
#include <xcub/reference/histogram.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/reduce_by_key.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/reference/scan_by_key.hpp>
#include <xcub/reference/segmented_reduce.hpp>
#include <xcub/reference/select.hpp>
#include <xcub/reference/topk.hpp>

#include "device_test_support.hpp"
#include "size_query_checks.hpp"

using namespace xcub_device_test;
using xcub_test::check_two_phases;
using xcub_test::or_null;

namespace {

/// A device buffer of n copies of `value`.
template <class T>
xcub::device_buffer<T> filled(std::size_t n, T value) {
  return to_device(std::vector<T>(n, value));
}

const std::vector<std::size_t> sizes = {1, 1000, 70001};

// Functors the device calls (host lambdas cannot be kernel template arguments on CUDA).
struct even_item {
  XCUB_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
struct negate_item {
  XCUB_HOST_DEVICE int operator()(int x) const { return -x; }
};

}  // namespace

TEST_CASE("DeviceReduce: the size query takes null pointers; Sum, ArgMax and ReduceByKey then match the oracle") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceReduce");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng);
    auto d_in = to_device(host);
    auto d_out = filled<long long>(1, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceReduce::Sum(t, b, or_null(real, d_in.data()), or_null(real, d_out.data()), n);
        },
        [&] { CHECK(d_out.download() == std::vector<long long>{-7}); });
    std::vector<long long> wide(host.begin(), host.end());
    CHECK(d_out.download() == std::vector<long long>{xcub::reference::reduce(wide, 0LL, std::plus<>{})});

    auto d_value = filled<int>(1, -7);
    auto d_index = filled<std::int64_t>(1, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceReduce::ArgMax(t, b, or_null(real, d_in.data()), or_null(real, d_value.data()),
                                            or_null(real, d_index.data()), static_cast<int>(n));
        },
        [&] { CHECK(d_index.download() == std::vector<std::int64_t>{-7}); });
    const auto best = std::max_element(host.begin(), host.end());
    CHECK(d_value.download() == std::vector<int>{*best});
    CHECK(d_index.download() == std::vector<std::int64_t>{best - host.begin()});

    std::vector<int> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = static_cast<int>(i / 7 + rng() % 2);
    auto d_keys = to_device(keys);
    auto d_unique = filled<int>(n, -7);
    auto d_aggs = filled<int>(n, -7);
    auto d_runs = filled<int>(1, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceReduce::ReduceByKey(t, b, or_null(real, d_keys.data()), or_null(real, d_unique.data()),
                                                 or_null(real, d_in.data()), or_null(real, d_aggs.data()),
                                                 or_null(real, d_runs.data()), xcub::Sum{}, n);
        },
        [&] { CHECK(d_runs.download() == std::vector<int>{-7}); });
    const auto want = xcub::reference::reduce_by_key(keys, host, std::equal_to<>{}, std::plus<>{});
    const std::size_t runs = want.unique_keys.size();
    CHECK(d_runs.download() == std::vector<int>{static_cast<int>(runs)});
    auto unique = d_unique.download();
    auto aggs = d_aggs.download();
    unique.resize(runs);
    aggs.resize(runs);
    xcub_test::check_equal(unique, want.unique_keys, "ReduceByKey keys");
    xcub_test::check_equal(aggs, want.aggregates, "ReduceByKey aggregates");
  }
}

TEST_CASE("DeviceScan: the size query takes null pointers; ExclusiveSum and InclusiveScanByKey then match the oracle") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceScan");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng);
    auto d_in = to_device(host);
    auto d_out = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceScan::ExclusiveSum(t, b, or_null(real, d_in.data()), or_null(real, d_out.data()), n);
        },
        [&] { CHECK(d_out.download() == std::vector<int>(n, -7)); });
    xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, 0, std::plus<>{}), "ExclusiveSum");

    std::vector<int> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = static_cast<int>(i / 5);
    auto d_keys = to_device(keys);
    auto d_scan = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceScan::InclusiveScanByKey(t, b, or_null(real, d_keys.data()), or_null(real, d_in.data()),
                                                      or_null(real, d_scan.data()), xcub::Max{}, n);
        },
        [&] { CHECK(d_scan.download() == std::vector<int>(n, -7)); });
    xcub_test::check_equal(
        d_scan.download(),
        xcub::reference::inclusive_scan_by_key(keys, host, [](int a, int b) { return a > b ? a : b; },
                                               std::equal_to<>{}),
        "InclusiveScanByKey");
  }
}

TEST_CASE("DeviceSelect, DevicePartition, DeviceRunLengthEncode: the size query takes null pointers") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceSelect");
  const even_item is_even;
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng, 0, 20);
    auto d_in = to_device(host);
    auto d_out = filled<int>(n, -7);
    auto d_count = filled<int>(1, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceSelect::If(t, b, or_null(real, d_in.data()), or_null(real, d_out.data()),
                                        or_null(real, d_count.data()), n, is_even);
        },
        [&] { CHECK(d_count.download() == std::vector<int>{-7}); });
    const auto want = xcub::reference::select_if(host, is_even);
    CHECK(d_count.download() == std::vector<int>{static_cast<int>(want.size())});
    auto got = d_out.download();
    got.resize(want.size());
    xcub_test::check_equal(got, want, "Select::If");

    // DevicePartition::If: the selected items in order, then the others in reverse order.
    auto d_parts = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DevicePartition::If(t, b, or_null(real, d_in.data()), or_null(real, d_parts.data()),
                                           or_null(real, d_count.data()), n, is_even);
        },
        [&] { CHECK(d_parts.download() == std::vector<int>(n, -7)); });
    std::vector<int> parts = want;
    for (auto it = host.rbegin(); it != host.rend(); ++it)
      if (!is_even(*it)) parts.push_back(*it);
    xcub_test::check_equal(d_parts.download(), parts, "Partition::If");

    auto d_unique = filled<int>(n, -7);
    auto d_lengths = filled<int>(n, -7);
    auto d_runs = filled<int>(1, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceRunLengthEncode::Encode(t, b, or_null(real, d_in.data()), or_null(real, d_unique.data()),
                                                     or_null(real, d_lengths.data()), or_null(real, d_runs.data()), n);
        },
        [&] { CHECK(d_runs.download() == std::vector<int>{-7}); });
    std::vector<int> unique, lengths;
    for (std::size_t i = 0; i < n; ++i) {
      if (i == 0 || host[i] != host[i - 1]) {
        unique.push_back(host[i]);
        lengths.push_back(0);
      }
      ++lengths.back();
    }
    CHECK(d_runs.download() == std::vector<int>{static_cast<int>(unique.size())});
    auto got_unique = d_unique.download();
    auto got_lengths = d_lengths.download();
    got_unique.resize(unique.size());
    got_lengths.resize(unique.size());
    xcub_test::check_equal(got_unique, unique, "Encode unique");
    xcub_test::check_equal(got_lengths, lengths, "Encode lengths");
  }
}

TEST_CASE("DeviceAdjacentDifference, DeviceTransform: the size query takes null pointers") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceAdjacentDifference");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng);
    auto d_in = to_device(host);
    auto d_out = filled<int>(n, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, or_null(real, d_in.data()),
                                                                  or_null(real, d_out.data()), n);
        },
        [&] { CHECK(d_out.download() == std::vector<int>(n, -7)); });
    xcub_test::check_equal(d_out.download(),
                           xcub::reference::subtract_left<int>(host, [](int a, int b) { return a - b; }, nullptr,
                                                               static_cast<long long>(n)),
                           "SubtractLeftCopy");

    auto d_neg = filled<int>(n, -7);
    const negate_item negate;
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceTransform::Transform(t, b, or_null(real, d_in.data()), or_null(real, d_neg.data()), n,
                                                  negate);
        },
        [&] { CHECK(d_neg.download() == std::vector<int>(n, -7)); });
    std::vector<int> want(n);
    std::transform(host.begin(), host.end(), want.begin(), negate);
    xcub_test::check_equal(d_neg.download(), want, "Transform");
  }
}

TEST_CASE("DeviceHistogram: the size query takes null samples, histograms and levels") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: DeviceHistogram");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng, 0, 255);
    auto d_in = to_device(host);
    auto d_hist = filled<unsigned>(16, 12345u);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceHistogram::HistogramEven(t, b, or_null(real, d_in.data()), or_null(real, d_hist.data()),
                                                      17, 0, 256, static_cast<int>(n));
        },
        [&] { CHECK(d_hist.download() == std::vector<unsigned>(16, 12345u)); });
    xcub_test::check_equal(d_hist.download(), xcub::reference::histogram_even<unsigned>(host, 17, 0, 256),
                           "HistogramEven");

    const std::vector<int> levels = {0, 3, 50, 51, 200, 256};
    auto d_levels = to_device(levels);
    auto d_range = filled<unsigned>(5, 12345u);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceHistogram::HistogramRange(t, b, or_null(real, d_in.data()), or_null(real, d_range.data()),
                                                       6, or_null(real, d_levels.data()), static_cast<int>(n));
        },
        [&] { CHECK(d_range.download() == std::vector<unsigned>(5, 12345u)); });
    xcub_test::check_equal(d_range.download(), xcub::reference::histogram_range<unsigned>(host, levels),
                           "HistogramRange");
  }
}

TEST_CASE("DeviceSegmentedReduce, DeviceFind, DeviceTopK, DeviceMemcpy: the size query takes null pointers") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("size query: segmented and search");
  for (const std::size_t n : sizes) {
    INFO("n = " << n);
    const auto host = small_values<int>(n, rng);
    auto d_in = to_device(host);
    std::vector<int> begins, ends;
    for (std::size_t i = 0; i < n; i += 1 + rng() % 40) {
      begins.push_back(static_cast<int>(i));
      ends.push_back(static_cast<int>(std::min(n, i + rng() % 60)));
    }
    auto d_begins = to_device(begins);
    auto d_ends = to_device(ends);
    const std::size_t segments = begins.size();
    auto d_sums = filled<int>(segments, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceSegmentedReduce::Sum(t, b, or_null(real, d_in.data()), or_null(real, d_sums.data()),
                                                  static_cast<int>(segments), or_null(real, d_begins.data()),
                                                  or_null(real, d_ends.data()));
        },
        [&] { CHECK(d_sums.download() == std::vector<int>(segments, -7)); });
    xcub_test::check_equal(d_sums.download(),
                           xcub::reference::segmented_reduce<int>(host, begins, ends, std::plus<>{}, 0),
                           "SegmentedReduce::Sum");

    std::vector<int> range = host;
    std::sort(range.begin(), range.end());
    const auto values = small_values<int>(300, rng, -120, 120);
    auto d_range = to_device(range);
    auto d_values = to_device(values);
    auto d_found = filled<std::size_t>(values.size(), 77);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceFind::LowerBound(t, b, or_null(real, d_range.data()), n, or_null(real, d_values.data()),
                                              values.size(), or_null(real, d_found.data()));
        },
        [&] { CHECK(d_found.download() == std::vector<std::size_t>(values.size(), 77)); });
    xcub_test::check_equal(d_found.download(), xcub::reference::lower_bound(range, values, std::less<>{}),
                           "LowerBound");

    const std::size_t k = std::min<std::size_t>(n, 37);
    auto d_top = filled<int>(k, -7);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceTopK::MaxKeys(t, b, or_null(real, d_in.data()), or_null(real, d_top.data()), n, k);
        },
        [&] { CHECK(d_top.download() == std::vector<int>(k, -7)); });
    auto top = d_top.download();
    auto want_top = xcub::reference::topk_keys(host, k, true);
    std::sort(top.begin(), top.end());
    std::sort(want_top.begin(), want_top.end());
    xcub_test::check_equal(top, want_top, "TopK::MaxKeys");

    // DeviceMemcpy::Batched: three pieces of the input's bytes.
    const std::size_t bytes_n = n * sizeof(int);
    auto d_copy = filled<unsigned char>(bytes_n, 0xEE);
    const auto* src = reinterpret_cast<const unsigned char*>(d_in.data());
    std::vector<const void*> srcs = {src, src + bytes_n / 3, src + bytes_n / 2};
    std::vector<void*> dsts = {d_copy.data() + bytes_n / 2, d_copy.data(), d_copy.data() + bytes_n / 3};
    std::vector<std::size_t> lengths = {bytes_n - bytes_n / 2, bytes_n / 3, bytes_n / 2 - bytes_n / 3};
    auto d_srcs = to_device(srcs);
    auto d_dsts = to_device(dsts);
    auto d_lengths = to_device(lengths);
    check_two_phases(
        [&](void* t, std::size_t& b, bool real) {
          return xcub::DeviceMemcpy::Batched(t, b, or_null(real, d_srcs.data()), or_null(real, d_dsts.data()),
                                             or_null(real, d_lengths.data()), 3);
        },
        [&] { CHECK(d_copy.download() == std::vector<unsigned char>(bytes_n, 0xEE)); });
    std::vector<unsigned char> source(bytes_n), dest(bytes_n, 0xEE);
    std::memcpy(source.data(), host.data(), bytes_n);
    xcub::reference::memcpy_batched(source, dest, {0, bytes_n / 3, bytes_n / 2},
                                    {bytes_n / 2, 0, bytes_n / 3}, lengths);
    xcub_test::check_equal(d_copy.download(), dest, "Memcpy::Batched");
  }
}
