// Concurrency, on any backend with xcub's own kernels (the host emulator and CUDA): host threads
// that each issue device algorithms on a stream of their own, and a CachingDeviceAllocator that
// many host threads use at once. Results are compared with the oracle; the allocator must never
// hand one block to two users at once and must end with nothing live. CI runs this program in a
// -Db_sanitize=thread build of the host backend (.ci/run, its ThreadSanitizer stage), where the
// emulator's shared state (its allocation registry, shared-memory region, kernel names, fault
// handler) and the allocator's are checked for data races by ThreadSanitizer.
#include "test_support.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/reference/select.hpp>
#include <xcub/util/caching_device_allocator.hpp>
#include <xcub/util/device_buffer.hpp>

namespace {

/// Errors seen by worker threads, reported by the test's own thread (doctest's checks are not
/// thread-safe).
struct failures {
  std::mutex mutex;
  std::vector<std::string> what;
  void add(std::string s) {
    std::lock_guard<std::mutex> lock(mutex);
    if (what.size() < 20) what.push_back(std::move(s));
  }
};

struct is_odd {
  XCUB_HOST_DEVICE bool operator()(unsigned x) const { return (x & 1u) != 0; }
};

template <class Call>
xcub::error_t two_phase(xcub::CachingDeviceAllocator& cache, xcub::stream_t stream, Call call) {
  std::size_t bytes = 0;
  if (const auto e = call(nullptr, bytes); e != xcub::success) return e;
  void* temp = nullptr;
  if (const auto e = cache.DeviceAllocate(&temp, bytes, stream); e != xcub::success) return e;
  const auto e = call(temp, bytes);
  const auto f = cache.DeviceFree(temp);
  return e != xcub::success ? e : f;
}

void device_worker(int id, int rounds, xcub::CachingDeviceAllocator& cache, failures& fail) {
  xcub::stream_t stream{};
  if (xcub::stream_create(&stream) != xcub::success) return fail.add("stream_create");
  std::mt19937_64 rng(1000 + static_cast<unsigned>(id));
  for (int round = 0; round < rounds; ++round) {
    const std::size_t n = 1 + rng() % 3000;
    std::vector<unsigned> host(n);
    for (auto& x : host) x = static_cast<unsigned>(rng());
    const std::string where = "thread " + std::to_string(id) + " round " + std::to_string(round) + " n " + std::to_string(n);
    try {
      xcub::device_buffer<unsigned> in(host), out(n), one(1);
      xcub::device_buffer<int> count(1);
      const unsigned* ip = in.data();
      switch ((id + round) % 4) {
        case 0: {
          if (two_phase(cache, stream, [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, ip, one.data(), n, stream); }) != xcub::success)
            return fail.add(where + ": DeviceReduce::Sum failed");
          (void)xcub::stream_synchronize(stream);
          const unsigned want = xcub::reference::reduce(host, 0u, [](unsigned a, unsigned b) { return a + b; });
          if (one.download()[0] != want) fail.add(where + ": DeviceReduce::Sum differs from the oracle");
          break;
        }
        case 1: {
          if (two_phase(cache, stream, [&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSum(t, b, ip, out.data(), n, stream); }) != xcub::success)
            return fail.add(where + ": DeviceScan::ExclusiveSum failed");
          (void)xcub::stream_synchronize(stream);
          if (out.download() != xcub::reference::exclusive_scan(host, 0u, [](unsigned a, unsigned b) { return a + b; }))
            fail.add(where + ": DeviceScan::ExclusiveSum differs from the oracle");
          break;
        }
        case 2: {
          if (two_phase(cache, stream, [&](void* t, std::size_t& b) { return xcub::DeviceRadixSort::SortKeys(t, b, ip, out.data(), n, 0, 32, stream); }) != xcub::success)
            return fail.add(where + ": DeviceRadixSort::SortKeys failed");
          (void)xcub::stream_synchronize(stream);
          std::vector<unsigned> want = host;
          std::stable_sort(want.begin(), want.end());
          if (out.download() != want) fail.add(where + ": DeviceRadixSort::SortKeys differs from a sorted copy");
          break;
        }
        default: {
          if (two_phase(cache, stream, [&](void* t, std::size_t& b) { return xcub::DeviceSelect::If(t, b, ip, out.data(), count.data(), n, is_odd{}, stream); }) != xcub::success)
            return fail.add(where + ": DeviceSelect::If failed");
          (void)xcub::stream_synchronize(stream);
          const std::vector<unsigned> want = xcub::reference::select_if(host, is_odd{});
          std::vector<unsigned> got = out.download();
          got.resize(std::min<std::size_t>(got.size(), static_cast<std::size_t>(std::max(0, count.download()[0]))));
          if (got != want) fail.add(where + ": DeviceSelect::If differs from the oracle");
        }
      }
    } catch (const std::exception& e) {
      fail.add(where + ": " + e.what());
    }
  }
  (void)xcub::stream_destroy(stream);
}

}  // namespace

TEST_CASE("concurrency: 8 host threads issue device algorithms, each on its own stream, sharing one allocator") {
  constexpr int threads = 8;
  const int rounds = 12;
  xcub::CachingDeviceAllocator cache;
  failures fail;
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) pool.emplace_back(device_worker, i, rounds, std::ref(cache), std::ref(fail));
  for (auto& t : pool) t.join();
  for (const auto& w : fail.what) FAIL_CHECK(w);
  CHECK(fail.what.empty());
  CHECK(cache.Stats().live_blocks == 0);
  CHECK(cache.FreeAllCached() == xcub::success);
}

TEST_CASE("concurrency: CachingDeviceAllocator under 16 threads with random sizes hands no block out twice and leaks nothing") {
  constexpr int threads = 16;
  constexpr int ops = 300;
  // small bins and a small cap, so that threads reuse, evict and allocate past the largest bin
  xcub::CachingDeviceAllocator cache(4, 3, 8, 256 * 1024);
#if XCUB_BACKEND_HOST
  const std::size_t allocations_before = xcub::host::detail::device_live_allocations();
#endif
  std::mutex live_mutex;
  std::map<std::uintptr_t, std::size_t> live;  // blocks handed out now: [begin, begin + bytes)
  failures fail;
  std::atomic<int> cap_changes{0};
  auto worker = [&](int id) {
    xcub::stream_t stream{};
    if (xcub::stream_create(&stream) != xcub::success) return fail.add("stream_create");
    std::mt19937_64 rng(77 + static_cast<unsigned>(id));
    std::vector<std::pair<void*, std::size_t>> mine;
    std::vector<unsigned char> back;
    for (int op = 0; op < ops; ++op) {
      if (id == 0 && op % 50 == 0) {  // the cap changes under the others' feet
        (void)cache.SetMaxCachedBytes(op % 100 == 0 ? 64 * 1024 : 512 * 1024);
        ++cap_changes;
      }
      const bool allocate = mine.empty() || (mine.size() < 6 && rng() % 2 == 0);
      if (allocate) {
        const std::size_t sizes[] = {0, 1, 100, 512, 4000, 65536, 70000, 300000};  // the last above the largest bin
        const std::size_t bytes = sizes[rng() % 8] + rng() % 64;
        void* p = nullptr;
        if (cache.DeviceAllocate(&p, bytes, stream) != xcub::success || !p) {
          fail.add("thread " + std::to_string(id) + ": DeviceAllocate(" + std::to_string(bytes) + ") failed");
          break;
        }
        {
          std::lock_guard<std::mutex> lock(live_mutex);
          const auto b = reinterpret_cast<std::uintptr_t>(p);
          auto next = live.lower_bound(b);
          const bool overlaps = (next != live.end() && next->first < b + std::max<std::size_t>(bytes, 1)) ||
                                (next != live.begin() && std::prev(next)->first + std::prev(next)->second > b);
          if (overlaps) fail.add("thread " + std::to_string(id) + ": a block handed out twice");
          live[b] = std::max<std::size_t>(bytes, 1);
        }
        if (bytes) (void)xcub::memset(p, id + 1, bytes);  // owned: nobody else may touch it now
        mine.emplace_back(p, bytes);
      } else {
        const std::size_t i = rng() % mine.size();
        auto [p, bytes] = mine[i];
        back.assign(bytes, 0);
        if (bytes) (void)xcub::memcpy(back.data(), p, bytes);
        if (std::any_of(back.begin(), back.end(), [&](unsigned char c) { return c != static_cast<unsigned char>(id + 1); }))
          fail.add("thread " + std::to_string(id) + ": a live block was written by someone else");
        {
          std::lock_guard<std::mutex> lock(live_mutex);
          live.erase(reinterpret_cast<std::uintptr_t>(p));
        }
        if (cache.DeviceFree(p) != xcub::success) fail.add("thread " + std::to_string(id) + ": DeviceFree failed");
        mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(i));
      }
    }
    for (auto [p, bytes] : mine) {
      {
        std::lock_guard<std::mutex> lock(live_mutex);
        live.erase(reinterpret_cast<std::uintptr_t>(p));
      }
      if (cache.DeviceFree(p) != xcub::success) fail.add("DeviceFree at the end failed");
    }
    (void)xcub::stream_destroy(stream);
  };
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) pool.emplace_back(worker, i);
  for (auto& t : pool) t.join();
  for (const auto& w : fail.what) FAIL_CHECK(w);
  CHECK(fail.what.empty());
  CHECK(cap_changes.load() > 0);
  const auto stats = cache.Stats();
  CHECK(stats.live_blocks == 0);
  CHECK(stats.live_bytes == 0);
  CHECK(stats.cached_bytes <= 512 * 1024);
  CHECK(cache.FreeAllCached() == xcub::success);
  CHECK(cache.Stats().cached_blocks == 0);
  CHECK(live.empty());
#if XCUB_BACKEND_HOST
  // the host records every device allocation: none is left now that the allocator is empty
  CHECK(xcub::host::detail::device_live_allocations() == allocations_before);
#endif
}
