// xcub/xcub.hpp: everything xcub offers, in one include.
#pragma once

#include <xcub/version.hpp>
#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#if XCUB_HAS_COOPERATIVE_LAYERS  // kernels, warps and blocks: not on the kokkos backend
#include <xcub/launch.hpp>
#include <xcub/arch/arch.hpp>
#else
#include <xcub/arch/lane_mask.hpp>  // arch::warp_threads: the nominal width that tunings are written in
#endif
#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/thread/thread_scan.hpp>
#include <xcub/thread/thread_search.hpp>
#if XCUB_HAS_COOPERATIVE_LAYERS
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/warp/warp_scan.hpp>
#include <xcub/warp/warp_exchange.hpp>
#include <xcub/warp/warp_load.hpp>
#include <xcub/warp/warp_store.hpp>
#include <xcub/warp/warp_merge_sort.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/block/load_store_direct.hpp>
#include <xcub/block/block_exchange.hpp>
#include <xcub/block/block_reduce.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_adjacent_difference.hpp>
#include <xcub/block/block_shuffle.hpp>
#include <xcub/block/block_run_length_decode.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/block/block_merge_sort.hpp>
#include <xcub/block/block_histogram.hpp>
#include <xcub/agent/single_pass_scan_operators.hpp>
#include <xcub/util/warp_shuffle.hpp>
#endif
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/reproducible.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_find.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_topk.hpp>
#include <xcub/iterator/iterators.hpp>
#include <xcub/util/caching_device_allocator.hpp>
#include <xcub/util/debug.hpp>
#include <xcub/util/device_buffer.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/kernel_queries.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/util/merge_path.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/util/uninitialized.hpp>
