// xcub/reference/exchange.hpp: the oracle for arrangements of a tile across a group of threads
// (blocked, striped, warp-striped) and for scatters by rank. Sequential and obviously correct; it
// shares no code with the algorithms it checks.
//
// Registers are modelled as one vector per group: thread r's item i at [r * items_per_thread + i].
// An arrangement is an index map (thread r, item i) -> tile position.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// Blocked: thread r holds positions [r * items_per_thread, (r + 1) * items_per_thread).
struct blocked {
  std::size_t items_per_thread;
  std::size_t operator()(std::size_t r, std::size_t i) const { return r * items_per_thread + i; }
};

/// Striped over `threads`: thread r holds positions r, r + threads, r + 2 * threads, ...
struct striped {
  std::size_t threads;
  std::size_t operator()(std::size_t r, std::size_t i) const { return i * threads + r; }
};

/// Warp-striped for warps of `warp` threads: warp w (threads [w * warp, (w + 1) * warp)) owns the
/// positions [w * warp * items_per_thread, (w + 1) * warp * items_per_thread), striped across its lanes.
struct warp_striped {
  std::size_t items_per_thread, warp;
  std::size_t operator()(std::size_t r, std::size_t i) const {
    return (r / warp) * warp * items_per_thread + i * warp + r % warp;
  }
};

/// The tile that registers `regs` of `threads` threads hold in arrangement `map`.
template <class T, class Map>
std::vector<T> tile_of(const std::vector<T>& regs, std::size_t threads, std::size_t items_per_thread, Map map) {
  std::vector<T> tile(threads * items_per_thread);
  for (std::size_t r = 0; r < threads; ++r)
    for (std::size_t i = 0; i < items_per_thread; ++i) tile[map(r, i)] = regs[r * items_per_thread + i];
  return tile;
}

/// The registers of `threads` threads holding `tile` in arrangement `map`.
template <class T, class Map>
std::vector<T> registers_of(const std::vector<T>& tile, std::size_t threads, std::size_t items_per_thread, Map map) {
  std::vector<T> regs(threads * items_per_thread);
  for (std::size_t r = 0; r < threads; ++r)
    for (std::size_t i = 0; i < items_per_thread; ++i) regs[r * items_per_thread + i] = tile[map(r, i)];
  return regs;
}

/// Registers that hold a tile in arrangement `from`, rearranged into arrangement `to`.
template <class T, class From, class To>
std::vector<T> rearrange(const std::vector<T>& regs, std::size_t threads, std::size_t items_per_thread, From from,
                         To to) {
  return registers_of(tile_of(regs, threads, items_per_thread, from), threads, items_per_thread, to);
}

/// Scatter: item k of `regs` goes to tile position ranks[k] where keep[k] (positions nobody writes
/// keep `fill`'s value). Ranks must be distinct among the kept items.
template <class T>
std::vector<T> scatter(const std::vector<T>& regs, const std::vector<int>& ranks, const std::vector<bool>& keep,
                       std::size_t tile_items, const T& fill) {
  std::vector<T> tile(tile_items, fill);
  for (std::size_t k = 0; k < regs.size(); ++k)
    if (keep[k]) tile[static_cast<std::size_t>(ranks[k])] = regs[k];
  return tile;
}

/// Which tile positions a scatter writes.
inline std::vector<bool> scattered_positions(const std::vector<int>& ranks, const std::vector<bool>& keep,
                                             std::size_t tile_items) {
  std::vector<bool> written(tile_items, false);
  for (std::size_t k = 0; k < ranks.size(); ++k)
    if (keep[k]) written[static_cast<std::size_t>(ranks[k])] = true;
  return written;
}

}  // namespace xcub::reference
