// xcub/reference/batched_copy.hpp: the oracle for DeviceMemcpy::Batched and DeviceCopy::Batched.
// Sequential, buffer by buffer, front to back.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// DeviceMemcpy::Batched on host images: for each buffer i, the sizes[i] bytes of `source` from
/// src_offsets[i] are copied to `dest` from dst_offsets[i].
inline void memcpy_batched(const std::vector<unsigned char>& source, std::vector<unsigned char>& dest,
                           const std::vector<std::size_t>& src_offsets, const std::vector<std::size_t>& dst_offsets,
                           const std::vector<std::size_t>& sizes) {
  for (std::size_t i = 0; i < sizes.size(); ++i)
    for (std::size_t k = 0; k < sizes[i]; ++k) dest[dst_offsets[i] + k] = source[src_offsets[i] + k];
}

/// DeviceCopy::Batched on host ranges: out_ranges[i][k] = in_ranges[i][k] for k < sizes[i].
template <class InRange, class OutRange>
void copy_batched(const std::vector<InRange>& in_ranges, const std::vector<OutRange>& out_ranges,
                  const std::vector<std::size_t>& sizes) {
  for (std::size_t i = 0; i < sizes.size(); ++i)
    for (std::size_t k = 0; k < sizes[i]; ++k) out_ranges[i][k] = in_ranges[i][k];
}

}  // namespace xcub::reference
