// An inclusive prefix sum of a transformed input, with the device layer: DeviceScan::InclusiveSum
// reads the input through a CacheModifiedInputIterator<LOAD_LDG> (read-only loads) wrapped in a
// TransformInputIterator that squares each element as it is loaded, so that
//   out[i] = in[0]^2 + in[1]^2 + ... + in[i]^2
// without a squared copy in memory. The call is CUB's two-phase one (size the temp storage, then
// scan); the result is checked against a sequential scan on the host. The same source builds for
// the host emulator, CUDA and HIP.
#include <xcub/xcub.hpp>
#include <xcub/device/device_scan.hpp>

#include <cstdio>
#include <random>
#include <vector>

struct square {
  XCUB_HOST_DEVICE long long operator()(int x) const { return static_cast<long long>(x) * x; }
};
using ldg_t = xcub::CacheModifiedInputIterator<xcub::LOAD_LDG, int>;
using squares_t = xcub::TransformInputIterator<long long, square, ldg_t>;

int main() {
  const long long n = 1000003;
  std::vector<int> h(n);
  std::mt19937 rng(2026);
  std::uniform_int_distribution<int> dist(-1000, 1000);
  for (int& x : h) x = dist(rng);

  xcub::device_buffer<int> d_in(h);
  xcub::device_buffer<long long> d_out(n);
  const squares_t squares(ldg_t(d_in.data()), square{});

  void* d_temp = nullptr;
  std::size_t temp_bytes = 0;
  xcub::error_t err = xcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, squares, d_out.data(), n);  // sizes
  if (err == xcub::success) err = xcub::device_malloc(&d_temp, temp_bytes);
  if (err == xcub::success) err = xcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, squares, d_out.data(), n);
  if (err == xcub::success) err = xcub::device_synchronize();
  if (d_temp) {
    const xcub::error_t freed = xcub::device_free(d_temp);
    if (err == xcub::success) err = freed;
  }
  if (err != xcub::success) {
    std::printf("transformed_prefix_sum: failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const std::vector<long long> got = d_out.download();
  long long sum = 0, bad = 0;
  for (long long i = 0; i < n; ++i) {
    sum += static_cast<long long>(h[i]) * h[i];
    bad += got[i] != sum;
  }
  std::printf("transformed_prefix_sum: %lld ints, sum of squares %lld (expected %lld), %zu bytes of temp storage, "
              "backend %s, warp width %d: %s\n",
              n, got[n - 1], sum, temp_bytes, xcub::backend_name, xcub::arch::warp_threads,
              bad == 0 ? "OK" : "MISMATCH");
  return bad == 0 ? 0 : 1;
}
