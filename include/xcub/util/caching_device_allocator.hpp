// xcub/util/caching_device_allocator.hpp: a thread-safe cache of device allocations, with
// CUB's CachingDeviceAllocator interface and semantics, for temporary storage.
//
//   xcub::CachingDeviceAllocator allocator;                    // bins 8^3 .. 8^7 bytes, ~6 MiB cached
//   void* d_temp = nullptr;
//   if (allocator.DeviceAllocate(&d_temp, temp_bytes, stream) != xcub::success) return ...;
//   xcub::launch(grid, block, 0, stream, kernel, static_cast<int*>(d_temp), n);
//   allocator.DeviceFree(d_temp);  // back to the cache: `stream` may reuse it at once, others
//                                  // once the kernel has finished
//
// Contract:
// - Sizes are rounded up to a bin, bin_growth^k bytes for k in [min_bin, max_bin]; a request
//   below the smallest bin gets the smallest (0 bytes included). A request above the largest
//   bin is allocated exactly and given back to the runtime when freed.
// - A freed block is cached, per device, unless the device's cached bytes would then exceed
//   max_cached_bytes; then it is given back to the runtime. SetMaxCachedBytes changes the cap
//   for later frees; it evicts nothing.
// - A block is associated with the stream it was allocated for. Once freed, the same stream
//   may reuse it at once (its work is ordered after the old user's); another stream only after
//   the work submitted to that stream before the free has completed (an event recorded at free
//   time; on the host backend that is always so).
// - When the runtime is out of memory, the device's cached blocks are given back and the
//   allocation is tried once more.
// - Every call is thread-safe. Errors are returned as xcub::error_t: freeing a pointer that is
//   not live in this allocator on that device is error_invalid_value (freeing nullptr is a
//   no-op); an invalid device id is error_invalid_device, or what the runtime reports.
// - The destructor gives everything back, cached and still-live blocks, unless skip_cleanup
//   (for allocators destroyed at program exit, when the GPU runtime may already be gone).
// - With debug set (before concurrent use), allocations, reuses and frees are reported on
//   std::cerr, and the destructor names every block still live (a leak).
// Beyond CUB: Stats(device) reports a device's cached and live bytes and blocks.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <xcub/runtime.hpp>

namespace xcub {

class CachingDeviceAllocator {
 public:
  static constexpr unsigned INVALID_BIN = static_cast<unsigned>(-1);
  static constexpr std::size_t INVALID_SIZE = static_cast<std::size_t>(-1);
  static constexpr int INVALID_DEVICE_ORDINAL = -1;  // "the current device"

  /// Bins growth^smallest_bin .. growth^largest_bin bytes (growth >= 2; with less, nothing is
  /// binned and every block is allocated exactly and never cached). The arguments are CUB's, in
  /// CUB's order; they become the members bin_growth, min_bin, max_bin, skip_cleanup and debug.
  explicit CachingDeviceAllocator(unsigned growth, unsigned smallest_bin = 1, unsigned largest_bin = INVALID_BIN,
                                  std::size_t max_cached_bytes = INVALID_SIZE, bool no_cleanup = false,
                                  bool verbose = false)
      : bin_growth(growth),
        min_bin(smallest_bin),
        max_bin(largest_bin),
        min_bin_bytes(saturating_pow(growth, smallest_bin)),
        max_bin_bytes(saturating_pow(growth, largest_bin)),
        skip_cleanup(no_cleanup),
        debug(verbose),
        max_cached_bytes_(max_cached_bytes) {}

  /// CUB's defaults: bins of 8^3 = 512 B to 8^7 = 2 MiB, at most 3 * 2 MiB - 1 cached per device.
  explicit CachingDeviceAllocator(bool no_cleanup = false, bool verbose = false)
      : CachingDeviceAllocator(8, 3, 7, 3 * saturating_pow(8, 7) - 1, no_cleanup, verbose) {}

  CachingDeviceAllocator(const CachingDeviceAllocator&) = delete;
  CachingDeviceAllocator& operator=(const CachingDeviceAllocator&) = delete;

  virtual ~CachingDeviceAllocator() {
    std::vector<block> live;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto& [device, cache] : devices_) {
        for (auto& [ptr, b] : cache.live) live.push_back(b);
      }
    }
    if (debug && !live.empty()) {
      std::size_t bytes = 0;
      std::ostringstream s;
      for (const block& b : live) {
        bytes += b.bytes;
        s << "xcub::CachingDeviceAllocator: leak: device " << b.device << " block " << b.ptr << " (" << b.bytes
          << " bytes, stream " << b.stream << ") is still live at destruction\n";
      }
      s << "xcub::CachingDeviceAllocator: " << live.size() << " leaked blocks (" << bytes << " bytes)"
        << (skip_cleanup ? "\n" : ", given back now\n");
      std::cerr << s.str();
    }
    if (skip_cleanup) return;
    (void)FreeAllCached();
    (void)release(live);
  }

  /// Caps the bytes cached per device from now on (blocks already cached stay).
  error_t SetMaxCachedBytes(std::size_t max_cached_bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (debug) std::cerr << "xcub::CachingDeviceAllocator: max_cached_bytes " << max_cached_bytes_ << " -> "
                         << max_cached_bytes << "\n";
    max_cached_bytes_ = max_cached_bytes;
    return success;
  }

  /// Sets *d_ptr to a block of at least `bytes` on `device` (INVALID_DEVICE_ORDINAL: the current
  /// one) for use in `active_stream`; nullptr on error.
  error_t DeviceAllocate(int device, void** d_ptr, std::size_t bytes, stream_t active_stream = stream_t{}) {
    if (!d_ptr) return error_invalid_value;
    *d_ptr = nullptr;
    if (const error_t e = resolve(device); e != success) return e;
    block b{nullptr, 0, INVALID_BIN, device, active_stream, event_t{}};
    round_to_bin(bytes, b.bin, b.bytes);

    if (b.bin != INVALID_BIN) {
      std::unique_lock<std::mutex> lock(mutex_);
      if (auto it = devices_.find(device); it != devices_.end() && take_cached(it->second, b)) {
        if (debug) report(lock, "reused", b, it->second);
        *d_ptr = b.ptr;
        return success;
      }
    }

    scoped_device on(device);
    if (on.error != success) return on.error;
    error_t e = device_malloc(&b.ptr, b.bytes);
    if (e == error_memory_allocation) {  // give the device's cached blocks back and try once more
      (void)get_last_error();
      if (debug) std::cerr << "xcub::CachingDeviceAllocator: device " << device << " is out of memory for "
                           << b.bytes << " bytes: freeing its cached blocks and retrying\n";
      if (e = release(take_all_cached(device)); e == success) e = device_malloc(&b.ptr, b.bytes);
    }
    if (e != success) return e;

    std::unique_lock<std::mutex> lock(mutex_);
    device_cache& cache = devices_[device];
    cache.live.emplace(b.ptr, b);
    cache.live_bytes += b.bytes;
    if (debug) report(lock, "allocated", b, cache);
    *d_ptr = b.ptr;
    return success;
  }

  /// DeviceAllocate on the current device.
  error_t DeviceAllocate(void** d_ptr, std::size_t bytes, stream_t active_stream = stream_t{}) {
    return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
  }

  /// Returns a live block of `device` (INVALID_DEVICE_ORDINAL: the current one) to the cache, or
  /// to the runtime when it is not binned or the cache is full.
  error_t DeviceFree(int device, void* d_ptr) {
    if (!d_ptr) return success;
    if (const error_t e = resolve(device); e != success) return e;
    block b;
    bool keep = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto dev = devices_.find(device);
      if (dev == devices_.end()) return error_invalid_value;
      device_cache& cache = dev->second;
      auto it = cache.live.find(d_ptr);
      if (it == cache.live.end()) return error_invalid_value;
      b = it->second;
      cache.live.erase(it);
      cache.live_bytes -= b.bytes;
      keep = b.bin != INVALID_BIN && cache.cached_bytes + b.bytes <= max_cached_bytes_;
      if (keep) cache.cached_bytes += b.bytes;  // reserved until the block is in the cache
    }

    scoped_device on(device);
    error_t e = on.error;
    if (keep) {
      // Mark the end of the stream's use before any other stream can see the block.
      if (e == success && !b.ready) e = event_create(&b.ready);
      if (e == success) e = event_record(b.ready, b.stream);
      std::unique_lock<std::mutex> lock(mutex_);
      device_cache& cache = devices_[device];
      if (e == success) {
        cache.cached.emplace(b.bytes, b);
        if (debug) report(lock, "cached", b, cache);
        return success;
      }
      cache.cached_bytes -= b.bytes;
      (void)get_last_error();
    }
    if (on.error != success) {  // cannot reach the device: the block stays live
      std::lock_guard<std::mutex> lock(mutex_);
      device_cache& cache = devices_[device];
      cache.live.emplace(b.ptr, b);
      cache.live_bytes += b.bytes;
      return on.error;
    }
    e = device_free(b.ptr);
    if (b.ready) {
      const error_t e2 = event_destroy(b.ready);
      if (e == success) e = e2;
    }
    if (debug) {
      std::unique_lock<std::mutex> lock(mutex_);
      report(lock, "freed", b, devices_[device]);
    }
    return e;
  }

  /// DeviceFree on the current device.
  error_t DeviceFree(void* d_ptr) { return DeviceFree(INVALID_DEVICE_ORDINAL, d_ptr); }

  /// Gives every cached block, of every device, back to the runtime. Live blocks stay.
  error_t FreeAllCached() {
    std::vector<block> victims;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto& [device, cache] : devices_) take_cached(cache, victims);
    }
    return release(victims);
  }

  /// A snapshot of one device's blocks (not in CUB).
  struct CacheStats {
    std::size_t cached_bytes = 0, live_bytes = 0, cached_blocks = 0, live_blocks = 0;
  };
  CacheStats Stats(int device = INVALID_DEVICE_ORDINAL) const {
    CacheStats s;
    if (resolve(device) != success) return s;
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = devices_.find(device); it != devices_.end()) {
      s = {it->second.cached_bytes, it->second.live_bytes, it->second.cached.size(), it->second.live.size()};
    }
    return s;
  }

  const unsigned bin_growth;        // geometric growth between bins
  const unsigned min_bin;           // the smallest bin's exponent
  const unsigned max_bin;           // the largest bin's exponent
  const std::size_t min_bin_bytes;  // bin_growth^min_bin
  const std::size_t max_bin_bytes;  // bin_growth^max_bin (saturated at SIZE_MAX)
  const bool skip_cleanup;          // the destructor leaves everything to the runtime
  bool debug;                       // report to std::cerr; set before concurrent use

 private:
  struct block {
    void* ptr = nullptr;
    std::size_t bytes = 0;
    unsigned bin = INVALID_BIN;
    int device = INVALID_DEVICE_ORDINAL;
    stream_t stream{};  // the stream that uses it (live) or last used it (cached)
    event_t ready{};    // recorded on `stream` when the block was freed; created on first caching
  };
  struct device_cache {
    std::multimap<std::size_t, block> cached;  // by size; a key's blocks in the order they came
    std::unordered_map<void*, block> live;
    std::size_t cached_bytes = 0, live_bytes = 0;
  };

  /// Selects the device to use (its current one for INVALID_DEVICE_ORDINAL) for the calling
  /// thread and restores the previous one on leaving.
  struct scoped_device {
    explicit scoped_device(int device) {
      error = get_device(&previous);
      if (error == success && previous != device) {
        error = set_device(device);
        switched = error == success;
      }
    }
    ~scoped_device() {
      if (switched) (void)set_device(previous);
    }
    scoped_device(const scoped_device&) = delete;
    scoped_device& operator=(const scoped_device&) = delete;
    int previous = 0;
    bool switched = false;
    error_t error = success;
  };

  static std::size_t saturating_pow(std::size_t base, unsigned exp) {
    std::size_t r = 1;
    for (unsigned i = 0; i < exp && r != INVALID_SIZE; ++i) {
      r = base != 0 && r > INVALID_SIZE / base ? INVALID_SIZE : r * base;
      if (base < 2) break;
    }
    return r;
  }

  static error_t resolve(int& device) {
    return device == INVALID_DEVICE_ORDINAL ? get_device(&device) : success;
  }

  /// The smallest bin_growth^k >= bytes with k clamped up to min_bin; above max_bin (or beyond
  /// size_t), INVALID_BIN and the exact size.
  void round_to_bin(std::size_t bytes, unsigned& bin, std::size_t& rounded) const {
    bin = INVALID_BIN;
    rounded = std::max<std::size_t>(bytes, 1);
    if (bin_growth < 2) return;
    unsigned k = 0;
    std::size_t size = 1;
    while (size < bytes) {
      if (size > INVALID_SIZE / bin_growth || k == max_bin) return;
      size *= bin_growth;
      ++k;
    }
    if (k > max_bin) return;
    if (k < min_bin) {
      k = min_bin;
      size = min_bin_bytes;
    }
    bin = k;
    rounded = size;
  }

  /// Moves a reusable cached block of b.bytes into the live set for b.stream, filling b: the
  /// stream's own most recently freed block first, else the oldest whose event has completed.
  static bool take_cached(device_cache& cache, block& b) {
    auto [first, last] = cache.cached.equal_range(b.bytes);
    auto pick = last;
    for (auto it = last; it != first;) {
      if ((--it)->second.stream == b.stream) {
        pick = it;
        break;
      }
    }
    for (auto it = first; pick == last && it != last; ++it) {
      if (event_query(it->second.ready) == success) pick = it;
    }
    if (pick == last) return false;
    const stream_t stream = b.stream;
    b = pick->second;
    b.stream = stream;
    cache.cached.erase(pick);
    cache.cached_bytes -= b.bytes;
    cache.live.emplace(b.ptr, b);
    cache.live_bytes += b.bytes;
    return true;
  }

  /// Empties a device's cache into `out` (the caller holds the lock).
  static void take_cached(device_cache& cache, std::vector<block>& out) {
    for (auto& [bytes, b] : cache.cached) {
      out.push_back(b);
      cache.cached_bytes -= b.bytes;
    }
    cache.cached.clear();
  }

  std::vector<block> take_all_cached(int device) {
    std::vector<block> victims;
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = devices_.find(device); it != devices_.end()) take_cached(it->second, victims);
    return victims;
  }

  /// Gives blocks back to the runtime, each on its device; returns the first error.
  error_t release(std::vector<block> blocks) {
    std::sort(blocks.begin(), blocks.end(), [](const block& a, const block& b) { return a.device < b.device; });
    error_t first_error = success;
    auto note = [&](error_t e) {
      if (e != success && first_error == success) first_error = e;
    };
    for (std::size_t i = 0; i < blocks.size();) {
      const int device = blocks[i].device;
      scoped_device on(device);
      note(on.error);
      for (; i < blocks.size() && blocks[i].device == device; ++i) {
        if (on.error != success) continue;
        note(device_free(blocks[i].ptr));
        if (blocks[i].ready) note(event_destroy(blocks[i].ready));
        if (debug) std::cerr << "xcub::CachingDeviceAllocator: device " << device << " freed block " << blocks[i].ptr
                             << " (" << blocks[i].bytes << " bytes)\n";
      }
    }
    return first_error;
  }

  /// One debug line: what happened to `b`, then the device's totals (the caller holds the lock).
  static void report(std::unique_lock<std::mutex>& lock, const char* what, const block& b, const device_cache& cache) {
    std::ostringstream s;
    s << "xcub::CachingDeviceAllocator: device " << b.device << " " << what << " block " << b.ptr << " ("
      << b.bytes << " bytes, stream " << b.stream << "); " << cache.cached.size() << " cached blocks ("
      << cache.cached_bytes << " bytes), " << cache.live.size() << " live (" << cache.live_bytes << " bytes)\n";
    lock.unlock();
    std::cerr << s.str();
  }

  mutable std::mutex mutex_;
  std::map<int, device_cache> devices_;
  std::size_t max_cached_bytes_;
};

}  // namespace xcub
