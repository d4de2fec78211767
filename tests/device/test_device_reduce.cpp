// DeviceReduce: Reduce, Sum, Min, Max, TransformReduce against the oracle, on sizes around the tile
// and grid boundaries, with the backend's tuning and with tiny tunings that force many tiles and
// blocks (and a partial last warp), and every bad-input error.
#include <cstdint>
#include <limits>
#include <vector>

#include <xcub/device/device_reduce.hpp>
#include <xcub/iterator/cache_modified_input_iterator.hpp>
#include <xcub/reference/reduce.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

using tiny_tuning = tiny_reduce_tuning;
using odd_tuning = odd_reduce_tuning;
using vector_tuning = vector_reduce_tuning;

const std::vector<std::size_t> sizes = {0, 1, 2, 31, 32, 33, 63, 64, 65, 255, 256, 257, 1000, 4096, 4097, 65537};

template <class Tuning, class T, class Out = T>
void check_sum(std::mt19937_64& rng, std::size_t n, std::size_t offset = 0) {
  const std::vector<T> host = small_values<T>(n + offset, rng);
  auto d_in = to_device(host);
  xcub::device_buffer<Out> d_out(1);
  const T* in = d_in.data() + offset;
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceReduceTuned<Tuning>::Sum(t, b, in, d_out.data(), static_cast<long long>(n));
  });
  using accum = decltype(Out{} + T{});
  std::vector<accum> widened(host.begin() + static_cast<std::ptrdiff_t>(offset), host.end());
  const Out want = static_cast<Out>(xcub::reference::reduce(widened, accum{}, [](accum a, accum b) { return a + b; }));
  INFO("n = " << n << ", offset = " << offset);
  xcub_test::check_equal(d_out.download(), std::vector<Out>{want}, "Sum");
}

template <class Tuning, class T>
void check_min_max(std::mt19937_64& rng, std::size_t n) {
  const std::vector<T> host = xcub_test::random_vector<T>(n, rng);
  auto d_in = to_device(host);
  xcub::device_buffer<T> d_min(1), d_max(1);
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduceTuned<Tuning>::Min(t, b, d_in.data(), d_min.data(), n); });
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduceTuned<Tuning>::Max(t, b, d_in.data(), d_max.data(), n); });
  const T lo = xcub::reference::reduce(host, std::numeric_limits<T>::max(), [](T a, T b) { return b < a ? b : a; });
  const T hi = xcub::reference::reduce(host, std::numeric_limits<T>::lowest(), [](T a, T b) { return a < b ? b : a; });
  INFO("n = " << n);
  xcub_test::check_equal(d_min.download(), std::vector<T>{lo}, "Min");
  xcub_test::check_equal(d_max.download(), std::vector<T>{hi}, "Max");
}

struct square {
  XCUB_HOST_DEVICE long long operator()(int x) const { return static_cast<long long>(x) * x; }
};
struct max_abs_diff {  // an operator on a user type that is not a built-in operator
  XCUB_HOST_DEVICE long long operator()(long long a, long long b) const { return a > b ? a : b; }
};

}  // namespace

TEST_CASE("device reduce: Sum of every type over sizes around tiles and grids, several tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce sum");
  for (const std::size_t n : sizes) {
    check_sum<xcub::tuning::reduce, std::int32_t>(rng, n);
    check_sum<tiny_tuning, std::int64_t>(rng, n);
    check_sum<odd_tuning, float>(rng, n);  // small integers: every order gives the exact sum
    check_sum<vector_tuning, double>(rng, n);
    check_sum<vector_tuning, std::int32_t>(rng, n, 1);  // misaligned start: no vector loads
    check_sum<odd_tuning, std::int8_t>(rng, n);         // accumulates in int, as CUB, then narrows
#if XCUB_TEST_MATRIX_FULL
    check_sum<tiny_tuning, std::uint64_t>(rng, n);
#endif
  }
  check_sum<xcub::tuning::reduce, std::int32_t>(rng, 1 << 20);
#if XCUB_TEST_MATRIX_FULL
  check_sum<vector_tuning, std::int16_t, std::int64_t>(rng, 300001, 3);
#endif
}

TEST_CASE("device reduce: a CacheModifiedInputIterator input takes the vector path, aligned or not") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce cache modified");
  for (const std::size_t n : {std::size_t(0), std::size_t(5), std::size_t(256), std::size_t(10001)}) {
    for (const std::size_t offset : {std::size_t(0), std::size_t(1)}) {
      const std::vector<int> host = small_values<int>(n + offset, rng);
      auto d_in = to_device(host);
      xcub::device_buffer<int> d_out(1);
      xcub::CacheModifiedInputIterator<xcub::LOAD_LDG, int> in(d_in.data() + offset);
      two_phase([&](void* t, std::size_t& b) {
        return xcub::DeviceReduceTuned<vector_tuning>::Sum(t, b, in, d_out.data(), n);
      });
      const std::vector<int> tail(host.begin() + static_cast<std::ptrdiff_t>(offset), host.end());
      INFO("n = " << n << ", offset = " << offset);
      xcub_test::check_equal(d_out.download(),
                             std::vector<int>{xcub::reference::reduce(tail, 0, [](int a, int b) { return a + b; })},
                             "Sum through CacheModifiedInputIterator");
    }
  }
}

TEST_CASE("device reduce: Min and Max, empty inputs give the type's extremes") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce min max");
  for (const std::size_t n : sizes) {
    check_min_max<xcub::tuning::reduce, float>(rng, n);
    check_min_max<tiny_tuning, std::int8_t>(rng, n);
#if XCUB_TEST_MATRIX_FULL
    check_min_max<odd_tuning, std::uint64_t>(rng, n);
#endif
    check_min_max<vector_tuning, double>(rng, n);
  }
}

TEST_CASE("device reduce: Reduce with a custom operator and init, TransformReduce") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device reduce custom");
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(77), std::size_t(5000), std::size_t(70001)}) {
    const std::vector<int> host = small_values<int>(n, rng, -3000, 3000);
    auto d_in = to_device(host);
    xcub::device_buffer<long long> d_out(1);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceReduceTuned<odd_tuning>::TransformReduce(t, b, d_in.data(), d_out.data(), n, xcub::Sum{},
                                                                  square{}, 7LL);
    });
    std::vector<long long> squares;
    for (int x : host) squares.push_back(square{}(x));
    xcub_test::check_equal(d_out.download(),
                           std::vector<long long>{xcub::reference::reduce(squares, 7LL, [](long long a, long long b) { return a + b; })},
                           "TransformReduce");
    std::vector<long long> wide(host.begin(), host.end());
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceReduce::Reduce(t, b, d_in.data(), d_out.data(), n, max_abs_diff{}, -5000LL);
    });
    xcub_test::check_equal(d_out.download(), std::vector<long long>{xcub::reference::reduce(wide, -5000LL, max_abs_diff{})},
                           "Reduce max");
  }
}

TEST_CASE("device reduce: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const std::vector<int> host = {1, 2, 3};
  auto d_in = to_device(host);
  xcub::device_buffer<int> d_out(std::vector<int>{42});
  std::size_t bytes = 0;
  CHECK(xcub::DeviceReduce::Sum(nullptr, bytes, d_in.data(), d_out.data(), -1) == xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(xcub::DeviceReduce::Sum(second.data(), second.bytes, static_cast<const int*>(nullptr), d_out.data(), 3) ==
        xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::Sum(second.data(), second.bytes, d_in.data(), static_cast<int*>(nullptr), 3) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::DeviceReduce::Sum(nullptr, bytes, d_in.data(), d_out.data(), 3));
  REQUIRE(bytes > 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(xcub::DeviceReduce::Sum(temp.data(), short_bytes, d_in.data(), d_out.data(), 3) == xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::Min(temp.data(), bytes, d_in.data(), d_out.data(), -5) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>{42}, "untouched output");
  // A null input with no items is fine: the sum of nothing.
  XCUB_TEST_CALL(xcub::DeviceReduce::Sum(second.data(), second.bytes, static_cast<const int*>(nullptr), d_out.data(),
      0));
}

TEST_CASE("device reduce: more than 2^31 int8 items, 64-bit counts (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (!XCUB_BACKEND_CUDA) return;  // gigabytes: the GPU only (the host runs the same code on small inputs)
  const long long n = (1LL << 31) + 1000;
  xcub::device_buffer<std::int8_t> d_in(static_cast<std::size_t>(n));
  XCUB_TEST_CALL(xcub::memset(d_in.data(), 1, static_cast<std::size_t>(n)));
  const std::int8_t tail[2] = {-5, 100};  // past 2^31: only a 64-bit count reaches them
  XCUB_TEST_CALL(xcub::memcpy(d_in.data() + n - 2, tail, 2));
  xcub::device_buffer<long long> d_sum(1);
  xcub::device_buffer<std::int8_t> d_min(1);
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, d_in.data(), d_sum.data(), n); });
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Min(t, b, d_in.data(), d_min.data(), n); });
  xcub_test::check_equal(d_sum.download(), std::vector<long long>{n - 2 - 5 + 100}, "Sum of 2^31 + 1000 items");
  xcub_test::check_equal(d_min.download(), std::vector<std::int8_t>{-5}, "Min of 2^31 + 1000 items");
}
