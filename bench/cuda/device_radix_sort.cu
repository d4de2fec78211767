// DeviceRadixSort, xcub against CUB in one binary on the same random input, 2^16 to 2^28 keys
// (XCUB_BENCH_LOG2 picks): SortKeys u32, f32, u64 and SortPairs u32/u32 (device_radix_sort_keys.cu),
// SortPairs u64/u32, SortKeysDescending u32 and SortKeys u8 (device_radix_sort_more.cu), each with int
// counts and with std::int64_t counts (rows " i64": CUB 3.0.1 picks 32-bit or 64-bit offsets from the
// count type, and its time differs; XCUB_BENCH_COUNTS="int" or "i64" runs one). Every xcub output is
// compared with CUB's, whole, on the device, before and after timing (device_harness.hpp).
//
//   device_radix_sort [results.json]
#include "device_harness.hpp"

namespace xcub_bench::device {
void run_radix_sort_keys(report& rep);
void run_radix_sort_more(report& rep);
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  report rep("device_radix_sort");
  run_radix_sort_keys(rep);
  run_radix_sort_more(rep);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
