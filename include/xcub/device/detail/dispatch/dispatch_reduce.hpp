// xcub/device/detail/dispatch/dispatch_reduce.hpp: sizes and launches DeviceReduce's kernels.
//
// dispatch_reduce<Tuning>::run(d_temp, bytes, in, out, num_items, op, init, stream) computes
// *out = op(init, reduce(in[0, num_items))) with accumulators of type AccumT:
//   - at most one tile: one block reduces everything (reduce_single_tile_kernel);
//   - else: G blocks (min(tiles, occupancy * multiprocessors * oversubscription)) each reduce an even
//     share of the tiles into a partial; one block then reduces the G partials with init.
// Temp storage: the G partials (at least one byte even for an empty input). The caller (the public
// façade) has checked the arguments; run() checks only the temp storage size.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/kernels/reduce.hpp>
#include <xcub/backend/tuning/reduce.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Whether a vectorizable input starts on a vector boundary (the agent then reads whole tiles as
/// vectors; tiles hold a multiple of the vector width, so every tile stays aligned).
template <class InputIt>
bool reduce_input_aligned(InputIt in, int vector_items) {
  if constexpr (reduce_vector_source<InputIt>::value) {
    using T = reduce_item_t<InputIt>;
    const T* p = reduce_vector_source<InputIt>::pointer(in);
    return reinterpret_cast<std::uintptr_t>(p) % (sizeof(T) * vector_items) == 0;
  } else {
    (void)in;
    (void)vector_items;
    return false;
  }
}

template <class Tuning = tuning::reduce>
struct dispatch_reduce {
  template <class AccumT, class InputIt, class OutputIt, class OffsetT, class ReductionOp, class InitT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out,
                     OffsetT num_items, ReductionOp op, InitT init, stream_t stream) {
    constexpr auto partials_kernel = &reduce_partials_kernel<Tuning, InputIt, AccumT, ReductionOp, OffsetT>;
    constexpr auto single_kernel =
        &reduce_single_tile_kernel<Tuning, InputIt, OutputIt, AccumT, ReductionOp, InitT, OffsetT>;
    constexpr auto final_kernel =
        &reduce_single_tile_kernel<Tuning, AccumT*, OutputIt, AccumT, ReductionOp, InitT, std::uint32_t>;

    int arch = 0;
    if (const error_t e = cached_kernel_arch<partials_kernel>(arch); e != success) return e;
    const reduce_policy policy = Tuning::template policy<AccumT>(arch);
    const int tile_items = policy.tile_items();
    const int vector_items = policy.vector_load_length;

    if (static_cast<std::uint64_t>(num_items) <= static_cast<std::uint64_t>(tile_items)) {
      void* pieces[1];
      const std::size_t sizes[1] = {1};
      if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
          e != success || !d_temp_storage)
        return e;
      return launch(dim3(1), dim3(policy.block_threads), 0, stream, single_kernel, in, out, num_items, op, init,
                    reduce_input_aligned(in, vector_items));
    }

    std::uint64_t blocks = 0;
    if (const error_t e = resident_blocks(partials_kernel, policy.block_threads, blocks); e != success) return e;
    const std::uint64_t tiles = (static_cast<std::uint64_t>(num_items) + tile_items - 1) / tile_items;
    blocks *= Tuning::oversubscription;
    if (blocks > tiles) blocks = tiles;
    if (blocks < 1) blocks = 1;

    void* pieces[1];
    const std::size_t sizes[1] = {static_cast<std::size_t>(blocks) * sizeof(AccumT)};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    auto* partials = static_cast<AccumT*>(pieces[0]);
    if (const error_t e = launch(dim3(static_cast<unsigned>(blocks)), dim3(policy.block_threads), 0, stream,
                                 partials_kernel, in, partials, num_items, op, reduce_input_aligned(in, vector_items));
        e != success)
      return e;
    return launch(dim3(1), dim3(policy.block_threads), 0, stream, final_kernel, partials,
                  out, static_cast<std::uint32_t>(blocks), op, init, reduce_input_aligned(partials, vector_items));
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
