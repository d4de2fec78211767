// Host runtime layer: "device" memory is ordinary memory and every launch is synchronous,
// so streams are accepted and ignored and synchronisation only reports the last error.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

#include <xcub/backend/emulator_api.hpp>

namespace xcub {

using stream_t = void*;

inline const char* error_string(error_t e) { return host::detail::error_text(e); }
/// Kernels run inside launch(), which returns their errors, so there is no deferred error.
inline error_t get_last_error() { return success; }

inline error_t device_malloc(void** ptr, std::size_t bytes) {
  if (!ptr) return error_invalid_value;
  *ptr = nullptr;
  if (bytes == 0) return success;
  *ptr = ::operator new(bytes, std::align_val_t{256}, std::nothrow);
  return *ptr ? success : error_memory_allocation;
}
inline error_t device_free(void* ptr) {
  ::operator delete(ptr, std::align_val_t{256});
  return success;
}
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!dst || !src) return error_invalid_value;
  std::memmove(dst, src, bytes);
  return success;
}
inline error_t memset(void* ptr, int byte, std::size_t bytes) {
  if (bytes == 0) return success;
  if (!ptr) return error_invalid_value;
  std::memset(ptr, byte, bytes);
  return success;
}
inline error_t device_synchronize() { return success; }

}  // namespace xcub
