// xcub/device/detail/agent/batched_copy_batch.hpp: what a buffer of DeviceMemcpy::Batched or
// DeviceCopy::Batched is, for the agents of agent_batched_copy.hpp: the Batch types.
//
// A Batch holds the caller's three iterators (sources, destinations, sizes) and says, for buffer i:
//   using unit = ...;                 what the kernels count and move one at a time (a byte or an item)
//   static constexpr int unit_bytes   its size, which turns the policy's byte thresholds into units
//   using desc = ...;                 a buffer's source and destination (trivially copyable, default
//                                     constructible: the tile kernel keeps them in shared memory)
//   desc fetch(i)                     buffer i's source and destination
//   std::uint64_t size(i)             its length in units (a negative size counts as 0)
//   unit load(d, k) / store(d, k, v)  unit k of a buffer, one at a time (the tiny path)
//   copy<G, WORDS>(rank, d, begin, end)  units [begin, end) by a group of G threads (group_copy.hpp)
// byte_batch moves bytes in 16-byte words: DeviceMemcpy (SCALE 1: sizes in bytes) and DeviceCopy
// between pointers to one trivially copyable type (SCALE = its size: sizes in items; assigning such
// items is copying their bytes). item_batch assigns items through any iterators: DeviceCopy
// otherwise. The kokkos backend uses the batches too (fetch, size, load, store: one unit at a time);
// copy<G, ...>, the kernels' group copy, exists only where there are kernels.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/config.hpp>
#include <xcub/device/detail/agent/group_copy.hpp>

namespace xcub::detail {

template <class It>
using iter_diff_t = typename std::iterator_traits<It>::difference_type;
template <class It>
using iter_value_t = typename std::iterator_traits<It>::value_type;

/// A caller's size as units: negative sizes (of signed types) count as 0.
template <class S>
XCUB_HOST_DEVICE XCUB_FORCEINLINE std::uint64_t size_units(const S& s) {
  if constexpr (std::is_signed_v<S>) return s > 0 ? static_cast<std::uint64_t>(s) : 0;
  else return static_cast<std::uint64_t>(s);
}

/// Whether DeviceCopy's ranges may be copied as bytes: both pointers, to one trivially copyable type
/// (the source's possibly const).
template <class SrcRange, class DstRange>
constexpr bool copy_as_bytes() {
  if constexpr (std::is_pointer_v<SrcRange> && std::is_pointer_v<DstRange>) {
    using s = std::remove_cv_t<std::remove_pointer_t<SrcRange>>;
    using d = std::remove_pointer_t<DstRange>;
    return std::is_same_v<s, d> && !std::is_const_v<d> && !std::is_volatile_v<d> &&
           std::is_trivially_copyable_v<d>;
  } else {
    return false;
  }
}

#if XCUB_HAS_DEVICE_LAYER

template <class InIt, class OutIt, class SizeIt, std::uint64_t SCALE>
struct byte_batch {
  InIt in;
  OutIt out;
  SizeIt sizes;

  using unit = unsigned char;
  static constexpr int unit_bytes = 1;
  struct desc {
    const unsigned char* src = nullptr;
    unsigned char* dst = nullptr;
  };

  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE desc fetch(OffsetT i) const {
    return {static_cast<const unsigned char*>(static_cast<const void*>(in[static_cast<iter_diff_t<InIt>>(i)])),
            static_cast<unsigned char*>(static_cast<void*>(out[static_cast<iter_diff_t<OutIt>>(i)]))};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE std::uint64_t size(OffsetT i) const {
    return size_units(sizes[static_cast<iter_diff_t<SizeIt>>(i)]) * SCALE;
  }
  XCUB_DEVICE XCUB_FORCEINLINE unit load(const desc& d, std::uint64_t k) const { return d.src[k]; }
  XCUB_DEVICE XCUB_FORCEINLINE void store(const desc& d, std::uint64_t k, unit v) const { d.dst[k] = v; }
#if XCUB_HAS_KERNELS
  template <int G, int WORDS>
  XCUB_DEVICE XCUB_FORCEINLINE void copy(int rank, const desc& d, std::uint64_t begin, std::uint64_t end) const {
    group_copy_bytes<G, WORDS>(rank, d.src + begin, d.dst + begin, end - begin);
  }
#endif
};

template <class InIt, class OutIt, class SizeIt>
struct item_batch {
  InIt in;
  OutIt out;
  SizeIt sizes;

  using src_t = iter_value_t<InIt>;  // a source range: an iterator or a pointer
  using dst_t = iter_value_t<OutIt>;
  using unit = iter_value_t<src_t>;
  static constexpr int unit_bytes = static_cast<int>(sizeof(unit));
  struct desc {
    src_t src{};
    dst_t dst{};
  };
  static_assert(std::is_trivially_copyable_v<src_t> && std::is_trivially_copyable_v<dst_t>,
                "xcub::DeviceCopy::Batched: the source and destination ranges (the items of input_it and "
                "output_it) must be trivially copyable iterators or pointers");

  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE desc fetch(OffsetT i) const {
    return {in[static_cast<iter_diff_t<InIt>>(i)], out[static_cast<iter_diff_t<OutIt>>(i)]};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE std::uint64_t size(OffsetT i) const {
    return size_units(sizes[static_cast<iter_diff_t<SizeIt>>(i)]);
  }
  XCUB_DEVICE XCUB_FORCEINLINE unit load(const desc& d, std::uint64_t k) const {
    return d.src[static_cast<iter_diff_t<src_t>>(k)];
  }
  XCUB_DEVICE XCUB_FORCEINLINE void store(const desc& d, std::uint64_t k, const unit& v) const {
    d.dst[static_cast<iter_diff_t<dst_t>>(k)] = v;
  }
#if XCUB_HAS_KERNELS
  template <int G, int ITEMS>
  XCUB_DEVICE XCUB_FORCEINLINE void copy(int rank, const desc& d, std::uint64_t begin, std::uint64_t end) const {
    group_copy_items<G, ITEMS>(rank, d.src, d.dst, begin, end);
  }
#endif
};

#endif  // XCUB_HAS_DEVICE_LAYER

}  // namespace xcub::detail
