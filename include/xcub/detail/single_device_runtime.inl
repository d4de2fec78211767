// xcub/detail/single_device_runtime.inl: the runtime calls that are the same on every backend with
// exactly one device, numbered 0, whose events are complete once event_record returns (host, kokkos).
//
// Not a header of its own: the runtime.hpp of such a backend includes it at namespace scope after
// it has declared, in namespace xcub, error_t (success, error_invalid_value, error_invalid_device)
// and event_t (a pointer to an object that event_create makes with new). That backend then defines
// the two hooks declared here, which hold what differs between backends:
//   detail::single_device_attribute(attr, &value)  the value of attr on device 0; false for a value
//                                                  that is none of device_attr_t's
//   detail::single_device_name()                   device 0's name
// Vendor backends (cuda, hip) map these calls to their runtime instead.
#pragma once

namespace xcub {

// ---- devices: exactly one, numbered 0 ----
inline error_t get_device(int* device) {
  if (!device) return error_invalid_value;
  *device = 0;
  return success;
}
inline error_t set_device(int device) { return device == 0 ? success : error_invalid_device; }
inline error_t get_device_count(int* count) {
  if (!count) return error_invalid_value;
  *count = 1;
  return success;
}

/// Device attributes for device_get_attribute (each backend's single_device_attribute says what
/// it reports for each).
enum device_attr_t : int {
  attr_multiprocessor_count,
  attr_max_shared_memory_per_block,
  attr_max_shared_memory_per_block_optin,
  attr_max_threads_per_block,
  attr_warp_size,
  attr_l2_cache_size,
  attr_compute_capability_major,  // 0 with _minor: no GPU architecture
  attr_compute_capability_minor,
};

namespace detail {
/// Defined by the backend's runtime.hpp (see the top of this file).
inline bool single_device_attribute(device_attr_t attr, int* value);
inline const char* single_device_name();
}  // namespace detail

inline error_t device_get_attribute(int* value, device_attr_t attr, int device) {
  if (!value) return error_invalid_value;
  if (device != 0) return error_invalid_device;
  return detail::single_device_attribute(attr, value) ? success : error_invalid_value;
}
/// 0: the device is no GPU architecture.
inline error_t device_arch_version(int* version, int device) {
  if (!version) return error_invalid_value;
  if (device != 0) return error_invalid_device;
  *version = 0;
  return success;
}
/// The name, cut to len - 1 characters and terminated.
inline error_t device_get_name(char* name, int len, int device) {
  if (!name || len <= 0) return error_invalid_value;
  if (device != 0) return error_invalid_device;
  const char* const text = detail::single_device_name();
  int n = 0;
  for (; n < len - 1 && text[n]; ++n) name[n] = text[n];
  name[n] = '\0';
  return success;
}

// ---- events: what an event follows has run (or been fenced) when event_record returns ----
inline error_t event_destroy(event_t event) {
  if (!event) return error_invalid_value;
  delete event;
  return success;
}
/// Always success (never error_not_ready).
inline error_t event_query(event_t event) { return event ? success : error_invalid_value; }
inline error_t event_synchronize(event_t event) { return event ? success : error_invalid_value; }

}  // namespace xcub
