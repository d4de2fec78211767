// Host runtime layer: "device" memory is ordinary memory and every launch is synchronous, so
// streams and events only keep CUDA's shape: work is complete when a call returns, an event is
// never pending, and synchronisation only reports the last error. There is one device, 0.
#pragma once

#include <xcub/config.hpp>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

#include <xcub/backend/emulator_api.hpp>

namespace xcub {

namespace host::detail {
struct stream_object {};  // a distinct address per created stream
struct event_object {};
}  // namespace host::detail

using stream_t = void*;
using event_t = host::detail::event_object*;

inline const char* error_string(error_t e) { return host::detail::error_text(e); }
/// Kernels run inside launch(), which returns their errors, so there is no deferred error.
inline error_t get_last_error() { return success; }

/// Every allocation is recorded with its size and ends next to a guard region: a kernel that runs
/// past it is reported (docs/host-emulator.md, "Device memory bounds").
inline error_t device_malloc(void** ptr, std::size_t bytes) {
  if (!ptr) return error_invalid_value;
  *ptr = nullptr;
  if (bytes == 0) return success;
  return host::detail::device_allocate(ptr, bytes);
}
/// error_invalid_value for a pointer that device_malloc did not return or that is already freed.
inline error_t device_free(void* ptr) { return host::detail::device_release(ptr); }
/// memcpy and memset are function templates (of nothing) so that in code that says
/// `using namespace xcub;` an unqualified memcpy(...) / memset(...) still means the C library's
/// (a non-template wins a tie): without that, the toolkit's own headers stop compiling (an
/// ambiguous memcpy in crt/math_functions.hpp). xcub::memcpy(...) is unchanged for callers.
template <class = void>
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!dst || !src) return error_invalid_value;
  // a range that starts in a device allocation must end in it (as CUDA refuses it)
  if (!host::detail::device_range_ok(dst, bytes) || !host::detail::device_range_ok(src, bytes)) {
    return error_invalid_value;
  }
  std::memmove(dst, src, bytes);
  return success;
}
template <class = void>
inline error_t memset(void* ptr, int byte, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!ptr || !host::detail::device_range_ok(ptr, bytes)) return error_invalid_value;
  std::memset(ptr, byte, bytes);
  return success;
}
inline error_t device_synchronize() { return success; }

}  // namespace xcub

// The device calls (one device, 0) and event_destroy / _query / _synchronize, as on the kokkos
// backend; what is the host's own follows.
#include <xcub/detail/single_device_runtime.inl>

namespace xcub {

/// device_get_attribute on the host, with the values the emulator enforces (a block gets 48 KiB of
/// shared memory by default and may use up to 227 KiB, as on Hopper).
inline bool detail::single_device_attribute(device_attr_t attr, int* value) {
  switch (attr) {
    case attr_multiprocessor_count: {  // the CPU's hardware threads
      const unsigned cores = std::thread::hardware_concurrency();
      *value = cores ? static_cast<int>(cores) : 1;
      return true;
    }
    case attr_max_shared_memory_per_block: *value = 48 * 1024; return true;
    case attr_max_shared_memory_per_block_optin: *value = 227 * 1024; return true;
    case attr_max_threads_per_block: *value = 1024; return true;
    case attr_warp_size: *value = XCUB_HOST_WARP_THREADS; return true;  // the build option host_warp_threads
    case attr_l2_cache_size: {  // the CPU's L2 where the C library reports it, else 0
      long bytes = 0;
#if defined(_SC_LEVEL2_CACHE_SIZE)
      bytes = ::sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
      *value = bytes > 0 && bytes < (1L << 30) ? static_cast<int>(bytes) : 0;
      return true;
    }
    case attr_compute_capability_major:
    case attr_compute_capability_minor: *value = 0; return true;
  }
  return false;
}
inline const char* detail::single_device_name() { return "xcub host emulator"; }

// ---- streams and events: launches are synchronous, so all work is always complete ----
inline error_t stream_create(stream_t* stream) {
  if (!stream) return error_invalid_value;
  *stream = nullptr;
  if (host::detail::allocation_fault_injected()) return error_memory_allocation;
  *stream = new (std::nothrow) host::detail::stream_object;
  return *stream ? success : error_memory_allocation;
}
inline error_t stream_destroy(stream_t stream) {
  if (!stream) return error_invalid_value;  // the default stream is not destroyed
  delete static_cast<host::detail::stream_object*>(stream);
  return success;
}
inline error_t stream_synchronize(stream_t /*stream*/) { return success; }

inline error_t event_create(event_t* event) {
  if (!event) return error_invalid_value;
  *event = nullptr;
  if (host::detail::allocation_fault_injected()) return error_memory_allocation;
  *event = new (std::nothrow) host::detail::event_object;
  return *event ? success : error_memory_allocation;
}
inline error_t event_record(event_t event, stream_t /*stream*/) { return event ? success : error_invalid_value; }

}  // namespace xcub
