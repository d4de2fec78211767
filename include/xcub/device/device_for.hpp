// xcub/device/device_for.hpp: call a function object for every index or item of a range (CUB's
// DeviceFor).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. No temp storage, as CUB: the stream-only calls are the API; the
// overloads taking (d_temp_storage, temp_storage_bytes) first only report 1 byte when
// d_temp_storage is null and otherwise do the same. Returns xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative count (last before first), a null pointer with items,
//                          temp_storage_bytes of 0 in the temp-storage overloads. Nothing is launched.
//                          The temp-storage overloads' size query (d_temp_storage == nullptr)
//                          answers with null pointers, as CUB's. With XCUB_DEBUG_LOG=1 in the
//                          environment a refusal names the argument on stderr
//                          (<xcub/device/detail/argument_check.hpp>).
// Methods (counts: any integer type up to 64 bits; op is copied to the device, called from device
// code in no particular order, concurrently; it must not rely on the order):
//   Bulk(shape, op)                  op(i) for i in [0, shape), i of the shape's type
//   ForEachN(first, n, op)           op(first[i]) for i in [0, n): op gets the iterator's reference
//   ForEach(first, last, op)           (a T& for pointers: it may update the item in place)
//   ForEachCopyN(first, n, op)       op(a copy of first[i]): pointers are read in 16-byte words where
//   ForEachCopy(first, last, op)       aligned, so op must not use its argument's address
//
//   struct Inc { XCUB_DEVICE void operator()(int& x) const { ++x; } };
//   xcub::DeviceFor::ForEachN(d_data, n, Inc{});      // every item of d_data incremented
//
// DeviceForTuned<Tuning> is the same API with another tuning (<xcub/backend/tuning/transform.hpp>'s
// for_each): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/device/detail/agent/transform_bodies.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/transform.hpp>
#include <xcub/backend/dispatch/transform.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::for_each>
struct DeviceForTuned {
  template <class ShapeT, class OpT>
  static error_t Bulk(ShapeT shape, OpT op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFor::Bulk");
    if (!call.count(shape, "shape")) return error_invalid_value;
    using offset_t = detail::offset_for<ShapeT>;
    return detail::dispatch_elementwise<Tuning, ShapeT>(detail::bulk_body<ShapeT, OpT>{op},
                                                        static_cast<offset_t>(shape), false, stream);
  }

  template <class It, class NumItemsT, class OpT>
  static error_t ForEachN(It first, NumItemsT num_items, OpT op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFor::ForEachN");
    if (!call.count(num_items, "num_items") || !call.data(first, "first", num_items > 0)) return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    return detail::dispatch_elementwise<Tuning, detail::elem_value_t<It>>(
        detail::for_each_body<It, OpT>{first, op}, static_cast<offset_t>(num_items), false, stream);
  }

  template <class It, class OpT>
  static error_t ForEach(It first, It last, OpT op, stream_t stream = 0) {
    return ForEachN(first, static_cast<std::int64_t>(last - first), op, stream);
  }

  template <class It, class NumItemsT, class OpT>
  static error_t ForEachCopyN(It first, NumItemsT num_items, OpT op, stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceFor::ForEachCopyN");
    if (!call.count(num_items, "num_items") || !call.data(first, "first", num_items > 0)) return error_invalid_value;
    using offset_t = detail::offset_for<NumItemsT>;
    const detail::for_each_copy_body<It, OpT> body{first, op};
    return detail::dispatch_elementwise<Tuning, detail::elem_value_t<It>>(body, static_cast<offset_t>(num_items),
                                                                          body.aligned(), stream);
  }

  template <class It, class OpT>
  static error_t ForEachCopy(It first, It last, OpT op, stream_t stream = 0) {
    return ForEachCopyN(first, static_cast<std::int64_t>(last - first), op, stream);
  }

  // ---- the same with CUB's (unused) temp storage arguments ----------------------------------------

  template <class ShapeT, class OpT>
  static error_t Bulk(void* d_temp_storage, std::size_t& temp_storage_bytes, ShapeT shape, OpT op,
                      stream_t stream = 0) {
    if (const error_t e = temp_phase("xcub::DeviceFor::Bulk", d_temp_storage, temp_storage_bytes);
        e != success || !d_temp_storage)
      return e;
    return Bulk(shape, op, stream);
  }
  template <class It, class NumItemsT, class OpT>
  static error_t ForEachN(void* d_temp_storage, std::size_t& temp_storage_bytes, It first, NumItemsT num_items,
                          OpT op, stream_t stream = 0) {
    if (const error_t e = temp_phase("xcub::DeviceFor::ForEachN", d_temp_storage, temp_storage_bytes);
        e != success || !d_temp_storage)
      return e;
    return ForEachN(first, num_items, op, stream);
  }
  template <class It, class OpT>
  static error_t ForEach(void* d_temp_storage, std::size_t& temp_storage_bytes, It first, It last, OpT op,
                         stream_t stream = 0) {
    if (const error_t e = temp_phase("xcub::DeviceFor::ForEach", d_temp_storage, temp_storage_bytes);
        e != success || !d_temp_storage)
      return e;
    return ForEach(first, last, op, stream);
  }
  template <class It, class NumItemsT, class OpT>
  static error_t ForEachCopyN(void* d_temp_storage, std::size_t& temp_storage_bytes, It first, NumItemsT num_items,
                              OpT op, stream_t stream = 0) {
    if (const error_t e = temp_phase("xcub::DeviceFor::ForEachCopyN", d_temp_storage, temp_storage_bytes);
        e != success || !d_temp_storage)
      return e;
    return ForEachCopyN(first, num_items, op, stream);
  }
  template <class It, class OpT>
  static error_t ForEachCopy(void* d_temp_storage, std::size_t& temp_storage_bytes, It first, It last, OpT op,
                             stream_t stream = 0) {
    if (const error_t e = temp_phase("xcub::DeviceFor::ForEachCopy", d_temp_storage, temp_storage_bytes);
        e != success || !d_temp_storage)
      return e;
    return ForEachCopy(first, last, op, stream);
  }

 private:
  static error_t temp_phase(const char* name, void* d_temp_storage, std::size_t& temp_storage_bytes) {
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes >= 1) return success;
    return detail::entry_point(name, d_temp_storage).fail("temp_storage_bytes (%zu) < 1, the size the query gives",
                                                          temp_storage_bytes);
  }
};

/// DeviceFor with the backend's default tuning.
struct DeviceFor : DeviceForTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
