// xcub/device/device_radix_sort.hpp: device-wide stable radix sorts of keys and key-value pairs
// (CUB's DeviceRadixSort), onesweep (docs/device-radix-sort.md); on the kokkos backend LSD passes on
// Kokkos patterns (docs/kokkos-backend.md), with the same contract.
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only writes
// the temp storage size into temp_storage_bytes (at least 1, also for 0 items); the second, with that
// much device memory, sorts.
//   SortKeys(temp, bytes, keys_in, keys_out, n[, begin_bit, end_bit], stream)
//   SortPairs(temp, bytes, keys_in, keys_out, values_in, values_out, n[, begin_bit, end_bit], stream)
//   SortKeysDescending / SortPairsDescending: the same, largest key first
//   each also with a decomposer after n: (..., n, decomposer[, begin_bit, end_bit], stream), to sort
//   structs by some of their arithmetic members (docs/radix-keys.md);
//   each also with DoubleBuffer<KeyT>& keys (and DoubleBuffer<ValueT>& values) instead of the in/out
//   pointers: the sort may use both buffers of each, needs less temp storage, and on return
//   keys.Current() (values.Current()) holds the result: read the selector after the call.
// Temp storage of the pointer forms: the passes between input and output alternate through a copy
// of the keys and values (CUB's size), except where the tuning packs pairs into words
// (radix_sort_policy::pack_pairs; CUDA sm_90, 4-byte arithmetic keys with 4-byte values): with
// three passes or more those take twice that (docs/device-radix-sort.md). The DoubleBuffer forms need
// neither.
// Keys: bool, integers of 8 to 128 bits, float, double, CUDA's __half and __nv_bfloat16, ordered as
// CUB orders them (-0.0 and +0.0 are equal keys and keep their input order; NaNs with the sign bit
// clear after +inf, with it set before -inf; descending is the exact reverse), by bits
// [begin_bit, end_bit) of the key's image (default: all of them). Stable: equal keys keep their input
// order, in both directions; values move with their keys. The pointer forms never write the input.
// Item counts are any integer type up to 64 bits; more than 2^31 (and 2^32) keys work.
// Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative item count; a null key or value pointer (or DoubleBuffer
//                          buffer) with items to sort; begin_bit < 0, end_bit past the key's bits, or
//                          begin_bit >= end_bit (CUB accepts begin_bit == end_bit and copies: xcub
//                          reports it, since it sorts nothing); temp_storage_bytes smaller than the
//                          first call gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
//
//   // unsigned* d_in, unsigned* d_out (n keys)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, d_in, d_out, n);   // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, d_in, d_out, n);   // {3, 1, 2} -> {1, 2, 3}
//
// DeviceRadixSortTuned<Tuning> is the same API with another tuning (a type with
// `template <class KeyT, class ValueT> static constexpr detail::radix_sort_policy policy(int arch)`,
// <xcub/device/detail/policy.hpp>): tests force tiny tiles with it, bench/ sweeps policies.
#pragma once

#include <cstddef>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/detail/radix/radix_key.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/radix_sort.hpp>
#include <xcub/device/detail/radix_value.hpp>
#include <xcub/backend/dispatch/radix_sort.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::radix_sort>
struct DeviceRadixSortTuned {
 private:
  using identity = detail::radix::identity_decomposer;
  /// Whether D is a decomposer rather than a bit index (CUB's rule for its overloads).
  template <class D>
  using if_decomposer = std::enable_if_t<!std::is_convertible_v<D, int>, int>;
  template <class K, class D = identity>
  static constexpr int bits_of = detail::radix::radix_key<K, D>::default_end_bit;

 public:
  // ---- keys, pointers ----------------------------------------------------------------------------
  template <class KeyT, class NumItemsT>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                          KeyT* d_keys_out, NumItemsT num_items, int begin_bit = 0, int end_bit = bits_of<KeyT>,
                          stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, begin_bit,
                           end_bit,
                           identity{}, stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                          KeyT* d_keys_out, NumItemsT num_items, D decomposer, int begin_bit, int end_bit,
                          stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, begin_bit,
                           end_bit,
                           decomposer, stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                          KeyT* d_keys_out, NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, 0,
                           bits_of<KeyT, D>, decomposer, stream);
  }
  template <class KeyT, class NumItemsT>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                    KeyT* d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                    int end_bit = bits_of<KeyT>, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, begin_bit,
                          end_bit,
                          identity{}, stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                    KeyT* d_keys_out, NumItemsT num_items, D decomposer, int begin_bit, int end_bit,
                                    stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, begin_bit,
                          end_bit,
                          decomposer, stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                    KeyT* d_keys_out, NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, 0,
                          bits_of<KeyT, D>,
                          decomposer, stream);
  }

  // ---- keys, DoubleBuffer ------------------------------------------------------------------------
  template <class KeyT, class NumItemsT>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                          NumItemsT num_items, int begin_bit = 0, int end_bit = bits_of<KeyT>, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_db<false>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, begin_bit, end_bit, identity{},
                          stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                          NumItemsT num_items, D decomposer, int begin_bit, int end_bit, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_db<false>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, begin_bit, end_bit, decomposer,
                          stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                          NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeys", d_temp_storage);
    return keys_db<false>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, 0, bits_of<KeyT, D>, decomposer,
                          stream);
  }
  template <class KeyT, class NumItemsT>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                                    NumItemsT num_items, int begin_bit = 0, int end_bit = bits_of<KeyT>,
                                    stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_db<true>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, begin_bit, end_bit, identity{},
                         stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                                    NumItemsT num_items, D decomposer, int begin_bit, int end_bit,
                                    stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_db<true>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, begin_bit, end_bit, decomposer,
                         stream);
  }
  template <class KeyT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                                    NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortKeysDescending", d_temp_storage);
    return keys_db<true>(entry, d_temp_storage, temp_storage_bytes, d_keys, num_items, 0, bits_of<KeyT, D>, decomposer,
                         stream);
  }

  // ---- pairs, pointers ---------------------------------------------------------------------------
  template <class KeyT, class ValueT, class NumItemsT>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, int begin_bit = 0,
                   int end_bit = bits_of<KeyT>, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return pairs_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, begin_bit, end_bit, identity{}, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, D decomposer,
                   int begin_bit, int end_bit, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return pairs_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, begin_bit, end_bit, decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, D decomposer,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return pairs_ptr<false>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, 0, bits_of<KeyT, D>, decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, int begin_bit = 0,
                   int end_bit = bits_of<KeyT>, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return pairs_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, begin_bit, end_bit, identity{}, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, D decomposer,
                   int begin_bit, int end_bit, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return pairs_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, begin_bit, end_bit, decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                   const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, D decomposer,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return pairs_ptr<true>(entry, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                          num_items, 0, bits_of<KeyT, D>, decomposer, stream);
  }

  // ---- pairs, DoubleBuffer -----------------------------------------------------------------------
  template <class KeyT, class ValueT, class NumItemsT>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, int begin_bit = 0, int end_bit = bits_of<KeyT>,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return sort<false, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit,
                               end_bit, true,
                          identity{}, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, D decomposer, int begin_bit, int end_bit,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return sort<false, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit,
                               end_bit, true,
                          decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairs", d_temp_storage);
    return sort<false, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, 0,
                               bits_of<KeyT, D>, true,
                          decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, int begin_bit = 0, int end_bit = bits_of<KeyT>,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return sort<true, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit,
                              end_bit, true,
                          identity{}, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, D decomposer, int begin_bit, int end_bit,
                   stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return sort<true, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit,
                              end_bit, true,
                          decomposer, stream);
  }
  template <class KeyT, class ValueT, class NumItemsT, class D, if_decomposer<D> = 0>
  static error_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                   DoubleBuffer<ValueT>& d_values, NumItemsT num_items, D decomposer, stream_t stream = 0) {
    detail::entry_point entry("xcub::DeviceRadixSort::SortPairsDescending", d_temp_storage);
    return sort<true, ValueT>(entry, d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, 0, bits_of<KeyT,
                              D>, true,
                          decomposer, stream);
  }

 private:
  template <bool DESC, class KeyT, class NumItemsT, class D>
  static error_t keys_ptr(const detail::entry_point& entry, void* d_temp, std::size_t& bytes, const KeyT* in,
                          KeyT* out, NumItemsT n, int begin_bit,
                          int end_bit, D decomposer, stream_t stream) {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(in), out);
    DoubleBuffer<unsigned char> values;
    return sort<DESC, NullType>(entry, d_temp, bytes, keys, values, n, begin_bit, end_bit, false, decomposer, stream);
  }
  template <bool DESC, class KeyT, class NumItemsT, class D>
  static error_t keys_db(const detail::entry_point& entry, void* d_temp, std::size_t& bytes, DoubleBuffer<KeyT>& keys,
                         NumItemsT n, int begin_bit,
                         int end_bit, D decomposer, stream_t stream) {
    DoubleBuffer<unsigned char> values;
    return sort<DESC, NullType>(entry, d_temp, bytes, keys, values, n, begin_bit, end_bit, true, decomposer, stream);
  }
  template <bool DESC, class KeyT, class ValueT, class NumItemsT, class D>
  static error_t pairs_ptr(const detail::entry_point& entry, void* d_temp, std::size_t& bytes, const KeyT* keys_in,
                           KeyT* keys_out,
                           const ValueT* values_in, ValueT* values_out, NumItemsT n, int begin_bit, int end_bit,
                           D decomposer, stream_t stream) {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(keys_in), keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(values_in), values_out);
    return sort<DESC, ValueT>(entry, d_temp, bytes, keys, values, n, begin_bit, end_bit, false, decomposer, stream);
  }

  /// Every form ends here: the argument checks (before anything is launched), then the dispatch.
  template <bool DESC, class ValueT, class KeyT, class NumItemsT, class D>
  static error_t sort(const detail::entry_point& entry, void* d_temp, std::size_t& bytes, DoubleBuffer<KeyT>& keys,
                      DoubleBuffer<detail::radix_value_t<ValueT>>& values, NumItemsT n, int begin_bit, int end_bit,
                      bool overwrite, D decomposer, stream_t stream) {
    constexpr bool keys_only = std::is_same_v<ValueT, NullType>;
    const bool items = detail::valid_count(n) && n > NumItemsT{0};
    if (!entry.count(n, "num_items") || !entry.bits(begin_bit, end_bit, bits_of<KeyT, D>)) return error_invalid_value;
    if (overwrite) {
      if (!entry.data(keys.d_buffers[0], "d_keys.d_buffers[0]", items) ||
          !entry.data(keys.d_buffers[1], "d_keys.d_buffers[1]", items) ||
          !entry.data(values.d_buffers[0], "d_values.d_buffers[0]", items && !keys_only) ||
          !entry.data(values.d_buffers[1], "d_values.d_buffers[1]", items && !keys_only))
        return error_invalid_value;
    } else if (!entry.data(keys.d_buffers[0], "d_keys_in", items) || !entry.data(keys.d_buffers[1], "d_keys_out",
               items) ||
               !entry.data(values.d_buffers[0], "d_values_in", items && !keys_only) ||
               !entry.data(values.d_buffers[1], "d_values_out", items && !keys_only)) {
      return error_invalid_value;
    }
    using offset_t = detail::offset_for<NumItemsT>;
    return entry.dispatch(d_temp, bytes, [&](void* t, std::size_t& b) {
      return detail::dispatch_radix_sort<Tuning>::template run<DESC, KeyT, ValueT>(
          t, b, keys, values, static_cast<offset_t>(n), begin_bit, end_bit, overwrite, decomposer, stream);
    });
  }
};

/// DeviceRadixSort with the backend's tuning.
struct DeviceRadixSort : DeviceRadixSortTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
