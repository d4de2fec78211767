// CUDA runtime layer: errors, devices, streams, events, launch geometry and device memory, as
// thin aliases of the CUDA runtime so that CUDA users can mix both freely.
#pragma once

#include <cstddef>
#include <cuda_runtime.h>

namespace xcub {

using error_t = cudaError_t;
using stream_t = cudaStream_t;
using event_t = cudaEvent_t;
using dim3 = ::dim3;

inline constexpr error_t success = cudaSuccess;
inline constexpr error_t error_invalid_value = cudaErrorInvalidValue;
inline constexpr error_t error_memory_allocation = cudaErrorMemoryAllocation;
inline constexpr error_t error_invalid_configuration = cudaErrorInvalidConfiguration;
inline constexpr error_t error_invalid_device = cudaErrorInvalidDevice;
inline constexpr error_t error_not_ready = cudaErrorNotReady;

inline const char* error_string(error_t e) { return cudaGetErrorString(e); }
inline error_t get_last_error() { return cudaGetLastError(); }

inline error_t device_malloc(void** ptr, std::size_t bytes) { return cudaMalloc(ptr, bytes); }
inline error_t device_free(void* ptr) { return cudaFree(ptr); }
/// memcpy and memset are function templates (of nothing) so that in code that says
/// `using namespace xcub;` an unqualified memcpy(...) / memset(...) still means the C library's
/// (a non-template wins a tie): without that, the toolkit's own headers stop compiling (an
/// ambiguous memcpy in crt/math_functions.hpp). xcub::memcpy(...) is unchanged for callers.
/// Copies between any two of host and device memory (unified addressing decides the direction).
template <class = void>
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  return cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
}
template <class = void>
inline error_t memset(void* ptr, int byte, std::size_t bytes) { return cudaMemset(ptr, byte, bytes); }
inline error_t device_synchronize() { return cudaDeviceSynchronize(); }

// ---- devices ----
inline error_t get_device(int* device) { return cudaGetDevice(device); }
inline error_t set_device(int device) { return cudaSetDevice(device); }
inline error_t get_device_count(int* count) { return cudaGetDeviceCount(count); }

/// Device attributes for device_get_attribute (CUDA's own enumerators).
using device_attr_t = cudaDeviceAttr;
inline constexpr device_attr_t attr_multiprocessor_count = cudaDevAttrMultiProcessorCount;
inline constexpr device_attr_t attr_max_shared_memory_per_block = cudaDevAttrMaxSharedMemoryPerBlock;
inline constexpr device_attr_t attr_max_shared_memory_per_block_optin = cudaDevAttrMaxSharedMemoryPerBlockOptin;
inline constexpr device_attr_t attr_max_threads_per_block = cudaDevAttrMaxThreadsPerBlock;
inline constexpr device_attr_t attr_warp_size = cudaDevAttrWarpSize;
inline constexpr device_attr_t attr_l2_cache_size = cudaDevAttrL2CacheSize;
inline constexpr device_attr_t attr_compute_capability_major = cudaDevAttrComputeCapabilityMajor;
inline constexpr device_attr_t attr_compute_capability_minor = cudaDevAttrComputeCapabilityMinor;

inline error_t device_get_attribute(int* value, device_attr_t attr, int device) {
  return cudaDeviceGetAttribute(value, attr, device);
}
/// The architecture as major * 100 + minor * 10 of the compute capability (sm_90: 900).
inline error_t device_arch_version(int* version, int device) {
  int major = 0, minor = 0;
  error_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (e == cudaSuccess) *version = major * 100 + minor * 10;
  return e;
}
/// The device's marketing name, truncated to `len - 1` characters and terminated.
inline error_t device_get_name(char* name, int len, int device) {
  if (!name || len <= 0) return cudaErrorInvalidValue;
  cudaDeviceProp prop;
  const error_t e = cudaGetDeviceProperties(&prop, device);
  if (e != cudaSuccess) return e;
  int n = 0;
  for (; n < len - 1 && n < static_cast<int>(sizeof prop.name) && prop.name[n]; ++n) name[n] = prop.name[n];
  name[n] = '\0';
  return cudaSuccess;
}

// ---- streams and events ----
inline error_t stream_create(stream_t* stream) { return cudaStreamCreate(stream); }
inline error_t stream_destroy(stream_t stream) { return cudaStreamDestroy(stream); }
inline error_t stream_synchronize(stream_t stream) { return cudaStreamSynchronize(stream); }

/// Events are created without timing (they only mark progress, which makes them cheaper).
inline error_t event_create(event_t* event) { return cudaEventCreateWithFlags(event, cudaEventDisableTiming); }
inline error_t event_destroy(event_t event) { return cudaEventDestroy(event); }
inline error_t event_record(event_t event, stream_t stream) { return cudaEventRecord(event, stream); }
/// success once the work captured by the last record has completed, error_not_ready before.
inline error_t event_query(event_t event) { return cudaEventQuery(event); }
inline error_t event_synchronize(event_t event) { return cudaEventSynchronize(event); }

}  // namespace xcub
