// xcub/reference/digit_rank.hpp: the oracle for BlockRadixRank and its Match variants. A tile is a
// sequence of digits in [0, radix_digits), in the order that the ranking reads it (blocked or
// warp-striped: the test lays it out); the rank of an item is its position in the tile stably sorted
// by digit (ascending, or descending when asked). Sequential and plain: counts, then a prefix.
#pragma once

#include <cstddef>
#include <vector>

namespace xcub::reference {

/// How many items of the tile have each digit.
inline std::vector<int> digit_counts(const std::vector<unsigned>& digits, int radix_digits) {
  std::vector<int> counts(static_cast<std::size_t>(radix_digits), 0);
  for (unsigned d : digits) ++counts[d];
  return counts;
}

/// Per digit d: the number of items ranked before every item of digit d (those with a smaller digit,
/// or a larger one when descending).
inline std::vector<int> digit_exclusive_prefix(const std::vector<unsigned>& digits, int radix_digits, bool descending) {
  const std::vector<int> counts = digit_counts(digits, radix_digits);
  std::vector<int> prefix(counts.size(), 0);
  int running = 0;
  for (int k = 0; k < radix_digits; ++k) {
    const int d = descending ? radix_digits - 1 - k : k;
    prefix[static_cast<std::size_t>(d)] = running;
    running += counts[static_cast<std::size_t>(d)];
  }
  return prefix;
}

/// Per item: its digit's exclusive prefix plus the number of earlier items with the same digit.
inline std::vector<int> digit_ranks(const std::vector<unsigned>& digits, int radix_digits, bool descending) {
  std::vector<int> next = digit_exclusive_prefix(digits, radix_digits, descending);
  std::vector<int> ranks(digits.size());
  for (std::size_t i = 0; i < digits.size(); ++i) ranks[i] = next[digits[i]]++;
  return ranks;
}

}  // namespace xcub::reference
