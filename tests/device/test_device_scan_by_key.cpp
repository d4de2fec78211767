// DeviceScan by key: InclusiveSumByKey, ExclusiveSumByKey, InclusiveScanByKey, ExclusiveScanByKey
// against the oracle: runs of every length (one item, across many tiles), custom equality,
// non-commutative operators, in place, several tunings and random schedules, bad input.
#include <cstdint>
#include <vector>

#include <xcub/device/device_scan.hpp>
#include <xcub/reference/scan_by_key.hpp>

#include "device_test_support.hpp"
#include "scan_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_scan_test;

namespace {

/// Keys in runs: mostly short, some long (up to `long_run`), so that runs end inside tiles, at tile
/// boundaries and far beyond them.
template <class K>
std::vector<K> run_keys(std::size_t n, std::mt19937_64& rng, std::size_t long_run) {
  std::vector<K> keys;
  keys.reserve(n);
  K key = K(1);
  while (keys.size() < n) {
    const std::size_t pick = rng() % 8;
    const std::size_t len = pick < 5 ? 1 + rng() % 4 : pick < 7 ? 1 + rng() % 40 : 1 + rng() % long_run;
    for (std::size_t i = 0; i < len && keys.size() < n; ++i) keys.push_back(key);
    key = static_cast<K>(key + 1 + static_cast<K>(rng() % 3));  // neighbouring runs differ (same_tens may join them)
  }
  return keys;
}

/// Keys whose tens agree are equal (a user equality that is not ==).
struct same_tens {
  XCUB_HOST_DEVICE bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
const auto equal = [](const auto& a, const auto& b) { return a == b; };

template <class Tuning, class K, class T>
void check_sums(std::mt19937_64& rng, std::size_t n) {
  const std::vector<K> keys = run_keys<K>(n, rng, 3000);
  const std::vector<T> values = small_values<T>(n, rng);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<T> d_out(n);
  using scan = xcub::DeviceScanTuned<Tuning>;
  using accum = decltype(T{} + T{});
  const std::vector<accum> wide(values.begin(), values.end());
  const auto plus = [](accum a, accum b) { return static_cast<accum>(a + b); };
  INFO("n = " << n);
  two_phase([&](void* t, std::size_t& b) {
    return scan::InclusiveSumByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), n);
  });
  auto want = xcub::reference::inclusive_scan_by_key(keys, wide, plus, equal);
  xcub_test::check_equal(d_out.download(), std::vector<T>(want.begin(), want.end()), "InclusiveSumByKey");
  two_phase([&](void* t, std::size_t& b) {
    return scan::ExclusiveSumByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), static_cast<long long>(n));
  });
  want = xcub::reference::exclusive_scan_by_key(keys, wide, accum{}, plus, equal);
  xcub_test::check_equal(d_out.download(), std::vector<T>(want.begin(), want.end()), "ExclusiveSumByKey");
}

template <class Tuning, class T, class Op>
void check_scans(std::mt19937_64& rng, std::size_t n, T (*random)(std::mt19937_64&), T init) {
  const std::vector<int> keys = run_keys<int>(n, rng, 500);
  std::vector<T> values(n);
  for (auto& v : values) v = random(rng);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<T> d_out(n);
  using scan = xcub::DeviceScanTuned<Tuning>;
  INFO("n = " << n);
  two_phase([&](void* t, std::size_t& b) {
    return scan::InclusiveScanByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), Op{}, n);
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan_by_key(keys, values, Op{}, equal),
                         "InclusiveScanByKey");
  two_phase([&](void* t, std::size_t& b) {
    return scan::ExclusiveScanByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), Op{}, init, n, same_tens{});
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan_by_key(keys, values, init, Op{}, same_tens{}),
                         "ExclusiveScanByKey (same tens)");
  // In place: values out == values in.
  two_phase([&](void* t, std::size_t& b) {
    return scan::ExclusiveScanByKey(t, b, d_keys.data(), d_values.data(), d_values.data(), Op{}, init, n);
  });
  xcub_test::check_equal(d_values.download(), xcub::reference::exclusive_scan_by_key(keys, values, init, Op{}, equal),
                         "ExclusiveScanByKey in place");
}

xcub_test::affine random_affine(std::mt19937_64& rng) { return xcub_test::random_affine(rng); }

}  // namespace

TEST_CASE("device scan by key: the oracle and the device agree with a hand-written table") {
  XCUB_TEST_CONTEXT();
  const std::vector<int> keys = {1, 1, 2, 2, 2, 3, 1, 1};
  const std::vector<int> values = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<int> inclusive = {1, 3, 3, 7, 12, 6, 7, 15};
  const std::vector<int> exclusive = {10, 11, 10, 13, 17, 10, 10, 17};
  const auto plus = [](int a, int b) { return a + b; };
  CHECK(xcub::reference::inclusive_scan_by_key(keys, values, plus, equal) == inclusive);
  CHECK(xcub::reference::exclusive_scan_by_key(keys, values, 10, plus, equal) == exclusive);
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<int> d_out(keys.size());
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceScan::InclusiveSumByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), 8);
  });
  xcub_test::check_equal(d_out.download(), inclusive, "InclusiveSumByKey");
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceScan::ExclusiveScanByKey(t, b, d_keys.data(), d_values.data(), d_out.data(), xcub::Sum{}, 10, 8);
  });
  xcub_test::check_equal(d_out.download(), exclusive, "ExclusiveScanByKey");
}

TEST_CASE("device scan by key: sums over key and value types, sizes around tiles, several tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan by key sums");
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(32), std::size_t(33),
                              std::size_t(255), std::size_t(257), std::size_t(289), std::size_t(4097),
                              std::size_t(30001)}) {
    check_sums<xcub::tuning::scan, int, std::int32_t>(rng, n);
    check_sums<odd_tuning, std::int8_t, float>(rng, n);
    check_sums<mixed_tuning, int, double>(rng, n);
#if XCUB_TEST_MATRIX_FULL
    check_sums<tiny_tuning, std::uint64_t, std::int64_t>(rng, n);
#endif
  }
  check_sums<xcub::tuning::scan, int, std::int32_t>(rng, std::size_t(1) << 19);
}

TEST_CASE("device scan by key: non-commutative operators, custom equality, in place, random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan by key affine");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    for (const std::size_t n : {std::size_t(1), std::size_t(40), std::size_t(97), std::size_t(1000), std::size_t(7001)}) {
      check_scans<tiny_tuning, xcub_test::affine, xcub_test::compose>(r, n, random_affine, xcub_test::affine{3, 4});
      check_scans<odd_tuning, affine16, compose16>(r, n, random_affine16, affine16{1, 0});
#if XCUB_TEST_MATRIX_FULL
      check_scans<xcub::tuning::scan, xcub_test::affine, xcub_test::compose>(r, n, random_affine,
                                                                           xcub_test::affine_identity);
#endif
    }
  });
}

TEST_CASE("device scan by key: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  auto d_keys = to_device(std::vector<int>{1, 1, 2});
  auto d_values = to_device(std::vector<int>{1, 2, 3});
  xcub::device_buffer<int> d_out(std::vector<int>{42, 42, 42});
  const int* null_in = nullptr;
  int* null_out = nullptr;
  std::size_t bytes = 0;
  using scan = xcub::DeviceScan;
  second_call second;  // the data pointers are checked in the second call
  CHECK(scan::InclusiveSumByKey(second.data(), second.bytes, null_in, d_values.data(), d_out.data(),
      3) == xcub::error_invalid_value);
  CHECK(scan::ExclusiveSumByKey(second.data(), second.bytes, d_keys.data(), null_in, d_out.data(),
      3) == xcub::error_invalid_value);
  CHECK(scan::InclusiveScanByKey(second.data(), second.bytes, d_keys.data(), d_values.data(), null_out, xcub::Sum{},
        3) ==
        xcub::error_invalid_value);
  CHECK(scan::ExclusiveScanByKey(nullptr, bytes, d_keys.data(), d_values.data(), d_out.data(), xcub::Sum{}, 0, -2) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(scan::InclusiveSumByKey(nullptr, bytes, d_keys.data(), d_values.data(), d_out.data(), 3));
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(scan::InclusiveSumByKey(temp.data(), short_bytes, d_keys.data(), d_values.data(), d_out.data(), 3) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>{42, 42, 42}, "untouched output");
  XCUB_TEST_CALL(scan::ExclusiveSumByKey(second.data(), second.bytes, null_in, null_in, null_out, 0));
}
