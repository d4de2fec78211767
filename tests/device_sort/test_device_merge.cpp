// DeviceMerge: MergeKeys and MergePairs against the oracle's stable merge, with tiles of 9 and 120
// items and the backend's tuning; empty ranges on either side, ranges of very different lengths,
// many equivalent keys across the two ranges (ties: the first range first, values = positions),
// descending float keys, a 16-byte key with its own order, iterator inputs, and every bad input.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

#include <xcub/device/device_merge.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/sort.hpp>

#include "merge_sort_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_merge_test;

namespace {

using host_default = xcub::tuning::merge;

template <class K, class Less>
std::vector<K> sorted_random(std::size_t n, std::mt19937_64& rng, int range, Less less) {
  std::vector<K> v(n);
  for (auto& x : v) x = static_cast<K>(static_cast<int>(rng() % static_cast<std::uint64_t>(range)));
  return xcub::reference::stable_sort(v, less);
}

/// MergeKeys and MergePairs (values: positions, b's after a's) of a and b, against the oracle.
template <class Tuning, class K, class Less>
void check_merge(const std::vector<K>& a, const std::vector<K>& b, Less less) {
  using merge = xcub::DeviceMergeTuned<Tuning>;
  INFO("sizes " << a.size() << " + " << b.size());
  const auto want = xcub::reference::merge(a, b, less);
  const std::size_t n = a.size() + b.size();
  auto da = to_device(a);
  auto db = to_device(b);
  xcub::device_buffer<K> out(n);
  two_phase([&](void* t, std::size_t& bytes) {
    return merge::MergeKeys(t, bytes, da.data(), a.size(), db.data(), static_cast<std::int64_t>(b.size()), out.data(),
                            less);
  });
  xcub_test::check_equal(out.download(), want.first, "MergeKeys");

  std::vector<std::uint64_t> va(a.size()), vb(b.size());
  std::iota(va.begin(), va.end(), std::uint64_t{0});
  std::iota(vb.begin(), vb.end(), std::uint64_t{a.size()});
  auto dva = to_device(va);
  auto dvb = to_device(vb);
  xcub::device_buffer<K> ok(n);
  xcub::device_buffer<std::uint64_t> ov(n);
  two_phase([&](void* t, std::size_t& bytes) {
    return merge::MergePairs(t, bytes, da.data(), dva.data(), static_cast<int>(a.size()), db.data(), dvb.data(),
                             static_cast<int>(b.size()), ok.data(), ov.data(), less);
  });
  xcub_test::check_equal(ok.download(), want.first, "MergePairs keys");
  std::vector<std::uint64_t> from(want.second.begin(), want.second.end());
  xcub_test::check_equal(ov.download(), from, "MergePairs values");
}

}  // namespace

TEST_CASE("device merge: int keys, tiles of 9, 120 and the backend's, empty and lopsided ranges") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge int");
  const std::pair<std::size_t, std::size_t> shapes[] = {{0, 0}, {0, 1}, {1, 0}, {0, 50}, {50, 0}, {1, 1},
                                                        {9, 9}, {4, 5}, {100, 3}, {3, 100}, {500, 517}};
  for (const auto& [na, nb] : shapes) {
    check_merge<tiny>(sorted_random<int>(na, rng, 20, std::less<>{}), sorted_random<int>(nb, rng, 20, std::less<>{}),
                      std::less<>{});
  }
  check_merge<odd>(sorted_random<int>(2000, rng, 1 << 20, std::less<>{}),
                   sorted_random<int>(1500, rng, 1 << 20, std::less<>{}), std::less<>{});
  check_merge<odd>(sorted_random<int>(1000, rng, 3, std::less<>{}), sorted_random<int>(1000, rng, 3, std::less<>{}),
                   std::less<>{});
  check_merge<host_default>(sorted_random<int>(60000, rng, 5000, std::less<>{}),
                            sorted_random<int>(40000, rng, 5000, std::less<>{}), std::less<>{});
  // All of a before all of b, and the other way round.
  std::vector<int> low(300), high(200);
  std::iota(low.begin(), low.end(), 0);
  std::iota(high.begin(), high.end(), 1000);
  check_merge<tiny>(low, high, std::less<>{});
  check_merge<tiny>(high, low, std::less<>{});
}

TEST_CASE("device merge: descending float keys and a 16-byte key with its own order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device merge types");
  check_merge<tiny>(sorted_random<float>(333, rng, 40, std::greater<>{}),
                    sorted_random<float>(250, rng, 40, std::greater<>{}), std::greater<>{});
  std::vector<wide_key> a(400), b(123);
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = {static_cast<std::int64_t>(rng() % 9), 1, static_cast<std::int32_t>(i)};
  for (std::size_t i = 0; i < b.size(); ++i)
    b[i] = {static_cast<std::int64_t>(rng() % 9), 2, static_cast<std::int32_t>(i)};
  a = xcub::reference::stable_sort(a, wide_later_first{});
  b = xcub::reference::stable_sort(b, wide_later_first{});
  check_merge<tiny>(a, b, wide_later_first{});
  check_merge<odd>(a, b, wide_later_first{});
}

TEST_CASE("device merge: iterator inputs, the default comparator") {
  XCUB_TEST_CONTEXT();
  using merge = xcub::DeviceMergeTuned<tiny>;
  std::vector<int> evens(300);
  for (int i = 0; i < 300; ++i) evens[i] = 2 * i;
  auto d_evens = to_device(evens);
  std::vector<int> counting(400);
  std::iota(counting.begin(), counting.end(), 100);
  const auto want = xcub::reference::merge(counting, evens, std::less<>{});
  xcub::device_buffer<int> out(700), values(700);
  two_phase([&](void* t, std::size_t& bytes) {
    return merge::MergeKeys(t, bytes, xcub::CountingInputIterator<int>(100), 400, d_evens.data(), 300, out.data());
  });
  xcub_test::check_equal(out.download(), want.first, "MergeKeys");
  std::vector<int> from(want.second.begin(), want.second.end());
  two_phase([&](void* t, std::size_t& bytes) {
    return merge::MergePairs(t, bytes, xcub::CountingInputIterator<int>(100), xcub::CountingInputIterator<int>(0), 400,
                             d_evens.data(), xcub::CountingInputIterator<int>(400), 300, out.data(), values.data());
  });
  xcub_test::check_equal(out.download(), want.first, "MergePairs keys");
  xcub_test::check_equal(values.download(), from, "MergePairs values");
}

TEST_CASE("device merge: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  using merge = xcub::DeviceMerge;
  auto da = to_device(std::vector<int>{1, 3});
  auto db = to_device(std::vector<int>{2});
  xcub::device_buffer<int> out(std::vector<int>{-7, -7, -7});
  int* null_int = nullptr;
  std::size_t bytes = 0;
  CHECK(merge::MergeKeys(nullptr, bytes, da.data(), -1, db.data(), 1, out.data()) == xcub::error_invalid_value);
  CHECK(merge::MergeKeys(nullptr, bytes, da.data(), 2, db.data(), std::int64_t{-1}, out.data()) ==
        xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(merge::MergeKeys(second.data(), second.bytes, null_int, 2, db.data(), 1,
      out.data()) == xcub::error_invalid_value);
  CHECK(merge::MergeKeys(second.data(), second.bytes, da.data(), 2, null_int, 1,
      out.data()) == xcub::error_invalid_value);
  CHECK(merge::MergeKeys(second.data(), second.bytes, da.data(), 2, db.data(), 1,
      null_int) == xcub::error_invalid_value);
  CHECK(merge::MergePairs(second.data(), second.bytes, da.data(), null_int, 2, db.data(), db.data(), 1, out.data(),
        out.data()) ==
        xcub::error_invalid_value);
  CHECK(merge::MergePairs(second.data(), second.bytes, da.data(), da.data(), 2, db.data(), null_int, 1, out.data(),
        out.data()) ==
        xcub::error_invalid_value);
  CHECK(merge::MergePairs(second.data(), second.bytes, da.data(), da.data(), 2, db.data(), db.data(), 1, out.data(),
        null_int) ==
        xcub::error_invalid_value);
  CHECK(merge::MergePairs(nullptr, bytes, da.data(), da.data(), -2, db.data(), db.data(), 1, out.data(), out.data()) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(merge::MergeKeys(nullptr, bytes, da.data(), 2, db.data(), 1, out.data()));
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(merge::MergeKeys(temp.data(), short_bytes, da.data(), 2, db.data(), 1, out.data()) ==
        xcub::error_invalid_value);
  short_bytes = bytes - 1;
  CHECK(merge::MergePairs(temp.data(), short_bytes, da.data(), da.data(), 2, db.data(), db.data(), 1, out.data(),
                          out.data()) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(out.download(), std::vector<int>{-7, -7, -7}, "untouched output");
  // Empty ranges: null pointers are fine; one empty range needs no pointer.
  two_phase([&](void* t, std::size_t& b) { return merge::MergeKeys(t, b, null_int, 0, null_int, 0, null_int); });
  xcub::device_buffer<int> out2(1);
  two_phase([&](void* t, std::size_t& b) { return merge::MergeKeys(t, b, null_int, 0, db.data(), 1, out2.data()); });
  xcub_test::check_equal(out2.download(), std::vector<int>{2}, "one empty range");
}
