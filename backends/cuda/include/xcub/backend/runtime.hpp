// CUDA runtime layer: errors, streams, launch geometry and device memory, as thin
// aliases of the CUDA runtime so that CUDA users can mix both freely.
#pragma once

#include <cstddef>
#include <cuda_runtime.h>

namespace xcub {

using error_t = cudaError_t;
using stream_t = cudaStream_t;
using dim3 = ::dim3;

inline constexpr error_t success = cudaSuccess;
inline constexpr error_t error_invalid_value = cudaErrorInvalidValue;
inline constexpr error_t error_memory_allocation = cudaErrorMemoryAllocation;
inline constexpr error_t error_invalid_configuration = cudaErrorInvalidConfiguration;

inline const char* error_string(error_t e) { return cudaGetErrorString(e); }
inline error_t get_last_error() { return cudaGetLastError(); }

inline error_t device_malloc(void** ptr, std::size_t bytes) { return cudaMalloc(ptr, bytes); }
inline error_t device_free(void* ptr) { return cudaFree(ptr); }
/// Copies between any two of host and device memory (unified addressing decides the direction).
inline error_t memcpy(void* dst, const void* src, std::size_t bytes) {
  return cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
}
inline error_t memset(void* ptr, int byte, std::size_t bytes) { return cudaMemset(ptr, byte, bytes); }
inline error_t device_synchronize() { return cudaDeviceSynchronize(); }

}  // namespace xcub
