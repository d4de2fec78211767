// xcub/device/detail/dispatch/resident_blocks.hpp: how many blocks of a kernel the current device
// runs at once, and how segmented algorithms group their segments into that many blocks. Host side
// of the dispatch layer, shared by every family that sizes its grid to the device.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// `blocks` = the blocks of `block_threads` threads of `kernel` (with `shared_bytes` of dynamic shared
/// memory) resident at once on the current device (the launcher's occupancy, at least 1, times the
/// multiprocessors, at least 1).
template <class Kernel>
error_t resident_blocks(Kernel kernel, int block_threads, std::uint64_t& blocks, std::size_t shared_bytes = 0) {
  int device = 0, per_sm = 0;
  if (const error_t e = get_device(&device); e != success) return e;
  device_properties props;
  if (const error_t e = get_device_properties(device, &props); e != success) return e;
  if (const error_t e = max_active_blocks_per_multiprocessor(per_sm, kernel, block_threads, shared_bytes); e != success) return e;
  const int sms = props.multiprocessor_count > 0 ? props.multiprocessor_count : 1;
  blocks = static_cast<std::uint64_t>(per_sm > 0 ? per_sm : 1) * static_cast<std::uint64_t>(sms);
  return success;
}

/// resident_blocks of a persistent kernel whose launch shape (block_threads, shared_bytes of dynamic
/// shared memory) is fixed per device, after allowing it that shared memory: asked of the runtime
/// once per device, then remembered (a call per launch costs microseconds of host time, which a
/// stream waits for). Thread-safe as cached_kernel_arch: racing first calls ask twice.
template <auto Kernel>
error_t cached_persistent_blocks(int block_threads, std::size_t shared_bytes, std::uint64_t& blocks) {
  constexpr int max_cached_devices = 64;
  static std::atomic<std::uint64_t> cache[max_cached_devices] = {};  // 0: not asked yet
  int device = 0;
  if (const error_t e = get_device(&device); e != success) return e;
  const bool cached = device >= 0 && device < max_cached_devices;
  if (cached) {
    if (const std::uint64_t known = cache[device].load(std::memory_order_relaxed); known != 0) {
      blocks = known;
      return success;
    }
  }
  if (const error_t e = allow_dynamic_shared_bytes(Kernel, shared_bytes); e != success) return e;
  if (const error_t e = resident_blocks(Kernel, block_threads, blocks, shared_bytes); e != success) return e;
  if (cached) cache[device].store(blocks, std::memory_order_relaxed);
  return success;
}

/// Segments per block: enough blocks to cover `target_blocks` when there are that many segments,
/// clamped to [1, largest].
inline int segments_per_group(std::uint64_t num_segments, std::uint64_t target_blocks, int largest) {
  const std::uint64_t target = target_blocks > 0 ? target_blocks : 1;
  const std::uint64_t per = (num_segments + target - 1) / target;
  return per < 1 ? 1 : (per > static_cast<std::uint64_t>(largest) ? largest : static_cast<int>(per));
}

/// A segmented launch's shape: `group` consecutive segments per block, as many as fill the device's
/// resident blocks `oversubscription` times (at most `largest`), and the grid of blocks that covers
/// them (at most 2^31 - 1; blocks loop past it).
template <class Kernel>
error_t segment_groups(Kernel kernel, int block_threads, int oversubscription, std::uint64_t num_segments, int largest,
                       int& group, unsigned& grid) {
  std::uint64_t resident = 0;
  if (const error_t e = resident_blocks(kernel, block_threads, resident); e != success) return e;
  group = segments_per_group(num_segments, resident * static_cast<std::uint64_t>(oversubscription), largest);
  const std::uint64_t groups = (num_segments + static_cast<std::uint64_t>(group) - 1) / static_cast<std::uint64_t>(group);
  constexpr std::uint64_t max_grid = 0x7fffffff;
  grid = static_cast<unsigned>(groups < max_grid ? groups : max_grid);
  return success;
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
