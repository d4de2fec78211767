// The oracle itself, checked against closed forms and hand-worked cases.
#include "test_support.hpp"

#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>

#include <functional>
#include <string>

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
