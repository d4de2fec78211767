// DeviceMemcpy::Batched, xcub against CUB in one binary on the same buffers. Batches (2^k
// buffers, k = 20 by default, XCUB_BENCH_LOG2 picks):
//   uniform 4-4096        sizes uniform in [4, 4096] bytes (the issue's headline case)
//   uniform 4-4096 al16   the same rounded up to 16 bytes, every buffer 16-byte aligned
//   uniform 1-128         tiny buffers only
//   uniform 64K-1M        2^(k-8) large buffers only
//   mixed                 2^k buffers of 1-256 bytes and 16 of 2^(k+6) bytes (64 MiB at k = 20) among them
// Sources lie end to end in one arena in buffer order, destinations end to end in another in a
// random order of the buffers (a gather-scatter: every alignment of source and destination, unless
// al16). xcub's destination arena is compared with CUB's, whole, before and after timing (see
// device_harness.hpp). Minimum traffic: every byte of every buffer read once and written once; the
// %copy column compares with a memcpy of the batch's total bytes.
//
//   device_batched_copy [results.json]
#include <cub/cub.cuh>

#include <xcub/device/device_memcpy.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct batch_spec {
  const char* name;
  std::uint32_t lo, hi;  // uniform sizes in [lo, hi] bytes
  int count_shift;       // 2^(k - count_shift) buffers
  bool align16;
  bool mixed;            // plus 16 buffers of 2^(k + 6) bytes
};

/// Every byte a hash of its index: a misplaced byte shows.
__global__ void fill_bytes_kernel(std::uint8_t* p, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = static_cast<std::uint8_t>(mix(i));
}

void run_one(report& rep, const batch_spec& spec, int k) {
  const std::size_t n_small = std::size_t{1} << (k - spec.count_shift);
  std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(k));
  std::uniform_int_distribution<std::uint32_t> pick(spec.lo, spec.hi);
  std::vector<std::uint32_t> sizes(n_small);
  for (auto& s : sizes) s = spec.align16 ? (pick(rng) + 15) / 16 * 16 : pick(rng);
  if (spec.mixed) {
    const std::uint32_t huge = std::uint32_t{1} << (k + 6);
    for (int h = 0; h < 16; ++h) sizes.insert(sizes.begin() + static_cast<std::ptrdiff_t>(rng() % sizes.size()), huge);
  }
  const std::size_t n = sizes.size();
  std::vector<std::size_t> src_off(n), dst_off(n), order(n);
  std::size_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    src_off[i] = total;
    total += sizes[i];
  }
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  std::size_t at = 0;
  for (const std::size_t i : order) {
    dst_off[i] = at;
    at += sizes[i];
  }
  const std::string name = std::string("DeviceMemcpy::Batched ") + spec.name;
  const std::size_t pointer_bytes = 3 * n * sizeof(void*);
  if (!fits(3 * total + pointer_bytes, total)) {
    skip(name.c_str(), "bytes", k);
    return;
  }
  dev_array<std::uint8_t> src(total), x_dst(total), c_dst(total);
  fill_bytes_kernel<<<2048, 256>>>(src.get(), total);
  check(cudaGetLastError(), "fill launch");
  check(cudaMemset(x_dst.get(), 0, total), "memset");
  check(cudaMemset(c_dst.get(), 0, total), "memset");
  std::vector<const void*> h_src(n);
  std::vector<void*> h_x(n), h_c(n);
  for (std::size_t i = 0; i < n; ++i) {
    h_src[i] = src.get() + src_off[i];
    h_x[i] = x_dst.get() + dst_off[i];
    h_c[i] = c_dst.get() + dst_off[i];
  }
  dev_array<const void*> d_src(n);
  dev_array<void*> d_x(n), d_c(n);
  dev_array<std::uint32_t> d_sizes(n);
  check(cudaMemcpy(d_src.get(), h_src.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(d_x.get(), h_x.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(d_c.get(), h_c.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(d_sizes.get(), sizes.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice), "copy");

  const void* const* ps = d_src.get();
  void* const* px = d_x.get();
  void* const* pc = d_c.get();
  const std::uint32_t* psz = d_sizes.get();
  const auto count = static_cast<std::int64_t>(n);
  const bench_case c{name, "bytes", k, n, 2 * total, total};
  std::uint8_t *xo = x_dst.get(), *co = c_dst.get();
  run_pair(
      rep, c, [=](void* t, std::size_t& s) { return xcub::DeviceMemcpy::Batched(t, s, ps, px, psz, count); },
      [=](void* t, std::size_t& s) { return cub::DeviceMemcpy::Batched(t, s, ps, pc, psz, count); },
      [&] { expect_equal(xo, co, total, name); });
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  const std::vector<int> ks = std::getenv("XCUB_BENCH_LOG2") ? log2_sizes() : std::vector<int>{20};
  report rep("device_batched_copy");
  const batch_spec specs[] = {
      {"uniform 4-4096", 4, 4096, 0, false, false},   {"uniform 4-4096 al16", 4, 4096, 0, true, false},
      {"uniform 1-128", 1, 128, 0, false, false},     {"uniform 64K-1M", 1u << 16, 1u << 20, 8, false, false},
      {"mixed", 1, 256, 0, false, true},
  };
  for (const batch_spec& s : specs)
    for (int k : ks)
      if (k > s.count_shift) run_one(rep, s, k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
