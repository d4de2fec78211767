// DeviceFind against the oracle. FindIf: no match, a match at 0, at n - 1, in the middle, several
// matches (the first wins); sizes 0, 1, around the warp and the tile, many tiles (tiny tunings), the
// random schedule (the early exit in any block order), aligned and misaligned pointers (vector and item
// loads), CountingInputIterator, count types int32/int64/uint64, and an early match reading little of
// the input. LowerBound/UpperBound: duplicates, values below and above all, empty range, no values,
// greater<> over a descending range, floats, a 2^40-item counting range (64-bit indices). Every bad input.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <vector>

#include <xcub/device/device_find.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/find.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

constexpr int W = xcub::arch::warp_threads;
constexpr std::size_t WS = static_cast<std::size_t>(W);

template <int THREADS, int ITEMS, int VEC, xcub::BlockReduceAlgorithm ALGORITHM>
struct find_tuning {
  template <class T>
  static constexpr xcub::detail::find_policy policy(int) {
    return {THREADS, ITEMS, VEC, ALGORITHM, xcub::LOAD_DEFAULT};
  }
};
template <int THREADS, int ITEMS>
struct bounds_tuning {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int) {
    return {THREADS, ITEMS, 0};
  }
};
// a warp of one item per thread: a tile per warp of items
using tiny = xcub::DeviceFindTuned<find_tuning<W, 1, 1, xcub::BLOCK_REDUCE_RAKING>, bounds_tuning<W, 1>>;
// a partial last warp on 64-lane warps, 3 items per thread (never vectors)
using odd = xcub::DeviceFindTuned<find_tuning<W + W / 2, 3, 1, xcub::BLOCK_REDUCE_WARP_REDUCTIONS>,
                                  bounds_tuning<W + W / 2, 3>>;
// two warps of 4 items, read as vectors of 4 where aligned
using vec = xcub::DeviceFindTuned<find_tuning<2 * W, 4, 4, xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>,
                                  bounds_tuning<2 * W, 2>>;

/// Items are drawn from [0, 100]; a match is an item above 100 (fits every type, int8 included).
struct above_100 {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& x) const {
    return x > static_cast<T>(100);
  }
};
/// x >= k (counting inputs).
struct at_least {
  long long k;
  XCUB_HOST_DEVICE bool operator()(long long x) const { return x >= k; }
};

/// FindIf over n items (aligned, and one item off), with markers at the given positions.
template <class Find, class T, class NumT>
void check_find_if(std::mt19937_64& rng, std::size_t n, const std::vector<std::size_t>& marks) {
  auto v = small_values<T>(n + 1, rng, 0, 100);
  for (const std::size_t off : {std::size_t{0}, std::size_t{1}}) {
    std::vector<T> in(v.begin() + static_cast<std::ptrdiff_t>(off), v.begin() + static_cast<std::ptrdiff_t>(off + n));
    for (const std::size_t m : marks) in[m] = static_cast<T>(101 + static_cast<int>(rng() % 20));
    std::vector<T> padded(n + 1, T{});
    std::copy(in.begin(), in.end(), padded.begin() + static_cast<std::ptrdiff_t>(off));
    const auto d_in = to_device(padded);
    xcub::device_buffer<long long> d_out(to_device(std::vector<long long>{-7}));
    two_phase([&](void* t, std::size_t& b) {
      return Find::FindIf(t, b, d_in.data() + off, d_out.data(), above_100{}, static_cast<NumT>(n));
    });
    INFO("n = " << n << ", offset " << off << ", " << marks.size() << " match(es), first at "
                << (marks.empty() ? n : *std::min_element(marks.begin(), marks.end())));
    CHECK(d_out.download()[0] == static_cast<long long>(xcub::reference::find_if(in, above_100{})));
  }
}

/// Every match pattern at size n: none, at 0, at n - 1, in the middle, three (the first wins).
template <class Find, class T, class NumT>
void check_find_if_patterns(std::mt19937_64& rng, std::size_t n) {
  check_find_if<Find, T, NumT>(rng, n, {});
  if (n == 0) return;
  check_find_if<Find, T, NumT>(rng, n, {0});
  check_find_if<Find, T, NumT>(rng, n, {n - 1});
  check_find_if<Find, T, NumT>(rng, n, {n / 2});
  check_find_if<Find, T, NumT>(rng, n, {rng() % n, rng() % n, rng() % n});
}

template <class Find>
void check_find_sizes(std::mt19937_64& rng, std::size_t tile) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, WS - 1, WS + 1, tile - 1, tile, tile + 1, 9 * tile + 3,
                              std::size_t{3001}})
    check_find_if_patterns<Find, int, int>(rng, n);
}

#if XCUB_HAS_COOPERATIVE_LAYERS
/// An input that counts its reads (the early-exit test).
struct counted_reads {
  using value_type = int;
  using difference_type = std::ptrdiff_t;
  using pointer = const int*;
  using reference = int;
  using iterator_category = std::random_access_iterator_tag;
  const int* items;
  unsigned long long* reads;
  template <class I>
  XCUB_DEVICE int operator[](I i) const {
    xcub::arch::atomic_add(reads, 1ull);
    return items[i];
  }
};
#endif  // XCUB_HAS_COOPERATIVE_LAYERS

}  // namespace

TEST_CASE("device find: FindIf over sizes, match positions and tunings, in any block order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device find if");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_find_sizes<tiny>(r, W);
    check_find_sizes<odd>(r, 3 * (W + W / 2));
    check_find_sizes<vec>(r, 8 * W);
    check_find_sizes<xcub::DeviceFind>(r, 1000);
  });
  for (const std::size_t n : {std::size_t{100000}, std::size_t{1} << 20}) {
    check_find_if_patterns<xcub::DeviceFind, int, std::int64_t>(rng, n);
    check_find_if_patterns<vec, int, std::uint64_t>(rng, n);
  }
  for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{30000}}) {
    check_find_if_patterns<odd, std::int64_t, std::uint64_t>(rng, n);
#if XCUB_TEST_MATRIX_FULL
    check_find_if_patterns<vec, float, std::int64_t>(rng, n);
    check_find_if_patterns<vec, std::int8_t, int>(rng, n);
    check_find_if_patterns<tiny, double, unsigned>(rng, n);
#endif
  }
}

TEST_CASE("device find: FindIf over a CountingInputIterator, int output") {
  XCUB_TEST_CONTEXT();
  xcub::device_buffer<int> d_out(1);
  for (const long long n : {1LL, 37LL, 5000LL}) {
    for (const long long k : {0LL, n / 3, n - 1, n, n + 5}) {
      INFO("n = " << n << ", first x >= " << k);
      two_phase([&](void* t, std::size_t& b) {
        return odd::FindIf(t, b, xcub::CountingInputIterator<long long>(0), d_out.data(), at_least{k}, n);
      });
      CHECK(d_out.download()[0] == static_cast<int>(std::min(k, n)));
      two_phase([&](void* t, std::size_t& b) {
        return xcub::DeviceFind::FindIf(t, b, xcub::CountingInputIterator<long long>(0), d_out.data(), at_least{k},
                                        static_cast<std::uint64_t>(n));
      });
      CHECK(d_out.download()[0] == static_cast<int>(std::min(k, n)));
    }
  }
}

// The early-exit test counts reads with arch::atomic_add, which the kokkos backend has not (no
// cooperative layers); its FindIf is a reduction that reads every item anyway.
#if XCUB_HAS_COOPERATIVE_LAYERS
TEST_CASE("device find: an early match stops the search (host emulator, in-order schedule)") {
  XCUB_TEST_CONTEXT();
  // 256 tiles of the tiny tuning; the emulator runs at most 8 blocks at once (XCUB_HOST_RESIDENT_BLOCKS),
  // so the blocks that start after the match skip their tiles.
  const std::size_t n = 256 * static_cast<std::size_t>(W);
  for (const std::size_t at : {std::size_t{0}, std::size_t{3 * W + 1}}) {
    std::vector<int> in(n, 5);
    in[at] = 200;
    const auto d_in = to_device(in);
    xcub::device_buffer<unsigned long long> d_reads(to_device(std::vector<unsigned long long>{0}));
    xcub::device_buffer<long long> d_out(1);
    two_phase([&](void* t, std::size_t& b) {
      return tiny::FindIf(t, b, counted_reads{d_in.data(), d_reads.data()}, d_out.data(), above_100{}, n);
    });
    CHECK(d_out.download()[0] == static_cast<long long>(at));
    const unsigned long long reads = d_reads.download()[0];
    INFO("match at " << at << ": " << reads << " of " << n << " items read");
    if constexpr (XCUB_BACKEND_HOST) CHECK(reads <= n / 4);
    CHECK(reads >= at + 1);
  }
}
#endif  // XCUB_HAS_COOPERATIVE_LAYERS

TEST_CASE("device find: FindIf, 2^31 + 1000 items of a counting iterator (64-bit offsets; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA || XCUB_BACKEND_HIP) {
    const long long n = (1LL << 31) + 1000;
    xcub::device_buffer<long long> d_out(1);
    for (const long long k : {n - 3, n}) {
      two_phase([&](void* t, std::size_t& b) {
        return xcub::DeviceFind::FindIf(t, b, xcub::CountingInputIterator<long long>(0), d_out.data(), at_least{k}, n);
      });
      CHECK(d_out.download()[0] == std::min(k, n));
    }
  }
}

namespace {

/// A sorted range of n items with runs of duplicates (values in steps of 0 to 3), and values that
/// fall below all, above all, on items and between them.
template <class T>
std::vector<T> sorted_range(std::size_t n, std::mt19937_64& rng) {
  std::vector<T> r(n);
  int x = -50;
  for (auto& item : r) {
    x += static_cast<int>(rng() % 4);
    item = static_cast<T>(x);
  }
  return r;
}
template <class T>
std::vector<T> probes(std::size_t count, std::size_t range_n, std::mt19937_64& rng) {
  const int top = -50 + 3 * static_cast<int>(range_n) + 10;
  auto v = small_values<T>(count, rng, -60, top);
  if (count > 2) {
    v[0] = static_cast<T>(-1000);  // below all
    v[1] = static_cast<T>(top + 5);  // above all
  }
  return v;
}

template <class Find, class T, class RangeNumT, class ValuesNumT, class Less>
void check_bounds(const std::vector<T>& range, const std::vector<T>& values, Less less) {
  const auto d_range = to_device(range);
  const auto d_values = to_device(values);
  xcub::device_buffer<long long> d_out(values.size() + 1);
  const auto rn = static_cast<RangeNumT>(range.size());
  const auto vn = static_cast<ValuesNumT>(values.size());
  INFO("range of " << range.size() << ", " << values.size() << " values");
  for (const bool upper : {false, true}) {
    INFO((upper ? "UpperBound" : "LowerBound"));
    d_out.fill_bytes(0x5A);
    two_phase([&](void* t, std::size_t& b) {
      return upper ? Find::UpperBound(t, b, d_range.data(), rn, d_values.data(), vn, d_out.data(), less)
                   : Find::LowerBound(t, b, d_range.data(), rn, d_values.data(), vn, d_out.data(), less);
    });
    const auto want = upper ? xcub::reference::upper_bound(range, values, less)
                            : xcub::reference::lower_bound(range, values, less);
    const auto got = d_out.download();
    std::vector<long long> expect(want.begin(), want.end());
    expect.push_back(0x5A5A5A5A5A5A5A5ALL);  // one past the values: untouched
    xcub_test::check_equal(got, expect, "bounds");
  }
}

template <class Find, class T>
void check_bounds_sizes(std::mt19937_64& rng) {
  for (const std::size_t rn : {std::size_t{0}, std::size_t{1}, std::size_t{2}, WS + 1, std::size_t{1000}}) {
    const auto range = sorted_range<T>(rn, rng);
    for (const std::size_t vn : {std::size_t{0}, std::size_t{1}, WS - 1, 3 * WS + 2, std::size_t{700}}) {
      const auto values = probes<T>(vn, rn, rng);
      check_bounds<Find, T, int, int>(range, values, std::less<>{});
    }
  }
}

}  // namespace

TEST_CASE("device find: LowerBound and UpperBound over sizes, duplicates, values outside the range") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device find bounds");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_bounds_sizes<tiny, int>(r);
    check_bounds_sizes<odd, int>(r);
    check_bounds_sizes<xcub::DeviceFind, int>(r);
  });
  // 64-bit and unsigned counts; a descending range under greater<>; floats (the full matrix)
  auto desc = sorted_range<int>(2500, rng);
  std::reverse(desc.begin(), desc.end());
  check_bounds<odd, int, std::uint64_t, std::int64_t>(desc, probes<int>(1500, 2500, rng), std::greater<>{});
  check_bounds<xcub::DeviceFind, int, unsigned, int>(desc, probes<int>(100, 2500, rng), std::greater<>{});
#if XCUB_TEST_MATRIX_FULL
  const auto frange = sorted_range<float>(3000, rng);
  check_bounds<vec, float, std::int64_t, std::uint64_t>(frange, probes<float>(2000, 3000, rng), std::less<>{});
  const auto drange = sorted_range<double>(2000, rng);
  check_bounds<xcub::DeviceFind, double, std::int64_t, int>(drange, probes<double>(3000, 2000, rng), std::less<>{});
  check_bounds<tiny, std::int64_t, int, std::uint64_t>(sorted_range<std::int64_t>(700, rng),
                                                       probes<std::int64_t>(500, 700, rng), std::less<>{});
#endif
}

TEST_CASE("device find: bounds in a 2^40-item counting range (64-bit indices)") {
  XCUB_TEST_CONTEXT();
  const long long n = 1LL << 40;
  const std::vector<long long> values = {-5, 0, 1, 12345678901LL, n - 1, n, n + 7, (1LL << 39) + 3};
  const auto d_values = to_device(values);
  xcub::device_buffer<long long> d_lower(values.size()), d_upper(values.size());
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceFind::LowerBound(t, b, xcub::CountingInputIterator<long long>(0), n, d_values.data(),
                                        values.size(), d_lower.data());
  });
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceFind::UpperBound(t, b, xcub::CountingInputIterator<long long>(0), n, d_values.data(),
                                        static_cast<int>(values.size()), d_upper.data(), std::less<>{});
  });
  std::vector<long long> lower, upper;
  for (const long long v : values) {
    lower.push_back(std::clamp(v, 0LL, n));
    upper.push_back(std::clamp(v + 1, 0LL, n));
  }
  xcub_test::check_equal(d_lower.download(), lower, "LowerBound");
  xcub_test::check_equal(d_upper.download(), upper, "UpperBound");
}

TEST_CASE("device find: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const auto e = xcub::error_invalid_value;
  auto d_in = to_device(std::vector<int>{1, 200, 3, 4});
  xcub::device_buffer<int> d_out(4);
  d_out.fill_bytes(0x5A);
  int* null = nullptr;
  using find = xcub::DeviceFind;
  std::size_t bytes = 0;
  REQUIRE(find::FindIf(nullptr, bytes, d_in.data(), d_out.data(), above_100{}, 4) == xcub::success);
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  CHECK(find::FindIf(t, bytes, d_in.data(), d_out.data(), above_100{}, -1) == e);
  CHECK(find::FindIf(t, bytes, null, d_out.data(), above_100{}, 4) == e);
  CHECK(find::FindIf(t, bytes, d_in.data(), null, above_100{}, 4) == e);
  CHECK(find::FindIf(t, bytes, d_in.data(), null, above_100{}, 0) == e);  // d_out is written even then
  second_call second;  // the data pointers are checked in the second call
  CHECK(find::FindIf(second.data(), second.bytes, d_in.data(), null, above_100{}, 4) == e);
  std::size_t small = bytes - 1;
  CHECK(find::FindIf(t, small, d_in.data(), d_out.data(), above_100{}, 4) == e);
  small = 0;
  CHECK(find::FindIf(t, small, d_in.data(), d_out.data(), above_100{}, std::int64_t{4}) == e);

  std::size_t one = 0;
  REQUIRE(find::LowerBound(nullptr, one, d_in.data(), 4, d_in.data(), 4, d_out.data()) == xcub::success);
  CHECK(one == 1);
  for (const bool upper : {false, true}) {
    INFO((upper ? "UpperBound" : "LowerBound"));
    const auto call = [&](std::size_t& b, const int* range, long long rn, const int* values, long long vn, int* out) {
      return upper ? find::UpperBound(t, b, range, rn, values, vn, out) : find::LowerBound(t, b, range, rn, values, vn, out);
    };
    std::size_t b = 1;
    CHECK(call(b, d_in.data(), -1, d_in.data(), 4, d_out.data()) == e);
    CHECK(call(b, d_in.data(), 4, d_in.data(), -2, d_out.data()) == e);
    CHECK(call(b, null, 4, d_in.data(), 4, d_out.data()) == e);
    CHECK(call(b, null, 4, d_in.data(), 0, d_out.data()) == e);  // a range with items, even with no values
    CHECK(call(b, d_in.data(), 4, null, 4, d_out.data()) == e);
    CHECK(call(b, d_in.data(), 4, d_in.data(), 4, null) == e);
    std::size_t none = 0;
    CHECK(call(none, d_in.data(), 4, d_in.data(), 4, d_out.data()) == e);
    // no values: nothing read or written, null values and output allowed; an empty range may be null
    CHECK(call(b, d_in.data(), 4, null, 0, null) == xcub::success);
  }
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>(4, 0x5A5A5A5A), "output untouched");
  // an empty range: every bound is 0 (the null range is never read)
  auto d_bounds = to_device(std::vector<int>{9, 9, 9});
  std::size_t b = 1;
  XCUB_TEST_CALL(find::LowerBound(t, b, null, 0, d_in.data(), 3, d_bounds.data()));
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_bounds.download(), std::vector<int>(3, 0), "empty range");
}
