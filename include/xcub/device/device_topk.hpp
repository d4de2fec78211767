// xcub/device/device_topk.hpp: the k largest or smallest keys (and their values) of an unordered
// sequence (CUB's DeviceTopK, the interface of CCCL 3.3.0), by radix select (docs/device-topk.md).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the call
// never waits for it (every count the search needs stays in device memory). Two phases, as CUB: the
// first call with d_temp_storage == nullptr only writes the temp storage size into
// temp_storage_bytes (at least 1, also for no items or k = 0); the second, with that much device
// memory and the same arguments, finds the keys.
//   MaxKeys(temp, bytes, d_keys_in, d_keys_out, num_items, k, stream)
//   MinKeys(temp, bytes, d_keys_in, d_keys_out, num_items, k, stream)
//   MaxPairs(temp, bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, k, stream)
//   MinPairs(temp, bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, k, stream)
// Writes min(k, num_items) keys to d_keys_out[0, ...) (and their values to d_values_out): the largest
// (Max) or smallest (Min) keys of d_keys_in[0, num_items), each an input item (a pair stays a pair),
// in unspecified order, as CUB's default (unordered, not deterministic). Where several keys equal the
// k-th, any of them may be chosen, but exactly k items come out. k larger than num_items is clamped
// to num_items, as CUB caps it (everything comes out); k = 0 or no items writes nothing.
// Keys: every radix key of DeviceRadixSort (bool, integers of 8 to 64 bits, float, double, the
// backend's 16-bit floats) in its order: -0.0 and +0.0 are equal keys (each comes out with its own
// sign), NaNs with the sign bit clear above +inf, with it set below -inf. Inputs and outputs are
// random-access iterators (the keys' value type is the key type); outputs must not overlap inputs.
// num_items and k: any integer types up to 64 bits; more than 2^31 (and 2^32) items work.
// Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative num_items or k; a null key or value pointer when there is work
//                          (num_items > 0 and k > 0); temp_storage_bytes smaller than the first call
//                          gave. Nothing is launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
//
//   // float* d_in (n keys), float* d_out (100 keys)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceTopK::MaxKeys(d_temp, temp_bytes, d_in, d_out, n, 100);   // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceTopK::MaxKeys(d_temp, temp_bytes, d_in, d_out, n, 100);   // the 100 largest, any order
//
// DeviceTopKTuned<Tuning> is the same API with another tuning (a type with
// `template <class KeyT, class ValueT> static constexpr detail::topk_policy policy(int arch)`,
// <xcub/device/detail/topk_policy.hpp>): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include <xcub/runtime.hpp>
#include <xcub/detail/radix/key_codec.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/device/detail/no_values.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/topk.hpp>
#include <xcub/backend/dispatch/topk.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::topk>
struct DeviceTopKTuned {
  template <class KeysIn, class KeysOut, class NumItemsT, class NumOutItemsT>
  static error_t MaxKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn d_keys_in, KeysOut d_keys_out,
                         NumItemsT num_items, NumOutItemsT k, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceTopK::MaxKeys", d_temp_storage);
    return select<true, NullType>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, detail::no_values{},
                                  detail::no_values{}, num_items, k, stream);
  }
  template <class KeysIn, class KeysOut, class NumItemsT, class NumOutItemsT>
  static error_t MinKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn d_keys_in, KeysOut d_keys_out,
                         NumItemsT num_items, NumOutItemsT k, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceTopK::MinKeys", d_temp_storage);
    return select<false, NullType>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, detail::no_values{},
                                   detail::no_values{}, num_items, k, stream);
  }
  template <class KeysIn, class KeysOut, class ValuesIn, class ValuesOut, class NumItemsT, class NumOutItemsT>
  static error_t MaxPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn d_keys_in, KeysOut d_keys_out,
                          ValuesIn d_values_in, ValuesOut d_values_out, NumItemsT num_items, NumOutItemsT k,
                          stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceTopK::MaxPairs", d_temp_storage);
    using value_t = typename std::iterator_traits<ValuesIn>::value_type;
    return select<true, value_t>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                 d_values_out, num_items, k, stream);
  }
  template <class KeysIn, class KeysOut, class ValuesIn, class ValuesOut, class NumItemsT, class NumOutItemsT>
  static error_t MinPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIn d_keys_in, KeysOut d_keys_out,
                          ValuesIn d_values_in, ValuesOut d_values_out, NumItemsT num_items, NumOutItemsT k,
                          stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceTopK::MinPairs", d_temp_storage);
    using value_t = typename std::iterator_traits<ValuesIn>::value_type;
    return select<false, value_t>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                  d_values_out, num_items, k, stream);
  }

 private:
  template <bool LARGEST, class ValueT, class KeysIn, class KeysOut, class ValuesIn, class ValuesOut, class NumItemsT,
            class NumOutItemsT>
  static error_t select(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                        KeysIn keys_in, KeysOut keys_out,
                        ValuesIn values_in, ValuesOut values_out, NumItemsT num_items, NumOutItemsT k,
                        stream_t stream) {
    using key_t = typename std::iterator_traits<KeysIn>::value_type;
    static_assert(detail::radix::is_radix_key_v<key_t>,
                  "xcub::DeviceTopK: keys must be radix keys (bool, integers of 8 to 64 bits, float, double, the "
                  "backend's 16-bit floats)");
    static_assert(sizeof(key_t) <= 8, "xcub::DeviceTopK: keys of at most 64 bits");
    if (!call.count(num_items, "num_items") || !call.count(k, "k")) return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    const auto n = static_cast<std::uint64_t>(num_items);
    const std::uint64_t kk = static_cast<std::uint64_t>(k) < n ? static_cast<std::uint64_t>(k) : n;  // CUB caps k
    if (!call.data(keys_in, "d_keys_in", kk > 0) || !call.data(keys_out, "d_keys_out", kk > 0) ||
        !call.data(values_in, "d_values_in", kk > 0) || !call.data(values_out, "d_values_out", kk > 0))
      return error_invalid_value;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_topk<Tuning>::template run<LARGEST, key_t, ValueT>(
          temp, bytes, keys_in, keys_out, values_in, values_out, static_cast<offset_t>(n), static_cast<offset_t>(kk),
          stream);
    });

  }
};

/// DeviceTopK with the backend's default tuning.
struct DeviceTopK : DeviceTopKTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
