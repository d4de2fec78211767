// xcub/device/detail/lookback/tile_id.hpp: which tile the calling block scans.
//
// A block that looks back waits for tiles with lower ids, so those must belong to blocks that are
// running or done. Where the backend starts blocks in linear order (arch::blocks_start_in_order,
// CUDA) the tile id is the block id. Elsewhere (HIP, the host emulator's random schedule) thread 0
// takes a ticket from a device-scope counter (reset to 0 by the tile state's init kernel) and
// hands it to the block through `slot` in shared memory: tickets are handed out in the order blocks
// get to run, so a lower id always belongs to a block that has started.
//
// Called by every thread of the block, once, before any other use of `slot`; returns the same id
// in every thread. The ticket form has one block barrier.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

XCUB_DEVICE XCUB_FORCEINLINE int tile_id(std::uint32_t* counter, std::uint32_t& slot) {
  if constexpr (arch::blocks_start_in_order) {
    (void)counter;
    (void)slot;
    return static_cast<int>(arch::linear_block_id());
  } else {
    arch::wait_for_previous_grid();  // the init kernel resets the counter (a no-op where launches never overlap)
    if (arch::linear_thread_id() == 0) slot = arch::atomic_add<arch::scope::device>(counter, std::uint32_t{1});
    arch::sync_threads();
    return static_cast<int>(slot);
  }
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
