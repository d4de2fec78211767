// xcub on Kokkos Views (the kokkos backend: -Dxcub_backend=kokkos, docs/kokkos-backend.md).
//
// A Kokkos code keeps its data in Views; xcub's device layer takes them without copies, through
// .data() and .extent(0), and runs on the View's execution space instance (the `stream` argument).
// The temp storage of the two-phase call is a View of bytes too. Here: the prefix sums of a View of
// counts (the offsets of a CSR-like layout), their total, and where the largest count is.
#include <cstdio>
#include <cstdlib>

#include <Kokkos_Core.hpp>

#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  using space = Kokkos::DefaultExecutionSpace;
  const space exec;
  const int n = 1000;

  // counts(i) = 1 + (i * 7) % 13: one row's entries, filled on the device
  Kokkos::View<int*> counts("counts", n), offsets("offsets", n + 1);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<space>(exec, 0, n), KOKKOS_LAMBDA(const int i) {
    counts(i) = 1 + (i * 7) % 13;
  });

  // offsets = exclusive prefix sums of counts, offsets(n) = the total: one inclusive scan into
  // offsets(1..n) after offsets(0) = 0 (the View's own zero initialisation)
  std::size_t bytes = 0;
  xcub::DeviceScan::InclusiveSum(nullptr, bytes, counts.data(), offsets.data() + 1, counts.extent(0), exec);
  Kokkos::View<unsigned char*> temp("xcub temp storage", bytes);
  xcub::error_t err =
      xcub::DeviceScan::InclusiveSum(temp.data(), bytes, counts.data(), offsets.data() + 1, counts.extent(0), exec);

  // the largest row: {index, count}
  Kokkos::View<xcub::KeyValuePair<int, int>*> largest("largest", 1);
  std::size_t arg_bytes = 0;
  xcub::DeviceReduce::ArgMax(nullptr, arg_bytes, counts.data(), largest.data(), n, exec);
  Kokkos::View<unsigned char*> arg_temp("xcub temp storage", arg_bytes);
  if (err == xcub::success)
    err = xcub::DeviceReduce::ArgMax(arg_temp.data(), arg_bytes, counts.data(), largest.data(), n, exec);
  if (err != xcub::success) {
    std::printf("xcub failed: %s\n", xcub::error_string(err));
    return EXIT_FAILURE;
  }
  exec.fence();

  auto h_offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), offsets);
  auto h_largest = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), largest);
  long long expected = 0;
  int best = 0;
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    ok = ok && h_offsets(i) == expected;
    const int c = 1 + (i * 7) % 13;
    expected += c;
    if (c > 1 + (best * 7) % 13) best = i;
  }
  ok = ok && h_offsets(n) == expected && h_largest(0).key == best && h_largest(0).value == 13;
  std::printf("%d rows on %s: %lld entries, offsets(500) = %d, largest row %d (%d entries): %s\n", n, space::name(),
              static_cast<long long>(h_offsets(n)), h_offsets(500), h_largest(0).key, h_largest(0).value,
              ok ? "ok" : "WRONG");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
