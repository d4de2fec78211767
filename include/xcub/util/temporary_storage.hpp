// xcub/util/temporary_storage.hpp: carving one temp-storage allocation into aligned pieces, for
// the two-phase device API (CUB's AliasTemporaries).
//
// Contract: AliasTemporaries(d_temp_storage, temp_storage_bytes, allocations, sizes), with N
// pieces of sizes[i] bytes (0 allowed):
//   - d_temp_storage == nullptr: sets temp_storage_bytes to what the pieces need and returns
//     success (the first call of the two-phase API);
//   - otherwise, if temp_storage_bytes is smaller than that: returns error_invalid_value and
//     changes nothing;
//   - otherwise points allocations[i] at piece i: each aligned to temporary_storage_alignment
//     (256 bytes, whatever the alignment of d_temp_storage), inside [d_temp_storage,
//     d_temp_storage + temp_storage_bytes), none overlapping another.
//
//   void* pieces[2];
//   const std::size_t sizes[2] = {n * sizeof(int), blocks * sizeof(long long)};
//   if (auto e = xcub::AliasTemporaries(d_temp, bytes, pieces, sizes); e != xcub::success || !d_temp) return e;
//   int* keys = static_cast<int*>(pieces[0]);
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/runtime.hpp>

namespace xcub {

inline constexpr std::size_t temporary_storage_alignment = 256;

namespace detail {
XCUB_HOST_DEVICE constexpr std::size_t align_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }
}  // namespace detail

template <int N>
XCUB_HOST_DEVICE error_t AliasTemporaries(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                          void* (&allocations)[N], const std::size_t (&sizes)[N]) {
  constexpr std::size_t align = temporary_storage_alignment;
  std::size_t offsets[N];
  std::size_t end = 0;
  for (int i = 0; i < N; ++i) {
    offsets[i] = end;
    end += detail::align_up(sizes[i], align);
  }
  const std::size_t needed = end + align - 1;  // room to align a base of any alignment
  if (!d_temp_storage) {
    temp_storage_bytes = needed;
    return success;
  }
  if (temp_storage_bytes < needed) return error_invalid_value;
  const std::uintptr_t base = detail::align_up(reinterpret_cast<std::uintptr_t>(d_temp_storage), align);
  for (int i = 0; i < N; ++i) allocations[i] = reinterpret_cast<void*>(base + offsets[i]);
  return success;
}

}  // namespace xcub
