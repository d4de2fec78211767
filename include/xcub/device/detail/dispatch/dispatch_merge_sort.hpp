// xcub/device/detail/dispatch/dispatch_merge_sort.hpp: sizes the temp storage of DeviceMergeSort and
// DeviceMerge and launches their kernels (kernels/merge_sort.hpp; docs/device-merge-sort.md).
//
// dispatch_merge_sort<Tuning>::sort<KeyT, ValueT>(d_temp, bytes, keys_in, values_in, keys_out,
//   values_out, count, compare, stream): the stable sort of count items into keys_out (values_out).
//   Tiles of the policy's sort_tile_items are sorted by block_sort_kernel, then P =
//   ceil(log2(sorted tiles)) passes each merge pairs of runs (merge_partition_kernel, then
//   merge_kernel, over output tiles of tile_items), ping-ponging between
//   the output and a copy in temp storage; the block sort writes to the output when P is even, to the
//   copy when odd, so that the last pass ends in the output. keys_in may be keys_out (in place).
//   Temp storage: count keys (and values) and one 64-bit split per output tile, when there are two
//   sorted tiles or more; one byte otherwise.
// dispatch_merge_sort<Tuning>::merge<KeyT, ValueT>(d_temp, bytes, source, keys_out, values_out,
//   count, compare, stream): one merge pass over a two_runs source (DeviceMerge); temp storage: the
//   splits.
// The caller (the public façade) has checked the arguments; these check the temp storage size only.
// They never synchronize the host.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/kernels/merge_sort.hpp>
#include <xcub/util/null_type.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

/// Blocks for `work` units of `per_block`, at most 2^31 - 1 (the kernels loop past the grid).
inline unsigned merge_grid(std::uint64_t work, std::uint64_t per_block) {
  const std::uint64_t blocks = (work + per_block - 1) / per_block;
  constexpr std::uint64_t max_grid = 0x7fffffff;
  return static_cast<unsigned>(blocks < max_grid ? (blocks > 0 ? blocks : 1) : max_grid);
}

template <class Tuning>
struct dispatch_merge_sort {
  template <class KeyT, class ValueT, class KeyIn, class ValueIn, class KeyOut, class ValueOut, class CompareOp>
  static error_t sort(void* d_temp_storage, std::size_t& temp_storage_bytes, KeyIn keys_in, ValueIn values_in,
                      KeyOut keys_out, ValueOut values_out, std::uint64_t count, CompareOp compare,
                      stream_t stream) {
    constexpr bool has_values = !std::is_same_v<ValueT, NullType>;
    using value_t = std::conditional_t<has_values, ValueT, char>;
    using temp_values_t = std::conditional_t<has_values, ValueT*, no_values>;
    using out_source = run_pairs<KeyOut, ValueOut>;
    using temp_source = run_pairs<KeyT*, temp_values_t>;
    constexpr auto merge_to_temp =
        &merge_kernel<Tuning, KeyT, ValueT, out_source, KeyT*, temp_values_t, CompareOp>;
    constexpr auto merge_to_out = &merge_kernel<Tuning, KeyT, ValueT, temp_source, KeyOut, ValueOut, CompareOp>;
    constexpr auto sort_to_out =
        &block_sort_kernel<Tuning, KeyT, ValueT, KeyIn, ValueIn, KeyOut, ValueOut, CompareOp>;
    constexpr auto sort_to_temp =
        &block_sort_kernel<Tuning, KeyT, ValueT, KeyIn, ValueIn, KeyT*, temp_values_t, CompareOp>;

    int arch = 0;
    if (const error_t e = cached_kernel_arch<merge_to_out>(arch); e != success) return e;
    const merge_sort_policy policy = Tuning::template policy<KeyT, ValueT>(arch);
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items());  // a merge's output tile
    const std::uint64_t tiles = (count + tile - 1) / tile;
    const std::uint64_t sort_tile = static_cast<std::uint64_t>(policy.sort_tile_items());
    const std::uint64_t sorted = (count + sort_tile - 1) / sort_tile;  // the block sort's tiles
    const bool merges = sorted > 1;
    void* pieces[4];
    const std::size_t sizes[4] = {merges ? count * sizeof(KeyT) : 0,
                                  merges && has_values ? count * sizeof(value_t) : 0,
                                  merges ? tiles * sizeof(std::uint64_t) : 0, 1};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    if (count == 0) return success;

    KeyT* const temp_keys = static_cast<KeyT*>(pieces[0]);
    temp_values_t temp_values{};
    if constexpr (has_values) temp_values = static_cast<ValueT*>(pieces[1]);
    auto* const splits = static_cast<std::uint64_t*>(pieces[2]);

    int passes = 0;
    while ((std::uint64_t{1} << passes) < sorted) ++passes;
    const unsigned sort_grid = merge_grid(sorted, 1);
    const dim3 sort_threads(static_cast<unsigned>(policy.sort_threads()));
    error_t e = (passes % 2 == 0)
                    ? launch(dim3(sort_grid), sort_threads, 0, stream, sort_to_out, keys_in, values_in, keys_out,
                             values_out, count, compare)
                    : launch(dim3(sort_grid), sort_threads, 0, stream, sort_to_temp, keys_in, values_in, temp_keys,
                             temp_values, count, compare);
    const unsigned merge_blocks = merge_grid(tiles, 1);
    const dim3 threads(static_cast<unsigned>(policy.block_threads));
    const unsigned part_grid = merge_grid(tiles, static_cast<std::uint64_t>(policy.partition_threads));
    const dim3 part_threads(static_cast<unsigned>(policy.partition_threads));
    std::uint64_t run = sort_tile;
    for (int p = 0; p < passes && e == success; ++p, run *= 2) {
      const bool from_temp = (passes - p) % 2 == 1;  // the last pass reads the temp copy
      if (from_temp) {
        const temp_source source{temp_keys, temp_values, count, run};
        e = launch(dim3(part_grid), part_threads, 0, stream, &merge_partition_kernel<temp_source, CompareOp>, source,
                   splits, tiles, tile, compare);
        if (e == success)
          e = launch(dim3(merge_blocks), threads, 0, stream, merge_to_out, source,
                     static_cast<const std::uint64_t*>(splits), keys_out, values_out, tiles, compare);
      } else {
        const out_source source{keys_out, values_out, count, run};
        e = launch(dim3(part_grid), part_threads, 0, stream, &merge_partition_kernel<out_source, CompareOp>, source,
                   splits, tiles, tile, compare);
        if (e == success)
          e = launch(dim3(merge_blocks), threads, 0, stream, merge_to_temp, source,
                     static_cast<const std::uint64_t*>(splits), temp_keys, temp_values, tiles, compare);
      }
    }
    return e;
  }

  template <class KeyT, class ValueT, class Source, class KeyOut, class ValueOut, class CompareOp>
  static error_t merge(void* d_temp_storage, std::size_t& temp_storage_bytes, Source source, KeyOut keys_out,
                       ValueOut values_out, std::uint64_t count, CompareOp compare, stream_t stream) {
    constexpr auto kernel = &merge_kernel<Tuning, KeyT, ValueT, Source, KeyOut, ValueOut, CompareOp>;
    int arch = 0;
    if (const error_t e = cached_kernel_arch<kernel>(arch); e != success) return e;
    const merge_sort_policy policy = Tuning::template policy<KeyT, ValueT>(arch);
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items());
    const std::uint64_t tiles = (count + tile - 1) / tile;
    void* pieces[2];
    const std::size_t sizes[2] = {tiles * sizeof(std::uint64_t), 1};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    if (count == 0) return success;
    auto* const splits = static_cast<std::uint64_t*>(pieces[0]);
    error_t e = launch(dim3(merge_grid(tiles, static_cast<std::uint64_t>(policy.partition_threads))),
                       dim3(static_cast<unsigned>(policy.partition_threads)), 0, stream,
                       &merge_partition_kernel<Source, CompareOp>, source, splits, tiles, tile, compare);
    if (e == success)
      e = launch(dim3(merge_grid(tiles, 1)), dim3(static_cast<unsigned>(policy.block_threads)), 0, stream, kernel,
                 source, static_cast<const std::uint64_t*>(splits), keys_out, values_out, tiles, compare);
    return e;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
