// WarpReduce and WarpScan, xcub against CUB in one binary on the same buffers: many independent
// warps, each thread loading one item of an input larger than L2. With 1 collective per item the
// kernel is bound by memory; with 16 (on item + r, r = 0..15, summed) by the collective itself.
// Every output is checked against the host before anything is timed.
//
//   warp_collectives [results.json]
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/warp/warp_scan.hpp>

#include "harness.hpp"

#include <vector>

namespace {

constexpr int block_threads = 256;
constexpr int warps_per_block = block_threads / 32;

struct use_xcub {
  template <class T> using reduce = xcub::WarpReduce<T>;
  template <class T> using scan = xcub::WarpScan<T>;
};
struct use_cub {
  template <class T> using reduce = cub::WarpReduce<T>;
  template <class T> using scan = cub::WarpScan<T>;
};

/// out[warp] = the sum over r < REPEAT of Sum(in[i] + r) over the warp (written by lane 0).
template <class Impl, class T, int REPEAT>
__global__ void __launch_bounds__(block_threads) reduce_kernel(const T* in, T* out) {
  using reduce_t = typename Impl::template reduce<T>;
  __shared__ typename reduce_t::TempStorage temp[warps_per_block];
  const std::size_t i = std::size_t{blockIdx.x} * block_threads + threadIdx.x;
  const int warp = threadIdx.x / 32;
  const T v = in[i];
  T acc = T(0);
#pragma unroll
  for (int r = 0; r < REPEAT; ++r) acc += reduce_t(temp[warp]).Sum(static_cast<T>(v + T(r)));
  if (threadIdx.x % 32 == 0) out[i / 32] = acc;
}

/// out[i] = the sum over r < REPEAT of InclusiveSum(in + r) at this lane.
template <class Impl, class T, int REPEAT>
__global__ void __launch_bounds__(block_threads) scan_kernel(const T* in, T* out) {
  using scan_t = typename Impl::template scan<T>;
  __shared__ typename scan_t::TempStorage temp[warps_per_block];
  const std::size_t i = std::size_t{blockIdx.x} * block_threads + threadIdx.x;
  const int warp = threadIdx.x / 32;
  const T v = in[i];
  T acc = T(0);
#pragma unroll
  for (int r = 0; r < REPEAT; ++r) {
    T s;
    scan_t(temp[warp]).InclusiveSum(static_cast<T>(v + T(r)), s);
    acc += s;
  }
  out[i] = acc;
}

template <class T>
std::vector<T> expected_reduce(const std::vector<T>& in, int repeat) {
  std::vector<T> out(in.size() / 32);
  for (std::size_t w = 0; w < out.size(); ++w) {
    T acc = 0;
    for (int r = 0; r < repeat; ++r) {
      T s = 0;
      for (int l = 0; l < 32; ++l) s += static_cast<T>(in[w * 32 + l] + T(r));
      acc += s;
    }
    out[w] = acc;
  }
  return out;
}

template <class T>
std::vector<T> expected_scan(const std::vector<T>& in, int repeat) {
  std::vector<T> out(in.size());
  for (std::size_t w = 0; w < in.size() / 32; ++w) {
    for (int l = 0; l < 32; ++l) out[w * 32 + l] = 0;
    for (int r = 0; r < repeat; ++r) {
      T s = 0;
      for (int l = 0; l < 32; ++l) {
        s += static_cast<T>(in[w * 32 + l] + T(r));
        out[w * 32 + l] += s;
      }
    }
  }
  return out;
}

template <class T, int REPEAT>
void run(xcub_bench::report& rep, const char* type, const T* d_in, const std::vector<T>& h_in, T* d_out) {
  const std::size_t n = h_in.size();
  const unsigned blocks = static_cast<unsigned>(n / block_threads);
  const std::vector<T> want_reduce = expected_reduce(h_in, REPEAT), want_scan = expected_scan(h_in, REPEAT);
  auto verify = [&](const std::vector<T>& want, const char* what) {
    std::vector<T> got(want.size());
    xcub_bench::check(cudaMemcpy(got.data(), d_out, want.size() * sizeof(T), cudaMemcpyDeviceToHost), "copy back");
    if (got != want) {
      std::fprintf(stderr, "benchmark: %s (%s, %d per item) gave a wrong result\n", what, type, REPEAT);
      std::exit(1);
    }
  };
  // Each implementation is checked, then the two are timed in alternation (harness.hpp), so that
  // clock drift and what one run leaves in the L2 fall on both alike.
  auto pair = [&](auto xcub_kernel, auto cub_kernel, const char* bench, const std::vector<T>& want,
                  std::size_t out_items) {
    for (auto kernel : {xcub_kernel, cub_kernel}) {
      xcub_bench::check(cudaMemset(d_out, 0xFF, want.size() * sizeof(T)), "poison");
      kernel<<<blocks, block_threads>>>(d_in, d_out);
      xcub_bench::check(cudaDeviceSynchronize(), bench);
      verify(want, bench);
    }
    const auto [xcub_ms, cub_ms] = xcub_bench::median_ms_interleaved(
        [&] { xcub_kernel<<<blocks, block_threads>>>(d_in, d_out); },
        [&] { cub_kernel<<<blocks, block_threads>>>(d_in, d_out); });
    const std::size_t bytes = n * sizeof(T) + out_items * sizeof(T);
    rep.add({bench, type, "xcub", REPEAT, n, bytes, xcub_ms});
    rep.add({bench, type, "cub", REPEAT, n, bytes, cub_ms});
  };
  pair(reduce_kernel<use_xcub, T, REPEAT>, reduce_kernel<use_cub, T, REPEAT>, "WarpReduce::Sum", want_reduce, n / 32);
  pair(scan_kernel<use_xcub, T, REPEAT>, scan_kernel<use_cub, T, REPEAT>, "WarpScan::InclusiveSum", want_scan, n);
}

template <class T>
void run_type(xcub_bench::report& rep, const char* type, std::size_t n) {
  std::vector<T> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<T>((i * 2654435761u >> 7) % 16);  // exact sums, also in float
  T *d_in, *d_out;
  xcub_bench::check(cudaMalloc(&d_in, n * sizeof(T)), "malloc");
  xcub_bench::check(cudaMalloc(&d_out, n * sizeof(T)), "malloc");
  xcub_bench::check(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice), "upload");
  run<T, 1>(rep, type, d_in, h, d_out);
  run<T, 16>(rep, type, d_in, h, d_out);
  cudaFree(d_in);
  cudaFree(d_out);
}

}  // namespace

int main(int argc, char** argv) {
  xcub_bench::report rep("warp collectives");
  const std::size_t n = std::size_t{1} << 26;  // 256 MiB of 4-byte items: several times the L2
  run_type<int>(rep, "int32", n);
  run_type<float>(rep, "float", n);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
