// xcub/backend/dispatch/transform.hpp (kokkos): DeviceTransform's and DeviceFor's dispatch on
// Kokkos patterns, with the kernel dispatch's signature:
//   dispatch_elementwise<Tuning, PolicyT>(body, num_items, vectorize, stream)
// One Kokkos::parallel_for over the indices [0, num_items) (a RangePolicy with 64-bit indices, so
// counts past 2^31 need no second launch) on the stream's execution space instance: index i does
// what the façade's body says for one item (body.load(i), then body.store(i, item): out[i] =
// op(in_0[i], ...), op(i), op(first[i]), op(a copy of first[i])). Every index is visited exactly
// once, in no particular order; each touches only its own position, so an output that is one of
// the inputs (in place) is safe. No items: nothing is launched. No temp storage (the façade
// reports its one byte). The tuning is not read and `vectorize` is ignored: Kokkos schedules the
// indices, and the 16-byte word path of the native kernels is theirs alone.
#pragma once

#include <cstdint>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/tuning/transform.hpp>

namespace xcub::detail {

namespace kk {

/// One index of an elementwise body (agent/transform_bodies.hpp's item path). The bodies take
/// any index type: the 64-bit one goes straight through (no narrowing for the compiler to keep).
template <class Body>
struct elementwise_pass {
  Body body;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    Body b = body;  // a body's store() is not const (it may hold state for its op); a copy per index
    auto item = b.load(i);
    b.store(i, item);
  }
};

}  // namespace kk

template <class Tuning, class PolicyT, class OffsetT, class Body>
error_t dispatch_elementwise(Body body, OffsetT num_items, bool /*vectorize*/, stream_t stream) {
  if (num_items == 0) return success;
  using policy = Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace, Kokkos::IndexType<std::int64_t>>;
  Kokkos::parallel_for("xcub::DeviceTransform", policy(stream.space(), 0, static_cast<std::int64_t>(num_items)),
                       kk::elementwise_pass<Body>{body});
  return success;
}

}  // namespace xcub::detail
