// A header-only xcub program, built by tests/header_only/run.sh with the command lines of
// docs/header-only.md: a kernel with a block collective (BlockReduce) and a device-layer call
// (DeviceReduce::Sum), checked against a sum on the host. Prints "app: OK" and exits 0 on success.
#include <xcub/block/block_reduce.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/launch.hpp>
#include <xcub/util/device_buffer.hpp>

#include <cstdio>
#include <vector>

constexpr unsigned block_threads = 128;

XCUB_KERNEL void block_sums(const int* in, long long* out, unsigned n) {
  using reduce = xcub::BlockReduce<long long, block_threads>;
  XCUB_SHARED(reduce::TempStorage, storage);
  const unsigned i = xcub::arch::block_idx().x * block_threads + xcub::arch::linear_thread_id();
  const long long total = reduce(storage).Sum(i < n ? in[i] : 0);
  if (xcub::arch::linear_thread_id() == 0) out[xcub::arch::block_idx().x] = total;
}

int main() {
  const unsigned n = 1000, blocks = (n + block_threads - 1) / block_threads;
  std::vector<int> h_in(n);
  long long want = 0;
  for (unsigned i = 0; i < n; ++i) want += h_in[i] = static_cast<int>(i % 17) - 8;

  xcub::device_buffer<int> d_in(h_in);
  xcub::device_buffer<long long> d_block_sums(blocks), d_sum(1);
  xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, nullptr, block_sums,
                                   d_in.data(), d_block_sums.data(), n);
  void* d_temp = nullptr;
  std::size_t temp_bytes = 0;
  if (err == xcub::success) err = xcub::DeviceReduce::Sum(d_temp, temp_bytes, d_block_sums.data(), d_sum.data(), blocks);
  if (err == xcub::success) err = xcub::device_malloc(&d_temp, temp_bytes);
  if (err == xcub::success) err = xcub::DeviceReduce::Sum(d_temp, temp_bytes, d_block_sums.data(), d_sum.data(), blocks);
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("app: %s\n", xcub::error_string(err));
    return 1;
  }
  const long long got = d_sum.download()[0];
  if (xcub::device_free(d_temp) != xcub::success) return 1;
  std::printf("app: %s (%s backend, sum %lld, expected %lld)\n", got == want ? "OK" : "FAILED",
              xcub::backend_name, got, want);
  return got == want ? 0 : 1;
}
