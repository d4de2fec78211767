// Fancy iterators in a portable kernel: fill, transform and reduce without temporary arrays.
//   1. fill:      values[i] = i + 1, computed by a CountingInputIterator and stored through a
//                 TransformOutputIterator that negates every third value on the way out;
//   2. reduce:    the per-block sums of values[i]^2, read through a TransformInputIterator
//                 over a CacheModifiedInputIterator (read-only cache loads on GPUs);
//   3. the host adds the block sums and checks them against the closed form.
// The same source builds for the host emulator, CUDA and HIP.
#include <xcub/xcub.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

namespace arch = xcub::arch;

constexpr unsigned block_threads = 128;

struct negate_every_third {
  XCUB_HOST_DEVICE long long operator()(long long v) const { return v % 3 == 0 ? -v : v; }
};
struct square {
  XCUB_HOST_DEVICE long long operator()(long long v) const { return v * v; }
};

/// out[i] = in[i] for i < n: works for any input and output iterators.
template <class InputIt, class OutputIt>
XCUB_KERNEL void copy(InputIt in, OutputIt out, unsigned n) {
  const unsigned i = arch::block_idx().x * block_threads + arch::linear_thread_id();
  if (i < n) out[i] = in[i];
}

/// block_sums[b] = the sum of in[i] over block b's tile; the total is written by thread 0.
template <class InputIt>
XCUB_KERNEL void block_sums(InputIt in, long long* block_sums, unsigned n) {
  using partials = long long[block_threads / arch::warp_threads];
  XCUB_SHARED(partials, warp_totals);
  const unsigned i = arch::block_idx().x * block_threads + arch::linear_thread_id();
  long long v = i < n ? static_cast<long long>(in[i]) : 0;
  for (int d = arch::warp_threads / 2; d > 0; d /= 2) v += arch::shfl_down(arch::full_lane_mask, v, d);
  if (arch::lane_id() == 0) warp_totals[arch::warp_id()] = v;
  arch::sync_threads();
  if (arch::linear_thread_id() == 0) {
    long long total = 0;
    for (unsigned w = 0; w < arch::block_warps(); ++w) total += warp_totals[w];
    block_sums[arch::block_idx().x] = total;
  }
}

int main() {
  const unsigned n = 100003;
  const unsigned blocks = (n + block_threads - 1) / block_threads;
  xcub::device_buffer<long long> values(n), sums(blocks);

  const xcub::CountingInputIterator<long long> one_to_n(1);
  const auto store = xcub::make_transform_output_iterator(values.data(), negate_every_third{});
  xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, nullptr,
                                   copy<decltype(one_to_n), decltype(store)>, one_to_n, store, n);

  using cached = xcub::CacheModifiedInputIterator<xcub::LOAD_LDG, long long>;
  using squares = xcub::TransformInputIterator<long long, square, cached>;
  const squares in(cached(values.data()), square{});
  if (err == xcub::success)
    err = xcub::launch(xcub::dim3(blocks), xcub::dim3(block_threads), 0, nullptr, block_sums<squares>, in,
                       sums.data(), n);
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("iterator_pipeline: failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const std::vector<long long> got_values = values.download(), got_sums = sums.download();
  bool values_ok = true;
  for (unsigned i = 0; i < n; ++i) values_ok &= got_values[i] == negate_every_third{}(i + 1);
  const long long got = std::accumulate(got_sums.begin(), got_sums.end(), 0LL);
  const long long want = 1LL * n * (n + 1) * (2LL * n + 1) / 6;  // signs vanish when squared
  const bool ok = values_ok && got == want;
  std::printf("iterator_pipeline: %u values filled through a TransformOutputIterator (%s); sum of squares read "
              "through Transform(CacheModified(LDG)) iterators: %lld, expected %lld, backend %s: %s\n",
              n, values_ok ? "all correct" : "WRONG", got, want, xcub::backend_name, ok ? "OK" : "MISMATCH");
  return ok ? 0 : 1;
}
