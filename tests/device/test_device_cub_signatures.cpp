// Every Device* entry point of the device layer (the sorts and merges: tests/device_sort/
// test_device_sort_cub_signatures.cpp) called with its template arguments named explicitly, in CUB
// 3.0.1's order and count (cub/device/*.cuh), as ported code names them: the call must compile and
// bind each argument where CUB binds it. Each is the size query with null data pointers, which CUB
// answers and so must xcub (success, a size of at least one byte). DeviceFind and DeviceTopK are not
// in CUB 3.0.1.
#include <array>
#include <cstdint>
#include <tuple>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/util/key_value_pair.hpp>

#include "device_test_support.hpp"
#include "size_query_checks.hpp"

namespace {

using xcub_test::answers;

struct is_even {
  XCUB_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
struct is_small {
  XCUB_HOST_DEVICE bool operator()(int x) const { return x < 10; }
};
struct negate {
  XCUB_HOST_DEVICE int operator()(int x) const { return -x; }
};
struct touch {
  template <class T>
  XCUB_HOST_DEVICE void operator()(T&&) const {}
};

constexpr int n = 1000;
int* const ip = nullptr;
const int* const cip = nullptr;

}  // namespace

TEST_CASE("DeviceReduce: CUB 3.0.1's template parameter order, the size query with null pointers") {
  using kvp = xcub::KeyValuePair<int, int>;
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::Reduce<const int*, int*, xcub::Sum, int, int>(nullptr, b, cip, ip, n, xcub::Sum{}, 0);
  });
  answers([](std::size_t& b) { return xcub::DeviceReduce::Sum<const int*, int*, int>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) { return xcub::DeviceReduce::Min<const int*, int*, int>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) { return xcub::DeviceReduce::Max<const int*, int*, int>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::ArgMin<const int*, int*, std::int64_t*>(nullptr, b, cip, ip, nullptr, n);
  });
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::ArgMax<const int*, int*, std::int64_t*>(nullptr, b, cip, ip, nullptr, n);
  });
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::ArgMin<const int*, kvp*>(nullptr, b, cip, static_cast<kvp*>(nullptr), n);
  });
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::TransformReduce<const int*, int*, xcub::Sum, negate, int, int>(
        nullptr, b, cip, ip, n, xcub::Sum{}, negate{}, 0);
  });
  answers([](std::size_t& b) {
    return xcub::DeviceReduce::ReduceByKey<const int*, int*, const int*, int*, int*, xcub::Sum, int>(
        nullptr, b, cip, ip, cip, ip, ip, xcub::Sum{}, n);
  });
}

TEST_CASE("DeviceScan: CUB 3.0.1's template parameter order, the size query with null pointers") {
  using ds = xcub::DeviceScan;
  answers([](std::size_t& b) { return ds::ExclusiveSum<const int*, int*, int>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) { return ds::ExclusiveSum<int*, int>(nullptr, b, ip, n); });
  answers([](std::size_t& b) { return ds::InclusiveSum<const int*, int*, int>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) { return ds::InclusiveSum<int*, int>(nullptr, b, ip, n); });
  answers([](std::size_t& b) {
    return ds::ExclusiveScan<const int*, int*, xcub::Sum, int, int>(nullptr, b, cip, ip, xcub::Sum{}, 0, n);
  });
  answers([](std::size_t& b) { return ds::ExclusiveScan<int*, xcub::Sum, int, int>(nullptr, b, ip, xcub::Sum{}, 0,
      n); });
  answers([](std::size_t& b) {
    return ds::ExclusiveScan<const int*, int*, xcub::Sum, int, int*, int>(nullptr, b, cip, ip, xcub::Sum{},
                                                                         xcub::FutureValue<int>(ip), n);
  });
  answers([](std::size_t& b) {
    return ds::InclusiveScan<const int*, int*, xcub::Max, int>(nullptr, b, cip, ip, xcub::Max{}, n);
  });
  answers([](std::size_t& b) { return ds::InclusiveScan<int*, xcub::Max, int>(nullptr, b, ip, xcub::Max{}, n); });
  answers([](std::size_t& b) {
    return ds::InclusiveScanInit<const int*, int*, xcub::Sum, int, int>(nullptr, b, cip, ip, xcub::Sum{}, 5, n);
  });
  answers([](std::size_t& b) {
    return ds::ExclusiveSumByKey<const int*, const int*, int*, xcub::Equality, int>(nullptr, b, cip, cip, ip, n);
  });
  answers([](std::size_t& b) {
    return ds::ExclusiveScanByKey<const int*, const int*, int*, xcub::Sum, int, xcub::Equality, int>(
        nullptr, b, cip, cip, ip, xcub::Sum{}, 0, n);
  });
  answers([](std::size_t& b) {
    return ds::InclusiveSumByKey<const int*, const int*, int*, xcub::Equality, int>(nullptr, b, cip, cip, ip, n);
  });
  answers([](std::size_t& b) {
    return ds::InclusiveScanByKey<const int*, const int*, int*, xcub::Max, xcub::Equality, int>(
        nullptr, b, cip, cip, ip, xcub::Max{}, n);
  });
}

TEST_CASE("DeviceSelect and DevicePartition: CUB 3.0.1's template parameter order, null pointers in the query") {
  using dsel = xcub::DeviceSelect;
  const char* const flags = nullptr;
  answers([&](std::size_t& b) {
    return dsel::Flagged<const int*, const char*, int*, int*>(nullptr, b, cip, flags, ip, ip, n);
  });
  answers([&](std::size_t& b) { return dsel::Flagged<int*, const char*, int*>(nullptr, b, ip, flags, ip, n); });
  answers([&](std::size_t& b) {
    return dsel::FlaggedIf<const int*, const char*, int*, int*, is_even>(nullptr, b, cip, flags, ip, ip, n, is_even{});
  });
  answers([&](std::size_t& b) {
    return dsel::FlaggedIf<int*, const char*, int*, is_even>(nullptr, b, ip, flags, ip, n, is_even{});
  });
  answers([](std::size_t& b) { return dsel::If<const int*, int*, int*, is_even>(nullptr, b, cip, ip, ip, n,
      is_even{}); });
  answers([](std::size_t& b) { return dsel::If<int*, int*, is_even>(nullptr, b, ip, ip, n, is_even{}); });
  answers([](std::size_t& b) { return dsel::Unique<const int*, int*, int*>(nullptr, b, cip, ip, ip, n); });
  answers([](std::size_t& b) {
    return dsel::UniqueByKey<const int*, const int*, int*, int*, int*, int>(nullptr, b, cip, cip, ip, ip, ip, n);
  });
  answers([](std::size_t& b) {
    return dsel::UniqueByKey<const int*, const int*, int*, int*, int*, int, xcub::Equality>(nullptr, b, cip, cip, ip,
                                                                                           ip, ip, n, xcub::Equality{});
  });
  using dp = xcub::DevicePartition;
  answers([&](std::size_t& b) {
    return dp::Flagged<const int*, const char*, int*, int*, int>(nullptr, b, cip, flags, ip, ip, n);
  });
  answers([](std::size_t& b) { return dp::If<const int*, int*, int*, is_even, int>(nullptr, b, cip, ip, ip, n,
      is_even{}); });
  answers([](std::size_t& b) {
    return dp::If<const int*, int*, int*, int*, int*, is_even, is_small, int>(nullptr, b, cip, ip, ip, ip, ip, n,
                                                                              is_even{}, is_small{});
  });
}

TEST_CASE("DeviceRunLengthEncode and DeviceAdjacentDifference: CUB 3.0.1's template parameter order") {
  answers([](std::size_t& b) {
    return xcub::DeviceRunLengthEncode::Encode<const int*, int*, int*, int*>(nullptr, b, cip, ip, ip, ip, n);
  });
  answers([](std::size_t& b) {
    return xcub::DeviceRunLengthEncode::NonTrivialRuns<const int*, int*, int*, int*>(nullptr, b, cip, ip, ip, ip, n);
  });
  using dad = xcub::DeviceAdjacentDifference;
  answers([](std::size_t& b) {
    return dad::SubtractLeftCopy<const int*, int*, xcub::Difference, int>(nullptr, b, cip, ip, n, xcub::Difference{});
  });
  answers([](std::size_t& b) {
    return dad::SubtractRightCopy<const int*, int*, xcub::Difference, int>(nullptr, b, cip, ip, n, xcub::Difference{});
  });
  answers([](std::size_t& b) { return dad::SubtractLeft<int*, xcub::Difference, int>(nullptr, b, ip, n); });
  answers([](std::size_t& b) { return dad::SubtractRight<int*, xcub::Difference, int>(nullptr, b, ip, n); });
  answers([](std::size_t& b) { return dad::SubtractLeftCopy<const int*, int*>(nullptr, b, cip, ip, n); });
  answers([](std::size_t& b) { return dad::SubtractLeft<int*>(nullptr, b, ip, n); });
}

TEST_CASE("DeviceHistogram: CUB 3.0.1's template parameter order, null pointers in the query") {
  using dh = xcub::DeviceHistogram;
  const unsigned char* const samples = nullptr;
  unsigned* const hist = nullptr;
  const float* const levels = nullptr;
  answers([&](std::size_t& b) {
    return dh::HistogramEven<const unsigned char*, unsigned, int, int>(nullptr, b, samples, hist, 257, 0, 256, n);
  });
  answers([&](std::size_t& b) {
    return dh::HistogramEven<const unsigned char*, unsigned, int, int>(nullptr, b, samples, hist, 257, 0, 256, 10, 10,
                                                                       16);
  });
  answers([&](std::size_t& b) {
    return dh::HistogramRange<const float*, unsigned, float, int>(nullptr, b, levels, hist, 5, levels, n);
  });
  std::array<unsigned*, 3> hists{};
  const std::array<int, 3> num_levels{257, 257, 257};
  const std::array<int, 3> lower{0, 0, 0}, upper{256, 256, 256};
  const std::array<const int*, 3> channel_levels{};
  answers([&](std::size_t& b) {
    return dh::MultiHistogramEven<4, 3, const unsigned char*, unsigned, int, int>(nullptr, b, samples, hists,
                                                                                  num_levels, lower, upper, n);
  });
  answers([&](std::size_t& b) {
    return dh::MultiHistogramRange<4, 3, const unsigned char*, unsigned, int, int>(nullptr, b, samples, hists,
                                                                                   num_levels, channel_levels, n);
  });
  // CUB's C-array overloads
  unsigned* c_hists[3] = {nullptr, nullptr, nullptr};
  const int c_levels[3] = {257, 257, 257}, c_lower[3] = {0, 0, 0}, c_upper[3] = {256, 256, 256};
  const int* const c_channel_levels[3] = {nullptr, nullptr, nullptr};
  answers([&](std::size_t& b) {
    return dh::MultiHistogramEven<4, 3, const unsigned char*, unsigned, int, int>(nullptr, b, samples, c_hists,
                                                                                  c_levels, c_lower, c_upper, n);
  });
  answers([&](std::size_t& b) {
    return dh::MultiHistogramEven<4, 3, const unsigned char*, unsigned, int, int>(
        nullptr, b, samples, c_hists, c_levels, c_lower, c_upper, 10, 10, 64);
  });
  answers([&](std::size_t& b) {
    return dh::MultiHistogramRange<4, 3, const unsigned char*, unsigned, int, int>(nullptr, b, samples, c_hists,
                                                                                   c_levels, c_channel_levels, n);
  });
}

TEST_CASE("DeviceSegmentedReduce: CUB 3.0.1's template parameter order, null pointers in the query") {
  using dsr = xcub::DeviceSegmentedReduce;
  using kvp = xcub::KeyValuePair<int, int>;
  kvp* const pairs = nullptr;
  answers([](std::size_t& b) {
    return dsr::Reduce<const int*, int*, const int*, const int*, xcub::Sum, int>(nullptr, b, cip, ip, 10, cip, cip,
                                                                                 xcub::Sum{}, 0);
  });
  answers([](std::size_t& b) {
    return dsr::Sum<const int*, int*, const int*, const int*>(nullptr, b, cip, ip, 10, cip, cip);
  });
  answers([](std::size_t& b) {
    return dsr::Min<const int*, int*, const int*, const int*>(nullptr, b, cip, ip, 10, cip, cip);
  });
  answers([](std::size_t& b) {
    return dsr::Max<const int*, int*, const int*, const int*>(nullptr, b, cip, ip, 10, cip, cip);
  });
  answers([&](std::size_t& b) {
    return dsr::ArgMin<const int*, kvp*, const int*, const int*>(nullptr, b, cip, pairs, 10, cip, cip);
  });
  answers([&](std::size_t& b) {
    return dsr::ArgMax<const int*, kvp*, const int*, const int*>(nullptr, b, cip, pairs, 10, cip, cip);
  });
}

TEST_CASE("DeviceFor, DeviceTransform, DeviceMemcpy, DeviceCopy: CUB 3.0.1's template parameter order") {
  // DeviceFor and DeviceTransform take no temp storage: nothing to do with no items.
  CHECK(xcub::DeviceFor::Bulk<int, touch>(0, touch{}) == xcub::success);
  CHECK(xcub::DeviceFor::ForEachN<int*, int, touch>(ip, 0, touch{}) == xcub::success);
  CHECK(xcub::DeviceFor::ForEach<int*, touch>(ip, ip, touch{}) == xcub::success);
  CHECK(xcub::DeviceFor::ForEachCopyN<const int*, int, touch>(cip, 0, touch{}) == xcub::success);
  CHECK(xcub::DeviceFor::ForEachCopy<const int*, touch>(cip, cip, touch{}) == xcub::success);
  CHECK(xcub::DeviceTransform::Transform<const int*, int*, int, negate>(cip, ip, 0, negate{}) == xcub::success);
  const void* const* const srcs = nullptr;
  void* const* const dsts = nullptr;
  const std::size_t* const sizes = nullptr;
  answers([&](std::size_t& b) {
    return xcub::DeviceMemcpy::Batched<const void* const*, void* const*, const std::size_t*>(nullptr, b, srcs, dsts,
                                                                                             sizes, 100);
  });
  const int* const* const in_ranges = nullptr;
  int* const* const out_ranges = nullptr;
  answers([&](std::size_t& b) {
    return xcub::DeviceCopy::Batched<const int* const*, int* const*, const std::size_t*>(nullptr, b, in_ranges,
                                                                                         out_ranges, sizes, 100);
  });
}
