// bench/kokkos/xcub_vs_kokkos.cpp: xcub's device layer on the kokkos backend against Kokkos' own
// parallel_reduce, parallel_scan and parallel_for on the same Views, and xcub's DeviceRadixSort and
// DeviceMergeSort against Kokkos::sort of the same keys (a sanity check that the reference backend
// is not pathologically slow; not a timed test): Sum and InclusiveSum, a selection
// (DeviceSelect::If against a parallel_scan that compacts), a transform (DeviceTransform against a
// parallel_for) and the sorts. Kokkos::sort sorts in place: its time includes a copy of the keys.
//
//   build/kokkos/bench/kokkos/xcub_vs_kokkos [items]     (default 2^24)
// Prints a markdown table: the fastest of 9 runs after one warm-up, each fenced, in milliseconds and
// items per nanosecond; every xcub result is compared with Kokkos' (integers: equal; floating
// point: the largest relative difference, as the two group additions differently; float sums of
// 2^24 items lose digits in both).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>

#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_transform.hpp>

namespace {

using space = Kokkos::DefaultExecutionSpace;

/// The fastest of 9 fenced runs after a warm-up: the least disturbed by other work on the machine.
double best_ms(const std::function<void()>& run) {
  run();
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    const auto start = std::chrono::steady_clock::now();
    run();
    Kokkos::fence();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(t.begin(), t.end());
  return t[0];
}

/// Runs a two-phase xcub call with a temp View kept between runs.
template <class Call>
std::function<void()> xcub_call(Call call) {
  std::size_t bytes = 0;
  call(nullptr, bytes);
  Kokkos::View<unsigned char*> temp("temp", bytes);
  return [=]() mutable {
    std::size_t b = bytes;
    if (call(temp.data(), b) != xcub::success) std::abort();
  };
}

/// diff: the largest relative difference between xcub's and Kokkos' results (0: equal).
void row(const char* what, long n, double xcub_ms, double kokkos_ms, double diff) {
  char same[32];
  if (diff == 0) std::snprintf(same, sizeof same, "equal");
  else std::snprintf(same, sizeof same, "rel. diff %.1e", diff);
  std::printf("| %s | %ld | %.2f | %.2f | %.2f | %.2f | %.2f | %s |\n", what, n, xcub_ms, kokkos_ms,
              n / (xcub_ms * 1e6), n / (kokkos_ms * 1e6), xcub_ms / kokkos_ms, same);
}

template <class T>
void reduce_and_scan(const char* type, long n, const space& exec) {
  Kokkos::View<T*> in("in", n), out("out", n), ref("ref", n);
  Kokkos::View<T*> sum("sum", 1);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<space>(exec, 0, n), KOKKOS_LAMBDA(const long i) {
    in(i) = static_cast<T>((i * 2654435761u) % 1000) / static_cast<T>(std::is_integral_v<T> ? 1 : 1000);
  });
  T kokkos_sum{};
  const double k_red = best_ms([&] {
    Kokkos::parallel_reduce("kokkos sum", Kokkos::RangePolicy<space>(exec, 0, n),
                            KOKKOS_LAMBDA(const long i, T& acc) { acc += in(i); }, kokkos_sum);
  });
  const double x_red = best_ms(xcub_call([=](void* t, std::size_t& b) {
    return xcub::DeviceReduce::Sum(t, b, in.data(), sum.data(), n, exec);
  }));
  const auto h_sum = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sum);
  const auto rel = [](double a, double b) { return a == b ? 0.0 : std::fabs(a - b) / std::max(1.0, std::fabs(b)); };
  row((std::string("Sum, ") + type).c_str(), n, x_red, k_red, rel(h_sum(0), kokkos_sum));

  const double k_scan = best_ms([&] {
    Kokkos::parallel_scan("kokkos scan", Kokkos::RangePolicy<space>(exec, 0, n),
                          KOKKOS_LAMBDA(const long i, T& acc, const bool final) {
                            acc += in(i);
                            if (final) ref(i) = acc;
                          });
  });
  const double x_scan = best_ms(xcub_call([=](void* t, std::size_t& b) {
    return xcub::DeviceScan::InclusiveSum(t, b, in.data(), out.data(), n, exec);
  }));
  const auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const auto h_ref = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ref);
  double diff = 0;
  for (long i = 0; i < n; ++i) diff = std::max(diff, rel(h_out(i), h_ref(i)));
  row((std::string("InclusiveSum, ") + type).c_str(), n, x_scan, k_scan, diff);
}

/// Selects about half of the items (a hash of the value, so runs do not line up with tiles).
struct half {
  KOKKOS_INLINE_FUNCTION bool operator()(int x) const { return (x * 2654435761u) >> 31; }
};
struct affine {
  KOKKOS_INLINE_FUNCTION int operator()(int x) const { return 3 * x + 1; }
};

/// DeviceSelect::If against a Kokkos parallel_scan whose final pass writes the kept items;
/// DeviceTransform against a parallel_for.
void select_and_transform(long n, const space& exec) {
  Kokkos::View<int*> in("in", n), out("out", n), ref("ref", n);
  Kokkos::View<long*> count("count", 2);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<space>(exec, 0, n), KOKKOS_LAMBDA(const long i) {
    in(i) = static_cast<int>((i * 2654435761u) % 1000003);
  });
  const double k_sel = best_ms([&] {
    Kokkos::parallel_scan("kokkos select", Kokkos::RangePolicy<space>(exec, 0, n),
                          KOKKOS_LAMBDA(const long i, long& kept, const bool final) {
                            const bool keep = half{}(in(i));
                            if (final && keep) ref(kept) = in(i);
                            kept += keep ? 1 : 0;
                            if (final && i + 1 == n) count(1) = kept;
                          });
  });
  const double x_sel = best_ms(xcub_call([=](void* t, std::size_t& b) {
    return xcub::DeviceSelect::If(t, b, in.data(), out.data(), count.data(), n, half{}, exec);
  }));
  const auto h_count = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), count);
  auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto h_ref = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ref);
  bool same = h_count(0) == h_count(1);
  for (long i = 0; same && i < h_count(0); ++i) same = h_out(i) == h_ref(i);
  row("Select::If (half), int", n, x_sel, k_sel, same ? 0.0 : 1.0);

  const double k_tr = best_ms([&] {
    Kokkos::parallel_for("kokkos transform", Kokkos::RangePolicy<space>(exec, 0, n),
                         KOKKOS_LAMBDA(const long i) { ref(i) = affine{}(in(i)); });
  });
  const double x_tr = best_ms([=] {
    if (xcub::DeviceTransform::Transform(in.data(), out.data(), n, affine{}, exec) != xcub::success) std::abort();
  });
  h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  h_ref = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ref);
  same = true;
  for (long i = 0; same && i < n; ++i) same = h_out(i) == h_ref(i);
  row("Transform (3x + 1), int", n, x_tr, k_tr, same ? 0.0 : 1.0);
}

/// 32-bit keys: xcub's radix sort (input to output) and merge sort (a copy, then in place) against
/// Kokkos::sort (a copy, then in place).
void sort_keys(long n, const space& exec) {
  Kokkos::View<unsigned*> in("in", n), out("out", n), ref("ref", n);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<space>(exec, 0, n), KOKKOS_LAMBDA(const long i) {
    unsigned x = static_cast<unsigned>(i) * 2654435761u + 12345u;
    x ^= x >> 15;
    in(i) = x * 2246822519u;
  });
  const double k_sort = best_ms([&] {
    Kokkos::deep_copy(exec, ref, in);
    Kokkos::sort(ref);
  });
  const double x_sort = best_ms(xcub_call([=](void* t, std::size_t& b) {
    return xcub::DeviceRadixSort::SortKeys(t, b, in.data(), out.data(), n, 0, 32, exec);
  }));
  const auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const auto h_ref = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ref);
  long differ = 0;
  for (long i = 0; i < n; ++i) differ += h_out(i) != h_ref(i);
  row("SortKeys (radix) / Kokkos::sort, u32", n, x_sort, k_sort, differ == 0 ? 0.0 : 1.0);
  if (differ != 0) std::printf("\n%ld radix-sorted keys differ from Kokkos::sort's\n", differ);

  // DeviceMergeSort (any comparator) of the same keys: a copy, then in place, as Kokkos::sort.
  const double m_sort = best_ms(xcub_call([=](void* t, std::size_t& b) {
    if (t) Kokkos::deep_copy(exec, out, in);
    return xcub::DeviceMergeSort::SortKeys(t, b, out.data(), n, std::less<unsigned>{}, exec);
  }));
  const auto h_merged = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  differ = 0;
  for (long i = 0; i < n; ++i) differ += h_merged(i) != h_ref(i);
  row("SortKeys (merge) / Kokkos::sort, u32", n, m_sort, k_sort, differ == 0 ? 0.0 : 1.0);
  if (differ != 0) std::printf("\n%ld merge-sorted keys differ from Kokkos::sort's\n", differ);
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const long n = argc > 1 ? std::atol(argv[1]) : (1L << 24);
  const space exec;
  std::printf("xcub (kokkos backend) against Kokkos %d.%d.%d on %s, concurrency %d\n\n", KOKKOS_VERSION / 10000,
              KOKKOS_VERSION / 100 % 100, KOKKOS_VERSION % 100, space::name(), static_cast<int>(exec.concurrency()));
  std::printf("| algorithm | items | xcub ms | Kokkos ms | xcub items/ns | Kokkos items/ns | xcub / Kokkos time | same result |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  reduce_and_scan<int>("int", n, exec);
  reduce_and_scan<float>("float", n, exec);
  reduce_and_scan<double>("double", n, exec);
  select_and_transform(n, exec);
  sort_keys(n, exec);
  return 0;
}
