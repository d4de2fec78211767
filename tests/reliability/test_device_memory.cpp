// Device memory on the host backend: every allocation's size is known, so a kernel that runs past
// one is stopped with a report naming the allocation (and, for an access that reaches the guard
// region, the kernel, block and thread); memcpy, memset and device_free refuse what is not inside
// a live allocation. Also: the emulator's own exhaustion (fiber stacks) is a named report.
#include "test_support.hpp"
#include "../emulator/child_process.hpp"

#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/util/device_buffer.hpp>

namespace xcub_reliability_memory {
namespace arch = xcub::arch;

XCUB_KERNEL void write_one_past_end(int* out, int n) {
  if (arch::linear_thread_id() == 0) out[n] = 1;  // the canary just past the end
}
XCUB_KERNEL void read_far_past_end(const int* in, int* out, int n) {
  const unsigned tid = arch::linear_thread_id();
  out[tid] = in[n + 4096 + tid];  // 16 KiB past the end: into the guard region
}
XCUB_KERNEL void read_before_start(const int* in, int* out) {
  out[arch::linear_thread_id()] = in[-1024];
}
XCUB_KERNEL void everyone_waits(int* out) {
  arch::sync_threads();  // every thread parked at once: a fiber stack each
  out[arch::linear_thread_id()] = 1;
}

bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

}  // namespace xcub_reliability_memory

using namespace xcub_reliability_memory;

TEST_CASE("device memory: a write just past an allocation is reported when the launch completes") {
  const auto r = xcub_test::run_in_child([] {
    void* p = nullptr;
    if (xcub::device_malloc(&p, 10 * sizeof(int)) != xcub::success) return;
    (void)xcub::launch(1, 32, 0, 0, write_one_past_end, static_cast<int*>(p), 10);
  });
  INFO(r.err);
  CHECK(r.died());
  CHECK(contains(r.err, "xcub host emulator: device memory written out of bounds: byte 40 of the 40-byte device allocation"));
  CHECK(contains(r.err, "write_one_past_end"));
}

TEST_CASE("device memory: a read far past an allocation names the allocation, kernel, block and thread") {
  const auto r = xcub_test::run_in_child([] {
    xcub::device_buffer<int> in(100), out(64);
    (void)xcub::launch(2, 32, 0, 0, read_far_past_end, static_cast<const int*>(in.data()), out.data(), 100);
  });
  INFO(r.err);
  CHECK(r.died());
  CHECK(contains(r.err, "device memory access out of bounds: address "));
  CHECK(contains(r.err, "byte(s) past the end of the 400-byte device allocation at "));
  CHECK(contains(r.err, "kernel: xcub_reliability_memory::read_far_past_end"));
  CHECK(contains(r.err, "block (0,0,0), thread (0,0,0)"));
}

TEST_CASE("device memory: a read before an allocation's start is reported") {
  const auto r = xcub_test::run_in_child([] {
    xcub::device_buffer<int> in(16), out(32);
    (void)xcub::launch(1, 32, 0, 0, read_before_start, static_cast<const int*>(in.data()), out.data());
  });
  INFO(r.err);
  CHECK(r.died());
  CHECK(contains(r.err, "4096 byte(s) before the start of the 64-byte device allocation"));
}

TEST_CASE("device memory: a 1-byte temp storage passed with the full temp_storage_bytes is reported, not a silent crash") {
  for (int family = 0; family < 2; ++family) {
    const auto r = xcub_test::run_in_child([family] {
      const int n = 100000;
      xcub::device_buffer<unsigned> in(n), out(n);
      in.fill_bytes(1);
      std::size_t bytes = 0;
      void* tiny = nullptr;
      if (xcub::device_malloc(&tiny, 1) != xcub::success) return;
      if (family == 0) {
        (void)xcub::DeviceReduce::Sum(nullptr, bytes, in.data(), out.data(), n);
        (void)xcub::DeviceReduce::Sum(tiny, bytes, in.data(), out.data(), n);
      } else {
        (void)xcub::DeviceRadixSort::SortKeys(nullptr, bytes, in.data(), out.data(), n);
        (void)xcub::DeviceRadixSort::SortKeys(tiny, bytes, in.data(), out.data(), n);
      }
      (void)xcub::device_free(tiny);
    });
    INFO("family " << family << ": " << r.err);
    CHECK(r.died());
    CHECK(contains(r.err, "xcub host emulator: device memory"));
    CHECK(contains(r.err, "of the 1-byte device allocation at "));
  }
}

TEST_CASE("device memory: memcpy, memset and device_free refuse ranges and pointers outside live allocations") {
  void* p = nullptr;
  REQUIRE(xcub::device_malloc(&p, 100) == xcub::success);
  std::vector<unsigned char> host(200, 7);
  auto* d = static_cast<unsigned char*>(p);
  CHECK(xcub::memcpy(d, host.data(), 100) == xcub::success);
  CHECK(xcub::memcpy(d, host.data(), 101) == xcub::error_invalid_value);
  CHECK(xcub::memcpy(d + 50, host.data(), 51) == xcub::error_invalid_value);
  CHECK(xcub::memcpy(host.data(), d + 1, 100) == xcub::error_invalid_value);
  CHECK(xcub::memset(d + 99, 0, 1) == xcub::success);
  CHECK(xcub::memset(d + 99, 0, 2) == xcub::error_invalid_value);
  CHECK(xcub::memcpy(host.data(), host.data() + 100, 100) == xcub::success);  // host memory is the caller's
  CHECK(xcub::device_free(d + 1) == xcub::error_invalid_value);
  CHECK(xcub::device_free(host.data()) == xcub::error_invalid_value);
  std::size_t bytes_before = 0;
  const std::size_t live_before = xcub::host::detail::device_live_allocations(&bytes_before);
  CHECK(xcub::device_free(p) == xcub::success);
  CHECK(xcub::host::detail::device_live_allocations() == live_before - 1);
  CHECK(xcub::device_free(p) == xcub::error_invalid_value);  // freed twice
  CHECK(xcub::device_free(nullptr) == xcub::success);
  void* huge = &host;
  CHECK(xcub::device_malloc(&huge, ~std::size_t{0} / 2) == xcub::error_memory_allocation);
  CHECK(huge == nullptr);
  huge = &host;
  CHECK(xcub::device_malloc(&huge, std::size_t{1} << 45) == xcub::error_memory_allocation);  // 32 TiB
  CHECK(huge == nullptr);
}

TEST_CASE("device memory: allocations are 256-byte aligned and zero-size ones are null") {
  for (std::size_t bytes : {1, 2, 255, 256, 257, 4095, 4096, 4097, 100000}) {
    void* p = nullptr;
    REQUIRE(xcub::device_malloc(&p, bytes) == xcub::success);
    CHECK(reinterpret_cast<std::uintptr_t>(p) % 256 == 0);
    CHECK(xcub::memset(p, 0x5A, bytes) == xcub::success);
    CHECK(xcub::device_free(p) == xcub::success);
  }
  void* p = &p;
  CHECK(xcub::device_malloc(&p, 0) == xcub::success);
  CHECK(p == nullptr);
}

// AddressSanitizer and ThreadSanitizer reserve terabytes of shadow memory, so an address-space
// limit cannot be set for this test there.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define XCUB_TEST_SHADOW_MEMORY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define XCUB_TEST_SHADOW_MEMORY 1
#endif
#endif
#if !defined(XCUB_TEST_SHADOW_MEMORY)
TEST_CASE("emulator: running out of memory for fiber stacks is a named report") {
  const auto r = xcub_test::run_in_child([] {
    xcub::device_buffer<int> out(8 * 1024);
    (void)xcub::launch(1, 32, 0, 0, everyone_waits, out.data());  // the shared-memory region, reserved once
    // Leave about 256 MiB of address space beyond what the process has now: 8 blocks of 1024
    // threads all parked at a barrier need 8192 stacks of 320 KiB (with guards), 2.5 GiB.
    unsigned long pages = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
      std::fclose(f);
    }
    if (pages == 0) return;
    const rlim_t limit = static_cast<rlim_t>(pages) * 4096 + (rlim_t{256} << 20);
    const rlimit as{limit, limit};
    setrlimit(RLIMIT_AS, &as);
    (void)xcub::launch(8, 1024, 0, 0, everyone_waits, out.data());
  });
  INFO(r.err);
  CHECK(r.died());
  CHECK(contains(r.err, "xcub host emulator: out of memory: the emulator could not get a fiber stack"));
  CHECK(contains(r.err, "kernel: xcub_reliability_memory::everyone_waits"));
}
#endif
