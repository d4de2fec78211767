// CUB's utilities under xcub's names: ShuffleUp / ShuffleDown / ShuffleIndex / WarpMask against a
// sequential model of each lane, Uninitialized, MergePath against a sequential merge, the device
// queries (MaxSmOccupancy, PtxVersion, SmVersion, DeviceCount, CurrentDevice, SyncStream), the debug
// macros, and the operator traits that pick fast paths (static checks for every functor CUB code
// passes).
#include "test_support.hpp"

#include <algorithm>
#include <functional>

#include <xcub/util_debug.hpp>
#include <xcub/util_device.hpp>
#include <xcub/util_ptx.hpp>
#include <xcub/util_type.hpp>
#include <xcub/detail/radix/decomposer.hpp>
#include <xcub/device/detail/agent/agent_scan_pipelined.hpp>
#include <xcub/device/detail/dispatch/dispatch_scan.hpp>
#include <xcub/reference/scan.hpp>

namespace arch = xcub::arch;

// ---- operator traits -------------------------------------------------------------------------------
namespace {
using xcub::detail::is_max_op_v;
using xcub::detail::is_min_op_v;
using xcub::detail::is_sum_op_v;
static_assert(is_sum_op_v<xcub::Sum, int> && is_sum_op_v<const xcub::Sum, float> && is_sum_op_v<xcub::Sum&, int>);
static_assert(is_sum_op_v<std::plus<>, int> && is_sum_op_v<std::plus<int>, int> && is_sum_op_v<std::plus<double>, double>);
static_assert(!is_sum_op_v<std::plus<short>, int>, "a sum in another type is not a sum on T");
static_assert(is_min_op_v<xcub::Min, int> && is_max_op_v<xcub::Max, unsigned>);
static_assert(!is_sum_op_v<xcub::Max, int> && !is_min_op_v<std::less<>, int> && !is_sum_op_v<std::multiplies<>, int>);
#if XCUB_DETAIL_HAS_LIBCUDACXX_OPERATORS
static_assert(is_sum_op_v<::cuda::std::plus<>, int> && is_sum_op_v<::cuda::std::plus<float>, float>);
static_assert(is_min_op_v<::cuda::minimum<>, int> && is_min_op_v<::cuda::minimum<int>, int>);
static_assert(is_max_op_v<::cuda::maximum<>, unsigned> && is_max_op_v<::cuda::maximum<unsigned>, unsigned>);
static_assert(xcub::detail::commutes_on<::cuda::std::plus<>, float> && xcub::detail::commutes_on<::cuda::minimum<>, int>);
#endif
// the pipelined scan's reordering reducer, which keys on the operator, takes std:: and xcub's alike
static_assert(xcub::detail::commutes_on<std::plus<>, int> && xcub::detail::commutes_on<xcub::Sum, int>);
static_assert(xcub::detail::commutes_on<xcub::Max, long long> && !xcub::detail::commutes_on<xcub::Max, float>);
static_assert(xcub::detail::identity_of<std::plus<>, int>() == 0 && xcub::detail::identity_of<xcub::Min, int>() == 2147483647);
static_assert(xcub::detail::pipelinable<int, const int*, int*, std::plus<>> &&
              xcub::detail::pipelinable<int, const int*, int*, xcub::Sum>);
#if XCUB_DETAIL_HAS_LIBCUDACXX_OPERATORS
static_assert(xcub::detail::pipelinable<int, const int*, int*, ::cuda::std::plus<>>);
#endif

/// WarpScan's exclusive sum from the inclusive one (the subtraction path, keyed on the operator).
template <class Op>
XCUB_KERNEL void warp_exclusive_scan(const int* in, int* out, Op op) {
  using warp_scan = xcub::WarpScan<int>;
  XCUB_SHARED(typename warp_scan::TempStorage, storage);
  int x = in[arch::lane_id()], inclusive = 0, exclusive = 0;
  warp_scan(storage).Scan(x, inclusive, exclusive, op);
  out[arch::lane_id()] = exclusive;
  out[arch::warp_threads + arch::lane_id()] = inclusive;
}
}  // namespace

TEST_CASE("util: std::plus<> takes the fast paths of xcub::Sum and gives the same results") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: operator fast paths");
  const unsigned w = arch::warp_threads;
  std::vector<int> in(w);
  for (auto& x : in) x = static_cast<int>(rng() % 2001) - 1000;
  xcub::device_buffer<int> d_in(in), d_out(2 * w);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(w), 0, warp_exclusive_scan<std::plus<>>, d_in.data(), d_out.data(),
                             std::plus<>{});
  const std::vector<int> got = d_out.download();
  const std::vector<int> inclusive = xcub::reference::inclusive_scan(in, std::plus<>{});
  for (unsigned l = 1; l < w; ++l) CHECK(got[l] == inclusive[l - 1]);  // lane 0's exclusive value is unspecified
  CHECK(std::vector<int>(got.begin() + w, got.end()) == inclusive);

  // DeviceScan with std::plus<> on pointers: the pipelined agent where the tuning has one
  const std::size_t n = 100000;
  std::vector<int> big(n);
  for (auto& x : big) x = static_cast<int>(rng() % 2001) - 1000;  // no overflow
  xcub::device_buffer<int> d_big(big), d_scan(n);
  std::size_t bytes = 0;
  XCUB_TEST_CALL(xcub::DeviceScan::InclusiveScan(nullptr, bytes, d_big.data(), d_scan.data(), std::plus<>{}, n));
  xcub::device_buffer<unsigned char> temp(bytes);
  XCUB_TEST_CALL(xcub::DeviceScan::InclusiveScan(temp.data(), bytes, d_big.data(), d_scan.data(), std::plus<>{}, n));
  xcub_test::check_equal(d_scan.download(), xcub::reference::inclusive_scan(big, std::plus<>{}),
                         "DeviceScan::InclusiveScan with std::plus<>");
}

// ---- decomposers: std::tuple everywhere, ::cuda::std::tuple where libcu++ is there ---------------
namespace {
struct custom_t {
  float f;
  long long lli;
  short s;
};
struct std_decomposer {
  XCUB_HOST_DEVICE std::tuple<float&, long long&> operator()(custom_t& key) const { return {key.f, key.lli}; }
};
static_assert(xcub::detail::radix::is_decomposer_v<custom_t, std_decomposer>);
static_assert(xcub::detail::radix::total_bits<custom_t, std_decomposer> == 96);
#if XCUB_DETAIL_HAS_LIBCUDACXX_TUPLE
struct cuda_decomposer {  // as CUB's documentation writes it
  XCUB_HOST_DEVICE ::cuda::std::tuple<float&, long long&, short&> operator()(custom_t& key) const {
    return {key.f, key.lli, key.s};
  }
};
static_assert(xcub::detail::radix::is_decomposer_v<custom_t, cuda_decomposer>);
static_assert(xcub::detail::radix::total_bits<custom_t, cuda_decomposer> == 112);
#endif
struct not_a_decomposer {
  XCUB_HOST_DEVICE std::tuple<float, long long> operator()(custom_t& key) const { return {key.f, key.lli}; }
};
static_assert(!xcub::detail::radix::is_decomposer_v<custom_t, not_a_decomposer>, "values, not references");
}  // namespace

TEST_CASE("util: a decomposer's members go to their bit-ordered images and back") {
  custom_t key{-1.5f, -7, 3};
  const custom_t original = key;
  xcub::detail::radix::to_bit_ordered_members(key, std_decomposer{});
  CHECK(key.s == original.s);  // left out of the tuple: untouched
  CHECK(std::memcmp(&key.lli, &original.lli, sizeof key.lli) != 0);
  xcub::detail::radix::from_bit_ordered_members(key, std_decomposer{});
  CHECK(key.f == original.f);
  CHECK(key.lli == original.lli);
  CHECK(key.s == original.s);
}

// ---- shuffles ----------------------------------------------------------------------------------------
namespace {
struct triple {  // 12 bytes: more than one shuffle word
  int a, b, c;
  [[maybe_unused]] friend bool operator==(const triple& x, const triple& y) { return x.a == y.a && x.b == y.b && x.c == y.c; }
  [[maybe_unused]] friend std::ostream& operator<<(std::ostream& os, const triple& x) { return os << x.a << "," << x.b << "," << x.c; }
};

template <int L>
XCUB_KERNEL void shuffles(const triple* in, triple* up, triple* down, triple* index, int offset, int first, int last,
                          int src, unsigned* masks) {
  const unsigned lane = arch::lane_id();
  const triple x = in[lane];
  up[lane] = xcub::ShuffleUp<L>(x, offset, first, 0xffffffffu);  // CUB's full mask: the caller's 32 lanes
  down[lane] = xcub::ShuffleDown<L>(x, offset, last, 0xffffffffu);
  index[lane] = xcub::ShuffleIndex<L>(x, src, 0xffffffffu);
  masks[lane] = xcub::WarpMask<L>(lane / L);
}

template <int L>
void check_shuffles(std::mt19937_64& rng) {
  CAPTURE(L);
  const unsigned w = arch::warp_threads;
  std::vector<triple> in(w);
  for (auto& t : in) t = {static_cast<int>(rng()), static_cast<int>(rng()), static_cast<int>(rng())};
  xcub::device_buffer<triple> d_in(in), d_up(w), d_down(w), d_index(w);
  xcub::device_buffer<unsigned> d_masks(w);
  for (int trial = 0; trial < 4; ++trial) {
    const int offset = 1 + static_cast<int>(rng() % L), first = static_cast<int>(rng() % L), last = static_cast<int>(rng() % L),
              src = static_cast<int>(rng() % (2 * L));
    CAPTURE(offset);
    CAPTURE(first);
    CAPTURE(last);
    CAPTURE(src);
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(w), 0, shuffles<L>, d_in.data(), d_up.data(), d_down.data(),
                               d_index.data(), offset, first, last, src, d_masks.data());
    std::vector<triple> up(w), down(w), index(w);
    std::vector<unsigned> masks(w);
    for (unsigned lane = 0; lane < w; ++lane) {
      const int l = static_cast<int>(lane % L), base = static_cast<int>(lane) - l;
      up[lane] = l - offset >= first ? in[base + l - offset] : in[lane];
      down[lane] = l + offset <= last && l + offset < L ? in[base + l + offset] : in[lane];
      index[lane] = in[base + src % L];
      masks[lane] = static_cast<unsigned>(((1ull << L) - 1) << (base % 32));
    }
    xcub_test::check_equal(d_up.download(), up, "ShuffleUp");
    xcub_test::check_equal(d_down.download(), down, "ShuffleDown");
    xcub_test::check_equal(d_index.download(), index, "ShuffleIndex");
    xcub_test::check_equal(d_masks.download(), masks, "WarpMask");
  }
}
}  // namespace

TEST_CASE("util: ShuffleUp, ShuffleDown, ShuffleIndex and WarpMask as CUB's, logical warps of 4, 16 and 32") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: cub shuffles");
  check_shuffles<4>(rng);
  check_shuffles<16>(rng);
  check_shuffles<32>(rng);
  CHECK(xcub::WarpMask<3>(5) == 0x7u);  // not a power of two: the first lanes
  CHECK(xcub::WarpMask<8>(5) == 0xff00u);  // warp 5 of 8 lanes: the second of its 32-lane group
}

// ---- Uninitialized, MergePath ---------------------------------------------------------------------
namespace {
struct with_constructor {
  int value;
  with_constructor() : value(42) {}
};
static_assert(sizeof(xcub::Uninitialized<with_constructor>) == sizeof(with_constructor));
static_assert(alignof(xcub::Uninitialized<double>) == alignof(double));
static_assert(std::is_trivially_default_constructible_v<xcub::Uninitialized<with_constructor>>);
}  // namespace

TEST_CASE("util: Uninitialized aliases its bytes; MergePath splits a stable merge as CUB's") {
  XCUB_TEST_CONTEXT();
  xcub::Uninitialized<with_constructor> u;
  u.Alias().value = 7;
  CHECK(u.Alias().value == 7);

  auto rng = xcub_test::rng_for("util: merge path");
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t na = rng() % 40, nb = rng() % 40;
    std::vector<int> a(na), b(nb);
    for (auto& x : a) x = static_cast<int>(rng() % 16);
    for (auto& x : b) x = static_cast<int>(rng() % 16);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    // the stable merge, tagged by origin: which of the first d items come from a
    std::vector<int> from_a;
    std::size_t i = 0, j = 0;
    while (i < na || j < nb) {
      if (j == nb || (i < na && !(b[j] < a[i]))) from_a.push_back(1), ++i;
      else from_a.push_back(0), ++j;
    }
    for (long long d = 0; d <= static_cast<long long>(na + nb); ++d) {
      const long long want = std::count(from_a.begin(), from_a.begin() + d, 1);
      CHECK(xcub::MergePath(a.data(), b.data(), static_cast<long long>(na), static_cast<long long>(nb), d, std::less<>{}) ==
            want);
    }
  }
}

TEST_CASE("util: LowerBound and UpperBound as std::lower_bound and std::upper_bound") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: thread search");
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<int> v(rng() % 30);
    for (auto& x : v) x = static_cast<int>(rng() % 10);
    std::sort(v.begin(), v.end());
    for (int val = -1; val <= 10; ++val) {
      const long long n = static_cast<long long>(v.size());
      CHECK(xcub::LowerBound(v.data(), n, val) == std::lower_bound(v.begin(), v.end(), val) - v.begin());
      CHECK(xcub::UpperBound(v.data(), n, val) == std::upper_bound(v.begin(), v.end(), val) - v.begin());
    }
  }
}

// ---- device queries, debug macros ----------------------------------------------------------------
namespace {
XCUB_KERNEL void occupancy_probe(int* p) { (void)p; }
}  // namespace

TEST_CASE("util: MaxSmOccupancy, PtxVersion, SmVersion, DeviceCount, CurrentDevice, SyncStream, XcubDebug") {
  int blocks = -1;
  XCUB_TEST_CALL(xcub::MaxSmOccupancy(blocks, occupancy_probe, 128));
  CHECK(blocks > 0);
  CHECK(xcub::MaxSmOccupancy(blocks, occupancy_probe, 0) == xcub::error_invalid_value);
  int ptx = -1, sm = -1;
  XCUB_TEST_CALL(xcub::PtxVersion(ptx));
  XCUB_TEST_CALL(xcub::SmVersion(sm));
  XCUB_TEST_CALL(xcub::PtxVersion(ptx, xcub::CurrentDevice()));
  CHECK(ptx <= sm);  // kernels never run as a newer architecture than the device's
  CHECK(xcub::DeviceCount() >= 1);
  CHECK(xcub::CurrentDevice() >= 0);
  CHECK(xcub::CurrentDevice() < xcub::DeviceCount());
  XCUB_TEST_CALL(xcub::SyncStream(nullptr));
  CHECK(XcubDebug(xcub::success) == xcub::success);
  CHECK(XcubDebug(xcub::error_invalid_value) == xcub::error_invalid_value);
  XcubDebugExit(xcub::success);  // a statement: does not exit
}
