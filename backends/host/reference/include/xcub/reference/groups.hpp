// xcub/reference/groups.hpp: the oracle's one model of which threads form a group: the rank of a
// thread in a 1D, 2D or 3D block, and the logical warps of a width W inside a block of T threads
// that runs on hardware warps of H lanes. Plain sequential C++; it shares no code with the library.
//
// Logical warps (the warp layer's contract):
// - a width that is a power of two splits every hardware warp into H / W logical warps;
// - any other width takes the first W lanes of each hardware warp (the other lanes do not call);
// - a logical warp that the block's end cuts short has fewer than W lanes: it does not call the warp
//   collectives (only the forms that take the lanes they have, such as WarpLoad's DIRECT, do).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace xcub::reference {

/// The linear rank of thread (x, y, z) in a block of dim_x x dim_y (x fastest, then y, then z).
inline unsigned block_rank(unsigned x, unsigned y, unsigned z, unsigned dim_x, unsigned dim_y) {
  return x + dim_x * (y + dim_y * z);
}

/// The number of threads of a block of dim_x x dim_y x dim_z.
inline unsigned block_threads(unsigned dim_x, unsigned dim_y = 1, unsigned dim_z = 1) {
  return dim_x * dim_y * dim_z;
}

/// Whether `w` is a power of two (a logical warp width that splits the hardware warp).
inline bool is_pow2(unsigned w) { return w != 0 && (w & (w - 1)) == 0; }

/// One logical warp of a block.
struct logical_warp {
  unsigned index;  ///< its number among the block's logical warps, in rank order (a TempStorage slot)
  unsigned first;  ///< the block rank of its lane 0
  unsigned lanes;  ///< how many of its lanes exist: the width, or fewer where the block's end cuts it
  unsigned width;  ///< the logical width W
  /// Whether every lane exists, so that it may call the warp collectives.
  bool whole() const { return lanes == width; }
};

/// Every logical warp of width `width` of a block of `threads` threads on hardware warps of
/// `hw_lanes` lanes, whole or cut short, in rank order (`index` counts from 0).
inline std::vector<logical_warp> logical_warps(unsigned threads, unsigned width, unsigned hw_lanes) {
  if (width == 0 || width > hw_lanes || !is_pow2(hw_lanes)) {
    throw std::invalid_argument("xcub::reference::logical_warps: width must be in [1, hw_lanes]");
  }
  std::vector<logical_warp> out;
  const unsigned step = is_pow2(width) ? width : hw_lanes;  // where each logical warp begins
  for (unsigned first = 0; first < threads; first += step) {
    const unsigned left = threads - first;
    out.push_back(logical_warp{static_cast<unsigned>(out.size()), first, left < width ? left : width, width});
  }
  return out;
}

/// Only the whole logical warps: those that call the warp collectives.
inline std::vector<logical_warp> whole_logical_warps(unsigned threads, unsigned width, unsigned hw_lanes) {
  std::vector<logical_warp> out;
  for (const logical_warp& w : logical_warps(threads, width, hw_lanes)) {
    if (w.whole()) out.push_back(w);
  }
  return out;
}

/// The logical warp that holds thread `t` (its lanes [first, first + lanes)); `lanes` is 0 where
/// `t` is in none (a lane past the first `width` lanes of its hardware warp, for widths that are
/// not powers of two).
inline logical_warp logical_warp_of(unsigned t, unsigned threads, unsigned width, unsigned hw_lanes) {
  for (const logical_warp& w : logical_warps(threads, width, hw_lanes)) {
    if (t >= w.first && t < w.first + w.lanes) return w;
  }
  return logical_warp{0, 0, 0, width};
}

/// Whether thread `t` calls the warp collectives: it is in a whole logical warp.
inline bool in_whole_logical_warp(unsigned t, unsigned threads, unsigned width, unsigned hw_lanes) {
  const logical_warp w = logical_warp_of(t, threads, width, hw_lanes);
  return w.lanes != 0 && w.whole();
}

}  // namespace xcub::reference
