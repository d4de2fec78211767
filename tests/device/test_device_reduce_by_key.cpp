// DeviceReduce::ReduceByKey against the oracle: runs of every length (1, around tiles, longer than
// many tiles), a non-commutative operator (runs fold in order), a custom equality, the backend's
// tuning and tiny tunings that put run boundaries on every tile edge, random schedules on the host
// (the look-back chains the runs across tiles), and the bad-input errors.
#include <cstdint>
#include <vector>

#include <xcub/device/device_reduce.hpp>
#include <xcub/reference/reduce_by_key.hpp>

#include "device_test_support.hpp"
#include "test_types.hpp"

using namespace xcub_device_test;

namespace {

/// Keys in runs whose lengths are drawn up to max_run (1 gives all-distinct keys).
std::vector<int> run_keys(std::size_t n, std::size_t max_run, std::mt19937_64& rng) {
  std::vector<int> keys;
  int key = static_cast<int>(rng() % 7);
  while (keys.size() < n) {
    const std::size_t len = 1 + rng() % max_run;
    for (std::size_t i = 0; i < len && keys.size() < n; ++i) keys.push_back(key);
    key += 1 + static_cast<int>(rng() % 3);
  }
  return keys;
}

/// N: the count's type (num_items and *num_runs_out).
template <class Facade, class V, class N = long long, class Op>
void check(std::mt19937_64& rng, std::size_t n, std::size_t max_run, Op op) {
  const std::vector<int> keys = run_keys(n, max_run, rng);
  std::vector<V> values(n);
  for (auto& v : values) {
    if constexpr (std::is_same_v<V, xcub_test::affine>) v = xcub_test::random_affine(rng);
    else v = static_cast<V>(static_cast<int>(rng() % 201) - 100);
  }
  const auto want = xcub::reference::reduce_by_key(keys, values, [](int a, int b) { return a == b; }, op);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<int> d_unique(n + 1);
  xcub::device_buffer<V> d_aggregates(n + 1);
  xcub::device_buffer<N> d_runs(1);
  d_unique.fill_bytes(0x7F);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::ReduceByKey(t, b, d_keys.data(), d_unique.data(), d_values.data(), d_aggregates.data(),
                               d_runs.data(), op, static_cast<N>(n));
  });
  INFO("n = " << n << ", runs up to " << max_run);
  const std::size_t runs = want.unique_keys.size();
  xcub_test::check_equal(d_runs.download(), std::vector<N>{static_cast<N>(runs)}, "num_runs");
  auto unique = d_unique.download();
  auto aggregates = d_aggregates.download();
  xcub_test::check_equal(std::vector<int>(unique.begin(), unique.begin() + runs), want.unique_keys, "unique keys");
  xcub_test::check_equal(std::vector<V>(aggregates.begin(), aggregates.begin() + runs), want.aggregates, "aggregates");
  CHECK(unique[runs] == 0x7F7F7F7F);  // nothing written past the last run
}

struct tiny_scan_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int) {
    return {xcub::arch::warp_threads, 1, xcub::BLOCK_LOAD_DIRECT, xcub::LOAD_DEFAULT, xcub::BLOCK_STORE_DIRECT,
            xcub::BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
};
struct odd_scan_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int) {
    return {96, 3, xcub::BLOCK_LOAD_WARP_TRANSPOSE, xcub::LOAD_DEFAULT, xcub::BLOCK_STORE_WARP_TRANSPOSE,
            xcub::BLOCK_SCAN_RAKING, 0, 0, 0};
  }
};

using tiny = xcub::DeviceReduceTuned<xcub::tuning::reduce, tiny_scan_tuning>;
using odd = xcub::DeviceReduceTuned<xcub::tuning::reduce, odd_scan_tuning>;

}  // namespace

TEST_CASE("device reduce by key: sums over runs of every length, several tunings and schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce by key");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : {0, 1, 2, 31, 32, 33, 64, 65, 500, 4097}) {
      for (const std::size_t max_run : {1, 3, 40, 1000}) {
        check<tiny, int>(r, n, max_run, xcub::Sum{});
        check<odd, long long>(r, n, max_run, xcub::Sum{});
      }
    }
  });
  check<xcub::DeviceReduce, int>(rng, 100000, 50, xcub::Sum{});
  // values aligned wider than the 32-bit offsets of int counts (CUB's usual call: double values,
  // int num_items): the scanned pair holds padding between its members
  for (const std::size_t n : {0, 1, 33, 4097, 30001}) {
    check<odd, double, int>(rng, n, 40, xcub::Sum{});
    check<xcub::DeviceReduce, std::int64_t, int>(rng, n, 300, xcub::Max{});
  }
#if XCUB_TEST_MATRIX_FULL
  check<xcub::DeviceReduce, double>(rng, 70001, 3000, xcub::Max{});
  check<odd, std::int8_t>(rng, 20000, 7, xcub::Min{});
#endif
}

TEST_CASE("device reduce by key: a non-commutative operator; float keys where -0.0 equals +0.0") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce by key custom");
  for (const std::size_t n : {1, 97, 3000}) {
    check<tiny, xcub_test::affine>(rng, n, 60, xcub_test::compose{});
#if XCUB_TEST_MATRIX_FULL
    check<odd, xcub_test::affine>(rng, n, 5, xcub_test::compose{});
#endif
  }
  // Keys compare with ==: -0.0 and +0.0 are one run, whose unique key is its first.
  const std::vector<float> keys = {1.f, -0.f, 0.f, -0.f, 2.f, 2.f, 0.f};
  const std::vector<int> values = {1, 2, 3, 4, 5, 6, 7};
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<float> d_unique(keys.size());
  xcub::device_buffer<int> d_aggregates(keys.size()), d_runs(1);
  two_phase([&](void* t, std::size_t& b) {
    return tiny::ReduceByKey(t, b, d_keys.data(), d_unique.data(), d_values.data(), d_aggregates.data(), d_runs.data(),
                             xcub::Sum{}, keys.size());
  });
  const auto want = xcub::reference::reduce_by_key(keys, values, [](float a, float b) { return a == b; },
                                                   [](int a, int b) { return a + b; });
  const std::size_t runs = want.unique_keys.size();
  REQUIRE(runs == 4);
  xcub_test::check_equal(d_runs.download(), std::vector<int>{4}, "num_runs");
  const auto unique = d_unique.download();
  xcub_test::check_equal(std::vector<float>(unique.begin(), unique.begin() + runs), want.unique_keys, "unique keys (sign of zero kept)");
  const auto aggregates = d_aggregates.download();
  xcub_test::check_equal(std::vector<int>(aggregates.begin(), aggregates.begin() + runs), want.aggregates, "aggregates");
}

TEST_CASE("device reduce by key: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  auto d_keys = to_device(std::vector<int>{1, 1, 2});
  auto d_values = to_device(std::vector<int>{1, 2, 3});
  xcub::device_buffer<int> d_unique(std::vector<int>{-1, -1, -1}), d_aggregates(std::vector<int>{-1, -1, -1});
  xcub::device_buffer<int> d_runs(std::vector<int>{-1});
  std::size_t bytes = 0;
  const auto call = [&](void* t, std::size_t& b, const int* k, const int* v, int* u, int* a, int* r, long long n) {
    return xcub::DeviceReduce::ReduceByKey(t, b, k, u, v, a, r, xcub::Sum{}, n);
  };
  CHECK(call(nullptr, bytes, d_keys.data(), d_values.data(), d_unique.data(), d_aggregates.data(), d_runs.data(), -1) ==
        xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(call(second.data(), second.bytes, nullptr, d_values.data(), d_unique.data(), d_aggregates.data(),
        d_runs.data(), 3) ==
        xcub::error_invalid_value);
  CHECK(call(second.data(), second.bytes, d_keys.data(), nullptr, d_unique.data(), d_aggregates.data(), d_runs.data(),
        3) ==
        xcub::error_invalid_value);
  CHECK(call(second.data(), second.bytes, d_keys.data(), d_values.data(), nullptr, d_aggregates.data(), d_runs.data(),
        3) ==
        xcub::error_invalid_value);
  CHECK(call(second.data(), second.bytes, d_keys.data(), d_values.data(), d_unique.data(), nullptr, d_runs.data(), 3) ==
        xcub::error_invalid_value);
  CHECK(call(second.data(), second.bytes, d_keys.data(), d_values.data(), d_unique.data(), d_aggregates.data(),
        nullptr, 3) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(call(nullptr, bytes, d_keys.data(), d_values.data(), d_unique.data(), d_aggregates.data(), d_runs.data(), 3));
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(call(temp.data(), short_bytes, d_keys.data(), d_values.data(), d_unique.data(), d_aggregates.data(),
             d_runs.data(), 3) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_unique.download(), std::vector<int>{-1, -1, -1}, "untouched unique keys");
  xcub_test::check_equal(d_runs.download(), std::vector<int>{-1}, "untouched run count");
}
