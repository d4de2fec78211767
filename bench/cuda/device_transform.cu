// DeviceTransform, DeviceAdjacentDifference and DeviceFor, xcub against CUB in one binary on the
// same input, 2^16 to 2^28 items by default (XCUB_BENCH_LOG2 picks): Transform int32 of one input
// (x * 2 + 1) and of two inputs (a + b), AdjacentDifference::SubtractLeftCopy int32, DeviceFor::
// ForEachN int32 (in-place increment). Every xcub output is compared with CUB's, whole, on the
// device, before and after timing (see device_harness.hpp; the in-place increments run as many
// times on each side, so their buffers stay equal). Minimum traffic: every input read once, the
// output written once. Each with int and with std::int64_t counts (rows " i64": CUB picks its
// offsets from the count type).
//
//   device_transform [results.json]
#include <cub/cub.cuh>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_transform.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

struct affine {
  __host__ __device__ int operator()(int x) const { return x * 2 + 1; }
};
struct plus {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
struct increment {
  __host__ __device__ void operator()(int& x) const { ++x; }
};

enum class kind { transform1, transform2, adjacent_left_copy, for_each_n };

const char* name_of(kind k) {
  switch (k) {
    case kind::transform1: return "Transform x*2+1";
    case kind::transform2: return "Transform a+b";
    case kind::adjacent_left_copy: return "AdjacentDifference::SubtractLeftCopy";
    default: return "DeviceFor::ForEachN ++x";
  }
}

void run_one(report& rep, kind which) {
  const char* name = name_of(which);
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(4 * n * sizeof(int), n * sizeof(int))) {
      skip(name, "int32", k);
      continue;
    }
    dev_array<int> a(n), b(n), x_out(n), c_out(n);
    fill(a.get(), n, 1);
    fill(b.get(), n, 2);
    const int *da = a.get(), *db = b.get();
    int *xo = x_out.get(), *co = c_out.get();
    std::size_t bytes = 2 * n * sizeof(int);  // one input read, the output written
    if (which == kind::transform2) bytes += n * sizeof(int);
    const auto verify = [&] { expect_equal(xo, co, n, name); };
    if (which == kind::for_each_n) {  // in place: both sides increment the same copy as often
      check(cudaMemcpy(xo, da, n * sizeof(int), cudaMemcpyDeviceToDevice), "copy");
      check(cudaMemcpy(co, da, n * sizeof(int), cudaMemcpyDeviceToDevice), "copy");
    }
    for_each_count([&](auto count) {  // int and std::int64_t counts (" i64")
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      const bench_case c{name, counted<Count>("int32"), k, n, bytes, n * sizeof(int)};
      switch (which) {
        case kind::transform1:
          run_pair(
              rep, c, [=](void* t, std::size_t& s) { return xcub::DeviceTransform::Transform(t, s, da, xo, items, affine{}); },
              [=](void* t, std::size_t& s) { return cub::DeviceTransform::Transform(t, s, da, co, items, affine{}); },
              verify);
          break;
        case kind::transform2:
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) {
                return xcub::DeviceTransform::Transform(t, s, std::make_tuple(da, db), xo, items, plus{});
              },
              [=](void* t, std::size_t& s) {
                return cub::DeviceTransform::Transform(t, s, ::cuda::std::make_tuple(da, db), co, items, plus{});
              },
              verify);
          break;
        case kind::adjacent_left_copy:
          run_pair(
              rep, c,
              [=](void* t, std::size_t& s) { return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, s, da, xo, items); },
              [=](void* t, std::size_t& s) { return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, s, da, co, items); },
              verify);
          break;
        case kind::for_each_n:
          run_pair(
              rep, c, [=](void* t, std::size_t& s) { return xcub::DeviceFor::ForEachN(t, s, xo, items, increment{}); },
              [=](void* t, std::size_t& s) { return cub::DeviceFor::ForEachN(t, s, co, items, increment{}); }, verify);
          break;
      }
    });
  }
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "16-28", 0);
  report rep("device_transform");
  for (kind k : {kind::transform1, kind::transform2, kind::adjacent_left_copy, kind::for_each_n}) run_one(rep, k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
