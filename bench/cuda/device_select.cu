// DeviceSelect, DevicePartition and DeviceRunLengthEncode, xcub against CUB in one binary on the same
// input, 2^16 to 2^28 items by default (XCUB_BENCH_LOG2 picks): Select::If int32 with 50% selected,
// Select::Flagged int32 with 50% of char flags set, Select::Unique int32 (runs of 4), Partition::If
// int32 with 50% selected, RunLengthEncode::Encode int32 (runs of 4). Every xcub output and count is
// compared with CUB's, whole, on the device, before and after timing (see device_harness.hpp).
// Minimum traffic: the input (and flags) read once, the outputs written once. CUB's Select and Encode
// take one count type (std::int64_t, int); Partition::If is templated on it and runs with int and
// std::int64_t counts (rows " i64").
//
//   device_select [results.json]
#include <cub/cub.cuh>

#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_select.hpp>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

/// x < bound: with items in [0, 100), bound is the selected percentage.
struct below {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x < bound; }
};

template <class T>
T count_of(const T* d) {
  return to_host(d);
}

void expect_counts(const int* x, const int* c, int n_counts, const std::string& what) {
  for (int k = 0; k < n_counts; ++k)
    if (count_of(x + k) != count_of(c + k))
      fail(what + ": count " + std::to_string(k) + ": xcub " + std::to_string(count_of(x + k)) + ", CUB " +
           std::to_string(count_of(c + k)));
}

enum class kind { select_if, flagged, unique, partition_if, rle_encode };

const char* name_of(kind k) {
  switch (k) {
    case kind::select_if: return "Select::If 50%";
    case kind::flagged: return "Select::Flagged 50%";
    case kind::unique: return "Select::Unique runs of 4";
    case kind::partition_if: return "Partition::If 50%";
    default: return "RunLengthEncode::Encode runs of 4";
  }
}

void run_one(report& rep, kind which) {
  const char* name = name_of(which);
  for (int k : log2_sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(6 * n * sizeof(int) + n, n * sizeof(int))) {
      skip(name, "int32", k);
      continue;
    }
    const bool flagged = which == kind::flagged;
    const int run = (which == kind::unique || which == kind::rle_encode) ? 4 : 0;
    dev_array<int> in(n), x_out(n), c_out(n), x_len(n), c_len(n), x_count(2), c_count(2);
    dev_array<char> flags(flagged ? n : 1);
    fill_select(in.get(), flagged ? flags.get() : nullptr, n, run);
    check(cudaMemset(x_out.get(), 0, n * sizeof(int)), "memset");
    check(cudaMemset(c_out.get(), 0, n * sizeof(int)), "memset");
    check(cudaMemset(x_len.get(), 0, n * sizeof(int)), "memset");
    check(cudaMemset(c_len.get(), 0, n * sizeof(int)), "memset");
    const int* d_in = in.get();
    const char* d_flags = flags.get();
    int *xo = x_out.get(), *co = c_out.get(), *xl = x_len.get(), *cl = c_len.get();
    int *xc = x_count.get(), *cc = c_count.get();
    const int items = static_cast<int>(n);
    const below half{50};
    // Minimum traffic: input (+ flags) read; selected items (all items for a partition; unique items
    // and lengths for Encode, n / 4 runs) written.
    std::size_t bytes = n * sizeof(int) + (flagged ? n : 0);
    if (which == kind::partition_if) bytes += n * sizeof(int);
    else if (run > 0) bytes += (which == kind::rle_encode ? 2 : 1) * (n / run) * sizeof(int);
    else bytes += n / 2 * sizeof(int);  // about half selected
    const bench_case c{name, "int32", k, n, bytes, n * sizeof(int)};
    const auto verify = [&] {
      const int selected = count_of(cc);
      expect_counts(xc, cc, 1, name);
      const std::size_t compared = which == kind::partition_if ? n : static_cast<std::size_t>(selected);
      expect_equal(xo, co, compared, std::string(name) + " items");
      if (which == kind::rle_encode) expect_equal(xl, cl, compared, std::string(name) + " lengths");
    };
    switch (which) {
      case kind::select_if:
        run_pair(
            rep, c, [=](void* t, std::size_t& b) { return xcub::DeviceSelect::If(t, b, d_in, xo, xc, items, half); },
            [=](void* t, std::size_t& b) { return cub::DeviceSelect::If(t, b, d_in, co, cc, items, half); }, verify);
        break;
      case kind::flagged:
        run_pair(
            rep, c,
            [=](void* t, std::size_t& b) { return xcub::DeviceSelect::Flagged(t, b, d_in, d_flags, xo, xc, items); },
            [=](void* t, std::size_t& b) { return cub::DeviceSelect::Flagged(t, b, d_in, d_flags, co, cc, items); },
            verify);
        break;
      case kind::unique:
        run_pair(
            rep, c, [=](void* t, std::size_t& b) { return xcub::DeviceSelect::Unique(t, b, d_in, xo, xc, items); },
            [=](void* t, std::size_t& b) { return cub::DeviceSelect::Unique(t, b, d_in, co, cc, items); }, verify);
        break;
      case kind::partition_if:  // CUB's DevicePartition::If picks its offsets from the count type: both
        for_each_count([&](auto count) {
          using Count = decltype(count);
          const Count m = static_cast<Count>(n);
          bench_case cc_case = c;
          cc_case.type = counted<Count>(c.type);
          run_pair(
              rep, cc_case,
              [=](void* t, std::size_t& b) { return xcub::DevicePartition::If(t, b, d_in, xo, xc, m, half); },
              [=](void* t, std::size_t& b) { return cub::DevicePartition::If(t, b, d_in, co, cc, m, half); },
              verify);
        });
        break;
      case kind::rle_encode:
        run_pair(
            rep, c,
            [=](void* t, std::size_t& b) {
              return xcub::DeviceRunLengthEncode::Encode(t, b, d_in, xo, xl, xc, items);
            },
            [=](void* t, std::size_t& b) { return cub::DeviceRunLengthEncode::Encode(t, b, d_in, co, cl, cc, items); },
            verify);
        break;
    }
  }
}

}  // namespace
}  // namespace xcub_bench::device

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  if (!std::getenv("XCUB_BENCH_LOG2")) setenv("XCUB_BENCH_LOG2", "16-28", 0);
  report rep("device_select");
  for (kind k : {kind::select_if, kind::flagged, kind::unique, kind::partition_if, kind::rle_encode})
    run_one(rep, k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
