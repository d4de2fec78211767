// DeviceRadixSort::SortPairs u64/u32, SortKeysDescending u32 and SortKeys u8: xcub against CUB.
#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include "device_radix_sort_bench.hpp"

namespace xcub_bench::device {

void run_radix_sort_more(report& rep) {
  sort_sizes<std::uint64_t, std::uint32_t>(
      rep, "DeviceRadixSort::SortPairs", "u64/u32",
      [](void* t, std::size_t& b, const std::uint64_t* ki, std::uint64_t* ko, const std::uint32_t* vi,
         std::uint32_t* vo, auto n) { return xcub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n); },
      [](void* t, std::size_t& b, const std::uint64_t* ki, std::uint64_t* ko, const std::uint32_t* vi,
         std::uint32_t* vo, auto n) { return cub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n); },
      27);
  sort_sizes<std::uint32_t, void>(
      rep, "DeviceRadixSort::SortKeysDescending", "u32",
      [](void* t, std::size_t& b, const std::uint32_t* ki, std::uint32_t* ko, const char*, char*, auto n) {
        return xcub::DeviceRadixSort::SortKeysDescending(t, b, ki, ko, n);
      },
      [](void* t, std::size_t& b, const std::uint32_t* ki, std::uint32_t* ko, const char*, char*, auto n) {
        return cub::DeviceRadixSort::SortKeysDescending(t, b, ki, ko, n);
      });
  sort_sizes<std::uint8_t, void>(
      rep, "DeviceRadixSort::SortKeys", "u8",
      [](void* t, std::size_t& b, const std::uint8_t* ki, std::uint8_t* ko, const char*, char*, auto n) {
        return xcub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
      },
      [](void* t, std::size_t& b, const std::uint8_t* ki, std::uint8_t* ko, const char*, char*, auto n) {
        return cub::DeviceRadixSort::SortKeys(t, b, ki, ko, n);
      });
}

}  // namespace xcub_bench::device
