// xcub/backend/dispatch/scan.hpp (kokkos): DeviceScan's dispatch on Kokkos patterns (reduce, then
// scan: kk::ordered_fold with the rescan), with the kernel dispatch's types and signatures:
//   dispatch_scan<Tuning>::run<AccumT, INCLUSIVE>(d_temp, bytes, in, out, op, init, n, stream)
//   dispatch_scan<Tuning>::run_by_key<AccumT, INCLUSIVE>(d_temp, bytes, keys, values, out, op,
//                                                         equal, init, n, stream)
// A run (the whole input; by key, each run of equal keys) starts from init (a value, a FutureValue
// read in the rescan's functor, or nothing: scan_no_init); out[i] is the fold before item i
// (exclusive) or through it (inclusive). Items are read before out[i] is written, so out may be in.
// Tuning: only the policy's tile_items(). Errors: temp storage too small. No items: no launch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/backend/dispatch/reduce.hpp>  // kk::keyed_source
#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/tuning/scan.hpp>
#include <xcub/device/detail/scan_init.hpp>

namespace xcub::detail {

namespace kk {

/// The equality of a plain scan: every key is equal (the only head is item 0).
struct all_equal {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION bool operator()(const A&, const B&) const {
    return true;
  }
};

/// The value a run starts from: init as AccumT (a FutureValue reads its memory here), or nothing.
template <class AccumT, class InitT>
struct run_start {
  InitT init;
  KOKKOS_INLINE_FUNCTION slot<AccumT> get() const {
    if constexpr (std::is_same_v<InitT, scan_no_init>) return {AccumT{}, false};
    else return {static_cast<AccumT>(init), true};
  }
};

/// A keyed source whose runs start from run_start (read in device code: FutureValue).
template <class AccumT, class KeysIt, class ValuesIt, class EqualityOp, class InitT>
struct scan_source : keyed_source<AccumT, KeysIt, ValuesIt, EqualityOp> {
  run_start<AccumT, InitT> init;
  KOKKOS_INLINE_FUNCTION slot<AccumT> at_head() const { return init.get(); }
};

template <bool INCLUSIVE, class OutputIt>
struct scan_emit {
  OutputIt out;
  template <class S>
  KOKKOS_INLINE_FUNCTION void before(std::uint64_t i, bool, const S& s) const {
    if (!INCLUSIVE) out[static_cast<diff_t<OutputIt>>(i)] = s.value.value;
  }
  template <class S>
  KOKKOS_INLINE_FUNCTION void after(std::uint64_t i, const S& s) const {
    if (INCLUSIVE) out[static_cast<diff_t<OutputIt>>(i)] = s.value.value;
  }
};

}  // namespace kk

template <class Tuning = tuning::scan>
struct dispatch_scan {
  template <class AccumT, bool INCLUSIVE, class InputIt, class OutputIt, class ScanOp, class InitT, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIt in, OutputIt out, ScanOp op,
                     InitT init, OffsetT num_items, stream_t stream) {
    return run_by_key<AccumT, INCLUSIVE>(d_temp_storage, temp_storage_bytes, in, in, out, op, kk::all_equal{}, init,
                                         num_items, stream);
  }

  template <class AccumT, bool INCLUSIVE, class KeysIt, class ValuesIt, class OutputIt, class ScanOp,
            class EqualityOp, class InitT, class OffsetT>
  static error_t run_by_key(void* d_temp_storage, std::size_t& temp_storage_bytes, KeysIt keys, ValuesIt values,
                            OutputIt out, ScanOp op, EqualityOp equal, InitT init, OffsetT num_items,
                            stream_t stream) {
    static_assert(INCLUSIVE || !std::is_same_v<InitT, scan_no_init>, "xcub: exclusive scans need an initial value");
    using source = kk::scan_source<AccumT, KeysIt, ValuesIt, EqualityOp, InitT>;
    source src{{keys, values, equal, {AccumT{}, false}}, {init}};
    return kk::ordered_fold<AccumT, true>(d_temp_storage, temp_storage_bytes, static_cast<std::uint64_t>(num_items),
                                          Tuning::template policy<AccumT>(0).tile_items(), stream, "xcub::DeviceScan",
                                          src, op, kk::scan_emit<INCLUSIVE, OutputIt>{out}, kk::no_finish{}, false);
  }
};

}  // namespace xcub::detail
