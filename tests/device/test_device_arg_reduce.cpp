// DeviceReduce::ArgMin / ArgMax (the KeyValuePair form and the value + index form) against the
// oracle: sizes around tiles and grids, inputs full of ties (the first extremum must win whatever
// order the blocks combine in), extreme values equal to the empty input's, empty inputs, tiny
// tunings that spread small inputs over many blocks, the random schedule, and every bad input.
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include <xcub/device/device_reduce.hpp>
#include <xcub/reference/segmented_reduce.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

using tiny_tuning = xcub_device_test::tiny_reduce_tuning;

using odd_tuning = xcub_device_test::odd_reduce_tuning;

const std::vector<std::size_t> sizes = {0, 1, 2, 31, 32, 33, 64, 65, 257, 1000, 4097, 20001};

/// Values from a few levels only, so that the extremum occurs many times.
template <class T>
std::vector<T> tied_values(std::size_t n, std::mt19937_64& rng, int levels) {
  return small_values<T>(n, rng, 0, levels - 1);
}

template <class T>
std::pair<std::int64_t, T> expected(const std::vector<T>& v, bool want_max) {
  const T empty = want_max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  return xcub::reference::arg_extremum(v, 0, static_cast<std::int64_t>(v.size()), want_max, {1, empty});
}

/// In the core test matrix the test tunings call the KeyValuePair ArgMin and the value + index
/// ArgMax only: both forms and both orders, through the same agent.
template <class Tuning>
constexpr bool both_forms = every_method<Tuning, xcub::tuning::reduce>;

/// Both forms of ArgMin and ArgMax on `host`, compared with the oracle.
template <class Tuning, class T>
void check_arg(const std::vector<T>& host) {
  using reduce = xcub::DeviceReduceTuned<Tuning>;
  auto d_in = to_device(host);
  xcub::device_buffer<xcub::KeyValuePair<int, T>> d_pair(2);
  xcub::device_buffer<T> d_value(2);
  xcub::device_buffer<std::int64_t> d_index(2);
  const auto n = static_cast<std::int64_t>(host.size());
  two_phase([&](void* t, std::size_t& b) { return reduce::ArgMin(t, b, d_in.data(), d_pair.data(), n); });
  two_phase([&](void* t, std::size_t& b) {
    return reduce::ArgMax(t, b, d_in.data(), d_value.data() + 1, d_index.data() + 1, n);
  });
  if constexpr (both_forms<Tuning>) {
    two_phase([&](void* t, std::size_t& b) { return reduce::ArgMax(t, b, d_in.data(), d_pair.data() + 1, n); });
    two_phase([&](void* t, std::size_t& b) {
      return reduce::ArgMin(t, b, d_in.data(), d_value.data(), d_index.data(), static_cast<unsigned>(n));
    });
  }
  const auto lo = expected(host, false), hi = expected(host, true);
  INFO("n = " << host.size());
  const auto pairs = d_pair.download();
  const auto indices = d_index.download();
  const auto values = d_value.download();
  CHECK(pairs[0].key == lo.first);
  CHECK(pairs[0].value == lo.second);
  CHECK(indices[1] == hi.first);
  CHECK(values[1] == hi.second);
  if constexpr (both_forms<Tuning>) {
    CHECK(pairs[1].key == hi.first);
    CHECK(pairs[1].value == hi.second);
    CHECK(indices[0] == lo.first);
    CHECK(values[0] == lo.second);
  }
}

}  // namespace

TEST_CASE("device arg reduce: ArgMin and ArgMax, first extremum on ties, sizes around tiles") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device arg reduce");
  for (const std::size_t n : sizes) {
    check_arg<xcub::tuning::reduce, std::int32_t>(xcub_test::random_vector<std::int32_t>(n, rng));
    check_arg<tiny_tuning, std::int8_t>(tied_values<std::int8_t>(n, rng, 3));
    check_arg<odd_tuning, float>(tied_values<float>(n, rng, 5));
    check_arg<xcub::tuning::reduce, double>(tied_values<double>(n, rng, 2));
#if XCUB_TEST_MATRIX_FULL
    check_arg<tiny_tuning, std::uint64_t>(tied_values<std::uint64_t>(n, rng, 4));
#endif
  }
}

TEST_CASE("device arg reduce: all items equal, extremes equal to the empty input's value, infinities") {
  XCUB_TEST_CONTEXT();
  for (const std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(300)}) {
#if XCUB_TEST_MATRIX_FULL
    check_arg<tiny_tuning, int>(std::vector<int>(n, std::numeric_limits<int>::max()));
    check_arg<odd_tuning, int>(std::vector<int>(n, std::numeric_limits<int>::lowest()));
    check_arg<tiny_tuning, float>(std::vector<float>(n, std::numeric_limits<float>::infinity()));
    check_arg<odd_tuning, double>(std::vector<double>(n, -std::numeric_limits<double>::infinity()));
#else  // the same inputs through the (tuning, type) pairs the first test builds
    check_arg<xcub::tuning::reduce, std::int32_t>(std::vector<std::int32_t>(n, std::numeric_limits<std::int32_t>::max()));
    check_arg<tiny_tuning, std::int8_t>(std::vector<std::int8_t>(n, std::numeric_limits<std::int8_t>::lowest()));
    check_arg<odd_tuning, float>(std::vector<float>(n, std::numeric_limits<float>::infinity()));
    check_arg<xcub::tuning::reduce, double>(std::vector<double>(n, -std::numeric_limits<double>::infinity()));
#endif
    std::vector<double> mixed(n, std::numeric_limits<double>::max());
    mixed[n / 2] = std::numeric_limits<double>::infinity();
    mixed[n - 1] = -std::numeric_limits<double>::infinity();
    check_arg<xcub::tuning::reduce, double>(mixed);
  }
}

TEST_CASE("device arg reduce: blocks interleaved by the random schedule") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device arg reduce schedule");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
#if XCUB_TEST_MATRIX_FULL
    check_arg<tiny_tuning, std::int16_t>(tied_values<std::int16_t>(700, r, 3));
#else
    check_arg<tiny_tuning, std::int8_t>(tied_values<std::int8_t>(700, r, 3));
#endif
    check_arg<odd_tuning, float>(tied_values<float>(1500, r, 4));
  });
}

TEST_CASE("device arg reduce: empty input gives {1, max()} and {1, lowest()}") {
  XCUB_TEST_CONTEXT();
  const std::vector<float> none;
  auto d_in = to_device(std::vector<float>{1.f});
  xcub::device_buffer<xcub::KeyValuePair<int, float>> d_pair(2);
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMin(t, b, d_in.data(), d_pair.data(), 0); });
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, d_in.data(), d_pair.data() + 1, 0); });
  const auto pairs = d_pair.download();
  CHECK(pairs[0].key == 1);
  CHECK(pairs[0].value == std::numeric_limits<float>::max());
  CHECK(pairs[1].key == 1);
  CHECK(pairs[1].value == std::numeric_limits<float>::lowest());
  check_arg<xcub::tuning::reduce, float>(none);
}

TEST_CASE("device arg reduce: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  using pair = xcub::KeyValuePair<int, int>;
  auto d_in = to_device(std::vector<int>(300, 5));
  xcub::device_buffer<pair> d_out(std::vector<pair>{pair(-7, -7)});
  xcub::device_buffer<int> d_value(std::vector<int>{-7});
  xcub::device_buffer<std::int64_t> d_index(std::vector<std::int64_t>{-7});
  const int* null_in = nullptr;
  std::size_t bytes = 0;
  CHECK(xcub::DeviceReduce::ArgMin(nullptr, bytes, d_in.data(), d_out.data(), -1) == xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(xcub::DeviceReduce::ArgMax(second.data(), second.bytes, null_in, d_out.data(), 3) == xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::ArgMin(second.data(), second.bytes, d_in.data(), static_cast<pair*>(nullptr), 3) ==
        xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::ArgMin(second.data(), second.bytes, d_in.data(), static_cast<int*>(nullptr),
        d_index.data(), 3) ==
        xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::ArgMax(second.data(), second.bytes, d_in.data(), d_value.data(),
        static_cast<std::int64_t*>(nullptr),
                                   3) == xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::ArgMax(second.data(), second.bytes, null_in, d_value.data(), d_index.data(), 3LL) ==
        xcub::error_invalid_value);
  // More items than the output's key type can count: refused in the second call (the query answers).
  xcub::device_buffer<xcub::KeyValuePair<std::int8_t, int>> d_small(1);
  CHECK(xcub::DeviceReduce::ArgMin(second.data(), second.bytes, d_in.data(), d_small.data(), 300) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::DeviceReduce::ArgMin(nullptr, bytes, d_in.data(), d_out.data(), 300));
  REQUIRE(bytes > 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(xcub::DeviceReduce::ArgMin(temp.data(), short_bytes, d_in.data(), d_out.data(), 300) ==
        xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::ArgMax(temp.data(), short_bytes, d_in.data(), d_value.data(), d_index.data(), 300) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  CHECK(d_out.download()[0] == pair(-7, -7));
  xcub_test::check_equal(d_value.download(), std::vector<int>{-7}, "untouched value");
  xcub_test::check_equal(d_index.download(), std::vector<std::int64_t>{-7}, "untouched index");
  // A null input with no items is fine: the empty result.
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMin(t, b, null_in, d_out.data(), 0); });
  CHECK(d_out.download()[0] == pair(1, std::numeric_limits<int>::max()));
}
