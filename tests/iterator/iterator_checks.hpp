// Shared by the iterator tests: the arithmetic every xcub iterator must satisfy (checked on the host
// and in kernels), item comparison, a user type, and the sizes the kernel checks sweep.
#pragma once

#include "test_support.hpp"

#include <xcub/iterator/iterators.hpp>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <sstream>
#include <type_traits>
#include <vector>

namespace iter_test {

namespace arch = xcub::arch;

/// A user type without padding (compared bytewise).
struct rec {
  int id;
  float weight;
  long long tag;
};

/// A random value; floats are whole numbers (so that sums and conversions are exact everywhere).
template <class T>
T draw(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, rec>) {
    return rec{static_cast<int>(rng()), static_cast<float>(static_cast<int>(rng() % 2001) - 1000),
               static_cast<long long>(rng())};
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<long long>(rng() % 2000001) - 1000000);
  } else {
    return static_cast<T>(rng());
  }
}

/// int -> T, computed exactly on every backend (one rounding at most, no contraction possible).
template <class T>
struct from_int {
  XCUB_HOST_DEVICE T operator()(int x) const {
    if constexpr (std::is_same_v<T, rec>) {
      return rec{x, static_cast<float>(x / 4096), 3ll * x};
    } else {
      return static_cast<T>(x / 3) - static_cast<T>(7);
    }
  }
};

/// Bitwise equality, field by field for KeyValuePair (whose padding is unspecified).
template <class T>
bool same(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <class K, class V>
bool same(const xcub::KeyValuePair<K, V>& a, const xcub::KeyValuePair<K, V>& b) {
  return same(a.key, b.key) && same(a.value, b.value);
}

template <class T>
void check_items(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  REQUIRE(got.size() == want.size());
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], want[i]) && bad++ == 0) first = i;
  if (bad) {
    std::ostringstream s;
    s << what << ": " << bad << " of " << got.size() << " items differ, the first at index " << first;
    FAIL_CHECK(s.str());
  }
}

/// Everything a random-access iterator promises about position i, from the operators alone:
/// +, -, +=, -=, ++, -- (both forms), n + it, it - it, ==, !=, <, >, <=, >=.
template <class It>
XCUB_HOST_DEVICE bool arithmetic_holds(const It& it, long long i) {
  using D = typename std::iterator_traits<It>::difference_type;
  const It j = it + i;
  It k = it;
  k += i;
  It m = j;
  ++m;
  m--;
  m++;
  --m;
  It back = j + 3;
  back -= 3;
  It pre = j;
  const It post = pre++;
  bool ok = (j - it) == static_cast<D>(i) && (it - j) == static_cast<D>(-i) && j == k && !(j != k) && i + it == j &&
            j - i == it && m == j && back == j && post == j && pre == j + 1 && (pre - 1) == j && (--pre) == j;
  ok = ok && (j + 1) - j == D(1) && j + 1 != j && j < j + 1 && j + 1 > j && j <= j && j >= j && !(j < j) &&
       !(j > j) && j - 1 < j && j + 1 >= j;
  ok = ok && (i == 0 ? j == it && !(it < j) : it != j && it < j && j > it && it <= j && j >= it && !(j <= it));
  return ok;
}

/// Sizes the kernel checks sweep: 0, 1, around warp and block boundaries, and one random size.
inline std::vector<long long> sizes(std::mt19937_64& rng) {
  return {0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 257, 1000, 1 + static_cast<long long>(rng() % 5000)};
}
inline unsigned block_size(std::mt19937_64& rng) {
  static const unsigned blocks[] = {32, 64, 96, 128, 256};
  return blocks[rng() % 5];
}
inline xcub::dim3 grid_for(long long n, unsigned block) {
  return xcub::dim3(static_cast<unsigned>(std::max(1ll, (n + block - 1) / block)));
}

XCUB_DEVICE inline long long global_thread() {
  return static_cast<long long>(arch::block_idx().x) * arch::block_dim().x + arch::thread_idx().x;
}

}  // namespace iter_test
