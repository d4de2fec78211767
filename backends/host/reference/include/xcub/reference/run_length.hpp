// xcub/reference/run_length.hpp: the oracle for run-length decoding (BlockRunLengthDecode).
// Sequential, left to right.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// A window of the decoded sequence: item p of the window is position from + p of the sequence in
/// which run r repeats values[r] lengths[r] times (runs of length 0 contribute nothing). Each item
/// comes with its offset in its run. Positions at or past the decoded size continue the last run
/// (the last one of `values`, even if empty): its value, offsets counted from its start, as
/// BlockRunLengthDecode (and CUB) hand them out.
template <class Item>
struct decoded_window {
  std::vector<Item> items;
  std::vector<unsigned long long> offsets;  // relative to the start of the item's run
  unsigned long long total = 0;             // the decoded size
};

template <class Item, class Length>
decoded_window<Item> run_length_decode(const std::vector<Item>& values, const std::vector<Length>& lengths,
                                       unsigned long long from, std::size_t window) {
  decoded_window<Item> w;
  std::vector<unsigned long long> begin(values.size());
  for (std::size_t r = 0; r < values.size(); ++r) {
    begin[r] = w.total;
    w.total += static_cast<unsigned long long>(lengths[r]);
  }
  std::size_t r = 0;
  for (std::size_t p = 0; p < window; ++p) {
    const unsigned long long pos = from + p;
    while (r + 1 < values.size() && begin[r + 1] <= pos) ++r;  // the last run starting at or before pos
    w.items.push_back(values[r]);
    w.offsets.push_back(pos - begin[r]);
  }
  return w;
}

}  // namespace xcub::reference
