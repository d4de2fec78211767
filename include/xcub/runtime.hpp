// xcub/runtime.hpp: errors, devices, streams, events, launch geometry and memory, from host code.
//
// Every backend provides, in namespace xcub:
//   error_t, success, error_invalid_value, error_memory_allocation, error_invalid_configuration,
//   error_invalid_device, error_not_ready (numbered as CUDA numbers them on the host)
//   error_string(e), get_last_error()
//   stream_t (0 is the default stream), event_t, dim3 (x, y, z; missing dimensions are 1)
//   device_malloc(&ptr, bytes), device_free(ptr), memcpy(dst, src, bytes), memset(ptr, byte, bytes),
//   device_synchronize()
//   get_device(&device), set_device(device), get_device_count(&count)
//   device_attr_t with attr_multiprocessor_count, attr_max_shared_memory_per_block,
//   attr_max_shared_memory_per_block_optin, attr_max_threads_per_block, attr_warp_size,
//   attr_l2_cache_size, attr_compute_capability_major, attr_compute_capability_minor;
//   device_get_attribute(&value, attr, device), device_arch_version(&version, device) (sm_90: 900;
//   HIP: gfx942 -> 942, gfx90a -> 910; host: 0), device_get_name(buffer, len, device)
//   stream_create(&stream), stream_destroy(stream), stream_synchronize(stream)
//   event_create(&event) (no timing), event_destroy(event), event_record(event, stream),
//   event_query(event) (success, or error_not_ready while pending), event_synchronize(event)
// On CUDA and HIP these are the vendor runtime's own types and calls (an invalid device id gives
// error_invalid_device). On the host backend "device" memory is ordinary memory, there is one
// device (0), kernels finish before xcub::launch returns, so streams and events are always
// complete. Cached per-device properties: <xcub/util/device_properties.hpp>.
#pragma once

#include <xcub/config.hpp>
#include <xcub/backend/runtime.hpp>
