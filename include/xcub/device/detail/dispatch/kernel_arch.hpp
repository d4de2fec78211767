// xcub/device/detail/dispatch/kernel_arch.hpp: which tuning link a kernel was compiled with, asked
// of the launcher once per kernel and device, then remembered.
#pragma once

#include <atomic>

#include <xcub/launch.hpp>

namespace xcub::detail {

/// The architecture `Kernel` runs as on the current device (kernel_arch_version), cached per
/// device: the first call per device asks the launcher; later ones read the cache (thread-safe:
/// racing first calls ask twice and store the same number).
template <auto Kernel>
error_t cached_kernel_arch(int& arch) {
  constexpr int max_cached_devices = 64;
  static std::atomic<int> cache[max_cached_devices] = {};  // 0: not asked yet; else arch + 1
  int device = 0;
  if (const error_t e = get_device(&device); e != success) return e;
  if (device >= 0 && device < max_cached_devices) {
    if (const int known = cache[device].load(std::memory_order_relaxed); known != 0) {
      arch = known - 1;
      return success;
    }
  }
  if (const error_t e = kernel_arch_version(Kernel, arch); e != success) return e;
  if (device >= 0 && device < max_cached_devices) cache[device].store(arch + 1, std::memory_order_relaxed);
  return success;
}

}  // namespace xcub::detail
