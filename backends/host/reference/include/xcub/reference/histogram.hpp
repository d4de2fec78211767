// xcub/reference/histogram.hpp: the oracle for histograms (BlockHistogram): sequential counts of
// samples that are bin indices. It shares no code with the algorithms it checks.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace xcub::reference {

/// `counts` with one added to counts[s] for every sample s; a sample outside [0, counts.size())
/// throws (the algorithms' contract excludes it, so a test that draws one is wrong).
template <class T, class C>
std::vector<C> composite_histogram(const std::vector<T>& samples, std::vector<C> counts) {
  for (const T& s : samples) {
    const bool negative = [&] {
      if constexpr (std::is_signed_v<T>) return s < 0;
      else return false;
    }();
    if (negative || static_cast<unsigned long long>(s) >= counts.size()) {
      throw std::out_of_range("reference::composite_histogram: a sample outside [0, bins)");
    }
    counts[static_cast<std::size_t>(s)] += C(1);
  }
  return counts;
}

/// The counts of the samples in `bins` bins, from zero.
template <class C, class T>
std::vector<C> histogram(const std::vector<T>& samples, std::size_t bins) {
  return composite_histogram(samples, std::vector<C>(bins, C(0)));
}

}  // namespace xcub::reference
