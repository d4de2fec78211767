// xcub/device/device_scan.hpp: device-wide prefix scans (CUB's DeviceScan), single pass with
// decoupled look-back (docs/device-scan.md).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. Two phases, as CUB: the first call with d_temp_storage == nullptr only
// writes the temp storage size into temp_storage_bytes (at least 1, also for 0 items); the second,
// with that much device memory, launches. Every call returns xcub::error_t:
//   success                the launches were made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative item count; a null input, key or output pointer with items to
//                          scan; temp_storage_bytes smaller than the first call gave. Nothing is
//                          launched and nothing is written.
//                          Null data pointers are refused in the second call only: the size query
//                          (d_temp_storage == nullptr) answers with them, as CUB's. With
//                          XCUB_DEBUG_LOG=1 in the environment a refusal names the argument on
//                          stderr (<xcub/device/detail/argument_check.hpp>).
// Item counts are any integer type up to 64 bits; more than 2^31 (and 2^32) items work.
//
//   InclusiveSum(temp, bytes, in, out, n, stream)         out[i] = in[0] + ... + in[i]
//   ExclusiveSum(temp, bytes, in, out, n, stream)         out[0] = 0, out[i] = in[0] + ... + in[i-1]
//   InclusiveScan(temp, bytes, in, out, op, n, stream)    out[i] = op(...op(in[0], in[1])..., in[i])
//   InclusiveScanInit(temp, bytes, in, out, op, init, n, stream)   the same with init on the left
//   ExclusiveScan(temp, bytes, in, out, op, init, n, stream)       out[0] = init,
//                                                         out[i] = op(...op(init, in[0])..., in[i-1])
//     init may be a FutureValue(ptr): the initial value is read from device memory by the kernel,
//     so it may be written by earlier work in the stream.
//   Each also in place: (temp, bytes, data, ..., n, stream) scans data into itself; passing the
//   same pointer as in and out is equally fine.
//   InclusiveSumByKey / InclusiveScanByKey(temp, bytes, keys, values, out, [op,] n, equality_op, stream)
//   ExclusiveSumByKey / ExclusiveScanByKey(temp, bytes, keys, values, out, [op, init,] n, equality_op, stream)
//     the same within each run of consecutive keys that equality_op (default: ==) finds equal; an
//     exclusive run starts from init (0 for the sums). values out may be values in.
// The operator needs to be associative, not commutative: items are combined in order. The
// accumulator type is the decayed type of op(init, *in) (op(*in, *in) without an initial value), as
// CUB's; outputs receive it by assignment. It must be trivially copyable.
//
//   // int* d_in, int* d_out (n items)
//   void* d_temp = nullptr;
//   std::size_t temp_bytes = 0;
//   xcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_in, d_out, n);   // sizes the temp storage
//   xcub::device_malloc(&d_temp, temp_bytes);
//   xcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_in, d_out, n);   // {1, 2, 3} -> {1, 3, 6}
//
// DeviceScanTuned<Tuning> is the same API with another tuning (a type as described in
// <xcub/device/detail/policy.hpp>): tests force tiny tiles with it, bench/ sweeps policies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/detail/fold.hpp>  // detail::accumulator_t
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/device/detail/scan_init.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/scan.hpp>
#include <xcub/backend/dispatch/scan.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

/// An initial value that the scan kernel reads through `iter` (device memory) when it runs, rather
/// than one known when the scan is called (CUB's FutureValue).
template <class T, class IterT = T*>
struct FutureValue {
  using value_type = T;
  using iterator_type = IterT;
  explicit XCUB_HOST_DEVICE FutureValue(IterT iter) : m_iter(iter) {}
  XCUB_HOST_DEVICE operator T() const { return *m_iter; }
  XCUB_HOST_DEVICE IterT iterator() const { return m_iter; }

 private:
  IterT m_iter;
};
template <class IterT>
FutureValue(IterT) -> FutureValue<typename std::iterator_traits<IterT>::value_type, IterT>;

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::scan>
struct DeviceScanTuned {
 private:
  template <class It>
  using value_t = typename std::iterator_traits<It>::value_type;

 public:
  // ---- sums --------------------------------------------------------------------------------------
  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                              NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::InclusiveSum", d_temp_storage);
    using accum_t = detail::accumulator_t<xcub::Sum, value_t<InputIt>, value_t<InputIt>>;
    return scan<accum_t, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, xcub::Sum{},
                               detail::scan_no_init{},
                               num_items, stream);
  }
  template <class IteratorT, class NumItemsT>
  static error_t InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                              NumItemsT num_items, stream_t stream = 0) {
    return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  template <class InputIt, class OutputIt, class NumItemsT>
  static error_t ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                              NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::ExclusiveSum", d_temp_storage);
    using init_t = value_t<InputIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, value_t<InputIt>>;
    return scan<accum_t, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, xcub::Sum{}, init_t{}, num_items,
                                stream);
  }
  template <class IteratorT, class NumItemsT>
  static error_t ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                              NumItemsT num_items, stream_t stream = 0) {
    return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  // ---- scans with an operator --------------------------------------------------------------------
  template <class InputIt, class OutputIt, class ScanOpT, class NumItemsT>
  static error_t InclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                               ScanOpT scan_op, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::InclusiveScan", d_temp_storage);
    using accum_t = detail::accumulator_t<ScanOpT, value_t<InputIt>, value_t<InputIt>>;
    return scan<accum_t, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, detail::scan_no_init{},
                               num_items, stream);
  }
  template <class IteratorT, class ScanOpT, class NumItemsT>
  static error_t InclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                               ScanOpT scan_op, NumItemsT num_items, stream_t stream = 0) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items, stream);
  }

  /// out[i] = op(init, in[0], ..., in[i]), folded left to right.
  template <class InputIt, class OutputIt, class ScanOpT, class InitValueT, class NumItemsT>
  static error_t InclusiveScanInit(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in,
                                   OutputIt d_out, ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
                                   stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::InclusiveScanInit", d_temp_storage);
    using accum_t = detail::accumulator_t<ScanOpT, InitValueT, value_t<InputIt>>;
    return scan<accum_t, true>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_value, num_items,
                               stream);
  }

  template <class InputIt, class OutputIt, class ScanOpT, class InitValueT, class NumItemsT>
  static error_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                               ScanOpT scan_op, InitValueT init_value, NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::ExclusiveScan", d_temp_storage);
    using accum_t = detail::accumulator_t<ScanOpT, InitValueT, value_t<InputIt>>;
    return scan<accum_t, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_value, num_items,
                                stream);
  }
  template <class IteratorT, class ScanOpT, class InitValueT, class NumItemsT>
  static error_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                               ScanOpT scan_op, InitValueT init_value, NumItemsT num_items, stream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value, num_items, stream);
  }

  /// The initial value is read from device memory (*init_value's iterator) by the kernel.
  template <class InputIt, class OutputIt, class ScanOpT, class InitValueT, class InitValueIterT, class NumItemsT>
  static error_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                               ScanOpT scan_op, FutureValue<InitValueT, InitValueIterT> init_value,
                               NumItemsT num_items, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::ExclusiveScan", d_temp_storage);
    if (!call.data(init_value.iterator(), "init_value's iterator", detail::valid_count(num_items) && num_items > 0))
      return error_invalid_value;
    using accum_t = detail::accumulator_t<ScanOpT, InitValueT, value_t<InputIt>>;
    return scan<accum_t, false>(call, d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_value, num_items,
                                stream);
  }
  template <class IteratorT, class ScanOpT, class InitValueT, class InitValueIterT, class NumItemsT>
  static error_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, IteratorT d_data,
                               ScanOpT scan_op, FutureValue<InitValueT, InitValueIterT> init_value,
                               NumItemsT num_items, stream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value, num_items, stream);
  }

  // ---- by key --------------------------------------------------------------------------------------
  template <class KeysIt, class ValuesIt, class OutputIt, class EqualityOpT = Equality, class NumItemsT = std::uint32_t>
  static error_t InclusiveSumByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                                   ValuesIt d_values_in, OutputIt d_values_out, NumItemsT num_items,
                                   EqualityOpT equality_op = EqualityOpT(), stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::InclusiveSumByKey", d_temp_storage);
    using accum_t = detail::accumulator_t<xcub::Sum, value_t<ValuesIt>, value_t<ValuesIt>>;
    return by_key<accum_t, true>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                 xcub::Sum{},
                                 detail::scan_no_init{}, num_items, equality_op, stream);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class ScanOpT, class EqualityOpT = Equality,
            class NumItemsT = std::uint32_t>
  static error_t InclusiveScanByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                                    ValuesIt d_values_in, OutputIt d_values_out, ScanOpT scan_op, NumItemsT num_items,
                                    EqualityOpT equality_op = EqualityOpT(), stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::InclusiveScanByKey", d_temp_storage);
    using accum_t = detail::accumulator_t<ScanOpT, value_t<ValuesIt>, value_t<ValuesIt>>;
    return by_key<accum_t, true>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                 scan_op,
                                 detail::scan_no_init{}, num_items, equality_op, stream);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class EqualityOpT = Equality, class NumItemsT = std::uint32_t>
  static error_t ExclusiveSumByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                                   ValuesIt d_values_in, OutputIt d_values_out, NumItemsT num_items,
                                   EqualityOpT equality_op = EqualityOpT(), stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::ExclusiveSumByKey", d_temp_storage);
    using init_t = value_t<ValuesIt>;
    using accum_t = detail::accumulator_t<xcub::Sum, init_t, value_t<ValuesIt>>;
    return by_key<accum_t, false>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  xcub::Sum{}, init_t{}, num_items, equality_op, stream);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class ScanOpT, class InitValueT,
            class EqualityOpT = Equality, class NumItemsT = std::uint32_t>
  static error_t ExclusiveScanByKey(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt d_keys_in,
                                    ValuesIt d_values_in, OutputIt d_values_out, ScanOpT scan_op,
                                    InitValueT init_value, NumItemsT num_items,
                                    EqualityOpT equality_op = EqualityOpT(), stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceScan::ExclusiveScanByKey", d_temp_storage);
    using accum_t = detail::accumulator_t<ScanOpT, InitValueT, value_t<ValuesIt>>;
    return by_key<accum_t, false>(call, d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  scan_op,
                                  init_value, num_items, equality_op, stream);
  }

 protected:
  /// The checks every entry point makes, then the dispatch.
  template <class AccumT, bool INCLUSIVE, class InputIt, class OutputIt, class ScanOpT, class InitT, class NumItemsT>
  static error_t scan(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                      InputIt d_in, OutputIt d_out,
                      ScanOpT op, InitT init, NumItemsT num_items, stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(d_in, "d_in", num_items > 0) ||
        !call.data(d_out, "d_out", num_items > 0))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_scan<Tuning>::template run<AccumT, INCLUSIVE>(temp, bytes, d_in, d_out, op, init,
                                                                            static_cast<offset_t>(num_items), stream);
    });
  }

  template <class AccumT, bool INCLUSIVE, class KeysIt, class ValuesIt, class OutputIt, class ScanOpT, class InitT,
            class NumItemsT, class EqualityOpT>
  static error_t by_key(const detail::entry_point& call, void* d_temp_storage, std::size_t& temp_storage_bytes,
                        KeysIt d_keys, ValuesIt d_values,
                        OutputIt d_out, ScanOpT op, InitT init, NumItemsT num_items, EqualityOpT equal,
                        stream_t stream) {
    if (!call.count(num_items, "num_items") || !call.data(d_keys, "d_keys_in", num_items > 0) ||
        !call.data(d_values, "d_values_in", num_items > 0) || !call.data(d_out, "d_values_out", num_items > 0))
      return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return call.dispatch(d_temp_storage, temp_storage_bytes, [&](void* temp, std::size_t& bytes) {
      return detail::dispatch_scan<Tuning>::template run_by_key<AccumT, INCLUSIVE>(
          temp, bytes, d_keys, d_values, d_out, op, equal, init, static_cast<offset_t>(num_items), stream);
    });

  }
};

/// DeviceScan with the backend's default tuning.
struct DeviceScan : DeviceScanTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
