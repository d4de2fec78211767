// DeviceRadixSort::SortKeys u32, f32, u64 and SortPairs u32/u32: xcub against CUB.
#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"

namespace xcub_bench::device {
namespace {

template <class K>
void sort_keys(report& rep, const char* type, int max_log2 = 30) {
  sort_sizes<K, void>(
      rep, "DeviceRadixSort::SortKeys", type,
      [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, auto n) {
        return xcub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
      },
      [](void* t, std::size_t& b, const K* ki, K* ko, const char*, char*, auto n) {
        return cub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
      },
      max_log2);
}

}  // namespace

void run_radix_sort_keys(report& rep) {
  sort_keys<std::uint32_t>(rep, "u32");
  sort_sizes<std::uint32_t, std::uint32_t>(
      rep, "DeviceRadixSort::SortPairs", "u32/u32",
      [](void* t, std::size_t& b, const std::uint32_t* ki, std::uint32_t* ko, const std::uint32_t* vi,
         std::uint32_t* vo, auto n) { return xcub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n); },
      [](void* t, std::size_t& b, const std::uint32_t* ki, std::uint32_t* ko, const std::uint32_t* vi,
         std::uint32_t* vo, auto n) { return cub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n); });
  sort_keys<float>(rep, "f32");
  sort_keys<std::uint64_t>(rep, "u64", 27);
}

}  // namespace xcub_bench::device
