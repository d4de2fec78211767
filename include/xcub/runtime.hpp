// xcub/runtime.hpp: errors, streams, launch geometry and memory, from host code.
//
// Every backend provides, in namespace xcub:
//   error_t, success, error_invalid_value, error_memory_allocation, error_invalid_configuration
//   error_string(e), get_last_error()
//   stream_t (0 is the default stream), dim3 (x, y, z; missing dimensions are 1)
//   device_malloc(&ptr, bytes), device_free(ptr), memcpy(dst, src, bytes), memset(ptr, byte, bytes),
//   device_synchronize()
// On CUDA and HIP these are the vendor runtime's own types and calls; on the host backend
// "device" memory is ordinary memory and kernels finish before xcub::launch returns.
#pragma once

#include <xcub/config.hpp>
#include <xcub/backend/runtime.hpp>
