// CachingDeviceAllocator: bin rounding (seen through reuse and the live byte count), oversize
// requests, the cache cap, per-stream reuse, FreeAllCached, errors, the debug report, and
// several host threads sharing one allocator.
#include "test_support.hpp"

#include <xcub/util/caching_device_allocator.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace arch = xcub::arch;
using Allocator = xcub::CachingDeviceAllocator;

/// The word every block's item i holds after fill_words(tag).
XCUB_HOST_DEVICE unsigned pattern(unsigned tag, unsigned long long i) {
  return tag * 2654435761u ^ static_cast<unsigned>(i * 40503u + (i >> 32));
}

XCUB_KERNEL void fill_words(unsigned* data, unsigned long long n, unsigned tag) {
  const unsigned long long stride = static_cast<unsigned long long>(arch::grid_dim().x) * arch::block_dim().x;
  for (unsigned long long i = arch::block_idx().x * static_cast<unsigned long long>(arch::block_dim().x) +
                              arch::thread_idx().x;
       i < n; i += stride)
    data[i] = pattern(tag, i);
}

/// Launches fill_words on `stream` over the first `bytes / 4` words of `p` (no wait).
void fill(void* p, std::size_t bytes, unsigned tag, xcub::stream_t stream) {
  const unsigned long long n = bytes / sizeof(unsigned);
  if (n == 0) return;
  const unsigned blocks = static_cast<unsigned>(std::min<unsigned long long>((n + 127) / 128, 32));
  XCUB_TEST_CALL(xcub::launch(xcub::dim3(blocks), xcub::dim3(128), 0, stream, fill_words, static_cast<unsigned*>(p), n, tag));
}

/// How many of the first `bytes / 4` words of `p` differ from fill_words(tag) (after a wait on `stream`).
std::size_t count_wrong(const void* p, std::size_t bytes, unsigned tag, xcub::stream_t stream) {
  if (xcub::stream_synchronize(stream) != xcub::success) return bytes;
  std::vector<unsigned> host(bytes / sizeof(unsigned));
  if (host.empty()) return 0;
  if (xcub::memcpy(host.data(), p, host.size() * sizeof(unsigned)) != xcub::success) return host.size();
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < host.size(); ++i) wrong += host[i] != pattern(tag, i);
  return wrong;
}

struct stream_holder {
  xcub::stream_t s{};
  stream_holder() { XCUB_TEST_CALL(xcub::stream_create(&s)); }
  ~stream_holder() { (void)xcub::stream_destroy(s); }
  stream_holder(const stream_holder&) = delete;
  stream_holder& operator=(const stream_holder&) = delete;
};

/// Captures what is written to std::cerr while it lives.
struct cerr_capture {
  std::ostringstream text;
  std::streambuf* saved;
  cerr_capture() : saved(std::cerr.rdbuf(text.rdbuf())) {}
  ~cerr_capture() { std::cerr.rdbuf(saved); }
};

std::string address(const void* p) {
  std::ostringstream s;
  s << p;
  return s.str();
}

}  // namespace

TEST_CASE("util: CachingDeviceAllocator rounds requests up to geometric bins") {
  Allocator allocator(8u, 3u, 7u);  // bins 512 B, 4 KiB, 32 KiB, 256 KiB, 2 MiB
  CHECK(allocator.min_bin_bytes == 512);
  CHECK(allocator.max_bin_bytes == 2u << 20);

  SUBCASE("the live size is the bin") {
    const std::pair<std::size_t, std::size_t> sizes[] = {
        {0, 512},          {1, 512},          {512, 512},          {513, 4096},       {4096, 4096},
        {4097, 32768},     {32768, 32768},    {200000, 262144},    {262145, 2u << 20}, {2u << 20, 2u << 20}};
    for (const auto& size : sizes) {
      const std::size_t request = size.first, bin = size.second;
      CAPTURE(request);
      void* p = nullptr;
      XCUB_TEST_CALL(allocator.DeviceAllocate(&p, request));
      CHECK(p != nullptr);
      CHECK(allocator.Stats().live_bytes == bin);
      XCUB_TEST_CALL(allocator.DeviceFree(p));
      CHECK(allocator.Stats().live_bytes == 0);
    }
  }

  SUBCASE("a freed block serves any request of its bin, and no larger one") {
    stream_holder stream;
    void* p = nullptr;
    XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 1000, stream.s));
    fill(p, 4096, 1, stream.s);  // the whole bin is usable
    CHECK(count_wrong(p, 4096, 1, stream.s) == 0);
    XCUB_TEST_CALL(allocator.DeviceFree(p));
    CHECK(allocator.Stats().cached_bytes == 4096);
    for (std::size_t request : {std::size_t{4096}, std::size_t{513}, std::size_t{3000}}) {
      CAPTURE(request);
      void* q = nullptr;
      XCUB_TEST_CALL(allocator.DeviceAllocate(&q, request, stream.s));
      CHECK(q == p);
      XCUB_TEST_CALL(allocator.DeviceFree(q));
    }
    void* bigger = nullptr;
    XCUB_TEST_CALL(allocator.DeviceAllocate(&bigger, 4097, stream.s));
    CHECK(bigger != p);  // p is still cached, so this is a different block
    void* smaller = nullptr;
    XCUB_TEST_CALL(allocator.DeviceAllocate(&smaller, 512, stream.s));
    CHECK(smaller != p);  // a smaller bin: p stays cached
    CHECK(allocator.Stats().cached_bytes == 4096);
    XCUB_TEST_CALL(allocator.DeviceFree(bigger));
    XCUB_TEST_CALL(allocator.DeviceFree(smaller));
    CHECK(allocator.Stats().cached_blocks == 3);
  }

  SUBCASE("the default configuration is CUB's") {
    Allocator defaults;
    CHECK(defaults.bin_growth == 8);
    CHECK(defaults.min_bin_bytes == 512);
    CHECK(defaults.max_bin_bytes == 2u << 20);
    CHECK_FALSE(defaults.skip_cleanup);
    CHECK_FALSE(defaults.debug);
  }
}

TEST_CASE("util: CachingDeviceAllocator allocates requests above the largest bin exactly, uncached") {
  Allocator allocator(2u, 4u, 10u);  // bins 16 B .. 1 KiB
  void* p = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 1025));
  CHECK(allocator.Stats().live_bytes == 1025);
  fill(p, 1024, 7, xcub::stream_t{});
  CHECK(count_wrong(p, 1024, 7, xcub::stream_t{}) == 0);
  XCUB_TEST_CALL(allocator.DeviceFree(p));
  CHECK(allocator.Stats().cached_bytes == 0);
  CHECK(allocator.Stats().live_bytes == 0);

  XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 1024));
  XCUB_TEST_CALL(allocator.DeviceFree(p));
  CHECK(allocator.Stats().cached_bytes == 1024);

  Allocator unbinned(1u, 0u, 10u);  // no growth: nothing is binned or cached
  XCUB_TEST_CALL(unbinned.DeviceAllocate(&p, 100));
  CHECK(unbinned.Stats().live_bytes == 100);
  XCUB_TEST_CALL(unbinned.DeviceFree(p));
  CHECK(unbinned.Stats().cached_bytes == 0);
}

TEST_CASE("util: CachingDeviceAllocator caches at most max_cached_bytes per device") {
  Allocator allocator(2u, 4u, 12u, 8192);  // bins 16 B .. 4 KiB, two 4 KiB blocks cached at most
  void* blocks[3] = {};
  for (void*& b : blocks) XCUB_TEST_CALL(allocator.DeviceAllocate(&b, 4096));
  for (void* b : blocks) XCUB_TEST_CALL(allocator.DeviceFree(b));
  CHECK(allocator.Stats().cached_bytes == 8192);
  CHECK(allocator.Stats().cached_blocks == 2);  // the third went back to the runtime

  void* again[2] = {};
  for (void*& b : again) XCUB_TEST_CALL(allocator.DeviceAllocate(&b, 3000));
  CHECK(allocator.Stats().cached_bytes == 0);
  std::sort(std::begin(again), std::end(again));
  std::sort(blocks, blocks + 2);
  CHECK(again[0] == blocks[0]);
  CHECK(again[1] == blocks[1]);
  for (void* b : again) XCUB_TEST_CALL(allocator.DeviceFree(b));

  // A lower cap evicts nothing, but refuses later frees.
  XCUB_TEST_CALL(allocator.SetMaxCachedBytes(0));
  CHECK(allocator.Stats().cached_bytes == 8192);
  void* p = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 4096));
  CHECK(allocator.Stats().cached_bytes == 4096);
  XCUB_TEST_CALL(allocator.DeviceFree(p));
  CHECK(allocator.Stats().cached_bytes == 4096);
  CHECK(allocator.Stats().cached_blocks == 1);
}

TEST_CASE("util: CachingDeviceAllocator reuses a block at once in its stream, in another once its work is done") {
  Allocator allocator(8u, 3u, 7u);
  stream_holder a, b;

  void* p = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 1000, a.s));
  fill(p, 1000, 11, a.s);
  XCUB_TEST_CALL(allocator.DeviceFree(p));  // the fill may still be running

  void* q = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&q, 1000, a.s));  // the same stream: ordered after the fill
  CHECK(q == p);
  fill(q, 1000, 12, a.s);
  XCUB_TEST_CALL(allocator.DeviceFree(q));
  XCUB_TEST_CALL(xcub::stream_synchronize(a.s));  // the event recorded at the free has completed

  void* r = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&r, 1000, b.s));
  CHECK(r == p);
  fill(r, 1000, 13, b.s);
  CHECK(count_wrong(r, 1000, 13, b.s) == 0);
  XCUB_TEST_CALL(allocator.DeviceFree(r));

#if XCUB_BACKEND_HOST
  // On the host all work is complete when a call returns: another stream reuses at once.
  void* s = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&s, 1000, a.s));
  CHECK(s == p);
  fill(s, 1000, 14, a.s);
  XCUB_TEST_CALL(allocator.DeviceFree(s));
  void* t = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&t, 1000, b.s));
  CHECK(t == p);
  XCUB_TEST_CALL(allocator.DeviceFree(t));
#endif

  // With blocks of the bin cached from both streams, each stream gets its own back.
  void* pa = nullptr;
  void* pb = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&pa, 1000, a.s));
  XCUB_TEST_CALL(allocator.DeviceAllocate(&pb, 1000, b.s));
  XCUB_TEST_CALL(xcub::device_synchronize());
  XCUB_TEST_CALL(allocator.DeviceFree(pb));
  XCUB_TEST_CALL(allocator.DeviceFree(pa));
  void* got_b = nullptr;
  void* got_a = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&got_b, 1000, b.s));
  XCUB_TEST_CALL(allocator.DeviceAllocate(&got_a, 1000, a.s));
  CHECK(got_b == pb);
  CHECK(got_a == pa);
  XCUB_TEST_CALL(allocator.DeviceFree(got_a));
  XCUB_TEST_CALL(allocator.DeviceFree(got_b));

  // The explicit-device overloads name the same cache.
  int device = -1;
  XCUB_TEST_CALL(xcub::get_device(&device));
  void* u = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(device, &u, 1000, a.s));
  CHECK((u == pa || u == pb));
  XCUB_TEST_CALL(allocator.DeviceFree(device, u));
  XCUB_TEST_CALL(xcub::stream_synchronize(a.s));
  XCUB_TEST_CALL(xcub::stream_synchronize(b.s));
}

TEST_CASE("util: CachingDeviceAllocator::FreeAllCached gives cached blocks back and keeps live ones") {
  Allocator allocator(8u, 3u, 7u);
  void* p[3] = {};
  const std::size_t sizes[3] = {100, 5000, 40000};
  for (int i = 0; i < 3; ++i) XCUB_TEST_CALL(allocator.DeviceAllocate(&p[i], sizes[i]));
  XCUB_TEST_CALL(allocator.DeviceFree(p[0]));
  XCUB_TEST_CALL(allocator.DeviceFree(p[2]));
  CHECK(allocator.Stats().cached_blocks == 2);
  CHECK(allocator.Stats().cached_bytes == 512 + 262144);

  XCUB_TEST_CALL(allocator.FreeAllCached());
  CHECK(allocator.Stats().cached_blocks == 0);
  CHECK(allocator.Stats().cached_bytes == 0);
  CHECK(allocator.Stats().live_blocks == 1);
  CHECK(allocator.Stats().live_bytes == 32768);

  fill(p[1], 5000, 21, xcub::stream_t{});  // the live block is untouched and usable
  CHECK(count_wrong(p[1], 5000, 21, xcub::stream_t{}) == 0);
  XCUB_TEST_CALL(allocator.DeviceFree(p[1]));
  CHECK(allocator.Stats().cached_blocks == 1);
  XCUB_TEST_CALL(allocator.FreeAllCached());
  XCUB_TEST_CALL(allocator.FreeAllCached());  // nothing left: still fine
  CHECK(allocator.Stats().cached_blocks == 0);
}

TEST_CASE("util: CachingDeviceAllocator reports errors (deliberate API errors)") {
  Allocator allocator(8u, 3u, 7u);
  void* p = nullptr;
  XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 64));

  SUBCASE("freeing a pointer it does not own") {
    xcub::device_buffer<int> foreign(16);
    CHECK(allocator.DeviceFree(foreign.data()) == xcub::error_invalid_value);
    CHECK(allocator.DeviceFree(static_cast<char*>(p) + 4) == xcub::error_invalid_value);
    XCUB_TEST_CALL(allocator.DeviceFree(p));
    CHECK(allocator.DeviceFree(p) == xcub::error_invalid_value);  // twice
    CHECK(allocator.DeviceFree(nullptr) == xcub::success);
    CHECK(allocator.Stats().cached_blocks == 1);
  }

  SUBCASE("invalid devices and arguments") {
    int count = 0;
    XCUB_TEST_CALL(xcub::get_device_count(&count));
    void* q = &count;
    CHECK(allocator.DeviceAllocate(count, &q, 64) == xcub::error_invalid_device);
    CHECK(q == nullptr);
    CHECK(allocator.DeviceAllocate(-5, &q, 64) == xcub::error_invalid_device);
    (void)xcub::get_last_error();
    CHECK(allocator.DeviceFree(count, p) == xcub::error_invalid_value);  // not live there
    CHECK(allocator.DeviceAllocate(nullptr, 64) == xcub::error_invalid_value);
    XCUB_TEST_CALL(allocator.DeviceFree(p));
    CHECK(allocator.Stats(count).live_blocks == 0);
  }

  SUBCASE("out of memory: the cache is given back, the error returned") {
    XCUB_TEST_CALL(allocator.DeviceFree(p));
    CHECK(allocator.Stats().cached_blocks == 1);
    void* huge = &p;
    CHECK(allocator.DeviceAllocate(&huge, std::size_t{1} << 62) == xcub::error_memory_allocation);
    (void)xcub::get_last_error();
    CHECK(huge == nullptr);
    CHECK(allocator.Stats().cached_blocks == 0);  // freed to retry
    CHECK(allocator.Stats().live_blocks == 0);
  }
  CHECK(std::string(xcub::error_string(xcub::error_invalid_device)).size() > 0);
  CHECK(std::string(xcub::error_string(xcub::error_not_ready)).size() > 0);
}

TEST_CASE("util: CachingDeviceAllocator in debug mode reports allocations, frees and leaks") {
  cerr_capture capture;
  void* leaked = nullptr;
  void* returned = nullptr;
  {
    Allocator allocator(8u, 3u, 7u, Allocator::INVALID_SIZE, false, true);
    XCUB_TEST_CALL(allocator.DeviceAllocate(&leaked, 100));
    XCUB_TEST_CALL(allocator.DeviceAllocate(&returned, 5000000));  // oversize: freed on return
    XCUB_TEST_CALL(allocator.DeviceFree(returned));
    void* cached = nullptr;
    XCUB_TEST_CALL(allocator.DeviceAllocate(&cached, 100));
    XCUB_TEST_CALL(allocator.DeviceFree(cached));
  }  // the destructor reports and frees `leaked`
  const std::string text = capture.text.str();
  INFO(text);
  CHECK(text.find("allocated block " + address(leaked)) != std::string::npos);
  CHECK(text.find("freed block " + address(returned)) != std::string::npos);
  CHECK(text.find("cached block") != std::string::npos);
  CHECK(text.find("leak: device") != std::string::npos);
  CHECK(text.find("block " + address(leaked) + " (512 bytes") != std::string::npos);
  CHECK(text.find("1 leaked blocks (512 bytes)") != std::string::npos);

  cerr_capture quiet;  // without debug, nothing is said
  {
    Allocator allocator(8u, 3u, 7u);
    void* p = nullptr;
    XCUB_TEST_CALL(allocator.DeviceAllocate(&p, 100));
  }
  CHECK(quiet.text.str().empty());
}

TEST_CASE("util: CachingDeviceAllocator serves several host threads without overlapping live blocks") {
  XCUB_TEST_CONTEXT();
  auto seed_rng = xcub_test::rng_for("caching_device_allocator_threads");
  Allocator allocator;  // CUB's defaults: 512 B .. 2 MiB bins, ~6 MiB cached
  constexpr int threads = 4;
#if XCUB_BACKEND_HOST
  constexpr int iterations = 400;
#else
  constexpr int iterations = 400;
#endif

  std::mutex registry_mutex;
  std::map<std::uintptr_t, std::uintptr_t> live_ranges;  // begin -> end of every live block
  std::atomic<std::size_t> overlaps{0}, wrong_words{0}, failures{0};
  std::atomic<unsigned> next_tag{1};

  auto enter = [&](void* p, std::size_t bytes) {
    const auto begin = reinterpret_cast<std::uintptr_t>(p), end = begin + std::max<std::size_t>(bytes, 1);
    std::lock_guard<std::mutex> lock(registry_mutex);
    auto next = live_ranges.lower_bound(begin);
    if (next != live_ranges.end() && next->first < end) ++overlaps;
    if (next != live_ranges.begin() && std::prev(next)->second > begin) ++overlaps;
    live_ranges[begin] = end;
  };
  auto leave = [&](void* p) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    live_ranges.erase(reinterpret_cast<std::uintptr_t>(p));
  };

  auto worker = [&](std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    xcub::stream_t stream{};
    if (xcub::stream_create(&stream) != xcub::success) {
      ++failures;
      return;
    }
    struct held {
      void* p;
      std::size_t bytes;
      unsigned tag;
    };
    std::vector<held> mine;
    auto release = [&](std::size_t i, bool check) {
      const held h = mine[i];
      if (check) wrong_words += count_wrong(h.p, h.bytes, h.tag, stream);
      leave(h.p);  // before the free: from then on another thread may get the block
      if (allocator.DeviceFree(h.p) != xcub::success) ++failures;
      mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(i));
    };
    for (int it = 0; it < iterations; ++it) {
      if (mine.size() < 4 && (mine.empty() || rng() % 3 != 0)) {
        std::size_t bytes = 1 + rng() % (rng() % 4 == 0 ? 300000 : 20000);
        if (rng() % 64 == 0) bytes = (2u << 20) + 1 + rng() % 100000;  // above the largest bin
        void* p = nullptr;
        if (allocator.DeviceAllocate(&p, bytes, stream) != xcub::success || !p) {
          ++failures;
          continue;
        }
        enter(p, bytes);
        const unsigned tag = next_tag++;
        const unsigned long long n = bytes / sizeof(unsigned);
        if (n) {
          const unsigned blocks = static_cast<unsigned>(std::min<unsigned long long>((n + 127) / 128, 16));
          if (xcub::launch(xcub::dim3(blocks), xcub::dim3(128), 0, stream, fill_words, static_cast<unsigned*>(p), n,
                           tag) != xcub::success)
            ++failures;
        }
        mine.push_back({p, bytes, tag});
        if (rng() % 4 == 0) release(mine.size() - 1, false);  // freed while its fill may still run
      } else {
        release(rng() % mine.size(), true);
      }
    }
    while (!mine.empty()) release(mine.size() - 1, true);
    if (xcub::stream_synchronize(stream) != xcub::success) ++failures;
    (void)xcub::stream_destroy(stream);
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, seed_rng());
  for (auto& t : pool) t.join();

  CHECK(failures == 0);
  CHECK(overlaps == 0);
  CHECK(wrong_words == 0);
  CHECK(allocator.Stats().live_blocks == 0);
  CHECK(allocator.Stats().cached_bytes <= 3 * (std::size_t{2} << 20) - 1);
  XCUB_TEST_CALL(allocator.FreeAllCached());
}
