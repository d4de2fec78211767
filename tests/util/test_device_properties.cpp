// Cached device properties: sane values on every device, one answer for every caller and
// thread, and invalid device ids refused.
#include "test_support.hpp"

#include <xcub/util/device_properties.hpp>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace {

int device_count() {
  int n = 0;
  XCUB_TEST_CALL(xcub::get_device_count(&n));
  return n;
}

bool same(const xcub::device_properties& a, const xcub::device_properties& b) {
  return a.device == b.device && a.multiprocessor_count == b.multiprocessor_count &&
         a.shared_memory_per_block == b.shared_memory_per_block &&
         a.shared_memory_per_block_optin == b.shared_memory_per_block_optin &&
         a.max_threads_per_block == b.max_threads_per_block && a.warp_threads == b.warp_threads &&
         a.arch_version == b.arch_version && a.l2_cache_bytes == b.l2_cache_bytes && a.name == b.name;
}

}  // namespace

TEST_CASE("util: get_device_properties reports sane values for every device") {
  const int n = device_count();
  REQUIRE(n >= 1);
  for (int d = 0; d < n; ++d) {
    CAPTURE(d);
    xcub::device_properties p;
    XCUB_TEST_CALL(xcub::get_device_properties(d, &p));
    CAPTURE(p.name);
    CHECK(p.device == d);
    CHECK(p.multiprocessor_count >= 1);
    CHECK(p.shared_memory_per_block >= 16 * 1024);
    CHECK(p.shared_memory_per_block_optin >= p.shared_memory_per_block);
    CHECK(p.max_threads_per_block >= 256);
    CHECK((p.warp_threads == 32 || p.warp_threads == 64));
    CHECK(p.l2_cache_bytes >= 0);
    CHECK(!p.name.empty());
#if XCUB_BACKEND_HOST
    const unsigned cores = std::thread::hardware_concurrency();
    CHECK(p.multiprocessor_count == static_cast<int>(std::max(cores, 1u)));
    CHECK(p.shared_memory_per_block == 48 * 1024);
    CHECK(p.shared_memory_per_block_optin == 227 * 1024);
    CHECK(p.max_threads_per_block == 1024);
    CHECK(p.warp_threads == xcub::arch::warp_threads);
    CHECK(p.arch_version == 0);
    CHECK(p.name == "xcub host emulator");
#else
    CHECK(p.arch_version >= 300);
#if XCUB_BACKEND_CUDA
    CHECK(p.warp_threads == xcub::arch::warp_threads);
    CHECK(p.arch_version % 10 == 0);
#endif
#endif
  }
}

TEST_CASE("util: device properties are computed once and read the same from every thread") {
  const int n = device_count();
  for (int d = 0; d < n; ++d) {
    CAPTURE(d);
    xcub::device_properties first, second;
    XCUB_TEST_CALL(xcub::get_device_properties(d, &first));
    XCUB_TEST_CALL(xcub::get_device_properties(d, &second));
    CHECK(same(first, second));

    constexpr int threads = 8;
    std::vector<xcub::device_properties> seen(threads);
    std::vector<xcub::error_t> errors(threads, xcub::error_invalid_value);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] { errors[t] = xcub::get_device_properties(d, &seen[t]); });
    }
    for (auto& t : pool) t.join();
    for (int t = 0; t < threads; ++t) {
      CHECK(errors[t] == xcub::success);
      CHECK(same(seen[t], first));
    }

    int sm = -1;
    XCUB_TEST_CALL(xcub::SmVersion(sm, d));
    CHECK(sm == first.arch_version);
  }
  int current = -1, sm = -1;
  XCUB_TEST_CALL(xcub::get_device(&current));
  XCUB_TEST_CALL(xcub::SmVersion(sm));
  xcub::device_properties p;
  XCUB_TEST_CALL(xcub::get_device_properties(current, &p));
  CHECK(sm == p.arch_version);
}

TEST_CASE("util: get_device_properties refuses invalid devices and leaves the output alone (deliberate API errors)") {
  const int n = device_count();
  for (int bad : {-1, -7, n, n + 5}) {
    CAPTURE(bad);
    xcub::device_properties p;
    p.name = "untouched";
    CHECK(xcub::get_device_properties(bad, &p) == xcub::error_invalid_device);
    CHECK(p.name == "untouched");
    CHECK(p.device == -1);
    int sm = 12345;
    CHECK(xcub::SmVersion(sm, bad) == xcub::error_invalid_device);
    CHECK(sm == 12345);
  }
  CHECK(xcub::get_device_properties(0, nullptr) == xcub::error_invalid_value);
  (void)xcub::get_last_error();
}
