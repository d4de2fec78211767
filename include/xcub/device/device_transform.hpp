// xcub/device/device_transform.hpp: out[i] = op(in_0[i], in_1[i], ...) over a range (CUB's
// DeviceTransform).
//
// Called from host code, by one host thread; the work runs on the device, in `stream`, and the
// call never waits for it. No temp storage: the stream-only calls are the API; the overloads taking
// (d_temp_storage, temp_storage_bytes) first report 1 byte when d_temp_storage is null and
// otherwise do the same. Returns xcub::error_t:
//   success                the launch was made (kernel errors surface at the next synchronisation)
//   error_invalid_value    a negative count, a null input or output pointer with items,
//                          temp_storage_bytes of 0 in the temp-storage overloads. Nothing is launched.
//                          The temp-storage overloads' size query (d_temp_storage == nullptr)
//                          answers with null pointers, as CUB's. With XCUB_DEBUG_LOG=1 in the
//                          environment a refusal names the argument on stderr
//                          (<xcub/device/detail/argument_check.hpp>).
// Transform(std::tuple<InIts...> inputs, output, num_items, op)  any number of inputs (CUB takes a
// Transform(input, output, num_items, op)                         ::cuda::std::tuple; here std::tuple)
//   op is copied to the device and called once per index, in no particular order; num_items: any
//   integer type up to 64 bits. The output may be one of the inputs (in place, the same positions);
//   other overlaps are undefined. Where every input and the output are pointers to trivially copyable
//   types of power-of-two size, aligned to 16 bytes, full tiles move in 16-byte words (op must not
//   use its arguments' addresses: they are copies); anything else goes item by item.
//
//   struct Axpy { float a; XCUB_DEVICE float operator()(float x, float y) const { return a * x + y; } };
//   xcub::DeviceTransform::Transform(std::make_tuple(d_x, d_y), d_out, n, Axpy{2.0f});
//
// DeviceTransformTuned<Tuning> is the same API with another tuning (<xcub/backend/tuning/transform.hpp>'s
// transform): tests force tiny tiles with it.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <xcub/runtime.hpp>
#include <xcub/device/detail/agent/transform_bodies.hpp>
#include <xcub/device/detail/argument_check.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/backend/tuning/transform.hpp>
#include <xcub/backend/dispatch/transform.hpp>  // the backend's dispatch: kernels, or Kokkos patterns

namespace xcub {

namespace detail {
template <class T>
struct is_std_tuple : std::false_type {};
template <class... Ts>
struct is_std_tuple<std::tuple<Ts...>> : std::true_type {};

/// A type as wide as the widest of Ts (void ignored): what the transform tuning is asked for.
template <class... Ts>
struct widest_of {
  using type = char;
};
template <class T, class... Ts>
struct widest_of<T, Ts...> {
  using rest = typename widest_of<Ts...>::type;
  using type = std::conditional_t<std::is_void_v<T> || sizeof(rest) >= sizeof(T), rest, T>;
};
template <class... Ts>
struct widest_of<void, Ts...> : widest_of<Ts...> {};
}  // namespace detail

#if XCUB_HAS_DEVICE_LAYER

template <class Tuning = tuning::transform>
struct DeviceTransformTuned {
  template <class... InIts, class OutIt, class NumItemsT, class OpT>
  static error_t Transform(std::tuple<InIts...> inputs, OutIt output, NumItemsT num_items, OpT op,
                           stream_t stream = 0) {
    detail::entry_point call("xcub::DeviceTransform::Transform");
    static_assert(sizeof...(InIts) > 0, "xcub::DeviceTransform: at least one input");
    if (!call.count(num_items, "num_items") || !call.data(output, "output", num_items > 0)) return error_invalid_value;
    if (num_items > 0) {
      if (const int i = first_null(inputs, std::index_sequence_for<InIts...>{}); i >= 0)
        return call.fail("input %d is null", i);
    }
    using offset_t = detail::offset_for<NumItemsT>;
    using body_t = detail::transform_body<OutIt, OpT, InIts...>;
    using policy_t = typename detail::widest_of<detail::elem_value_t<OutIt>, detail::elem_value_t<InIts>...>::type;
    const body_t body = make_body<body_t>(inputs, output, op, std::index_sequence_for<InIts...>{});
    return detail::dispatch_elementwise<Tuning, policy_t>(body, static_cast<offset_t>(num_items), body.aligned(),
                                                          stream);
  }

  template <class InIt, class OutIt, class NumItemsT, class OpT,
            std::enable_if_t<!detail::is_std_tuple<InIt>::value, int> = 0>
  static error_t Transform(InIt input, OutIt output, NumItemsT num_items, OpT op, stream_t stream = 0) {
    return Transform(std::tuple<InIt>(input), output, num_items, op, stream);
  }

  /// The same with CUB's (unused) temp storage arguments: 1 byte is reported.
  template <class InIts, class OutIt, class NumItemsT, class OpT>
  static error_t Transform(void* d_temp_storage, std::size_t& temp_storage_bytes, InIts inputs, OutIt output,
                           NumItemsT num_items, OpT op, stream_t stream = 0) {
    if (!d_temp_storage) {
      temp_storage_bytes = 1;
      return success;
    }
    if (temp_storage_bytes < 1)
      return detail::entry_point("xcub::DeviceTransform::Transform", d_temp_storage)
          .fail("temp_storage_bytes (%zu) < 1, the size the query gives", temp_storage_bytes);
    return Transform(inputs, output, num_items, op, stream);
  }

 private:
  /// The index of the first null input pointer, or -1.
  template <class... InIts, std::size_t... I>
  static int first_null(const std::tuple<InIts...>& inputs, std::index_sequence<I...>) {
    int first = -1;
    ((first < 0 && detail::is_null_iterator(std::get<I>(inputs)) ? (void)(first = static_cast<int>(I)) : (void)0), ...);
    return first;
  }
  template <class Body, class Inputs, class OutIt, class OpT, std::size_t... I>
  static Body make_body(const Inputs& inputs, OutIt output, OpT op, std::index_sequence<I...>) {
    return Body{{{std::get<I>(inputs)}...}, output, op};
  }
};

/// DeviceTransform with the backend's default tuning.
struct DeviceTransform : DeviceTransformTuned<> {};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub
