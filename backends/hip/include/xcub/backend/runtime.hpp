// HIP runtime layer: errors, streams, launch geometry and device memory, as thin aliases of
// the HIP runtime.
#pragma once

#include <cstddef>
#include <hip/hip_runtime.h>

namespace xcub {

using error_t = hipError_t;
using stream_t = hipStream_t;
using dim3 = ::dim3;

inline constexpr error_t success = hipSuccess;
inline constexpr error_t error_invalid_value = hipErrorInvalidValue;
inline constexpr error_t error_memory_allocation = hipErrorOutOfMemory;
inline constexpr error_t error_invalid_configuration = hipErrorInvalidConfiguration;

inline const char* error_string(error_t e) { return hipGetErrorString(e); }
inline error_t get_last_error() { return hipGetLastError(); }

inline error_t device_malloc(void** ptr, std::size_t bytes) { return hipMalloc(ptr, bytes); }
inline error_t device_free(void* ptr) { return hipFree(ptr); }
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDefault);
}
inline error_t memset(void* ptr, int byte, std::size_t bytes) { return hipMemset(ptr, byte, bytes); }
inline error_t device_synchronize() { return hipDeviceSynchronize(); }

}  // namespace xcub
