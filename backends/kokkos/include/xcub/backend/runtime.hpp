// Kokkos runtime layer: device memory is Kokkos memory of the default execution space's memory
// space (kokkos_malloc), a stream is an instance of the default execution space, and
// synchronisation is a Kokkos fence. There is one device, 0: the one Kokkos was initialised on.
// The caller initialises Kokkos (Kokkos::ScopeGuard or Kokkos::initialize) before any call.
//
//   stream_t         wraps a Kokkos::DefaultExecutionSpace instance; 0 (the default argument) is
//                    the default instance, and any instance converts: pass `exec_space` where CUB
//                    takes a cudaStream_t. stream_create gives a copy of the default instance
//                    (Kokkos 3.4 has no portable way to make an independent one).
//   memcpy / memset  on device memory from device_malloc, or on host memory: device_malloc records
//                    its allocations, so that a pointer's space is known without a UVA runtime
//   events           an event records a fence of its stream's instance: always complete
#pragma once

#include <xcub/config.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <atomic>
#include <map>
#include <mutex>

#include <Kokkos_Core.hpp>

namespace xcub {

/// Numbered as the other backends number them (CUDA's numbers).
enum error_t : int {
  success = 0,
  error_invalid_value = 1,
  error_memory_allocation = 2,
  error_invalid_configuration = 9,
  error_invalid_device = 101,
  error_not_ready = 600,
};

inline const char* error_string(error_t e) {
  switch (e) {
    case success: return "no error";
    case error_invalid_value: return "invalid argument";
    case error_memory_allocation: return "out of memory";
    case error_invalid_configuration: return "invalid configuration argument";
    case error_invalid_device: return "invalid device ordinal";
    case error_not_ready: return "device not ready";
  }
  return "unknown error";
}
/// Kokkos reports failures by aborting, so there is no deferred error.
inline error_t get_last_error() { return success; }

/// A stream: an instance of the default execution space. `0` is the default instance.
class stream_t {
 public:
  using space_type = Kokkos::DefaultExecutionSpace;
  stream_t() = default;
  stream_t(int zero) { (void)zero; }  // the default argument `stream = 0`
  stream_t(std::nullptr_t) {}
  stream_t(const space_type& space) : m_space(space), m_id(next_id()) {}
  /// The instance the work runs on.
  space_type space() const { return m_id ? m_space : space_type(); }
  bool is_default() const { return m_id == 0; }
  /// Streams compare by identity (0: the default instance; each instance passed in gets a new id),
  /// as the caching allocator compares them; Kokkos 3.4's instances have no comparison.
  unsigned long id() const { return m_id; }
  friend bool operator==(const stream_t& a, const stream_t& b) { return a.m_id == b.m_id; }
  friend bool operator!=(const stream_t& a, const stream_t& b) { return a.m_id != b.m_id; }
  template <class Os>
  friend Os& operator<<(Os& os, const stream_t& s) {
    os << "kokkos instance " << s.m_id;
    return os;
  }

 private:
  static unsigned long next_id() {
    static std::atomic<unsigned long> ids{0};
    return ++ids;
  }
  space_type m_space{};
  unsigned long m_id = 0;
};

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

namespace kokkos_backend {
using space = Kokkos::DefaultExecutionSpace;
using memory_space = space::memory_space;

/// The live allocations of device_malloc: start -> bytes.
struct allocations {
  std::mutex lock;
  std::map<std::uintptr_t, std::size_t> blocks;
  static allocations& get() {
    static allocations a;
    return a;
  }
  bool is_device(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::lock_guard<std::mutex> guard(lock);
    auto it = blocks.upper_bound(at);
    if (it == blocks.begin()) return false;
    --it;
    return at < it->first + it->second;
  }
};

template <class Space>
using bytes_view = Kokkos::View<unsigned char*, Space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class Dst, class Src>
void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  Kokkos::deep_copy(bytes_view<Dst>(static_cast<unsigned char*>(dst), bytes),
                    bytes_view<Src>(const_cast<unsigned char*>(static_cast<const unsigned char*>(src)), bytes));
}
}  // namespace kokkos_backend

inline error_t device_malloc(void** ptr, std::size_t bytes) {
  if (!ptr) return error_invalid_value;
  *ptr = nullptr;
  if (bytes == 0) return success;
  *ptr = Kokkos::kokkos_malloc<kokkos_backend::memory_space>("xcub::device_malloc", bytes);
  if (!*ptr) return error_memory_allocation;
  auto& a = kokkos_backend::allocations::get();
  std::lock_guard<std::mutex> guard(a.lock);
  a.blocks[reinterpret_cast<std::uintptr_t>(*ptr)] = bytes;
  return success;
}
inline error_t device_free(void* ptr) {
  if (!ptr) return success;
  {
    auto& a = kokkos_backend::allocations::get();
    std::lock_guard<std::mutex> guard(a.lock);
    if (a.blocks.erase(reinterpret_cast<std::uintptr_t>(ptr)) == 0) return error_invalid_value;
  }
  Kokkos::kokkos_free<kokkos_backend::memory_space>(ptr);
  return success;
}
/// memcpy and memset are function templates (of nothing), as on the other backends, so that an
/// unqualified memcpy(...) under `using namespace xcub;` still means the C library's.
template <class = void>
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!dst || !src) return error_invalid_value;
  using namespace kokkos_backend;
  auto& a = allocations::get();
  const bool dev_dst = a.is_device(dst), dev_src = a.is_device(src);
  if (dev_dst && dev_src) copy_bytes<memory_space, memory_space>(dst, src, bytes);
  else if (dev_dst) copy_bytes<memory_space, Kokkos::HostSpace>(dst, src, bytes);
  else if (dev_src) copy_bytes<Kokkos::HostSpace, memory_space>(dst, src, bytes);
  else std::memmove(dst, src, bytes);
  return success;
}
template <class = void>
inline error_t memset(void* ptr, int byte, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!ptr) return error_invalid_value;
  using namespace kokkos_backend;
  if (allocations::get().is_device(ptr))
    Kokkos::deep_copy(bytes_view<memory_space>(static_cast<unsigned char*>(ptr), bytes),
                      static_cast<unsigned char>(byte));
  else
    std::memset(ptr, byte, bytes);
  return success;
}
inline error_t device_synchronize() {
  Kokkos::fence();
  return success;
}

// ---- the event type (the device, stream and event calls follow) ----
namespace kokkos_backend {
struct event_object {};
}  // namespace kokkos_backend
using event_t = kokkos_backend::event_object*;

}  // namespace xcub

// The device calls (one device, 0) and event_destroy / _query / _synchronize, as on the host
// backend; what is Kokkos's own follows.
#include <xcub/detail/single_device_runtime.inl>

namespace xcub {

/// device_get_attribute on Kokkos.
inline bool detail::single_device_attribute(device_attr_t attr, int* value) {
  switch (attr) {
    case attr_multiprocessor_count: {  // the default execution space's concurrency
      const int c = static_cast<int>(kokkos_backend::space().concurrency());
      *value = c > 0 ? c : 1;
      return true;
    }
    case attr_max_shared_memory_per_block:  // team scratch (level 0) the device layer assumes: 48 KiB
    case attr_max_shared_memory_per_block_optin: *value = 48 * 1024; return true;
    case attr_max_threads_per_block: *value = 1024; return true;
    case attr_warp_size: *value = 1; return true;  // Kokkos exposes no warps
    case attr_l2_cache_size:  // 0: unknown
    case attr_compute_capability_major:
    case attr_compute_capability_minor: *value = 0; return true;
  }
  return false;
}
/// The default execution space's name.
inline const char* detail::single_device_name() { return kokkos_backend::space::name(); }

inline error_t stream_create(stream_t* stream) {
  if (!stream) return error_invalid_value;
  *stream = stream_t(kokkos_backend::space());
  return success;
}
inline error_t stream_destroy(stream_t stream) { return stream.is_default() ? error_invalid_value : success; }
inline error_t stream_synchronize(stream_t stream) {
  stream.space().fence();
  return success;
}

inline error_t event_create(event_t* event) {
  if (!event) return error_invalid_value;
  *event = new (std::nothrow) kokkos_backend::event_object;
  return *event ? success : error_memory_allocation;
}
/// Records by fencing the stream: the event is complete when this returns.
inline error_t event_record(event_t event, stream_t stream) {
  if (!event) return error_invalid_value;
  stream.space().fence();
  return success;
}

}  // namespace xcub
