// DeviceScan: InclusiveSum, ExclusiveSum, InclusiveScan, InclusiveScanInit, ExclusiveScan (a value
// and a FutureValue) against the oracle, on sizes around tile boundaries, with the backend's
// tuning and tiny ones (hundreds of tiles, a partial last warp), non-commutative operators on a
// packed (4-byte) and a split (8-byte) tile status, in place, under random schedules on the host,
// and every bad-input error.
#include <cstdint>
#include <vector>

#include <xcub/device/device_scan.hpp>
#include <xcub/iterator/detail/iterator_facade.hpp>
#include <xcub/reference/scan.hpp>

#include "device_test_support.hpp"
#include "scan_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_scan_test;

namespace {

const std::vector<std::size_t> sizes = {0, 1, 2, 31, 32, 33, 63, 64, 65, 255, 256, 257, 288, 289, 1000, 4095, 4097, 20001};

/// InclusiveSum and ExclusiveSum of small integers as T into Out (the accumulator is T + T's type).
template <class Tuning, class T, class Out = T>
void check_sums(std::mt19937_64& rng, std::size_t n) {
  const std::vector<T> host = small_values<T>(n, rng);
  auto d_in = to_device(host);
  xcub::device_buffer<Out> d_incl(n), d_excl(n);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceScanTuned<Tuning>::InclusiveSum(t, b, d_in.data(), d_incl.data(), n);
  });
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceScanTuned<Tuning>::ExclusiveSum(t, b, d_in.data(), d_excl.data(), static_cast<int>(n));
  });
  using accum = decltype(T{} + T{});
  const std::vector<accum> wide(host.begin(), host.end());
  const auto plus = [](accum a, accum b) { return static_cast<accum>(a + b); };
  const std::vector<accum> incl = xcub::reference::inclusive_scan(wide, plus);
  const std::vector<accum> excl = xcub::reference::exclusive_scan(wide, accum{}, plus);
  INFO("n = " << n);
  xcub_test::check_equal(d_incl.download(), std::vector<Out>(incl.begin(), incl.end()), "InclusiveSum");
  xcub_test::check_equal(d_excl.download(), std::vector<Out>(excl.begin(), excl.end()), "ExclusiveSum");
}

/// Every scan with an operator on random T (affine maps: not commutative), out of place.
template <class Tuning, class T, class Op>
void check_scans(std::mt19937_64& rng, std::size_t n, T (*random)(std::mt19937_64&), T init) {
  std::vector<T> host(n);
  for (auto& x : host) x = random(rng);
  auto d_in = to_device(host);
  xcub::device_buffer<T> d_out(n), d_init(std::vector<T>{init});
  using scan = xcub::DeviceScanTuned<Tuning>;
  INFO("n = " << n);
  two_phase([&](void* t, std::size_t& b) { return scan::InclusiveScan(t, b, d_in.data(), d_out.data(), Op{}, n); });
  xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan(host, Op{}), "InclusiveScan");
  // The core test matrix leaves out the value-init forms with the test tunings: the FutureValue
  // form below takes the same init path.
  if constexpr (every_method<Tuning, xcub::tuning::scan>) {
    two_phase([&](void* t, std::size_t& b) {
      return scan::InclusiveScanInit(t, b, d_in.data(), d_out.data(), Op{}, init, n);
    });
    xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan(host, init, Op{}), "InclusiveScanInit");
    two_phase([&](void* t, std::size_t& b) { return scan::ExclusiveScan(t, b, d_in.data(), d_out.data(), Op{}, init, n); });
    xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, init, Op{}), "ExclusiveScan");
  }
  two_phase([&](void* t, std::size_t& b) {
    return scan::ExclusiveScan(t, b, d_in.data(), d_out.data(), Op{}, xcub::FutureValue<T>(d_init.data()), n);
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, init, Op{}),
                         "ExclusiveScan (FutureValue)");
}

xcub_test::affine random_affine(std::mt19937_64& rng) { return xcub_test::random_affine(rng); }

/// Writes through it keep only every `stride`-th item (at samples[i / stride]) and the last one (at
/// samples[n / stride + 1]): checks of scans too large to store.
struct sample_ref {
  long long* samples;
  std::int64_t i, n, stride;
  XCUB_HOST_DEVICE const sample_ref& operator=(long long v) const {
    if (i % stride == 0) samples[i / stride] = v;
    if (i == n - 1) samples[n / stride + 1] = v;
    return *this;
  }
};
class sampled_output : public xcub::detail::iterator_facade<sampled_output, void, sample_ref, std::int64_t> {
  using base = xcub::detail::iterator_facade<sampled_output, void, sample_ref, std::int64_t>;
  friend base;

 public:
  sampled_output(long long* samples, std::int64_t n, std::int64_t stride) : samples_(samples), n_(n), stride_(stride) {}

 private:
  XCUB_HOST_DEVICE sample_ref dereference(std::int64_t k) const { return {samples_, pos_ + k, n_, stride_}; }
  XCUB_HOST_DEVICE void advance(std::int64_t k) { pos_ += k; }
  XCUB_HOST_DEVICE std::int64_t distance_from(const sampled_output& o) const { return pos_ - o.pos_; }
  XCUB_HOST_DEVICE bool equal(const sampled_output& o) const { return pos_ == o.pos_; }
  long long* samples_;
  std::int64_t pos_ = 0, n_, stride_;
};

struct halve {
  XCUB_HOST_DEVICE double operator()(long long x) const { return static_cast<double>(x) / 2; }
};

struct mod3 {
  XCUB_HOST_DEVICE std::int8_t operator()(std::uint64_t i) const { return static_cast<std::int8_t>(i % 3); }
};
struct wide_plus {
  XCUB_HOST_DEVICE long long operator()(long long a, long long b) const { return a + b; }
};

}  // namespace

TEST_CASE("device scan: sums of every type over sizes around tiles, several tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan sums");
  for (const std::size_t n : sizes) {
    check_sums<xcub::tuning::scan, std::int32_t>(rng, n);
    check_sums<tiny_tuning, std::int32_t>(rng, n);
    check_sums<odd_tuning, float>(rng, n);  // small integers: exact in any grouping
    check_sums<xcub::tuning::scan, std::int8_t, int>(rng, n);  // accumulates in int, as CUB
#if XCUB_TEST_MATRIX_FULL
    check_sums<tiny_tuning, std::int64_t>(rng, n);
    check_sums<mixed_tuning, double>(rng, n);
    check_sums<tiny_tuning, std::uint64_t>(rng, n);
#endif
  }
}

TEST_CASE("device scan: non-commutative operators, packed and split tile status, random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan affine");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(33), std::size_t(97), std::size_t(289),
                                std::size_t(3001), std::size_t(9000)}) {
      check_scans<tiny_tuning, affine16, compose16>(r, n, random_affine16, affine16{1, 0});
      check_scans<tiny_tuning, xcub_test::affine, xcub_test::compose>(r, n, random_affine, xcub_test::affine_identity);
#if XCUB_TEST_MATRIX_FULL
      check_scans<odd_tuning, affine16, compose16>(r, n, random_affine16, affine16{3, 5});
#endif
      check_scans<xcub::tuning::scan, xcub_test::affine, xcub_test::compose>(r, n, random_affine,
                                                                           xcub_test::affine{7, 9});
      check_scans<mixed_tuning, xcub_test::affine, xcub_test::compose>(r, n, random_affine, xcub_test::affine{3, 1});
    }
  });
}

/// Every scan the pipelined agent takes (sums, integer Min and Max, with and without initial
/// values) on random T, out of place and in place, against the oracle.
template <class Tuning, class T>
void check_pipelined(std::mt19937_64& rng, std::size_t n) {
  const std::vector<T> host = small_values<T>(n, rng);
  using scan = xcub::DeviceScanTuned<Tuning>;
  const auto plus = [](T a, T b) { return static_cast<T>(a + b); };
  INFO("n = " << n);
  auto d_in = to_device(host);
  xcub::device_buffer<T> d_out(n), d_init(std::vector<T>{T(5)});
  two_phase([&](void* t, std::size_t& b) { return scan::InclusiveSum(t, b, d_in.data(), d_out.data(), n); });
  xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan(host, plus), "InclusiveSum");
  two_phase([&](void* t, std::size_t& b) { return scan::ExclusiveSum(t, b, d_in.data(), d_out.data(), n); });
  xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, T(0), plus), "ExclusiveSum");
  two_phase([&](void* t, std::size_t& b) {
    return scan::InclusiveScanInit(t, b, d_in.data(), d_out.data(), xcub::Sum{}, T(-3), n);
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan(host, T(-3), plus), "InclusiveScanInit");
  two_phase([&](void* t, std::size_t& b) {
    return scan::ExclusiveScan(t, b, d_in.data(), d_out.data(), xcub::Sum{}, xcub::FutureValue<T>(d_init.data()), n);
  });
  xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, T(5), plus), "ExclusiveScan (FutureValue)");
  if constexpr (std::is_integral_v<T>) {
    const auto max = [](T a, T b) { return a < b ? b : a; };
    const auto min = [](T a, T b) { return b < a ? b : a; };
    two_phase([&](void* t, std::size_t& b) { return scan::InclusiveScan(t, b, d_in.data(), d_out.data(), xcub::Max{}, n); });
    xcub_test::check_equal(d_out.download(), xcub::reference::inclusive_scan(host, max), "InclusiveScan Max");
    two_phase([&](void* t, std::size_t& b) {
      return scan::ExclusiveScan(t, b, d_in.data(), d_out.data(), xcub::Min{}, T(2), n);
    });
    xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, T(2), min), "ExclusiveScan Min");
  }
  // In place (one pointer), then a misaligned view (one item in): agent_scan's path with the same
  // temp storage size.
  two_phase([&](void* t, std::size_t& b) { return scan::InclusiveSum(t, b, d_in.data(), n); });
  xcub_test::check_equal(d_in.download(), xcub::reference::inclusive_scan(host, plus), "InclusiveSum in place");
  if (n > 1) {
    d_in.upload(host);
    const std::vector<T> tail(host.begin() + 1, host.end());
    two_phase([&](void* t, std::size_t& b) {
      return scan::ExclusiveSum(t, b, d_in.data() + 1, d_out.data() + 1, n - 1);
    });
    std::vector<T> got = d_out.download();
    got.erase(got.begin());
    xcub_test::check_equal(got, xcub::reference::exclusive_scan(tail, T(0), plus), "ExclusiveSum misaligned");
  }
}

TEST_CASE("device scan: the pipelined agent (small rings), every scan it takes, in place, random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan pipelined");
  for (const std::size_t n : pipelined_sizes()) {
    check_pipelined<pipelined_tuning, std::int32_t>(rng, n);
    check_pipelined<pipelined_deep_tuning, float>(rng, n);  // small integers: exact in any grouping
    check_pipelined<pipelined_tuning, std::int64_t>(rng, n);
#if XCUB_TEST_MATRIX_FULL
    check_pipelined<pipelined_deep_tuning, std::uint32_t>(rng, n);
    check_pipelined<pipelined_tuning, double>(rng, n);
#endif
  }
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_pipelined<pipelined_tuning, std::int32_t>(r, 9000);
    check_pipelined<pipelined_deep_tuning, std::int64_t>(r, 7001);
  });
}

/// The sm_90 ring (7 stages of 8192 4-byte items, 4 consumer warps, 8 tiles per poll) from 2 tiles:
/// the shape DeviceScan runs on an H100 or H200 from 2^26 items, on inputs the sanitizers can take.
struct sm90_ring_tuning {
  template <class T>
  static constexpr xcub::detail::scan_policy policy(int arch) {
    return xcub::tuning::scan::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    return {7, 8192, 4, 2, 8, 0};
  }
};

TEST_CASE("device scan: the pipelined agent with the sm_90 ring (GPU only)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    auto rng = xcub_test::rng_for("device scan sm90 ring");
    for (const std::size_t n : {std::size_t(8193), std::size_t(300000), std::size_t(1) << 21, (std::size_t(1) << 22) + 5}) {
      check_pipelined<sm90_ring_tuning, std::int32_t>(rng, n);
      check_pipelined<sm90_ring_tuning, float>(rng, n);
    }
  }
}

TEST_CASE("device scan: in place, through the one-pointer overloads and with out == in") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan in place");
  for (const std::size_t n : {std::size_t(1), std::size_t(64), std::size_t(1000), std::size_t(50001)}) {
    const std::vector<int> host = small_values<int>(n, rng);
    const auto plus = [](int a, int b) { return a + b; };
    auto d = to_device(host);
    two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScanTuned<odd_tuning>::InclusiveSum(t, b, d.data(), n); });
    xcub_test::check_equal(d.download(), xcub::reference::inclusive_scan(host, plus), "InclusiveSum in place");
    d.upload(host);
    two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSum(t, b, d.data(), d.data(), n); });
    xcub_test::check_equal(d.download(), xcub::reference::exclusive_scan(host, 0, plus), "ExclusiveSum in place");
    d.upload(host);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceScanTuned<tiny_tuning>::ExclusiveScan(t, b, d.data(), xcub::Max{}, -1000, n);
    });
    const auto max = [](int a, int b) { return a < b ? b : a; };
    xcub_test::check_equal(d.download(), xcub::reference::exclusive_scan(host, -1000, max), "ExclusiveScan in place");
    std::vector<xcub_test::affine> maps(n);
    for (auto& m : maps) m = xcub_test::random_affine(rng);
    auto d_maps = to_device(maps);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceScanTuned<mixed_tuning>::InclusiveScan(t, b, d_maps.data(), xcub_test::compose{}, n);
    });
    xcub_test::check_equal(d_maps.download(), xcub::reference::inclusive_scan(maps, xcub_test::compose{}),
                           "InclusiveScan in place");
  }
}

TEST_CASE("device scan: fancy iterators in and out (counting input, transform output)") {
  XCUB_TEST_CONTEXT();
  for (const std::size_t n : {std::size_t(1), std::size_t(100), std::size_t(3000)}) {
    const xcub::CountingInputIterator<long long> in(-50);
    xcub::device_buffer<long long> d_out(n);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceScanTuned<tiny_tuning>::ExclusiveScan(t, b, in, d_out.data(), xcub::Sum{}, 1000LL, n);
    });
    std::vector<long long> host(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = -50 + static_cast<long long>(i);
    const auto plus = [](long long a, long long b) { return a + b; };
    INFO("n = " << n);
    xcub_test::check_equal(d_out.download(), xcub::reference::exclusive_scan(host, 1000LL, plus), "counting input");
    xcub::device_buffer<double> d_half(n);
    const auto half_out = xcub::make_transform_output_iterator(d_half.data(), halve{});
    two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScanTuned<odd_tuning>::InclusiveSum(t, b, in, half_out, n); });
    std::vector<double> want;
    for (long long v : xcub::reference::inclusive_scan(host, plus)) want.push_back(static_cast<double>(v) / 2);
    xcub_test::check_equal(d_half.download(), want, "transform output");
  }
}

TEST_CASE("device scan: many tiles under several random schedules (the look-back waits and reorders)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan schedules");
  // Three rounds of schedules in the full test matrix, one in the core one (docs/testing.md).
  for (int round = 0; round < (XCUB_TEST_MATRIX_FULL ? 3 : 1); ++round) {
    xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
      check_sums<tiny_tuning, std::int32_t>(r, 5000);
      check_scans<tiny_tuning, xcub_test::affine, xcub_test::compose>(r, 2100, random_affine, xcub_test::affine{5, 2});
    });
  }
}

TEST_CASE("device scan: large inputs (2^20 of each kind, 2^24 once)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device scan large");
  check_sums<xcub::tuning::scan, std::int32_t>(rng, std::size_t(1) << 20);
#if XCUB_TEST_MATRIX_FULL
  check_sums<xcub::tuning::scan, std::int8_t, long long>(rng, (std::size_t(1) << 20) + 77);
  check_scans<xcub::tuning::scan, affine16, compose16>(rng, (std::size_t(1) << 18) + 3, random_affine16,
                                                       affine16{1, 0});
#else
  check_sums<xcub::tuning::scan, std::int8_t, int>(rng, (std::size_t(1) << 20) + 77);
#endif
  // 2^24 items: in the full matrix; the core one's builds (warp width 64, the sanitizer) stop at
  // 2^20, which already spans hundreds of tiles and every look-back window.
  const std::size_t big = std::size_t(1) << (XCUB_TEST_MATRIX_FULL ? 24 : 20);
  std::vector<int> ones(big, 1);
  auto d = to_device(ones);
  two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSum(t, b, d.data(), big); });
  const std::vector<int> got = d.download();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < big; ++i) bad += got[i] != static_cast<int>(i + 1);
  CHECK(bad == 0);
}

TEST_CASE("device scan: 2^31 + 1000 int8 items into int64 sums (64-bit offsets; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    // in[i] = i % 3 as int8, computed on the fly; the sums, accumulated in int64, are sampled.
    const std::int64_t n = (std::int64_t(1) << 31) + 1000, stride = (std::int64_t(1) << 20) + 7;
    const xcub::TransformInputIterator<std::int8_t, mod3, xcub::CountingInputIterator<std::uint64_t>> in(
        xcub::CountingInputIterator<std::uint64_t>(0), mod3{});
    const std::size_t slots = static_cast<std::size_t>(n / stride + 2);
    xcub::device_buffer<long long> d_samples(std::vector<long long>(slots, -1));
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceScan::InclusiveScan(t, b, in, sampled_output(d_samples.data(), n, stride), wide_plus{}, n);
    });
    std::vector<long long> want(slots);
    const auto sum_to = [](std::int64_t i) {  // in[0] + ... + in[i]
      const std::int64_t m = i + 1;
      return 3 * (m / 3) + (m % 3 == 2 ? 1 : 0);
    };
    for (std::size_t k = 0; k + 1 < slots; ++k) want[k] = sum_to(static_cast<std::int64_t>(k) * stride);
    want[slots - 1] = sum_to(n - 1);
    xcub_test::check_equal(d_samples.download(), want, "sampled sums");
  }
}

TEST_CASE("device scan: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const std::vector<int> host = {1, 2, 3};
  auto d_in = to_device(host);
  xcub::device_buffer<int> d_out(std::vector<int>{42, 42, 42});
  using scan = xcub::DeviceScanTuned<tiny_tuning>;
  const int* null_in = nullptr;
  int* null_out = nullptr;
  std::size_t bytes = 0;
  CHECK(scan::InclusiveSum(nullptr, bytes, d_in.data(), d_out.data(), -1) == xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(scan::InclusiveSum(second.data(), second.bytes, null_in, d_out.data(), 3) == xcub::error_invalid_value);
  CHECK(scan::InclusiveSum(second.data(), second.bytes, d_in.data(), null_out, 3) == xcub::error_invalid_value);
  CHECK(scan::ExclusiveSum(nullptr, bytes, d_in.data(), d_out.data(), -3LL) == xcub::error_invalid_value);
  CHECK(scan::InclusiveScan(second.data(), second.bytes, null_in, d_out.data(), xcub::Max{},
      3) == xcub::error_invalid_value);
  CHECK(scan::ExclusiveScan(second.data(), second.bytes, d_in.data(), null_out, xcub::Max{}, 0,
      3) == xcub::error_invalid_value);
  CHECK(scan::ExclusiveScan(second.data(), second.bytes, d_in.data(), d_out.data(), xcub::Sum{},
        xcub::FutureValue<int>(null_out), 3) ==
        xcub::error_invalid_value);
  CHECK(scan::InclusiveScanInit(nullptr, bytes, d_in.data(), d_out.data(), xcub::Sum{}, 1, -1) ==
        xcub::error_invalid_value);
  XCUB_TEST_CALL(scan::InclusiveSum(nullptr, bytes, d_in.data(), d_out.data(), 3));
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  std::size_t short_bytes = bytes - 1;
  CHECK(scan::InclusiveSum(temp.data(), short_bytes, d_in.data(), d_out.data(), 3) == xcub::error_invalid_value);
  CHECK(scan::ExclusiveSum(temp.data(), short_bytes, d_in.data(), d_out.data(), 3) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>{42, 42, 42}, "untouched output");
  // Nothing to scan: null pointers are fine and nothing is written.
  XCUB_TEST_CALL(scan::InclusiveSum(second.data(), second.bytes, null_in, null_out, 0));
  REQUIRE(bytes >= 1);
  XCUB_TEST_CALL(scan::InclusiveSum(temp.data(), bytes, null_in, null_out, 0));
}
