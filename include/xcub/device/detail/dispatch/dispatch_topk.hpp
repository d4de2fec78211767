// xcub/device/detail/dispatch/dispatch_topk.hpp: sizes and launches DeviceTopK's kernels.
//
// dispatch_topk<Tuning>::run<LARGEST, KeyT, ValueT>(d_temp, bytes, keys_in, keys_out, values_in,
// values_out, num_items, k, stream): the k largest (LARGEST) or smallest keys of keys_in[0, num_items)
// to keys_out[0, k), values with them (keys only: ValueT = NullType, the value iterators no_values);
// k <= num_items (the façade clamped it and checked the arguments).
//   - no items or k = 0: one byte of temp storage, nothing is launched;
//   - otherwise, with passes = ceil(key bits / radix_bits): init, then round 0, scan 0, round 1,
//     scan 1, ..., scan passes-1, round passes (2 passes + 2 launches; rounds after the last one the
//     scans chose return at once). Every count and decision lives in device memory, so the host
//     never waits: the calls only enqueue launches.
// Round grids: the blocks resident at once times the tuning's oversubscription, at most one per tile
// of the input, and enough that no block counts 2^31 keys or more (its shared counters are 32-bit).
// Temp storage: the state, passes x digits counts, and two candidate buffers of num_items /
// buffer_divisor keys (and as many input positions for pairs).
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/launch.hpp>
#include <xcub/util/temporary_storage.hpp>
#include <xcub/device/detail/dispatch/kernel_arch.hpp>
#include <xcub/device/detail/dispatch/resident_blocks.hpp>
#include <xcub/device/detail/kernels/topk.hpp>
#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <class Tuning>
struct dispatch_topk {
  template <bool LARGEST, class KeyT, class ValueT, class KeysIn, class KeysOut, class ValuesIn, class ValuesOut,
            class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn keys_in, KeysOut keys_out,
                     ValuesIn values_in, ValuesOut values_out, OffsetT num_items, OffsetT k, stream_t stream) {
    using args_t = topk::round_args<KeyT, ValueT, KeysIn, KeysOut, ValuesIn, ValuesOut, OffsetT>;
    using bits_t = typename args_t::bits_t;
    using state_t = topk::state<bits_t, OffsetT>;
    constexpr auto round_kernel = &topk_round_kernel<Tuning, LARGEST, args_t>;
    constexpr auto scan_kernel = &topk_scan_kernel<Tuning, KeyT, ValueT, bits_t, OffsetT>;
    constexpr auto init_kernel = &topk_init_kernel<bits_t, OffsetT>;

    if (num_items == 0 || k == 0) {  // nothing to write: one byte, no launch
      void* pieces[1];
      const std::size_t sizes[1] = {1};
      return AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
    }

    int arch = 0;
    if (const error_t e = cached_kernel_arch<round_kernel>(arch); e != success) return e;
    const topk_policy policy = Tuning::template policy<KeyT, ValueT>(arch);
    const std::uint64_t n = static_cast<std::uint64_t>(num_items);
    const int passes = topk::pass_count(radix::key_traits<KeyT>::bits, policy.radix_bits);
    const std::size_t words = static_cast<std::size_t>(passes) * static_cast<std::size_t>(policy.digits());
    const std::uint64_t divisor = static_cast<std::uint64_t>(policy.buffer_divisor > 0 ? policy.buffer_divisor : 1);
    const std::uint64_t capacity = n / divisor;

    enum { state_piece, counts_piece, keys0_piece, keys1_piece, index0_piece, index1_piece, piece_count };
    std::size_t sizes[piece_count] = {};
    sizes[state_piece] = sizeof(state_t);
    sizes[counts_piece] = words * sizeof(OffsetT);
    sizes[keys0_piece] = sizes[keys1_piece] = static_cast<std::size_t>(capacity) * sizeof(KeyT);
    sizes[index0_piece] = sizes[index1_piece] =
        args_t::pairs ? static_cast<std::size_t>(capacity) * sizeof(OffsetT) : 0;
    void* pieces[piece_count];
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;

    args_t args{keys_in,
                keys_out,
                values_in,
                values_out,
                {static_cast<KeyT*>(pieces[keys0_piece]), static_cast<KeyT*>(pieces[keys1_piece])},
                {args_t::pairs ? static_cast<OffsetT*>(pieces[index0_piece]) : nullptr,
                 args_t::pairs ? static_cast<OffsetT*>(pieces[index1_piece]) : nullptr},
                static_cast<state_t*>(pieces[state_piece]),
                static_cast<OffsetT*>(pieces[counts_piece]),
                num_items,
                k};

    unsigned grid = 0;
    if (const error_t e = round_grid(round_kernel, policy, n, grid); e != success) return e;
    const std::size_t init_need = words / topk::init_threads + 1;
    const unsigned init_blocks = static_cast<unsigned>(init_need < 1024 ? init_need : 1024);
    if (const error_t e = launch(dim3(init_blocks), dim3(topk::init_threads), 0, stream, init_kernel, args.st,
                                 args.histograms, words, num_items, k, passes);
        e != success)
      return e;
    for (int round = 0; round <= passes; ++round) {
      if (const error_t e = launch(dim3(grid), dim3(static_cast<unsigned>(policy.block_threads)), 0, stream,
                                   round_kernel, args, round);
          e != success)
        return e;
      if (round == passes) break;
      const OffsetT* counts =
          args.histograms + static_cast<std::size_t>(round) * static_cast<std::size_t>(policy.digits());
      if (const error_t e = launch(dim3(1), dim3(static_cast<unsigned>(policy.scan_threads)), 0, stream, scan_kernel,
                                   args.st, counts, round, static_cast<OffsetT>(capacity));
          e != success)
        return e;
    }
    return success;
  }

 private:
  template <class Kernel>
  static error_t round_grid(Kernel kernel, const topk_policy& policy, std::uint64_t n, unsigned& grid) {
    std::uint64_t resident = 0;
    if (const error_t e = resident_blocks(kernel, policy.block_threads, resident); e != success) return e;
    const std::uint64_t tile = static_cast<std::uint64_t>(policy.tile_items());
    const std::uint64_t tiles = (n + tile - 1) / tile;
    std::uint64_t g = resident * static_cast<std::uint64_t>(policy.oversubscription > 0 ? policy.oversubscription : 1);
    const std::uint64_t per_block_limit = (std::uint64_t{1} << 31) / tile;  // tiles a block may count
    const std::uint64_t at_least = (tiles + per_block_limit - 1) / per_block_limit;
    if (g < at_least) g = at_least;
    if (g > tiles) g = tiles;
    constexpr std::uint64_t max_grid = 0x7fffffff;
    grid = static_cast<unsigned>(g < 1 ? 1 : (g > max_grid ? max_grid : g));
    return success;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
