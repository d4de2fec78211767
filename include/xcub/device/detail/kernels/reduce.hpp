// xcub/device/detail/kernels/reduce.hpp: the kernels of DeviceReduce (each: shared storage and
// one agent call). Launched by dispatch/dispatch_reduce.hpp.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/arch/target.hpp>
#include <xcub/device/detail/agent/agent_reduce.hpp>
#include <xcub/device/detail/kernel_namespace.hpp>
#include <xcub/device/detail/active_policy.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::detail {

/// Block `block` of `blocks`' range of items when `tiles` tiles of `tile_items` items (the last
/// one possibly partial, ending at `num_items`) are shared out evenly in order.
template <class OffsetT>
struct even_share {
  OffsetT begin, end;
  XCUB_HOST_DEVICE static even_share of(OffsetT num_items, int tile_items, unsigned blocks, unsigned block) {
    const std::uint64_t tiles = (static_cast<std::uint64_t>(num_items) + tile_items - 1) / tile_items;
    const std::uint64_t base = tiles / blocks, extra = tiles % blocks;
    const std::uint64_t first = block * base + (block < extra ? block : extra);
    const std::uint64_t count = base + (block < extra ? 1 : 0);
    const std::uint64_t begin = first * tile_items, end = (first + count) * tile_items;
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    return {static_cast<OffsetT>(begin < n ? begin : n), static_cast<OffsetT>(end < n ? end : n)};
  }
};

}  // namespace xcub::detail

#if XCUB_HAS_KERNELS

XCUB_DETAIL_KERNELS_BEGIN

/// First pass: block b reduces its even share of the tiles into partials[b].
template <class Tuning, class InputIt, class AccumT, class ReductionOp, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, AccumT>::value.block_threads))
    reduce_partials_kernel(InputIt in, AccumT* partials, OffsetT num_items, ReductionOp op, bool vector_aligned) {
  using agent = agent_reduce<active_policy<Tuning, AccumT>, InputIt, AccumT, ReductionOp, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  const unsigned block = arch::block_idx().x;
  const auto range = even_share<OffsetT>::of(num_items, agent::tile_items, arch::grid_dim().x, block);
  const AccumT aggregate = agent{storage, in, op, vector_aligned}.consume_range(range.begin, range.end);
  if (arch::linear_thread_id() == 0) partials[block] = aggregate;
}

/// The last pass, one block: *out = op(init, reduction of in[0, num_items)), or init when empty.
template <class Tuning, class InputIt, class OutputIt, class AccumT, class ReductionOp, class InitT, class OffsetT>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS((active_policy<Tuning, AccumT>::value.block_threads))
    reduce_single_tile_kernel(InputIt in, OutputIt out, OffsetT num_items, ReductionOp op, InitT init,
                              bool vector_aligned) {
  using agent = agent_reduce<active_policy<Tuning, AccumT>, InputIt, AccumT, ReductionOp, OffsetT>;
  XCUB_SHARED(typename agent::TempStorage, storage);
  if (num_items == 0) {
    if (arch::linear_thread_id() == 0) *out = init;
    return;
  }
  const AccumT aggregate = agent{storage, in, op, vector_aligned}.consume_range(OffsetT(0), num_items);
  if (arch::linear_thread_id() == 0) *out = op(static_cast<AccumT>(init), aggregate);
}

XCUB_DETAIL_KERNELS_END

#endif  // XCUB_HAS_KERNELS
