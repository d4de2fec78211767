// The test runner: doctest, with the run's seed chosen (or read from XCUB_TEST_SEED) and printed.
#define DOCTEST_CONFIG_IMPLEMENT
#include "test_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <functional>
#if XCUB_BACKEND_KOKKOS
#include <Kokkos_Core.hpp>
#endif

namespace xcub_test {
namespace {
std::uint64_t choose_seed() {
  if (const char* s = std::getenv("XCUB_TEST_SEED"); s && *s) return std::strtoull(s, nullptr, 0);
  return std::random_device{}();
}
}  // namespace

std::uint64_t seed() {
  static const std::uint64_t value = choose_seed();
  return value;
}

std::mt19937_64 rng_for(const char* name) {
  return std::mt19937_64(seed() ^ std::hash<std::string>{}(name));
}
}  // namespace xcub_test

int main(int argc, char** argv) {
#if XCUB_BACKEND_KOKKOS
  Kokkos::ScopeGuard kokkos(argc, argv);  // the kokkos backend's device layer runs on initialised Kokkos
#endif
  std::printf("xcub tests: backend %s, warp width %d, test matrix %s, XCUB_TEST_SEED=%llu\n", xcub::backend_name,
              xcub::arch::warp_threads, XCUB_TEST_MATRIX_FULL ? "full" : "core",
              static_cast<unsigned long long>(xcub_test::seed()));
  std::fflush(stdout);
  doctest::Context context(argc, argv);
  return context.run();
}
