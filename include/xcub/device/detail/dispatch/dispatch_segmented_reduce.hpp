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
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/kernels/segmented_reduce.hpp>
#include <xcub/backend/tuning/segmented_reduce.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

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
    int group = 1;
    unsigned grid = 1;
    if (const error_t e = segment_groups(kernel, policy.block_threads, Tuning::oversubscription, num_segments,
                                         policy.segments_per_block, group, grid);
        e != success)
      return e;
    return launch(dim3(grid), dim3(policy.block_threads), 0, stream, kernel, segments, read, out, num_segments, group,
                  op, init);
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
