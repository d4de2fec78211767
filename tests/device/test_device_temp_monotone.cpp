// temp_storage_bytes never decreases as the count grows, for every device-layer family (the sorts
// and merges: tests/device_sort/test_device_sort_temp_monotone.cpp), its count types and a narrow
// and a wide item type: temp storage sized once for the largest call serves every smaller one. The
// queries pass null data pointers (the size query takes them, as CUB's); counts run from 0 to
// 2^31 - 1 for int counts and to 2^36 for 64-bit ones (only the size is asked: nothing is allocated).
#include <cstdint>
#include <functional>
#include <limits>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_find.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_topk.hpp>

#include "device_test_support.hpp"
#include "temp_monotone_checks.hpp"

using xcub_test::check_temp_monotone;

namespace {

constexpr std::uint64_t int_max = xcub_test::int_count_max;
constexpr std::uint64_t wide_max = xcub_test::wide_count_max;
using xcub_test::count_name;
using xcub_test::for_count_types;

struct is_odd {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(T x) const { return (static_cast<long long>(x) & 1) != 0; }
};
struct is_small {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(T x) const { return x < T(3); }
};
struct no_op {
  template <class T>
  XCUB_HOST_DEVICE void operator()(T) const {}
};


template <class T>
void reduce_and_scan(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: reduce and scan");
  const T* in = nullptr;
  T* out = nullptr;
  std::int64_t* index = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" ") + type + ", " + count_name(c);
    check_temp_monotone("DeviceReduce::Sum" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceReduce::Sum(nullptr, b, in, out, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceReduce::Reduce(Max)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceReduce::Reduce(nullptr, b, in, out, static_cast<N>(n), xcub::Max{}, T{});
    }, rng);
    check_temp_monotone("DeviceReduce::ArgMax" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceReduce::ArgMax(nullptr, b, in, out, index, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceScan::InclusiveSum" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceScan::InclusiveSum(nullptr, b, in, out, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceScan::ExclusiveScan(Max)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceScan::ExclusiveScan(nullptr, b, in, out, xcub::Max{}, T{}, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceAdjacentDifference::SubtractLeftCopy" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceAdjacentDifference::SubtractLeftCopy(nullptr, b, in, out,
                                                                                  static_cast<N>(n));
                        },
                        rng);
  });
}

template <class K, class V>
void by_key(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: by key");
  const K* keys = nullptr;
  K* keys_out = nullptr;
  const V* values = nullptr;
  V* values_out = nullptr;
  int* count = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" ") + type + ", " + count_name(c);
    check_temp_monotone("DeviceReduce::ReduceByKey" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceReduce::ReduceByKey(nullptr, b, keys, keys_out, values, values_out, count, xcub::Sum{},
                                             static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceScan::ExclusiveSumByKey" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceScan::ExclusiveSumByKey(nullptr, b, keys, values, values_out, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceSelect::UniqueByKey" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceSelect::UniqueByKey(nullptr, b, keys, values, keys_out, values_out, count,
                                             static_cast<N>(n));
    }, rng);
  });
}

template <class T>
void select_family(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: select");
  const T* in = nullptr;
  T* out = nullptr;
  T* second = nullptr;
  T* rest = nullptr;
  const char* flags = nullptr;
  int* count = nullptr;
  int* lengths = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" ") + type + ", " + count_name(c);
    check_temp_monotone("DeviceSelect::If" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceSelect::If(nullptr, b, in, out, count, static_cast<N>(n), is_odd{});
    }, rng);
    check_temp_monotone("DeviceSelect::Flagged" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceSelect::Flagged(nullptr, b, in, flags, out, count, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceSelect::Unique" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceSelect::Unique(nullptr, b, in, out, count, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DevicePartition::If" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DevicePartition::If(nullptr, b, in, out, count, static_cast<N>(n), is_odd{});
    }, rng);
    check_temp_monotone("DevicePartition::If (three-way)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DevicePartition::If(nullptr, b, in, out, second, rest, count, static_cast<N>(n), is_odd{},
                                       is_small{});
    }, rng);
    check_temp_monotone("DeviceRunLengthEncode::Encode" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceRunLengthEncode::Encode(nullptr, b, in, out, lengths, count, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceRunLengthEncode::NonTrivialRuns" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceRunLengthEncode::NonTrivialRuns(nullptr, b, in, lengths, lengths, count,
                                                                             static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone("DeviceFind::FindIf" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceFind::FindIf(nullptr, b, in, count, is_odd{}, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceFind::LowerBound (values)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceFind::LowerBound(nullptr, b, in, N(1000), in, static_cast<N>(n), count);
    }, rng);
    check_temp_monotone("DeviceTopK::MaxKeys (k = 100)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceTopK::MaxKeys(nullptr, b, in, out, static_cast<N>(n), N(n < 100 ? n : 100));
    }, rng);
    check_temp_monotone("DeviceFor::ForEachN" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceFor::ForEachN(nullptr, b, out, static_cast<N>(n), no_op{});
    }, rng);
  });
}

template <class Sample>
void histogram_family(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: histogram");
  const Sample* samples = nullptr;
  int* hist = nullptr;
  int* hists[3] = {nullptr, nullptr, nullptr};
  const Sample* levels = nullptr;
  const Sample* levels3[3] = {nullptr, nullptr, nullptr};
  const int num_levels3[3] = {17, 17, 17};
  const Sample lower3[3] = {Sample(0), Sample(0), Sample(0)};
  const Sample upper3[3] = {Sample(100), Sample(100), Sample(100)};
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" ") + type + ", " + count_name(c);
    check_temp_monotone("DeviceHistogram::HistogramEven (64 bins)" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceHistogram::HistogramEven(nullptr, b, samples, hist, 65, Sample(0),
                                                                      Sample(100), static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone("DeviceHistogram::HistogramRange (16 bins)" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceHistogram::HistogramRange(nullptr, b, samples, hist, 17, levels,
                                                                       static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone("DeviceHistogram::MultiHistogramEven<4, 3>" + tail, max_count / 4,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceHistogram::MultiHistogramEven<4, 3>(nullptr, b, samples, hists,
                                                                                 num_levels3, lower3, upper3,
                                                                                 static_cast<N>(n));
                        },
                        rng);
    (void)levels3;
  });
}

}  // namespace

TEST_CASE("the temp-size sweep finds a decrease and a failed query") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("temp monotone: the sweep itself");
  // a size that grows with the count but halves past 2^20 items, as a dispatch that switches to a
  // leaner path would
  const auto dips = xcub_test::sweep_temp_sizes(int_max, [](std::size_t& b, std::uint64_t n) {
    b = n < (std::uint64_t{1} << 20) ? 64 + n : 32 + n / 2;
    return xcub::success;
  }, rng);
  CHECK(dips.decreases >= 1);
  CHECK(dips.n_after == (std::uint64_t{1} << 20));
  CHECK(dips.bytes_before == 64 + dips.n_before);
  const auto grows = xcub_test::sweep_temp_sizes(wide_max, [](std::size_t& b, std::uint64_t n) {
    b = 1 + n / 1000;
    return xcub::success;
  }, rng);
  CHECK(grows.decreases == 0);
  CHECK(!grows.failed);
  CHECK(grows.max_bytes == 1 + wide_max / 1000);
  const auto refused = xcub_test::sweep_temp_sizes(int_max, [](std::size_t& b, std::uint64_t n) {
    b = 1;
    return n > 5000 ? xcub::error_invalid_value : xcub::success;
  }, rng);
  CHECK(refused.failed);
  CHECK(refused.failed_n > 5000);
}

TEST_CASE("temp_storage_bytes never decreases as num_items grows: DeviceReduce, DeviceScan, DeviceAdjacentDifference") {
  XCUB_TEST_CONTEXT();
  reduce_and_scan<std::int8_t>("int8");
  reduce_and_scan<double>("double");
}

TEST_CASE("temp_storage_bytes never decreases as num_items grows: ReduceByKey, ScanByKey, UniqueByKey") {
  XCUB_TEST_CONTEXT();
  by_key<std::int8_t, std::int8_t>("int8/int8");
  by_key<std::int64_t, float>("int64/float");
}

TEST_CASE("temp_storage_bytes never decreases as num_items grows: DeviceSelect, DevicePartition, "
          "DeviceRunLengthEncode, DeviceFind, DeviceTopK, DeviceFor") {
  XCUB_TEST_CONTEXT();
  select_family<std::int8_t>("int8");
  select_family<std::int64_t>("int64");
}

TEST_CASE("temp_storage_bytes never decreases as num_items grows: DeviceHistogram") {
  XCUB_TEST_CONTEXT();
  histogram_family<std::uint8_t>("uint8");
  histogram_family<float>("float");
}

TEST_CASE("temp_storage_bytes never decreases as num_segments grows: DeviceSegmentedReduce; as num_buffers grows: "
          "DeviceMemcpy::Batched, DeviceCopy::Batched") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("temp monotone: segments and buffers");
  const int* in = nullptr;
  int* out = nullptr;
  const int* offsets = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" int32, ") + count_name(c);
    check_temp_monotone("DeviceSegmentedReduce::Sum" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceSegmentedReduce::Sum(nullptr, b, in, out, static_cast<N>(n), offsets, offsets + 1);
    }, rng);
    check_temp_monotone("DeviceSegmentedReduce::ArgMin" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      xcub::KeyValuePair<int, int>* kv = nullptr;
      return xcub::DeviceSegmentedReduce::ArgMin(nullptr, b, in, kv, static_cast<N>(n), offsets, offsets + 1);
    }, rng);
  });
  const void* const* srcs = nullptr;
  void* const* dsts = nullptr;
  const std::size_t* sizes = nullptr;
  const int* const* in_ranges = nullptr;
  int* const* out_ranges = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    check_temp_monotone(std::string("DeviceMemcpy::Batched, ") + count_name(c), max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceMemcpy::Batched(nullptr, b, srcs, dsts, sizes, static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone(std::string("DeviceCopy::Batched, ") + count_name(c), max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceCopy::Batched(nullptr, b, in_ranges, out_ranges, sizes,
                                                           static_cast<N>(n));
                        },
                        rng);
  });
}
