// Every device sort and merge entry point called with its template arguments named explicitly, in
// CUB 3.0.1's order and count (cub/device/device_{radix,segmented_radix,segmented,merge_}sort.cuh,
// device_merge.cuh), as ported code names them: the call must compile and bind each argument where
// CUB binds it. Each is the size query with null data pointers, which CUB answers and so must xcub
// (success, a size of at least one byte).
#include <cstdint>
#include <functional>
#include <tuple>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/util/double_buffer.hpp>

#include "test_support.hpp"
#include "size_query_checks.hpp"

namespace {

using xcub_test::answers;

struct pair_key {
  float a;
  int b;
};
struct pair_decomposer {
  XCUB_HOST_DEVICE std::tuple<float&, int&> operator()(pair_key& k) const { return {k.a, k.b}; }
};

constexpr int n = 5000;
constexpr int segments = 7;

}  // namespace

TEST_CASE("DeviceRadixSort: CUB 3.0.1's template parameter order, the size query with null pointers") {
  using drs = xcub::DeviceRadixSort;
  const float* const kin = nullptr;
  float* const kout = nullptr;
  const int* const vin = nullptr;
  int* const vout = nullptr;
  answers([&](std::size_t& b) { return drs::SortKeys<float, int>(nullptr, b, kin, kout, n); });
  answers([&](std::size_t& b) { return drs::SortKeys<float, int>(nullptr, b, kin, kout, n, 0, 20); });
  answers([&](std::size_t& b) { return drs::SortKeysDescending<float, int>(nullptr, b, kin, kout, n); });
  answers([&](std::size_t& b) { return drs::SortPairs<float, int, int>(nullptr, b, kin, kout, vin, vout, n); });
  answers([&](std::size_t& b) {
    return drs::SortPairsDescending<float, int, std::int64_t>(nullptr, b, kin, kout, vin, vout, n, 4, 28);
  });
  xcub::DoubleBuffer<float> keys;
  xcub::DoubleBuffer<int> values;
  answers([&](std::size_t& b) { return drs::SortKeys<float, int>(nullptr, b, keys, n); });
  answers([&](std::size_t& b) { return drs::SortPairs<float, int, int>(nullptr, b, keys, values, n); });
  answers([&](std::size_t& b) { return drs::SortPairsDescending<float, int, int>(nullptr, b, keys, values, n); });
  // the decomposer forms: <KeyT, NumItemsT, DecomposerT> and <KeyT, ValueT, NumItemsT, DecomposerT>
  const pair_key* const pin = nullptr;
  pair_key* const pout = nullptr;
  answers([&](std::size_t& b) {
    return drs::SortKeys<pair_key, int, pair_decomposer>(nullptr, b, pin, pout, n, pair_decomposer{});
  });
  answers([&](std::size_t& b) {
    return drs::SortPairsDescending<pair_key, int, int, pair_decomposer>(nullptr, b, pin, pout, vin, vout, n,
                                                                         pair_decomposer{});
  });
}

TEST_CASE("DeviceSegmentedRadixSort and DeviceSegmentedSort: CUB 3.0.1's template parameter order") {
  const double* const kin = nullptr;
  double* const kout = nullptr;
  const int* const vin = nullptr;
  int* const vout = nullptr;
  const int* const offsets = nullptr;
  xcub::DoubleBuffer<double> keys;
  xcub::DoubleBuffer<int> values;
  using dsrs = xcub::DeviceSegmentedRadixSort;
  answers([&](std::size_t& b) {
    return dsrs::SortPairs<double, int, const int*, const int*>(nullptr, b, kin, kout, vin, vout, n, segments,
                                                                 offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dsrs::SortPairs<double, int, const int*, const int*>(nullptr, b, keys, values, n, segments, offsets,
                                                                 offsets);
  });
  answers([&](std::size_t& b) {
    return dsrs::SortKeys<double, const int*, const int*>(nullptr, b, kin, kout, n, segments, offsets, offsets, 0, 64);
  });
  answers([&](std::size_t& b) {
    return dsrs::SortKeysDescending<double, const int*, const int*>(nullptr, b, keys, n, segments, offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dsrs::SortPairsDescending<double, int, const int*, const int*>(nullptr, b, kin, kout, vin, vout, n,
                                                                           segments, offsets, offsets);
  });
  using dss = xcub::DeviceSegmentedSort;
  answers([&](std::size_t& b) {
    return dss::SortPairs<double, int, const int*, const int*>(nullptr, b, kin, kout, vin, vout, n, segments, offsets,
                                                                offsets);
  });
  answers([&](std::size_t& b) {
    return dss::SortKeys<double, const int*, const int*>(nullptr, b, kin, kout, n, segments, offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dss::SortKeysDescending<double, const int*, const int*>(nullptr, b, keys, n, segments, offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dss::StableSortPairs<double, int, const int*, const int*>(nullptr, b, keys, values, n, segments, offsets,
                                                                      offsets);
  });
  answers([&](std::size_t& b) {
    return dss::StableSortPairsDescending<double, int, const int*, const int*>(nullptr, b, kin, kout, vin, vout, n,
                                                                                segments, offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dss::StableSortKeys<double, const int*, const int*>(nullptr, b, kin, kout, n, segments, offsets, offsets);
  });
  answers([&](std::size_t& b) {
    return dss::StableSortKeysDescending<double, const int*, const int*>(nullptr, b, kin, kout, n, segments, offsets,
                                                                          offsets);
  });
}

TEST_CASE("DeviceMergeSort and DeviceMerge: CUB 3.0.1's template parameter order, null pointers in the query") {
  using dms = xcub::DeviceMergeSort;
  using less = std::less<>;
  int* const keys = nullptr;
  const int* const ckeys = nullptr;
  long* const items = nullptr;
  const long* const citems = nullptr;
  answers([&](std::size_t& b) { return dms::SortPairs<int*, long*, int, less>(nullptr, b, keys, items, n, less{}); });
  answers([&](std::size_t& b) {
    return dms::SortPairsCopy<const int*, const long*, int*, long*, int, less>(nullptr, b, ckeys, citems, keys, items,
                                                                               n, less{});
  });
  answers([&](std::size_t& b) { return dms::SortKeys<int*, int, less>(nullptr, b, keys, n, less{}); });
  answers([&](std::size_t& b) {
    return dms::SortKeysCopy<const int*, int*, int, less>(nullptr, b, ckeys, keys, n, less{});
  });
  answers([&](std::size_t& b) {
    return dms::StableSortPairs<int*, long*, int, less>(nullptr, b, keys, items, n, less{});
  });
  answers([&](std::size_t& b) { return dms::StableSortKeys<int*, int, less>(nullptr, b, keys, n, less{}); });
  answers([&](std::size_t& b) {
    return dms::StableSortKeysCopy<const int*, int*, int, less>(nullptr, b, ckeys, keys, n, less{});
  });
  using dm = xcub::DeviceMerge;
  answers([&](std::size_t& b) {
    return dm::MergeKeys<const int*, const int*, int*, less>(nullptr, b, ckeys, n, ckeys, 300, keys, less{});
  });
  answers([&](std::size_t& b) { return dm::MergeKeys<const int*, const int*, int*>(nullptr, b, ckeys, n, ckeys, 300,
      keys); });
  answers([&](std::size_t& b) {
    return dm::MergePairs<const int*, const long*, const int*, const long*, int*, long*, less>(
        nullptr, b, ckeys, citems, n, ckeys, citems, 300, keys, items, less{});
  });
}
