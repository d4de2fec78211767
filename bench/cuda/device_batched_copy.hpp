// The batches of the DeviceMemcpy::Batched benchmarks (device_batched_copy.cu,
// device_batched_copy_sweep.cu): how a batch is laid out, and one timed pair (xcub with a tuning,
// CUB) on it. A batch of 2^k buffers (2^(k - count_shift)), sizes uniform in [lo, hi] bytes:
// sources lie end to end in one arena in buffer order, destinations end to end in another in a
// random order of the buffers (a gather-scatter: every alignment of source and destination, unless
// align16 rounds sizes up to 16 bytes); `mixed` adds 16 buffers of 2^(k + 6) bytes at random
// places. xcub's destination arena is compared with CUB's, whole, before and after timing.
// Minimum traffic: every byte of every buffer read once and written once.
#pragma once

#include <cub/cub.cuh>

#include <xcub/device/device_memcpy.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "device_harness.hpp"

namespace xcub_bench::device {

/// One batch on the device: the source arena, xcub's and CUB's destination arenas (zeroed), the
/// pointer arrays into them and the sizes.
struct batch {
  std::string name;
  int k = 0;
  std::size_t n = 0, total = 0;
  std::unique_ptr<dev_array<std::uint8_t>> src, x_dst, c_dst;
  std::unique_ptr<dev_array<const void*>> srcs;
  std::unique_ptr<dev_array<void*>> x_dsts, c_dsts;
  std::unique_ptr<dev_array<std::uint32_t>> sizes;
};

/// The batch of `spec` at 2^k buffers, or null (after a line on stderr) where it does not fit.
inline std::unique_ptr<batch> make_batch(const batch_spec& spec, int k) {
  auto b = std::make_unique<batch>();
  b->name = std::string("DeviceMemcpy::Batched ") + spec.name;
  b->k = k;
  const batch_layout layout = make_batch_layout(spec, k);
  const std::vector<std::uint32_t>& sizes = layout.sizes;
  const std::vector<std::size_t>& src_off = layout.src_off;
  const std::vector<std::size_t>& dst_off = layout.dst_off;
  const std::size_t n = sizes.size(), total = layout.total;
  if (!fits(3 * total + 4 * n * sizeof(void*), total)) {
    skip(b->name.c_str(), "bytes", k);
    return nullptr;
  }
  b->n = n;
  b->total = total;
  b->src = std::make_unique<dev_array<std::uint8_t>>(total);
  b->x_dst = std::make_unique<dev_array<std::uint8_t>>(total);
  b->c_dst = std::make_unique<dev_array<std::uint8_t>>(total);
  fill_hash_bytes(b->src->get(), total);
  check(cudaMemset(b->x_dst->get(), 0, total), "memset");
  check(cudaMemset(b->c_dst->get(), 0, total), "memset");
  std::vector<const void*> h_src(n);
  std::vector<void*> h_x(n), h_c(n);
  for (std::size_t i = 0; i < n; ++i) {
    h_src[i] = b->src->get() + src_off[i];
    h_x[i] = b->x_dst->get() + dst_off[i];
    h_c[i] = b->c_dst->get() + dst_off[i];
  }
  b->srcs = std::make_unique<dev_array<const void*>>(n);
  b->x_dsts = std::make_unique<dev_array<void*>>(n);
  b->c_dsts = std::make_unique<dev_array<void*>>(n);
  b->sizes = std::make_unique<dev_array<std::uint32_t>>(n);
  check(cudaMemcpy(b->srcs->get(), h_src.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(b->x_dsts->get(), h_x.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(b->c_dsts->get(), h_c.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(b->sizes->get(), sizes.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice), "copy");
  check(cudaDeviceSynchronize(), "batch");
  return b;
}

/// One timed pair on `b`: DeviceMemcpyTuned<Tuning> against cub::DeviceMemcpy (rows named
/// b.name + suffix).
template <class Tuning>
void run_batch(report& rep, const batch& b, const std::string& suffix = "") {
  const void* const* ps = b.srcs->get();
  void* const* px = b.x_dsts->get();
  void* const* pc = b.c_dsts->get();
  const std::uint32_t* psz = b.sizes->get();
  const auto count = static_cast<std::int64_t>(b.n);
  const std::string name = b.name + suffix;
  const bench_case c{name, "bytes", b.k, b.n, 2 * b.total, b.total};
  std::uint8_t *xo = b.x_dst->get(), *co = b.c_dst->get();
  const std::size_t total = b.total;
  run_pair(
      rep, c,
      [=](void* t, std::size_t& s) { return xcub::DeviceMemcpyTuned<Tuning>::Batched(t, s, ps, px, psz, count); },
      [=](void* t, std::size_t& s) { return cub::DeviceMemcpy::Batched(t, s, ps, pc, psz, count); },
      [&] { expect_equal(xo, co, total, name); });
}

}  // namespace xcub_bench::device
