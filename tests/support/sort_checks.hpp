// tests/support/sort_checks.hpp: the check of a merge sort's output shared by the warp and block
// merge sort tests (host code; expected values come from the oracle, xcub/reference/sort.hpp).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace xcub_test {

/// The bytes of a value (to compare (key, value) pairs as a multiset of byte strings).
template <class T>
std::string bytes_of(const T& x) {
  return std::string(reinterpret_cast<const char*>(&x), sizeof(T));
}

/// Checks tiles of `tile` items sorted by `cmp`. STABLE: keys (and, with PAIRS, values) equal the
/// oracle's stable sort `want_*`. Otherwise (an unstable Sort): every position holds a key
/// equivalent to the oracle's, and each tile holds the same (key, value) pairs as the oracle's
/// (keys only: the same keys).
template <class K, class V, class Cmp>
void check_sorted_tiles(const std::vector<K>& got_keys, const std::vector<V>& got_values,
                        const std::vector<K>& want_keys, const std::vector<V>& want_values, Cmp cmp,
                        std::size_t tile, bool stable, bool pairs) {
  if (stable) {
    check_equal(got_keys, want_keys, "keys");
    if (pairs) check_equal(got_values, want_values, "values");
    return;
  }
  const std::size_t n = got_keys.size();
  std::size_t bad = 0, first_bad = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (cmp(got_keys[i], want_keys[i]) || cmp(want_keys[i], got_keys[i])) {
      if (bad++ == 0) first_bad = i;
    }
  }
  CHECK_MESSAGE(bad == 0, "keys: " << bad << " out of order, the first at index " << first_bad);
  std::size_t bad_tiles = 0;
  for (std::size_t from = 0; from < n; from += tile) {
    std::vector<std::string> got, want;
    for (std::size_t i = from; i < from + tile && i < n; ++i) {
      got.push_back(bytes_of(got_keys[i]) + (pairs ? bytes_of(got_values[i]) : std::string()));
      want.push_back(bytes_of(want_keys[i]) + (pairs ? bytes_of(want_values[i]) : std::string()));
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    bad_tiles += got != want;
  }
  CHECK_MESSAGE(bad_tiles == 0, bad_tiles << " tiles lost or changed (key, value) pairs");
}

}  // namespace xcub_test
