// HIP runtime layer: errors, devices, streams, events, launch geometry and device memory, as
// thin aliases of the HIP runtime.
#pragma once

#include <cstddef>
#include <cstring>
#include <hip/hip_runtime.h>

namespace xcub {

using error_t = hipError_t;
using stream_t = hipStream_t;
using event_t = hipEvent_t;
using dim3 = ::dim3;

inline constexpr error_t success = hipSuccess;
inline constexpr error_t error_invalid_value = hipErrorInvalidValue;
inline constexpr error_t error_memory_allocation = hipErrorOutOfMemory;
inline constexpr error_t error_invalid_configuration = hipErrorInvalidConfiguration;
inline constexpr error_t error_invalid_device = hipErrorInvalidDevice;
inline constexpr error_t error_not_ready = hipErrorNotReady;

inline const char* error_string(error_t e) { return hipGetErrorString(e); }
inline error_t get_last_error() { return hipGetLastError(); }

inline error_t device_malloc(void** ptr, std::size_t bytes) { return hipMalloc(ptr, bytes); }
inline error_t device_free(void* ptr) { return hipFree(ptr); }
/// memcpy and memset are function templates (of nothing) so that in code that says
/// `using namespace xcub;` an unqualified memcpy(...) / memset(...) still means the C library's
/// (a non-template wins a tie): without that, the toolkit's own headers stop compiling (an
/// ambiguous memcpy in crt/math_functions.hpp). xcub::memcpy(...) is unchanged for callers.
template <class = void>
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDefault);
}
template <class = void>
inline error_t memset(void* ptr, int byte, std::size_t bytes) { return hipMemset(ptr, byte, bytes); }
inline error_t device_synchronize() { return hipDeviceSynchronize(); }

// ---- devices ----
inline error_t get_device(int* device) { return hipGetDevice(device); }
inline error_t set_device(int device) { return hipSetDevice(device); }
inline error_t get_device_count(int* count) { return hipGetDeviceCount(count); }

/// Device attributes for device_get_attribute (HIP's own enumerators). The opt-in shared
/// memory maximum is a CUDA notion: AMD devices may report an error or 0 for it.
using device_attr_t = hipDeviceAttribute_t;
inline constexpr device_attr_t attr_multiprocessor_count = hipDeviceAttributeMultiprocessorCount;
inline constexpr device_attr_t attr_max_shared_memory_per_block = hipDeviceAttributeMaxSharedMemoryPerBlock;
inline constexpr device_attr_t attr_max_shared_memory_per_block_optin = hipDeviceAttributeSharedMemPerBlockOptin;
inline constexpr device_attr_t attr_max_threads_per_block = hipDeviceAttributeMaxThreadsPerBlock;
inline constexpr device_attr_t attr_warp_size = hipDeviceAttributeWarpSize;
inline constexpr device_attr_t attr_l2_cache_size = hipDeviceAttributeL2CacheSize;
inline constexpr device_attr_t attr_compute_capability_major = hipDeviceAttributeComputeCapabilityMajor;
inline constexpr device_attr_t attr_compute_capability_minor = hipDeviceAttributeComputeCapabilityMinor;

inline error_t device_get_attribute(int* value, device_attr_t attr, int device) {
  return hipDeviceGetAttribute(value, attr, device);
}
/// The architecture of the gfx target as major * 100 + minor * 10 + stepping, the stepping a
/// hexadecimal digit: gfx908 -> 908, gfx90a -> 910, gfx942 -> 942, gfx1030 -> 1030. Where the
/// target name cannot be read, the compute capability's major * 100 + minor * 10.
inline error_t device_arch_version(int* version, int device) {
  hipDeviceProp_t prop;
  const error_t e = hipGetDeviceProperties(&prop, device);
  if (e != hipSuccess) return e;
  const char* s = prop.gcnArchName;
  auto hex = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  };
  if (std::strncmp(s, "gfx", 3) == 0) {
    int digits[8], n = 0;
    for (const char* p = s + 3; n < 8 && hex(*p) >= 0; ++p) digits[n++] = hex(*p);
    if (n >= 3) {  // the last two are minor and stepping, the rest the major version
      int major = 0;
      for (int i = 0; i < n - 2; ++i) major = major * 10 + digits[i];
      *version = major * 100 + digits[n - 2] * 10 + digits[n - 1];
      return hipSuccess;
    }
  }
  *version = prop.major * 100 + prop.minor * 10;
  return hipSuccess;
}
/// The device's marketing name, truncated to `len - 1` characters and terminated.
inline error_t device_get_name(char* name, int len, int device) {
  if (!name || len <= 0) return hipErrorInvalidValue;
  return hipDeviceGetName(name, len, device);
}

// ---- streams and events ----
inline error_t stream_create(stream_t* stream) { return hipStreamCreate(stream); }
inline error_t stream_destroy(stream_t stream) { return hipStreamDestroy(stream); }
inline error_t stream_synchronize(stream_t stream) { return hipStreamSynchronize(stream); }

/// Events are created without timing (they only mark progress, which makes them cheaper).
inline error_t event_create(event_t* event) { return hipEventCreateWithFlags(event, hipEventDisableTiming); }
inline error_t event_destroy(event_t event) { return hipEventDestroy(event); }
inline error_t event_record(event_t event, stream_t stream) { return hipEventRecord(event, stream); }
/// success once the work captured by the last record has completed, error_not_ready before.
inline error_t event_query(event_t event) { return hipEventQuery(event); }
inline error_t event_synchronize(event_t event) { return hipEventSynchronize(event); }

}  // namespace xcub
