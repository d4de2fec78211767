// DeviceAdjacentDifference: SubtractLeftCopy, SubtractRightCopy, SubtractLeft, SubtractRight (in
// place) against the oracle; sizes 0, 1, around the warp and the tile, many tiles (tiny tunings, the
// host emulator's random schedule: in place, a tile must not see a neighbour already written); a
// non-commutative op; another output type; iterator inputs; 64-bit and unsigned counts; every bad input.
#include <cstdint>
#include <limits>
#include <vector>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/reference/transform.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

template <int THREADS, int ITEMS, xcub::BlockLoadAlgorithm LOAD, xcub::BlockStoreAlgorithm STORE>
struct adj_tuning {
  template <class T>
  static constexpr xcub::detail::adjacent_difference_policy policy(int) {
    return {THREADS, ITEMS, LOAD, STORE};
  }
};
constexpr int W = xcub::arch::warp_threads;
using tiny = adj_tuning<W, 1, xcub::BLOCK_LOAD_DIRECT, xcub::BLOCK_STORE_DIRECT>;
using odd = adj_tuning<W, 3, xcub::BLOCK_LOAD_TRANSPOSE, xcub::BLOCK_STORE_TRANSPOSE>;
using host_default = xcub::tuning::adjacent_difference;

struct skew {  // not commutative: which item is the neighbour shows
  XCUB_HOST_DEVICE int operator()(int a, int b) const { return 2 * a - 3 * b; }
};
struct square {
  XCUB_HOST_DEVICE long long operator()(long long i) const { return i * i; }
};

template <class Tuning, class T>
std::vector<std::size_t> sizes_for() {
  const std::size_t tile = static_cast<std::size_t>(Tuning::template policy<T>(0).tile_items());
  return {0, 1, 2, W - 1u, W + 1u, tile - 1, tile, tile + 1, 2 * tile, 7 * tile + 5, 2000};
}

/// The four methods on `in` (the in-place ones where Out is T), every output compared.
template <class Tuning, class T, class Out, class Op>
void check_all(const std::vector<T>& in, Op op) {
  using adj = xcub::DeviceAdjacentDifferenceTuned<Tuning>;
  const auto n = static_cast<std::int64_t>(in.size());
  INFO("n = " << n);
  const auto d_in = to_device(in);
  xcub::device_buffer<Out> d_out(in.size());
  two_phase([&](void* t, std::size_t& b) { return adj::SubtractLeftCopy(t, b, d_in.data(), d_out.data(), n, op); });
  CHECK(d_out.download() == xcub::reference::adjacent_difference_left<Out>(in, op));
  two_phase([&](void* t, std::size_t& b) { return adj::SubtractRightCopy(t, b, d_in.data(), d_out.data(), n, op); });
  CHECK(d_out.download() == xcub::reference::adjacent_difference_right<Out>(in, op));
  if constexpr (std::is_same_v<T, Out>) {
    auto d_io = to_device(in);
    two_phase([&](void* t, std::size_t& b) { return adj::SubtractLeft(t, b, d_io.data(), n, op); });
    CHECK(d_io.download() == xcub::reference::adjacent_difference_left<T>(in, op));
    d_io.upload(in);
    two_phase([&](void* t, std::size_t& b) { return adj::SubtractRight(t, b, d_io.data(), n, op); });
    CHECK(d_io.download() == xcub::reference::adjacent_difference_right<T>(in, op));
  }
}

template <class Tuning>
void check_tuning(std::mt19937_64& rng) {
  for (const std::size_t n : sizes_for<Tuning, int>()) {
    check_all<Tuning, int, int>(small_values<int>(n, rng, -1000, 1000), skew{});
    check_all<Tuning, std::uint8_t, int>(small_values<std::uint8_t>(n, rng, 0, 255), xcub::Difference{});
#if XCUB_TEST_MATRIX_FULL
    check_all<Tuning, double, double>(small_values<double>(n, rng), xcub::Difference{});
#endif
  }
}

}  // namespace

TEST_CASE("device adjacent difference: left and right, copy and in place, over sizes and tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device adjacent difference");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_tuning<tiny>(r);
    check_tuning<odd>(r);
    check_tuning<host_default>(r);
  });
}

TEST_CASE("device adjacent difference: iterator input, unsigned and 64-bit counts") {
  XCUB_TEST_CONTEXT();
  const std::size_t n = 1000;
  xcub::TransformInputIterator<long long, square, xcub::CountingInputIterator<long long>> squares(
      xcub::CountingInputIterator<long long>(-300), square{});
  std::vector<long long> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = squares[static_cast<std::ptrdiff_t>(i)];
  xcub::device_buffer<long long> d_out(n);
  using adj = xcub::DeviceAdjacentDifferenceTuned<tiny>;
  two_phase([&](void* t, std::size_t& b) { return adj::SubtractLeftCopy(t, b, squares, d_out.data(), n); });
  CHECK(d_out.download() == xcub::reference::adjacent_difference_left<long long>(host, xcub::Difference{}));
  two_phase([&](void* t, std::size_t& b) {
    return adj::SubtractRightCopy(t, b, squares, d_out.data(), static_cast<unsigned>(n));
  });
  CHECK(d_out.download() == xcub::reference::adjacent_difference_right<long long>(host, xcub::Difference{}));
  auto d_io = to_device(host);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceAdjacentDifference::SubtractLeft(t, b, d_io.data(), static_cast<std::uint64_t>(n));
  });
  CHECK(d_io.download() == xcub::reference::adjacent_difference_left<long long>(host, xcub::Difference{}));
}

TEST_CASE("device adjacent difference: bad input returns error_invalid_value and writes nothing") {
  using adj = xcub::DeviceAdjacentDifferenceTuned<tiny>;
  const std::vector<int> in(100, 7);
  const std::vector<int> sentinel(100, -5);
  auto d_in = to_device(in);
  auto d_out = to_device(sentinel);
  std::size_t bytes = 0;
  REQUIRE(adj::SubtractLeft(nullptr, bytes, d_in.data(), 100) == xcub::success);
  const std::size_t in_place_bytes = bytes;
  REQUIRE(in_place_bytes > 1);  // one item per tile
  xcub::device_buffer<unsigned char> temp(in_place_bytes);
  void* t = temp.data();
  SUBCASE("negative counts") {
    CHECK(adj::SubtractLeftCopy(t, bytes, d_in.data(), d_out.data(), -1) == xcub::error_invalid_value);
    CHECK(adj::SubtractRightCopy(t, bytes, d_in.data(), d_out.data(), -1) == xcub::error_invalid_value);
    CHECK(adj::SubtractLeft(t, bytes, d_out.data(), std::int64_t{-3}) == xcub::error_invalid_value);
    CHECK(adj::SubtractRight(t, bytes, d_out.data(), -1) == xcub::error_invalid_value);
  }
  SUBCASE("null pointers with items") {
    CHECK(adj::SubtractLeftCopy(t, bytes, static_cast<int*>(nullptr), d_out.data(), 100) == xcub::error_invalid_value);
    CHECK(adj::SubtractRightCopy(t, bytes, d_in.data(), static_cast<int*>(nullptr), 100) == xcub::error_invalid_value);
    CHECK(adj::SubtractLeft(t, bytes, static_cast<int*>(nullptr), 100) == xcub::error_invalid_value);
    CHECK(adj::SubtractRight(t, bytes, static_cast<int*>(nullptr), 100) == xcub::error_invalid_value);
    // no items: null pointers are fine
    std::size_t b = 0;
    CHECK(adj::SubtractLeftCopy(nullptr, b, static_cast<int*>(nullptr), static_cast<int*>(nullptr), 0) == xcub::success);
  }
  SUBCASE("temp storage too small") {
    std::size_t small = in_place_bytes - 1;
    CHECK(adj::SubtractLeft(t, small, d_out.data(), 100) == xcub::error_invalid_value);
    CHECK(adj::SubtractRight(t, small, d_out.data(), 100) == xcub::error_invalid_value);
    std::size_t none = 0;
    CHECK(adj::SubtractLeftCopy(t, none, d_in.data(), d_out.data(), 100) == xcub::error_invalid_value);
    CHECK(adj::SubtractRightCopy(t, none, d_in.data(), d_out.data(), 100) == xcub::error_invalid_value);
  }
  XCUB_TEST_CALL(xcub::device_synchronize());
  CHECK(d_out.download() == sentinel);
  CHECK(d_in.download() == in);
}
