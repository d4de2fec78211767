// xcub/backend/dispatch/topk.hpp (kokkos): DeviceTopK's dispatch on Kokkos patterns, with the kernel
// dispatch's signature (include/xcub/device/detail/dispatch/dispatch_topk.hpp):
//   dispatch_topk<Tuning>::run<LARGEST, KeyT, ValueT>(d_temp, bytes, keys_in, keys_out, values_in,
//     values_out, num_items, k, stream)
// with k <= num_items (the façade clamped it and checked the arguments). Not a radix select: a sort.
//   1. copy   RangePolicy: the keys to temp storage, and (pairs) each one's input position beside it;
//   2. sort   the kokkos DeviceRadixSort dispatch (dispatch/radix_sort.hpp) on those pairs, every bit
//             of the key, descending for the largest (LARGEST), in its DoubleBuffer form between two
//             temp buffers. Its digits are the radix key images of include/xcub/detail/radix, so the
//             order is DeviceRadixSort's: -0.0 and +0.0 one key, NaNs with the sign bit clear above
//             +inf, with it set below -inf; the keys themselves are moved, never converted, so each
//             comes out with its own bits;
//   3. emit   RangePolicy over [0, k): keys_out[j] = the j-th sorted key, values_out[j] =
//             values_in[its position].
// So the k keys come out best first (the native backends' order is unspecified; this one is a valid
// instance of it), and among keys equal to the k-th the earliest in the input (the sort is stable).
// Temp storage: two buffers of num_items keys, two of num_items positions for pairs, and the sort's
// own (its digit counts); the first call of the two-phase API sizes it all (the sort's part by a
// sizing call of the sort), the second runs. No items or k = 0: one byte, nothing is launched. Too
// little: error_invalid_value before any launch. Tuning: the policy's tile_items() is the sort's
// tile, its radix_bits the sort's digit width (at most 8 there); the other fields are ignored.
// O(n log(key range)) work for any k: simple and correct rather than fast (a reference).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/dispatch/radix_sort.hpp>
#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/tuning/topk.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/policy.hpp>
#include <xcub/device/detail/radix_value.hpp>
#include <xcub/device/detail/topk_policy.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

/// The sort's tuning, from a top-k tuning: its tile and digit width.
template <class TopkTuning, class ValueT>
struct topk_sort_tuning {
  template <class KeyT, class SortValueT>
  static constexpr radix_sort_policy policy(int arch) {
    const topk_policy p = TopkTuning::template policy<KeyT, ValueT>(arch);
    return {p.block_threads, p.items_per_thread, p.radix_bits, RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 256, 8, 256, 8, 8};
  }
};

/// keys[i] = keys_in[i]; positions[i] = i (pairs only).
template <bool PAIRS, class KeyT, class KeysIn, class OffsetT>
struct topk_copy_in {
  KeysIn keys_in;
  KeyT* keys;
  OffsetT* positions;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    keys[i] = keys_in[static_cast<typename std::iterator_traits<KeysIn>::difference_type>(i)];
    if constexpr (PAIRS) positions[i] = static_cast<OffsetT>(i);
  }
};

/// keys_out[j] = keys[j]; values_out[j] = values_in[positions[j]] (pairs only).
template <bool PAIRS, class KeyT, class KeysOut, class ValuesIn, class ValuesOut, class OffsetT>
struct topk_emit {
  const KeyT* keys;
  const OffsetT* positions;
  KeysOut keys_out;
  ValuesIn values_in;
  ValuesOut values_out;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t j) const {
    keys_out[static_cast<typename std::iterator_traits<KeysOut>::difference_type>(j)] = keys[j];
    if constexpr (PAIRS)
      values_out[static_cast<typename std::iterator_traits<ValuesOut>::difference_type>(j)] =
          values_in[static_cast<typename std::iterator_traits<ValuesIn>::difference_type>(positions[j])];
  }
};

}  // namespace kk

template <class Tuning = tuning::topk>
struct dispatch_topk {
  template <bool LARGEST, class KeyT, class ValueT, class KeysIn, class KeysOut, class ValuesIn, class ValuesOut,
            class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn keys_in, KeysOut keys_out,
                     ValuesIn values_in, ValuesOut values_out, OffsetT num_items, OffsetT k, stream_t stream) {
    if (num_items == 0 || k == 0) {  // nothing to write: one byte, no launch
      void* pieces[1];
      const std::size_t sizes[1] = {1};
      return AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
    }
    constexpr bool pairs = !std::is_same_v<ValueT, NullType>;
    using sort_value_t = std::conditional_t<pairs, OffsetT, NullType>;  // the positions, or nothing
    using sort_t = dispatch_radix_sort<kk::topk_sort_tuning<Tuning, ValueT>>;
    using buffer_value_t = radix_value_t<sort_value_t>;
    constexpr int end_bit = radix::radix_key<KeyT>::default_end_bit;
    const radix::identity_decomposer decomposer{};
    const auto n = static_cast<std::size_t>(num_items);

    // The sort's temp storage, sized by a sizing call (its size depends only on n and the tuning).
    std::size_t sort_bytes = 0;
    {
      DoubleBuffer<KeyT> no_keys;
      DoubleBuffer<buffer_value_t> no_values;
      if (const error_t e = sort_t::template run<LARGEST, KeyT, sort_value_t>(
              nullptr, sort_bytes, no_keys, no_values, num_items, 0, end_bit, true, decomposer, stream);
          e != success)
        return e;
    }
    enum { keys0, keys1, pos0, pos1, sort_piece, piece_count };
    std::size_t sizes[piece_count] = {};
    sizes[keys0] = sizes[keys1] = n * sizeof(KeyT);
    sizes[pos0] = sizes[pos1] = pairs ? n * sizeof(OffsetT) : 0;
    sizes[sort_piece] = sort_bytes;
    void* pieces[piece_count];
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;

    const kk::space sp = stream.space();
    using range = Kokkos::RangePolicy<kk::space, Kokkos::IndexType<std::int64_t>>;
    auto* const positions = pairs ? static_cast<OffsetT*>(pieces[pos0]) : nullptr;
    Kokkos::parallel_for("xcub::DeviceTopK::copy", range(sp, 0, static_cast<std::int64_t>(n)),
                         kk::topk_copy_in<pairs, KeyT, KeysIn, OffsetT>{keys_in, static_cast<KeyT*>(pieces[keys0]),
                                                                         positions});
    DoubleBuffer<KeyT> keys(static_cast<KeyT*>(pieces[keys0]), static_cast<KeyT*>(pieces[keys1]));
    DoubleBuffer<buffer_value_t> values;
    if constexpr (pairs)
      values = DoubleBuffer<buffer_value_t>(static_cast<OffsetT*>(pieces[pos0]), static_cast<OffsetT*>(pieces[pos1]));
    if (const error_t e = sort_t::template run<LARGEST, KeyT, sort_value_t>(
            pieces[sort_piece], sort_bytes, keys, values, num_items, 0, end_bit, true, decomposer, stream);
        e != success)
      return e;
    const OffsetT* sorted_positions = nullptr;
    if constexpr (pairs) sorted_positions = values.Current();
    Kokkos::parallel_for("xcub::DeviceTopK::emit", range(sp, 0, static_cast<std::int64_t>(k)),
                         kk::topk_emit<pairs, KeyT, KeysOut, ValuesIn, ValuesOut, OffsetT>{
                             keys.Current(), sorted_positions, keys_out, values_in, values_out});
    return success;
  }
};

}  // namespace xcub::detail
