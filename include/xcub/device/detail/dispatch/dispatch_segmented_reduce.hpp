// xcub/device/detail/dispatch/dispatch_segmented_reduce.hpp: sizes and launches
// DeviceSegmentedReduce's kernel.
//
// dispatch_segmented_reduce<Tuning>::run<AccumT, APPLY_INIT>(d_temp, bytes, segments, read, out,
// num_segments, op, init, stream): one launch of segmented_reduce_kernel. Blocks take groups of
// consecutive segments: as many segments per group as fill the device about `oversubscription`
// times over (so that few long segments still get a block each), at most the policy's
// segments_per_block (so that many short segments keep every thread busy). The grid covers the
// groups (at most 2^31 - 1 blocks; the kernel loops past that).
// Temp storage: none is used; one byte is reported, as the two-phase API asks. The caller (the
// public façade) has checked the arguments; run() checks only the temp storage size.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/segmented_reduce.hpp>
#include <xcub/backend/tuning/segmented_reduce.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Segments per block: enough blocks to cover `target_blocks` when there are that many segments,
/// clamped to [1, largest].
inline int segments_per_group(std::uint64_t num_segments, std::uint64_t target_blocks, int largest) {
  const std::uint64_t target = target_blocks > 0 ? target_blocks : 1;
  const std::uint64_t per = (num_segments + target - 1) / target;
  return per < 1 ? 1 : (per > static_cast<std::uint64_t>(largest) ? largest : static_cast<int>(per));
}

template <class Tuning = tuning::segmented_reduce>
struct dispatch_segmented_reduce {
  template <class AccumT, bool APPLY_INIT, class Segments, class Reader, class OutputIt, class ReductionOp, class InitT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Segments segments, Reader read,
                     OutputIt out, std::uint64_t num_segments, ReductionOp op, InitT init, stream_t stream) {
    constexpr auto kernel =
        &segmented_reduce_kernel<Tuning, APPLY_INIT, Segments, Reader, OutputIt, AccumT, ReductionOp, InitT>;
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes < 1) return error_invalid_value;
    if (num_segments == 0) return success;

    int arch = 0;
    if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
    const segmented_reduce_policy policy = Tuning::template policy<AccumT>(arch);
    int device = 0, per_sm = 0;
    if (const error_t e = get_device(&device); e != success) return e;
    device_properties props;
    if (const error_t e = get_device_properties(device, &props); e != success) return e;
    if (const error_t e = max_active_blocks_per_multiprocessor(per_sm, kernel, policy.block_threads, 0); e != success)
      return e;
    const int sms = props.multiprocessor_count > 0 ? props.multiprocessor_count : 1;
    const std::uint64_t target = static_cast<std::uint64_t>(per_sm > 0 ? per_sm : 1) * static_cast<std::uint64_t>(sms) *
                                 Tuning::oversubscription;
    const int group = segments_per_group(num_segments, target, policy.segments_per_block);
    const std::uint64_t per = static_cast<std::uint64_t>(group);
    const std::uint64_t groups = (num_segments + per - 1) / per;
    constexpr std::uint64_t max_grid = 0x7fffffff;
    const unsigned grid = static_cast<unsigned>(groups < max_grid ? groups : max_grid);
    return launch(dim3(grid), dim3(policy.block_threads), 0, stream, kernel, segments, read, out, num_segments, group,
                  op, init);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
