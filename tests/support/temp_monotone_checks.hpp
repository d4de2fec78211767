// The size contract the temp-storage tests check for every device-layer family: the size query
// (d_temp_storage null) answers a size that never decreases as the count grows, so that temp storage
// sized once for the largest call serves every smaller one (CUB does not promise it; xcub does).
#pragma once

#include <xcub/runtime.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace xcub_test {

/// The counts a monotonicity sweep asks about: every count up to 600 (one to a few tiles of every
/// tuning), 2^k - 1, 2^k, 2^k + 1 for every k, a geometric ladder of ratio 1.03 between them, and
/// 200 random counts, all up to `max_count`, in increasing order without repeats.
inline std::vector<std::uint64_t> monotone_counts(std::uint64_t max_count, std::mt19937_64& rng) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t n = 0; n <= 600 && n <= max_count; ++n) out.push_back(n);
  for (int k = 9; k < 64 && (std::uint64_t{1} << k) - 1 <= max_count; ++k)
    for (std::int64_t d = -1; d <= 1; ++d) {
      const std::uint64_t n = (std::uint64_t{1} << k) + d;
      if (n <= max_count) out.push_back(n);
    }
  for (double x = 600; x <= static_cast<double>(max_count); x *= 1.03) out.push_back(static_cast<std::uint64_t>(x));
  for (int i = 0; i < 200; ++i) {
    // log-uniform, so that every order of magnitude is sampled
    const double e = std::uniform_real_distribution<double>(0, std::log2(static_cast<double>(max_count)))(rng);
    out.push_back(std::min<std::uint64_t>(max_count, static_cast<std::uint64_t>(std::exp2(e))));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// The largest counts the sweeps ask about: 2^31 - 1 for int counts, 2^36 for 64-bit ones (only the
/// size is asked, nothing is allocated).
constexpr std::uint64_t int_count_max = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
constexpr std::uint64_t wide_count_max = std::uint64_t{1} << 36;

/// Runs `sweep(count_tag, max_count)` for int counts and for std::int64_t counts.
template <class Sweep>
void for_count_types(Sweep sweep) {
  sweep(int{}, int_count_max);
  sweep(std::int64_t{}, wide_count_max);
}

inline const char* count_name(int) { return "int count"; }
inline const char* count_name(std::int64_t) { return "int64 count"; }

/// What a sweep found: the first decrease of the answered size (counts and sizes), the number of
/// decreases, the first count whose query failed, and the largest size answered.
struct monotone_result {
  std::uint64_t n_before = 0, n_after = 0;
  std::size_t bytes_before = 0, bytes_after = 0;
  std::size_t decreases = 0;
  bool failed = false;
  std::uint64_t failed_n = 0;
  int error = 0;
  std::size_t max_bytes = 0;
};

/// Asks `query(bytes, n)` (one family's size query for the count n, null temp storage) for every
/// count of the sweep up to `max_count`, in increasing order; stops at the first failed query.
template <class Query>
monotone_result sweep_temp_sizes(std::uint64_t max_count, Query query, std::mt19937_64& rng) {
  monotone_result r;
  std::uint64_t last_n = 0;
  for (const std::uint64_t n : monotone_counts(max_count, rng)) {
    std::size_t bytes = 0;
    const auto e = query(bytes, n);
    if (e != xcub::success) {
      r.failed = true;
      r.failed_n = n;
      r.error = static_cast<int>(e);
      return r;
    }
    if (bytes < r.max_bytes && r.decreases++ == 0) {
      r.n_before = last_n;
      r.bytes_before = r.max_bytes;
      r.n_after = n;
      r.bytes_after = bytes;
    }
    if (bytes >= r.max_bytes) last_n = n;
    r.max_bytes = std::max(r.max_bytes, bytes);
  }
  return r;
}

/// The sweep of `query` up to `max_count` answers every count, and the answers never decrease; the
/// first decrease is reported with both counts and sizes.
template <class Query>
void check_temp_monotone(const std::string& what, std::uint64_t max_count, Query query, std::mt19937_64& rng) {
  const monotone_result r = sweep_temp_sizes(max_count, query, rng);
  CHECK_MESSAGE(!r.failed, what << ": the size query for " << r.failed_n << " items failed with error " << r.error);
  CHECK_MESSAGE(r.decreases == 0, what << ": temp_storage_bytes falls from " << r.bytes_before << " at " << r.n_before
                                       << " items to " << r.bytes_after << " at " << r.n_after << " items ("
                                       << r.decreases << " decreases in all)");
  CHECK_MESSAGE(r.max_bytes >= 1, what << ": every size query answers at least one byte");
}

}  // namespace xcub_test
