// xcub/device/detail/dispatch/dispatch_batched_copy.hpp: temp storage and launches of
// DeviceMemcpy::Batched and DeviceCopy::Batched.
//
// dispatch_batched_copy<Tuning>::run(d_temp, bytes, batch, num_buffers, stream), with the policy
// Tuning::policy<Batch::unit>(arch):
//   temp storage: the tile kernel's look-back state (with_tiles), the totals (two 64-bit words) and
//   the large buffers' lists, one entry per buffer at most (an OffsetT index and a 64-bit first
//   chunk each): about num_buffers * (sizeof(OffsetT) + 8) bytes;
//   launches: tile_state_init_kernel (more than one tile), batched_copy_tile_kernel (one block per
//   tile), then batched_copy_large_kernel on large_oversubscription times the resident blocks of
//   the large kernel (at most 2^31 - 1), launched overlapped where the backend can (it waits for
//   the tile kernel's lists before reading them). No buffers: nothing is launched.
// The caller (the façade) has checked the arguments; run() checks the temp storage size
// (error_invalid_value when smaller than asked for) and the tile count (at most INT_MAX tiles).
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/dispatch/with_tiles.hpp>
#include <xcub/device/detail/kernels/batched_copy.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning>
struct dispatch_batched_copy {
  template <class Batch, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Batch batch, OffsetT num_buffers,
                     stream_t stream) {
    using unit = typename Batch::unit;
    constexpr auto tile_kernel = &batched_copy_tile_kernel<Tuning, Batch, OffsetT>;
    constexpr auto large_kernel = &batched_copy_large_kernel<Tuning, Batch, OffsetT>;
    int arch = 0;
    if (const error_t e = cached_kernel_arch<tile_kernel>(arch); e != success) return e;
    const batched_copy_policy policy = Tuning::template policy<unit>(arch);
    struct tile_shape {  // what with_tiles asks of a policy
      int block_threads, buffers;
      constexpr int tile_items() const { return buffers; }
    };
    const auto shape_of = [](int a) {
      const batched_copy_policy p = Tuning::template policy<unit>(a);
      return tile_shape{p.block_threads, p.tile_buffers()};
    };

    std::size_t state_bytes = 0;
    const auto no_launch = [](int, dim3, dim3, tile_state<large_count>, int) { return success; };
    if (const error_t e =
            with_tiles<large_count, tile_kernel>(shape_of, nullptr, state_bytes, num_buffers, stream, no_launch);
        e != success)
      return e;
    const auto n = static_cast<std::size_t>(num_buffers);
    const std::size_t sizes[4] = {state_bytes, 2 * sizeof(std::uint64_t), n * sizeof(OffsetT),
                                  n * sizeof(std::uint64_t)};
    void* pieces[4];
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    if (num_buffers == 0) return success;

    auto* large_ids = static_cast<OffsetT*>(pieces[2]);
    auto* large_begins = static_cast<std::uint64_t*>(pieces[3]);
    auto* totals = static_cast<std::uint64_t*>(pieces[1]);
    const auto launch_tiles = [&](int overlap_arch, dim3 grid, dim3 block, tile_state<large_count> state, int tiles) {
      return launch_overlapped(overlap_arch, grid, block, 0, stream, tile_kernel, batch, state, num_buffers, tiles,
                               large_ids, large_begins, totals);
    };
    if (const error_t e =
            with_tiles<large_count, tile_kernel>(shape_of, pieces[0], state_bytes, num_buffers, stream, launch_tiles);
        e != success)
      return e;

    std::uint64_t resident = 0;
    if (const error_t e = resident_blocks(large_kernel, policy.large_block_threads, resident); e != success) return e;
    const std::uint64_t wanted =
        resident * static_cast<std::uint64_t>(policy.large_oversubscription > 0 ? policy.large_oversubscription : 1);
    constexpr std::uint64_t max_grid = 0x7fffffff;
    const unsigned grid = static_cast<unsigned>(wanted < max_grid ? wanted : max_grid);
    return launch_overlapped(arch, dim3(grid), dim3(static_cast<unsigned>(policy.large_block_threads)), 0, stream,
                             large_kernel, batch, static_cast<const OffsetT*>(large_ids),
                             static_cast<const std::uint64_t*>(large_begins), static_cast<const std::uint64_t*>(totals));
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
