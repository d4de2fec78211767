// The oracle itself, checked against closed forms and hand-worked cases; and the tests' in-kernel
// model of who calls the warp collectives, pinned to the same hand-written tables.
#include "test_support.hpp"

#include <xcub/reference/groups.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/reference/sort.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

TEST_CASE("reference reduce and scan match closed forms") {
  XCUB_TEST_CONTEXT();
  for (long long n : {0LL, 1LL, 2LL, 31LL, 32LL, 33LL, 1000LL}) {
    std::vector<long long> in(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = i + 1;
    CHECK(xcub::reference::reduce(in, 0LL, std::plus<>{}) == n * (n + 1) / 2);
    const auto inc = xcub::reference::inclusive_scan(in, std::plus<>{});
    const auto exc = xcub::reference::exclusive_scan(in, 5LL, std::plus<>{});
    REQUIRE(inc.size() == in.size());
    REQUIRE(exc.size() == in.size());
    for (long long i = 0; i < n; ++i) {
      CHECK(inc[static_cast<std::size_t>(i)] == (i + 1) * (i + 2) / 2);
      CHECK(exc[static_cast<std::size_t>(i)] == 5 + i * (i + 1) / 2);
    }
  }
}

TEST_CASE("reference folds non-commutative operators from the left") {
  const std::vector<std::string> in = {"a", "b", "c", "d"};
  const auto cat = [](const std::string& x, const std::string& y) { return x + y; };
  CHECK(xcub::reference::reduce(in, std::string(">"), cat) == ">abcd");
  CHECK(xcub::reference::inclusive_scan(in, cat) == std::vector<std::string>{"a", "ab", "abc", "abcd"});
  CHECK(xcub::reference::exclusive_scan(in, std::string(">"), cat) ==
        std::vector<std::string>{">", ">a", ">ab", ">abc"});
  CHECK(xcub::reference::reduce_segments(in, 3, cat) == std::vector<std::string>{"abc", "d"});
}

// ---- groups: the one model of logical warps and block ranks --------------------------------------

namespace {
namespace ref = xcub::reference;

/// [begin, end) ranges of block ranks, written out by hand.
using ranges = std::vector<std::pair<unsigned, unsigned>>;

std::vector<unsigned char> from_ranges(unsigned threads, const ranges& r) {
  std::vector<unsigned char> out(threads, 0);
  for (const auto& [begin, end] : r) {
    for (unsigned t = begin; t < end; ++t) out[t] = 1;
  }
  return out;
}

std::vector<unsigned char> callers_by_reference(unsigned threads, unsigned width, unsigned hw) {
  std::vector<unsigned char> out(threads);
  for (unsigned t = 0; t < threads; ++t) out[t] = ref::in_whole_logical_warp(t, threads, width, hw);
  return out;
}

/// The hand-written table of the threads that call the warp collectives: block of `threads`, width
/// `width` (0 stands for hw - 1, hw + 1 for hw), hardware warps of `hw` lanes.
struct callers_case {
  unsigned threads, width, hw;
  ranges calling;
};
const callers_case callers_cases[] = {
    {100, 3, 32, {{0, 3}, {32, 35}, {64, 67}, {96, 99}}},
    {100, 3, 64, {{0, 3}, {64, 67}}},
    {100, 8, 32, {{0, 96}}},
    {100, 8, 64, {{0, 96}}},
    {100, 0, 32, {{0, 31}, {32, 63}, {64, 95}}},
    {100, 0, 64, {{0, 63}}},
    {100, 33, 32, {{0, 96}}},
    {100, 65, 64, {{0, 64}}},
    {42, 3, 32, {{0, 3}, {32, 35}}},
    {42, 3, 64, {{0, 3}}},
    {42, 8, 32, {{0, 40}}},
    {42, 8, 64, {{0, 40}}},
    {42, 0, 32, {{0, 31}}},
    {42, 0, 64, {}},
    {42, 33, 32, {{0, 32}}},
    {42, 65, 64, {}},
    {1, 1, 32, {{0, 1}}},
    {1, 1, 64, {{0, 1}}},
};
unsigned case_width(const callers_case& c) { return c.width == 0 ? c.hw - 1 : c.width == c.hw + 1 ? c.hw : c.width; }

#if XCUB_HAS_KERNELS
template <int W>
XCUB_KERNEL void callers_kernel(unsigned char* out) {
  out[xcub::arch::linear_thread_id()] = xcub_test::in_whole_logical_warp<W>();
}
#endif

using callers_kernel_t = void (*)(unsigned char*);
}  // namespace

TEST_CASE("reference groups: logical warps against hand-written tables") {
  struct lw_case {
    unsigned threads, width, hw;
    std::vector<std::array<unsigned, 3>> want;  // index, first, lanes
  };
  const lw_case cases[] = {
      {100, 3, 32, {{0, 0, 3}, {1, 32, 3}, {2, 64, 3}, {3, 96, 3}}},
      {42, 8, 32, {{0, 0, 8}, {1, 8, 8}, {2, 16, 8}, {3, 24, 8}, {4, 32, 8}, {5, 40, 2}}},
      {100, 31, 64, {{0, 0, 31}, {1, 64, 31}}},
      {100, 16, 64, {{0, 0, 16}, {1, 16, 16}, {2, 32, 16}, {3, 48, 16}, {4, 64, 16}, {5, 80, 16}, {6, 96, 4}}},
      {40, 64, 64, {{0, 0, 40}}},
      {33, 32, 32, {{0, 0, 32}, {1, 32, 1}}},
      {64, 5, 32, {{0, 0, 5}, {1, 32, 5}}},
  };
  for (const lw_case& c : cases) {
    CAPTURE(c.threads);
    CAPTURE(c.width);
    CAPTURE(c.hw);
    const auto got = ref::logical_warps(c.threads, c.width, c.hw);
    REQUIRE(got.size() == c.want.size());
    std::size_t whole = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      CHECK(got[i].index == c.want[i][0]);
      CHECK(got[i].first == c.want[i][1]);
      CHECK(got[i].lanes == c.want[i][2]);
      CHECK(got[i].width == c.width);
      CHECK(got[i].whole() == (c.want[i][2] == c.width));
      whole += got[i].whole();
      // every thread of it maps back to it
      for (unsigned t = got[i].first; t < got[i].first + got[i].lanes; ++t) {
        CHECK(ref::logical_warp_of(t, c.threads, c.width, c.hw).first == got[i].first);
      }
    }
    CHECK(ref::whole_logical_warps(c.threads, c.width, c.hw).size() == whole);
  }
  CHECK(ref::logical_warp_of(40, 64, 5, 32).lanes == 0);  // past the first 5 lanes of its hardware warp
  CHECK_THROWS(ref::logical_warps(64, 0, 32));
  CHECK_THROWS(ref::logical_warps(64, 33, 32));
}

TEST_CASE("reference groups: block ranks are row-major (x fastest)") {
  CHECK(ref::block_rank(0, 0, 0, 16, 4) == 0);
  CHECK(ref::block_rank(15, 0, 0, 16, 4) == 15);
  CHECK(ref::block_rank(0, 1, 0, 16, 4) == 16);
  CHECK(ref::block_rank(3, 2, 0, 16, 4) == 35);
  CHECK(ref::block_rank(7, 3, 1, 8, 4) == 63);
  CHECK(ref::block_rank(1, 0, 1, 8, 4) == 33);
  CHECK(ref::block_threads(8, 4, 2) == 64);
  CHECK(ref::block_threads(100) == 100);
}

TEST_CASE("reference groups: who calls the warp collectives, host model and in-kernel test helper agree with "
          "hand-written tables") {
  XCUB_TEST_CONTEXT();
  for (const callers_case& c : callers_cases) {
    const unsigned w = case_width(c);
    CAPTURE(c.threads);
    CAPTURE(w);
    CAPTURE(c.hw);
    xcub_test::check_equal(callers_by_reference(c.threads, w, c.hw), from_ranges(c.threads, c.calling),
                           "xcub::reference::in_whole_logical_warp");
    if (c.hw != xcub_test::warp_lanes) continue;
    std::vector<unsigned char> host(c.threads);
    for (unsigned t = 0; t < c.threads; ++t) host[t] = xcub_test::in_whole_logical_warp(t, c.threads, w);
    xcub_test::check_equal(host, from_ranges(c.threads, c.calling), "xcub_test::in_whole_logical_warp (host)");
#if XCUB_HAS_KERNELS
    constexpr int WT = xcub::arch::warp_threads;
    const callers_kernel_t kernel = w == 1   ? callers_kernel<1>
                                    : w == 3 ? callers_kernel<3>
                                    : w == 8 ? callers_kernel<8>
                                    : w == WT - 1 ? callers_kernel<WT - 1>
                                                  : callers_kernel<WT>;
    REQUIRE((w == 1 || w == 3 || w == 8 || w == WT - 1 || w == WT));
    // 100 threads as a 1D block, 42 as 7 x 3 x 2 (rank row-major)
    const xcub::dim3 block = c.threads == 42 ? xcub::dim3(7, 3, 2) : xcub::dim3(c.threads);
    xcub::device_buffer<unsigned char> d_out(c.threads);
    d_out.fill_bytes(0xFF);
    xcub_test::launch_and_wait(xcub::dim3(1), block, 0, kernel, d_out.data());
    xcub_test::check_equal(d_out.download(), from_ranges(c.threads, c.calling),
                           "xcub_test::in_whole_logical_warp<W>() (kernel)");
#endif
  }
}

// ---- reduce and scan: no initial value, first valid_items, segments, per group ---------------------

TEST_CASE("reference reduce: no initial value, first valid_items, head and tail segments") {
  const std::vector<std::string> in = {"a", "b", "c", "d", "e"};
  const auto cat = [](const std::string& x, const std::string& y) { return x + y; };
  CHECK(ref::reduce(in, cat) == "abcde");
  CHECK(ref::reduce(std::vector<std::string>{"z"}, cat) == "z");
  CHECK_THROWS(ref::reduce(std::vector<std::string>{}, cat));
  CHECK(ref::reduce_first(in, 1, cat) == "a");
  CHECK(ref::reduce_first(in, 3, cat) == "abc");
  CHECK(ref::reduce_first(in, 5, cat) == "abcde");
  CHECK(ref::reduce_first(in, 9, cat) == "abcde");
  CHECK_THROWS(ref::reduce_first(in, 0, cat));

  const auto flat = [](const auto& segs) {
    std::vector<std::string> out;
    for (const auto& s : segs) out.push_back(std::to_string(s.first) + ":" + std::to_string(s.count) + ":" + s.value);
    return out;
  };
  using strings = std::vector<std::string>;
  // heads: a segment begins at item 0 (whatever its flag) and at every flagged item
  CHECK(flat(ref::reduce_head_segments(in, std::vector<int>{0, 0, 1, 0, 1}, cat)) == strings{"0:2:ab", "2:2:cd", "4:1:e"});
  CHECK(flat(ref::reduce_head_segments(in, std::vector<int>{1, 0, 0, 0, 0}, cat)) == strings{"0:5:abcde"});
  CHECK(flat(ref::reduce_head_segments(in, std::vector<int>{0, 1, 1, 1, 1}, cat)) ==
        strings{"0:1:a", "1:1:b", "2:1:c", "3:1:d", "4:1:e"});
  // tails: a segment ends at every flagged item and at the last
  CHECK(flat(ref::reduce_tail_segments(in, std::vector<int>{0, 1, 0, 0, 0}, cat)) == strings{"0:2:ab", "2:3:cde"});
  CHECK(flat(ref::reduce_tail_segments(in, std::vector<int>{1, 0, 1, 0, 1}, cat)) == strings{"0:1:a", "1:2:bc", "3:2:de"});
  CHECK(flat(ref::reduce_tail_segments(in, std::vector<int>{0, 0, 0, 0, 0}, cat)) == strings{"0:5:abcde"});
  // a narrow type whose operator returns a wider one: each step converts back
  const std::vector<std::int8_t> small = {100, 100, 100};
  CHECK(ref::reduce(small, std::plus<>{}) == static_cast<std::int8_t>(44));  // 200 -> -56, -56 + 100 = 44
}

TEST_CASE("reference scan: seeded inclusive, unseeded exclusive, per group of consecutive items") {
  using strings = std::vector<std::string>;
  const strings in = {"a", "b", "c", "d", "e"};
  const auto cat = [](const std::string& x, const std::string& y) { return x + y; };
  CHECK(ref::inclusive_scan(in, std::string(">"), cat) == strings{">a", ">ab", ">abc", ">abcd", ">abcde"});
  CHECK(ref::exclusive_scan(in, cat) == strings{"", "a", "ab", "abc", "abcd"});
  CHECK(ref::exclusive_scan(strings{"q"}, cat) == strings{""});
  CHECK(ref::inclusive_scan_segments(in, 2, cat) == strings{"a", "ab", "c", "cd", "e"});
  CHECK(ref::inclusive_scan_segments(in, 3, std::string(">"), cat) == strings{">a", ">ab", ">abc", ">d", ">de"});
  CHECK(ref::exclusive_scan_segments(in, 2, cat) == strings{"", "a", "", "c", ""});
  CHECK(ref::exclusive_scan_segments(in, 3, std::string(">"), cat) == strings{">", ">a", ">ab", ">", ">d"});
  CHECK(ref::inclusive_scan_segments(in, 5, cat) == ref::inclusive_scan(in, cat));
  CHECK(ref::inclusive_scan_segments(in, 1, cat) == in);
  CHECK(ref::reduce_segments(in, 2, cat) == strings{"ab", "cd", "e"});
}

// ---- sort and merge ----------------------------------------------------------------------------

TEST_CASE("reference sort: stable sorts of keys and pairs, partial tiles, stable merge") {
  using ints = std::vector<int>;
  const auto less = [](int a, int b) { return a < b; };
  const auto by_tens = [](int a, int b) { return a / 10 < b / 10; };  // 12 and 15 are equivalent
  CHECK(ref::stable_sort(ints{}, less) == ints{});
  CHECK(ref::stable_sort(ints{3, 1, 2, 1}, less) == ints{1, 1, 2, 3});
  CHECK(ref::stable_sort(ints{15, 31, 12, 3, 19, 7}, by_tens) == ints{3, 7, 15, 12, 19, 31});
  CHECK(ref::stable_sort(ints{1, 2, 3}, std::greater<>{}) == ints{3, 2, 1});

  const auto pairs = ref::stable_sort_pairs(ints{2, 1, 2, 0, 1}, std::vector<char>{'a', 'b', 'c', 'd', 'e'}, less);
  CHECK(pairs.first == ints{0, 1, 1, 2, 2});
  CHECK(pairs.second == std::vector<char>{'d', 'b', 'e', 'a', 'c'});

  // partial tiles: keys at valid_items and past it become oob_default, then the whole tile is sorted
  CHECK(ref::stable_sort_partial(ints{5, 4, 3, 2}, 2, 9, less) == ints{4, 5, 9, 9});
  CHECK(ref::stable_sort_partial(ints{5, 4, 3, 2}, 0, 9, less) == ints{9, 9, 9, 9});
  CHECK(ref::stable_sort_partial(ints{5, 4, 3, 2}, -3, 9, less) == ints{9, 9, 9, 9});
  CHECK(ref::stable_sort_partial(ints{5, 4, 3, 2}, 7, 9, less) == ints{2, 3, 4, 5});
  CHECK(ref::stable_sort_partial(ints{5, 4, 3, 2}, 3, 0, less) == ints{0, 3, 4, 5});  // oob sorts first
  const auto part = ref::stable_sort_pairs_partial(ints{5, 4, 3, 2}, ints{0, 1, 2, 3}, 2, 9, less);
  CHECK(part.first == ints{4, 5, 9, 9});
  CHECK(part.second == ints{1, 0, 2, 3});  // the replaced keys keep their values and their order

  // merge: a's items first at equivalent keys; `from` indexes a, then b after a.size()
  const auto m = ref::merge(ints{1, 3, 3, 7}, ints{0, 3, 8}, less);
  CHECK(m.first == ints{0, 1, 3, 3, 3, 7, 8});
  CHECK(m.second == std::vector<std::size_t>{4, 0, 1, 2, 5, 3, 6});
  CHECK(ref::merge(ints{}, ints{2, 1}, less).second == std::vector<std::size_t>{0, 1});
}
