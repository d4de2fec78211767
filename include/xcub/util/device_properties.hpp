// xcub/util/device_properties.hpp: the properties dispatch and tuning need, queried once per device.
//
//   xcub::device_properties props;
//   if (xcub::get_device_properties(device, &props) != xcub::success) return ...;
//   unsigned blocks = props.multiprocessor_count * 4;     // fill the machine
//   int sm = 0;
//   xcub::SmVersion(sm);                                   // the current device: 900 on sm_90
//
// CUB's device queries, with CUB's signatures: SmVersion(sm[, device]) (cached per device),
// CurrentDevice() and DeviceCount() (-1 on an error), SyncStream(stream). PtxVersion and
// MaxSmOccupancy, which look at kernels: <xcub/util/kernel_queries.hpp>.
//
// get_device_properties(device, &out) fills `out` and returns success, or returns an error and
// leaves `out` alone: error_invalid_device for an id outside [0, device count), or what the
// runtime reported. The runtime is asked once per device, by the first caller (others wait for
// it); later calls, from any thread, copy the stored result. Values per backend:
//   CUDA, HIP  the runtime's attributes; arch_version as device_arch_version gives it
//              (sm_90: 900; gfx942: 942, gfx90a: 910); where a HIP device has no opt-in
//              shared memory maximum, the per-block maximum stands for it
//   host       one device: hardware threads as multiprocessors, 48 KiB of shared memory per
//              block (227 KiB opted in), 1024 threads, warp_threads = host_warp_threads,
//              arch_version 0, the CPU's L2, name "xcub host emulator"
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include <xcub/runtime.hpp>

namespace xcub {

struct device_properties {
  int device = -1;
  int multiprocessor_count = 0;           // SMs, compute units, or host hardware threads
  int shared_memory_per_block = 0;        // bytes a block gets without opting in
  int shared_memory_per_block_optin = 0;  // the most a block may opt in to (>= the above)
  int max_threads_per_block = 0;
  int warp_threads = 0;                   // the device's warp (wavefront) width
  int arch_version = 0;                   // major * 100 + minor * 10 (+ stepping on HIP); host 0
  int l2_cache_bytes = 0;
  std::string name;
};

namespace detail {

inline error_t query_device_properties(int device, device_properties& p) {
  struct {
    device_attr_t attr;
    int* value;
  } const attrs[] = {
      {attr_multiprocessor_count, &p.multiprocessor_count},
      {attr_max_shared_memory_per_block, &p.shared_memory_per_block},
      {attr_max_threads_per_block, &p.max_threads_per_block},
      {attr_warp_size, &p.warp_threads},
      {attr_l2_cache_size, &p.l2_cache_bytes},
  };
  p.device = device;
  for (const auto& a : attrs) {
    if (const error_t e = device_get_attribute(a.value, a.attr, device); e != success) return e;
  }
  // Not every device knows an opt-in maximum (AMD's do not): the plain maximum then stands.
  if (device_get_attribute(&p.shared_memory_per_block_optin, attr_max_shared_memory_per_block_optin, device) !=
          success ||
      p.shared_memory_per_block_optin < p.shared_memory_per_block) {
    (void)get_last_error();
    p.shared_memory_per_block_optin = p.shared_memory_per_block;
  }
  if (const error_t e = device_arch_version(&p.arch_version, device); e != success) return e;
  char name[256] = {};
  if (const error_t e = device_get_name(name, sizeof name, device); e != success) return e;
  p.name = name;
  return success;
}

/// One slot per device, filled once; the device count is read when the first query arrives.
class device_properties_cache {
 public:
  static device_properties_cache& instance() {
    static device_properties_cache cache;
    return cache;
  }

  /// Points `out` at `device`'s stored properties, querying them on the first call.
  error_t find(int device, const device_properties** out) {
    if (count_error_ != success) return count_error_;
    if (device < 0 || device >= count_) return error_invalid_device;
    slot& s = slots_[device];
    std::call_once(s.once, [&] {
      s.error = query_device_properties(device, s.props);
      if (s.error != success) (void)get_last_error();  // do not leak the error into later launches
    });
    if (s.error == success) *out = &s.props;
    return s.error;
  }

 private:
  struct slot {
    std::once_flag once;
    error_t error = success;
    device_properties props;
  };

  device_properties_cache() {
    count_error_ = get_device_count(&count_);
    if (count_error_ != success) {
      (void)get_last_error();
      count_ = 0;
    }
    slots_ = std::make_unique<slot[]>(static_cast<std::size_t>(count_ > 0 ? count_ : 0));
  }

  error_t count_error_ = success;
  int count_ = 0;
  std::unique_ptr<slot[]> slots_;
};

}  // namespace detail

/// Fills `out` with `device`'s properties, asking the runtime only the first time (thread-safe).
inline error_t get_device_properties(int device, device_properties* out) {
  if (!out) return error_invalid_value;
  const device_properties* p = nullptr;
  const error_t e = detail::device_properties_cache::instance().find(device, &p);
  if (e == success) *out = *p;
  return e;
}

/// The architecture version of `device` (major * 100 + minor * 10: 900 on sm_90; 0 on the host),
/// cached as get_device_properties caches it. As CUB's SmVersion.
inline error_t SmVersion(int& sm_version, int device) {
  const device_properties* p = nullptr;
  const error_t e = detail::device_properties_cache::instance().find(device, &p);
  if (e == success) sm_version = p->arch_version;
  return e;
}

/// The architecture version of the current device.
inline error_t SmVersion(int& sm_version) {
  int device = 0;
  if (const error_t e = get_device(&device); e != success) return e;
  return SmVersion(sm_version, device);
}

/// The current device, or -1 where the runtime reports an error (CUB's CurrentDevice).
inline int CurrentDevice() {
  int device = -1;
  if (get_device(&device) != success) {
    (void)get_last_error();
    return -1;
  }
  return device;
}

/// The number of devices, asked once and cached (CUB's DeviceCount); -1 where the runtime reports
/// an error.
inline int DeviceCount() {
  static const int count = [] {
    int n = 0;
    if (get_device_count(&n) != success) {
      (void)get_last_error();
      return -1;
    }
    return n;
  }();
  return count;
}

/// Waits for the work on `stream` to finish and returns its error (CUB's SyncStream).
inline error_t SyncStream(stream_t stream) { return stream_synchronize(stream); }

}  // namespace xcub
