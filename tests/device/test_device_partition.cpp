// DevicePartition against the oracle (reference/select.hpp): If and Flagged (selected first in
// order, rejected after them in reverse order), the three-way If (CUB's layout and two counts);
// sizes around warp and tile edges, nothing and everything selected, the backend's tuning and tiny
// ones, random schedules on the host; every bad-input error.
#include <cstdint>
#include <vector>

#include <xcub/device/device_partition.hpp>
#include <xcub/reference/select.hpp>

#include "select_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_select_test;

namespace {

using tiny = xcub::DevicePartitionTuned<tiny_select_tuning>;
using odd = xcub::DevicePartitionTuned<odd_select_tuning>;

template <class Facade, class T>
void check_if(std::mt19937_64& rng, std::size_t n, int percent) {
  const std::vector<T> in = percent_values<T>(n, rng);
  const auto want = xcub::reference::partition(in, below{percent});
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_out(n);
  xcub::device_buffer<int> d_count(1);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::If(t, b, d_in.data(), d_out.data(), d_count.data(), n, below{percent});
  });
  INFO("n = " << n << ", " << percent << "% selected");
  xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(want.selected)}, "count");
  xcub_test::check_equal(d_out.download(), want.out, "partitioned items");
}

template <class Facade, class T>
void check_flagged(std::mt19937_64& rng, std::size_t n, int percent) {
  const std::vector<T> in = xcub_test::random_vector<T>(n, rng);
  std::vector<unsigned char> flags(n);
  for (auto& f : flags) f = static_cast<unsigned char>(static_cast<int>(rng() % 100) < percent);
  std::vector<std::size_t> index(n);
  for (std::size_t i = 0; i < n; ++i) index[i] = i;
  const auto order = xcub::reference::partition(index, [&](std::size_t i) { return flags[i] != 0; });
  std::vector<T> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = in[order.out[i]];
  auto d_in = to_device(in);
  auto d_flags = to_device(flags);
  xcub::device_buffer<T> d_out(n);
  xcub::device_buffer<std::int64_t> d_count(1);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::Flagged(t, b, d_in.data(), d_flags.data(), d_out.data(), d_count.data(), std::int64_t(n));
  });
  INFO("n = " << n << ", " << percent << "% flagged");
  xcub_test::check_equal(d_count.download(), std::vector<std::int64_t>{std::int64_t(order.selected)}, "count");
  xcub_test::check_equal(d_out.download(), want, "partitioned items");
}

template <class Facade, class T>
void check_three_way(std::mt19937_64& rng, std::size_t n, int first_bound, int second_bound) {
  const std::vector<T> in = percent_values<T>(n, rng);
  const auto want = xcub::reference::three_way_partition(in, at_least{first_bound}, below{second_bound});
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_first(n + 1), d_second(n + 1), d_unselected(n + 1);
  xcub::device_buffer<unsigned> d_counts(2);
  for (auto* d : {&d_first, &d_second, &d_unselected}) d->fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::If(t, b, d_in.data(), d_first.data(), d_second.data(), d_unselected.data(), d_counts.data(), n,
                      at_least{first_bound}, below{second_bound});
  });
  INFO("n = " << n << ", first >= " << first_bound << ", second < " << second_bound);
  xcub_test::check_equal(d_counts.download(),
                         std::vector<unsigned>{unsigned(want.first.size()), unsigned(want.second.size())}, "counts");
  xcub_test::check_equal(head(d_first, want.first.size()), want.first, "first part");
  xcub_test::check_equal(head(d_second, want.second.size()), want.second, "second part");
  xcub_test::check_equal(head(d_unselected, want.unselected.size()), want.unselected, "unselected");
  // Nothing is written past each part.
  CHECK(untouched(d_first.download()[want.first.size()]));
  CHECK(untouched(d_second.download()[want.second.size()]));
  CHECK(untouched(d_unselected.download()[want.unselected.size()]));
}

}  // namespace

TEST_CASE("device partition: If and Flagged over sizes, selections and tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device partition");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : {0, 1, 2, 31, 32, 33, 64, 65, 287, 288, 289, 1000, 4097}) {
      for (const int percent : {0, 50, 100}) {
        check_if<tiny, int>(r, n, percent);
        check_flagged<odd, int>(r, n, percent);
      }
    }
  });
  for (const std::size_t n : {255, 256, 257, 100000}) {
    check_if<xcub::DevicePartition, int>(rng, n, 50);
    check_flagged<xcub::DevicePartition, int>(rng, n, 90);
  }
  for (const std::size_t n : {1, 1000, 30000}) {
    check_if<odd, std::int8_t>(rng, n, 50);
    check_if<odd, std::int64_t>(rng, n, 10);
#if XCUB_TEST_MATRIX_FULL
    check_if<odd, float>(rng, n, 60);
    check_flagged<odd, double>(rng, n, 50);
#endif
  }
}

TEST_CASE("device partition: three ways, with empty and full parts") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device partition three way");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : {0, 1, 31, 32, 33, 287, 289, 2000}) {
      check_three_way<tiny, int>(r, n, 60, 30);    // three non-empty parts
      check_three_way<odd, int>(r, n, 100, 40);    // no first part
      check_three_way<odd, int>(r, n, 0, 40);      // everything first
      check_three_way<tiny, int>(r, n, 100, 100);  // everything second
      check_three_way<tiny, int>(r, n, 100, 0);    // everything unselected
    }
  });
  check_three_way<xcub::DevicePartition, int>(rng, 100000, 70, 20);
  check_three_way<odd, std::int64_t>(rng, 5000, 50, 50);
#if XCUB_TEST_MATRIX_FULL
  check_three_way<odd, float>(rng, 5000, 80, 10);
#endif
}

TEST_CASE("device partition: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  auto d_in = to_device(std::vector<int>{1, 2, 3, 4});
  auto d_flags = to_device(std::vector<char>{1, 0, 1, 0});
  xcub::device_buffer<int> d_out(4), d_count(2);
  d_out.fill_bytes(0x5A);
  d_count.fill_bytes(0x5A);
  std::size_t bytes = 0;
  REQUIRE(xcub::DevicePartition::If(nullptr, bytes, d_in.data(), d_out.data(), d_count.data(), 4, below{3}) ==
          xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  int* null_int = nullptr;
  char* null_flags = nullptr;
  const auto e = xcub::error_invalid_value;
  int* o = d_out.data();
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, d_count.data(), -1, below{3}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, null_int, o, d_count.data(), 4, below{3}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), null_int, d_count.data(), 4, below{3}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, null_int, 0, below{3}) == e);
  CHECK(xcub::DevicePartition::Flagged(t, bytes, d_in.data(), null_flags, o, d_count.data(), 4) == e);
  CHECK(xcub::DevicePartition::Flagged(t, bytes, d_in.data(), d_flags.data(), o, null_int, 4) == e);
  CHECK(xcub::DevicePartition::Flagged(t, bytes, d_in.data(), d_flags.data(), o, d_count.data(), -3) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, o, null_int, d_count.data(), 4, below{3}, below{2}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, null_int, o, d_count.data(), 4, below{3}, below{2}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), null_int, o, o, d_count.data(), 4, below{3}, below{2}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, null_int, o, o, o, d_count.data(), 4, below{3}, below{2}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, o, o, null_int, 4, below{3}, below{2}) == e);
  CHECK(xcub::DevicePartition::If(t, bytes, d_in.data(), o, o, o, d_count.data(), -1, below{3}, below{2}) == e);
  std::size_t small = 0;
  CHECK(xcub::DevicePartition::If(t, small, d_in.data(), o, d_count.data(), 4, below{3}) == e);
  small = 0;
  CHECK(xcub::DevicePartition::If(t, small, d_in.data(), o, o, o, d_count.data(), 4, below{3}, below{2}) == e);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>(4, 0x5A5A5A5A), "output untouched");
  xcub_test::check_equal(d_count.download(), std::vector<int>(2, 0x5A5A5A5A), "counts untouched");
}
