// DeviceTransform (one, two and three inputs of mixed types, in place, iterator inputs, aligned
// pointers through the vector path and misaligned ones through the item path) and DeviceFor (Bulk,
// ForEach(N), ForEachCopy(N): every index or item visited exactly once) against the oracle; sizes 0,
// 1, around the warp and the tile, many tiles (tiny tunings, the random schedule); every bad input.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <tuple>
#include <vector>

#include <xcub/device/device_for.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/transform.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

template <int THREADS, int ITEMS, int VECTOR>
struct tr_tuning {
  template <class T>
  static constexpr xcub::detail::transform_policy policy(int) {
    return {THREADS, ITEMS, VECTOR};
  }
};
constexpr int W = xcub::arch::warp_threads;
using tiny = tr_tuning<W, 1, 0>;         // item path only, a warp per block
using vec = tr_tuning<W, 4, 16>;         // 16-byte words in full tiles
using odd = tr_tuning<W + W / 2, 3, 16>; // a partial warp; 3 items: ints never vectorize, chars neither
using host_default = xcub::tuning::transform;

struct affine {
  XCUB_HOST_DEVICE int operator()(int x) const { return x * 2 + 1; }
};
struct plus {
  XCUB_HOST_DEVICE int operator()(int a, int b) const { return a + b; }
};
struct mix {  // not symmetric in its arguments
  XCUB_HOST_DEVICE double operator()(std::int8_t a, float b, double c) const { return a - 2.0 * b + 3.0 * c; }
};

std::vector<std::size_t> sizes_for(std::size_t tile) {
  return {0, 1, W - 1u, W + 1u, tile - 1, tile, tile + 1, 9 * tile + 3, 3001};
}

template <class Tuning>
void check_transform(std::mt19937_64& rng) {
  using tr = xcub::DeviceTransformTuned<Tuning>;
  const std::size_t tile = static_cast<std::size_t>(Tuning::template policy<int>(0).tile_items());
  for (const std::size_t n : sizes_for(tile)) {
    INFO("n = " << n);
    const auto a = small_values<int>(n + 1, rng, -1000, 1000);
    const auto b = small_values<int>(n + 1, rng, -1000, 1000);
    const auto d_a = to_device(a);
    const auto d_b = to_device(b);
    xcub::device_buffer<int> d_out(n + 1);
    // aligned (vector path in full tiles) and one item off (item path)
    for (const std::size_t off : {std::size_t{0}, std::size_t{1}}) {
      INFO("offset " << off);
      const std::vector<int> a_n(a.begin() + off, a.begin() + off + n), b_n(b.begin() + off, b.begin() + off + n);
      XCUB_TEST_CALL(tr::Transform(d_a.data() + off, d_out.data() + off, n, affine{}));
      XCUB_TEST_CALL(xcub::device_synchronize());
      auto got = d_out.download();
      CHECK(std::vector<int>(got.begin() + off, got.begin() + off + n) == xcub::reference::transform<int>(affine{}, a_n));
      XCUB_TEST_CALL(tr::Transform(std::make_tuple(d_a.data() + off, d_b.data() + off), d_out.data() + off,
                                   static_cast<std::int64_t>(n), plus{}));
      XCUB_TEST_CALL(xcub::device_synchronize());
      got = d_out.download();
      CHECK(std::vector<int>(got.begin() + off, got.begin() + off + n) ==
            xcub::reference::transform<int>(plus{}, a_n, b_n));
    }
    // three inputs of three types, a double output
    const auto c8 = small_values<std::int8_t>(n, rng);
    const auto cf = small_values<float>(n, rng);
    const auto cd = small_values<double>(n, rng);
    const auto d_c8 = to_device(c8);
    const auto d_cf = to_device(cf);
    const auto d_cd = to_device(cd);
    xcub::device_buffer<double> d_mixed(n);
    XCUB_TEST_CALL(tr::Transform(std::make_tuple(d_c8.data(), d_cf.data(), d_cd.data()), d_mixed.data(),
                                 static_cast<unsigned>(n), mix{}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    CHECK(d_mixed.download() == xcub::reference::transform<double>(mix{}, c8, cf, cd));
    // in place: the output is the first input
    auto d_io = to_device(a);
    XCUB_TEST_CALL(tr::Transform(std::make_tuple(d_io.data(), d_b.data()), d_io.data(), n + 1, plus{}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    CHECK(d_io.download() == xcub::reference::transform<int>(plus{}, a, b));
    // an iterator input beside a pointer: item path
    std::vector<int> counted(n);
    std::iota(counted.begin(), counted.end(), -7);
    XCUB_TEST_CALL(tr::Transform(std::make_tuple(xcub::CountingInputIterator<int>(-7), d_b.data()), d_out.data(), n,
                                 plus{}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    const std::vector<int> b_n(b.begin(), b.begin() + n);
    auto got = d_out.download();
    CHECK(std::vector<int>(got.begin(), got.begin() + n) == xcub::reference::transform<int>(plus{}, counted, b_n));
  }
}

/// DeviceFor ops: each writes through the pointers it holds.
struct write_index {
  long long* out;
  XCUB_DEVICE void operator()(long long i) const { out[i] = 3 * i + 1; }
};
struct increment {
  XCUB_DEVICE void operator()(int& x) const { x += 5; }
};
struct count_value {  // counts[v]++ for the value v it gets (a copy)
  unsigned* counts;
  // No atomic: the values of one call are distinct (a permutation, a counting range) and the calls
  // are ordered on the stream; and the arch layer's atomics do not exist on the kokkos backend.
  XCUB_DEVICE void operator()(int v) const { ++counts[v]; }
};

template <class Tuning>
void check_for(std::mt19937_64& rng) {
  using df = xcub::DeviceForTuned<Tuning>;
  const std::size_t tile = static_cast<std::size_t>(Tuning::template policy<int>(0).tile_items());
  for (const std::size_t n : sizes_for(tile)) {
    INFO("n = " << n);
    // Bulk: every index once
    xcub::device_buffer<long long> d_idx(to_device(std::vector<long long>(n + 1, -1)));
    XCUB_TEST_CALL(df::Bulk(static_cast<long long>(n), write_index{d_idx.data()}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    std::vector<long long> expect(n + 1, -1);
    for (std::size_t i = 0; i < n; ++i) expect[i] = 3 * static_cast<long long>(i) + 1;
    CHECK(d_idx.download() == expect);
    // ForEachN / ForEach: in place through the reference
    const auto v = small_values<int>(n + 1, rng);
    auto d_v = to_device(v);
    XCUB_TEST_CALL(df::ForEachN(d_v.data(), n, increment{}));
    XCUB_TEST_CALL(df::ForEach(d_v.data() + 1, d_v.data() + n + 1, increment{}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    std::vector<int> ev = v;
    for (std::size_t i = 0; i < n; ++i) ev[i] += 5;
    for (std::size_t i = 1; i <= n; ++i) ev[i] += 5;
    CHECK(d_v.download() == ev);
    // ForEachCopyN over a shuffled permutation, aligned and one off: each value seen exactly once
    std::vector<int> perm(n + 1);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    const auto d_perm = to_device(perm);
    xcub::device_buffer<unsigned> d_counts(to_device(std::vector<unsigned>(n + 1, 0)));
    XCUB_TEST_CALL(df::ForEachCopyN(d_perm.data(), n, count_value{d_counts.data()}));
    XCUB_TEST_CALL(df::ForEachCopy(d_perm.data() + 1, d_perm.data() + n + 1, count_value{d_counts.data()}));
    XCUB_TEST_CALL(df::ForEachCopyN(xcub::CountingInputIterator<int>(0), n + 1, count_value{d_counts.data()}));
    XCUB_TEST_CALL(xcub::device_synchronize());
    std::vector<unsigned> ec(n + 1, 1);  // the counting pass
    for (std::size_t i = 0; i < n; ++i) ++ec[static_cast<std::size_t>(perm[i])];
    for (std::size_t i = 1; i <= n; ++i) ++ec[static_cast<std::size_t>(perm[i])];
    CHECK(d_counts.download() == ec);
  }
}

}  // namespace

TEST_CASE("device transform: one, two and three inputs, in place, iterators, aligned and not") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device transform");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_transform<tiny>(r);
    check_transform<vec>(r);
    check_transform<odd>(r);
    check_transform<host_default>(r);
  });
}

TEST_CASE("device for: Bulk, ForEach(N), ForEachCopy(N)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device for");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_for<tiny>(r);
    check_for<odd>(r);
    check_for<xcub::tuning::for_each>(r);
  });
}

TEST_CASE("device transform and for: bad input returns error_invalid_value and writes nothing") {
  const std::vector<int> sentinel(64, -5);
  auto d_in = to_device(std::vector<int>(64, 1));
  auto d_out = to_device(sentinel);
  int* null = nullptr;
  using tr = xcub::DeviceTransform;
  using df = xcub::DeviceFor;
  CHECK(tr::Transform(d_in.data(), d_out.data(), -1, affine{}) == xcub::error_invalid_value);
  CHECK(tr::Transform(null, d_out.data(), 64, affine{}) == xcub::error_invalid_value);
  CHECK(tr::Transform(d_in.data(), null, 64, affine{}) == xcub::error_invalid_value);
  CHECK(tr::Transform(std::make_tuple(d_in.data(), null), d_out.data(), 64, plus{}) == xcub::error_invalid_value);
  std::size_t none = 0;
  CHECK(tr::Transform(d_in.data(), none, d_in.data(), d_out.data(), 64, affine{}) == xcub::error_invalid_value);
  std::size_t bytes = 0;
  CHECK(tr::Transform(nullptr, bytes, d_in.data(), d_out.data(), 64, affine{}) == xcub::success);
  CHECK(bytes == 1);
  CHECK(tr::Transform(null, null, 0, affine{}) == xcub::success);  // no items: nothing read
  CHECK(df::Bulk(-1, write_index{nullptr}) == xcub::error_invalid_value);
  CHECK(df::ForEachN(d_out.data(), -2, increment{}) == xcub::error_invalid_value);
  CHECK(df::ForEachN(null, 64, increment{}) == xcub::error_invalid_value);
  CHECK(df::ForEach(d_out.data() + 10, d_out.data(), increment{}) == xcub::error_invalid_value);
  CHECK(df::ForEachCopyN(d_out.data(), std::int64_t{-1}, count_value{nullptr}) == xcub::error_invalid_value);
  CHECK(df::ForEachCopyN(null, 1, count_value{nullptr}) == xcub::error_invalid_value);
  CHECK(df::ForEachCopy(d_out.data() + 1, d_out.data(), count_value{nullptr}) == xcub::error_invalid_value);
  CHECK(df::ForEachN(d_in.data(), none, d_out.data(), 64, increment{}) == xcub::error_invalid_value);
  CHECK(df::ForEachN(null, 0, increment{}) == xcub::success);
  XCUB_TEST_CALL(xcub::device_synchronize());
  CHECK(d_out.download() == sentinel);
}
