// DeviceSegmentedReduce: Reduce, Sum, Min, Max, ArgMin, ArgMax by begin/end offsets (sorted and
// contiguous, unsorted, overlapping, empty, end before begin) and by a fixed size, against the
// oracle; tunings that send short segments down every path (thread, warp, block per segment) and
// groups of 1, 3 or a block of segments per block; the random schedule; every bad input.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/reference/segmented_reduce.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

template <int THREADS, int ITEMS, int THREAD_MAX, int WARP_MAX, int GROUP,
          xcub::BlockReduceAlgorithm ALGO = xcub::BLOCK_REDUCE_WARP_REDUCTIONS>
struct seg_tuning {
  template <class T>
  static constexpr xcub::detail::segmented_reduce_policy policy(int) {
    return {THREADS, ITEMS, THREAD_MAX, WARP_MAX, GROUP, ALGO, xcub::LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 2;
};
constexpr int W = xcub::arch::warp_threads;
using block_path = seg_tuning<W, 1, 0, 0, W, xcub::BLOCK_REDUCE_RAKING>;  // every non-empty segment: a block
using warp_path = seg_tuning<2 * W, 3, 1, 1 << 30, 2 * W>;                // longer than 1: a warp
using mixed_path = seg_tuning<2 * W, 2, 3, 40, 3>;                        // all three; groups of 3
using single = seg_tuning<3 * W, 4, 2, 5, 1, xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;  // a block per segment
using host_default = xcub::tuning::segmented_reduce;

/// Segment layouts: begin/end offsets over an input of `items` items.
struct layout {
  std::vector<std::int64_t> begin, end;
  std::size_t items = 0;
};

/// Contiguous segments of the given sizes, in order.
layout contiguous(const std::vector<std::size_t>& sizes) {
  layout l;
  for (const std::size_t s : sizes) {
    l.begin.push_back(static_cast<std::int64_t>(l.items));
    l.items += s;
    l.end.push_back(static_cast<std::int64_t>(l.items));
  }
  return l;
}

/// Random sizes up to `max_size` (a quarter of them empty), then the segments shuffled.
layout shuffled(std::size_t segments, std::size_t max_size, std::mt19937_64& rng) {
  std::vector<std::size_t> sizes(segments);
  for (auto& s : sizes) s = (rng() % 4 == 0) ? 0 : static_cast<std::size_t>(rng() % (max_size + 1));
  layout l = contiguous(sizes);
  std::vector<std::size_t> order(segments);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::shuffle(order.begin(), order.end(), rng);
  layout out{{}, {}, l.items};
  for (const std::size_t i : order) {
    out.begin.push_back(l.begin[i]);
    out.end.push_back(l.end[i]);
  }
  return out;
}

/// Overlapping segments anywhere in `items` items; some with end before begin (empty).
layout overlapping(std::size_t segments, std::size_t items, std::size_t max_size, std::mt19937_64& rng) {
  layout l{{}, {}, items};
  for (std::size_t i = 0; i < segments; ++i) {
    const auto b = static_cast<std::int64_t>(rng() % (items + 1));
    auto e = b + static_cast<std::int64_t>(rng() % (max_size + 1));
    // End at or before begin: empty. Never below 0: the unsigned offset types would read it as a
    // huge end (a segment past the input, which is the caller's error, not an empty one).
    if (rng() % 8 == 0) e = std::max<std::int64_t>(0, b - static_cast<std::int64_t>(rng() % 5));
    l.begin.push_back(b);
    l.end.push_back(std::min<std::int64_t>(e, static_cast<std::int64_t>(items)));
  }
  return l;
}

template <class Offset>
std::vector<Offset> narrow(const std::vector<std::int64_t>& v) {
  return std::vector<Offset>(v.begin(), v.end());
}

template <class A, class B>
void check_pairs(const std::vector<xcub::KeyValuePair<int, A>>& got, const std::vector<std::pair<std::int64_t, B>>& want,
                 const char* what) {
  std::vector<std::int64_t> keys, want_keys;
  std::vector<A> values, want_values;
  for (const auto& p : got) keys.push_back(p.key), values.push_back(p.value);
  for (const auto& p : want) want_keys.push_back(p.first), want_values.push_back(static_cast<A>(p.second));
  xcub_test::check_equal(keys, want_keys, what);
  xcub_test::check_equal(values, want_values, what);
}

/// In the core test matrix the test tunings call Sum and ArgMax only: a plain and a KeyValuePair
/// result through the same paths as Min, Max and ArgMin.
template <class Tuning>
constexpr bool all_methods = every_method<Tuning, xcub::tuning::segmented_reduce>;

/// Every method by offsets (of type Offset) on `host` and layout `l`, against the oracle.
template <class Tuning, class T, class Offset>
void check_offsets(const std::vector<T>& host, const layout& l) {
  using seg = xcub::DeviceSegmentedReduceTuned<Tuning>;
  using accum = decltype(T{} + T{});
  auto d_in = to_device(host);
  auto d_begin = to_device(narrow<Offset>(l.begin));
  auto d_end = to_device(narrow<Offset>(l.end));
  const std::size_t n = l.begin.size();
  xcub::device_buffer<T> d_sum(n + 1), d_min(n + 1), d_max(n + 1);
  xcub::device_buffer<xcub::KeyValuePair<int, T>> d_argmin(n + 1), d_argmax(n + 1);
  const Offset* b = d_begin.data();
  const Offset* e = d_end.data();
  two_phase([&](void* t, std::size_t& bytes) { return seg::Sum(t, bytes, d_in.data(), d_sum.data(), n, b, e); });
  two_phase([&](void* t, std::size_t& bytes) { return seg::ArgMax(t, bytes, d_in.data(), d_argmax.data(), n, b, e); });
  if constexpr (all_methods<Tuning>) {
    two_phase([&](void* t, std::size_t& bytes) { return seg::Min(t, bytes, d_in.data(), d_min.data(), n, b, e); });
    two_phase([&](void* t, std::size_t& bytes) { return seg::Max(t, bytes, d_in.data(), d_max.data(), n, b, e); });
    two_phase([&](void* t, std::size_t& bytes) { return seg::ArgMin(t, bytes, d_in.data(), d_argmin.data(), n, b, e); });
  }
  const auto sums = xcub::reference::segmented_reduce(host, l.begin, l.end, [](accum x, T y) { return x + y; }, accum{});
  auto resized = [n](auto v) { return std::vector<typename decltype(v)::value_type>(v.begin(), v.begin() + n); };
  INFO("segments = " << n << ", items = " << l.items);
  xcub_test::check_equal(resized(d_sum.download()), std::vector<T>(sums.begin(), sums.end()), "Sum");
  check_pairs(resized(d_argmax.download()),
              xcub::reference::segmented_arg_extremum(host, l.begin, l.end, true, {1, std::numeric_limits<T>::lowest()}),
              "ArgMax");
  if constexpr (all_methods<Tuning>) {
    const auto mins = xcub::reference::segmented_reduce(
        host, l.begin, l.end, [](T x, T y) { return y < x ? y : x; }, std::numeric_limits<T>::max());
    const auto maxs = xcub::reference::segmented_reduce(
        host, l.begin, l.end, [](T x, T y) { return x < y ? y : x; }, std::numeric_limits<T>::lowest());
    xcub_test::check_equal(resized(d_min.download()), mins, "Min");
    xcub_test::check_equal(resized(d_max.download()), maxs, "Max");
    check_pairs(resized(d_argmin.download()),
                xcub::reference::segmented_arg_extremum(host, l.begin, l.end, false, {1, std::numeric_limits<T>::max()}),
                "ArgMin");
  }
}

/// Sum, Min and ArgMax with a fixed segment size, against the oracle on the equivalent offsets.
template <class Tuning, class T>
void check_fixed(std::mt19937_64& rng, std::size_t segments, std::size_t size, int levels = 201) {
  using seg = xcub::DeviceSegmentedReduceTuned<Tuning>;
  const std::vector<T> host = small_values<T>(segments * size, rng, -levels / 2, levels / 2);
  auto d_in = to_device(host);
  xcub::device_buffer<T> d_sum(segments), d_min(segments);
  xcub::device_buffer<xcub::KeyValuePair<int, T>> d_argmax(segments);
  const auto count = static_cast<long long>(segments);
  two_phase([&](void* t, std::size_t& b) { return seg::Sum(t, b, d_in.data(), d_sum.data(), count, size); });
  two_phase([&](void* t, std::size_t& b) { return seg::ArgMax(t, b, d_in.data(), d_argmax.data(), segments, size); });
  if constexpr (all_methods<Tuning>) {
    two_phase([&](void* t, std::size_t& b) { return seg::Min(t, b, d_in.data(), d_min.data(), count, int(size)); });
  }
  const layout l = contiguous(std::vector<std::size_t>(segments, size));
  using accum = decltype(T{} + T{});
  const auto sums = xcub::reference::segmented_reduce(host, l.begin, l.end, [](accum x, T y) { return x + y; }, accum{});
  INFO("segments = " << segments << ", size = " << size);
  xcub_test::check_equal(d_sum.download(), std::vector<T>(sums.begin(), sums.end()), "Sum");
  check_pairs(d_argmax.download(),
              xcub::reference::segmented_arg_extremum(host, l.begin, l.end, true, {1, std::numeric_limits<T>::lowest()}),
              "ArgMax");
  if constexpr (all_methods<Tuning>) {
    xcub_test::check_equal(d_min.download(),
                           xcub::reference::segmented_reduce(host, l.begin, l.end,
                                                             [](T x, T y) { return y < x ? y : x; },
                                                             std::numeric_limits<T>::max()),
                           "Min");
  }
}

/// A commutative, associative operator that is none of the built-in ones: the larger magnitude,
/// the larger value on equal magnitudes.
struct max_magnitude {
  XCUB_HOST_DEVICE long long operator()(long long a, long long b) const {
    const long long ma = a < 0 ? -a : a, mb = b < 0 ? -b : b;
    return ma != mb ? (ma > mb ? a : b) : (a > b ? a : b);
  }
};

}  // namespace

TEST_CASE("device segmented reduce: fixed sizes on every path") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device segmented reduce fixed");
  for (const std::size_t size : {1, 2, 7, 8, 31, 32, 33, 1000}) {
    const std::size_t segments = size >= 1000 ? 5 : 150;
    check_fixed<host_default, std::int32_t>(rng, segments, size);
    check_fixed<block_path, std::int8_t>(rng, segments, size, 9);  // few levels: ties
    check_fixed<warp_path, double>(rng, segments, size);
#if XCUB_TEST_MATRIX_FULL
    check_fixed<mixed_path, std::int64_t>(rng, segments, size);
#endif
  }
#if XCUB_TEST_MATRIX_FULL
  check_fixed<host_default, std::int16_t>(rng, 300, 4);  // thread-sized: the staged path on the host
  check_fixed<host_default, float>(rng, 3, 5000);
#endif
  check_fixed<mixed_path, float>(rng, 200, 3);
  check_fixed<single, std::int32_t>(rng, 4, 5000);
  check_fixed<mixed_path, float>(rng, 0, 8);
  check_fixed<host_default, std::int32_t>(rng, 40, 0);  // empty segments only
}

TEST_CASE("device segmented reduce: contiguous, unsorted and overlapping offsets of several types") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device segmented reduce offsets");
  const std::vector<std::size_t> sizes = {0, 1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 40, 41, 64, 129, 130, 300, 0, 1000};
  check_offsets<host_default, std::int32_t, int>(small_values<std::int32_t>(3000, rng), contiguous(sizes));
  check_offsets<mixed_path, float, std::int64_t>(small_values<float>(3000, rng), contiguous(sizes));
  check_offsets<block_path, std::int8_t, std::uint32_t>(small_values<std::int8_t>(3000, rng, -3, 3), contiguous(sizes));
  check_offsets<warp_path, double, long long>(small_values<double>(3000, rng), contiguous(sizes));
#if XCUB_TEST_MATRIX_FULL
  check_offsets<single, std::int64_t, std::int16_t>(small_values<std::int64_t>(3000, rng), contiguous(sizes));
#endif

  // The later layouts and tests reuse the (path, value, offset) combinations above, so that the
  // test compiles each combination's kernels once (CI compile time) while every layout meets
  // several paths, value types and offset types.
  const layout s = shuffled(500, 70, rng);
  check_offsets<mixed_path, float, std::int64_t>(small_values<float>(s.items, rng), s);  // int16 offsets would not reach
  check_offsets<block_path, std::int8_t, std::uint32_t>(small_values<std::int8_t>(s.items, rng, -4, 4), s);
  check_offsets<warp_path, double, long long>(small_values<double>(s.items, rng), s);

  const layout o = overlapping(400, 5000, 300, rng);
  check_offsets<host_default, std::int32_t, int>(small_values<std::int32_t>(o.items, rng, -2, 2), o);
  check_offsets<block_path, std::int8_t, std::uint32_t>(small_values<std::int8_t>(o.items, rng, -2, 2), o);
  check_offsets<mixed_path, float, std::int64_t>(small_values<float>(o.items, rng), o);

  // Short back-to-back segments (a fifth of them empty): whole groups take the staged thread
  // path; one longer segment sends its group down the direct and warp paths.
  std::vector<std::size_t> short_sizes(700);
  for (auto& n : short_sizes) n = rng() % 4;
  const layout c = contiguous(short_sizes);
  check_offsets<host_default, std::int32_t, int>(small_values<std::int32_t>(c.items, rng, -3, 3), c);
  check_offsets<mixed_path, float, std::int64_t>(small_values<float>(c.items, rng), c);
#if XCUB_TEST_MATRIX_FULL
  check_offsets<single, std::int64_t, std::int16_t>(small_values<std::int64_t>(c.items, rng), c);
#endif
  short_sizes[350] = 50;
  const layout d = contiguous(short_sizes);
  check_offsets<host_default, std::int32_t, int>(small_values<std::int32_t>(d.items, rng), d);

  check_offsets<host_default, std::int32_t, int>({}, layout{});  // no segments
}

TEST_CASE("device segmented reduce: Reduce with a custom operator and init") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device segmented reduce custom");
  const layout l = shuffled(300, 200, rng);
  const std::vector<int> host = small_values<int>(l.items, rng, -3000, 3000);
  auto d_in = to_device(host);
  auto d_begin = to_device(l.begin);
  auto d_end = to_device(l.end);
  xcub::device_buffer<long long> d_out(l.begin.size());
  const std::vector<long long> wide(host.begin(), host.end());
  const auto want = xcub::reference::segmented_reduce(wide, l.begin, l.end, max_magnitude{}, 17LL);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedReduce::Reduce(t, b, d_in.data(), d_out.data(), l.begin.size(), d_begin.data(),
                                               d_end.data(), max_magnitude{}, 17LL);
  });
  xcub_test::check_equal(d_out.download(), want, "Reduce by offsets");
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedReduceTuned<mixed_path>::Reduce(t, b, d_in.data(), d_out.data(), l.begin.size(),
                                                                d_begin.data(), d_end.data(), max_magnitude{}, 17LL);
  });
  xcub_test::check_equal(d_out.download(), want, "Reduce by offsets, mixed paths");
  // Fixed size: 11 segments of 23, init 5000 beats most items.
  xcub::device_buffer<long long> d_fixed(11);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceSegmentedReduceTuned<warp_path>::Reduce(t, b, d_in.data(), d_fixed.data(), 11, 23,
                                                               max_magnitude{}, 2900LL);
  });
  const layout f = contiguous(std::vector<std::size_t>(11, 23));
  xcub_test::check_equal(d_fixed.download(), xcub::reference::segmented_reduce(wide, f.begin, f.end, max_magnitude{}, 2900LL),
                         "Reduce fixed size");
}

TEST_CASE("device segmented reduce: segments interleaved by the random schedule") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device segmented reduce schedule");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    const layout l = shuffled(120, 150, r);
    check_offsets<mixed_path, float, std::int64_t>(small_values<float>(l.items, r, -5, 5), l);
    check_fixed<block_path, std::int8_t>(r, 20, 45, 9);
  });
}

TEST_CASE("device segmented reduce: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  using seg = xcub::DeviceSegmentedReduce;
  auto d_in = to_device(std::vector<int>{1, 2, 3, 4});
  auto d_offsets = to_device(std::vector<int>{0, 2, 4});
  xcub::device_buffer<int> d_out(std::vector<int>{-7, -7});
  const int* in = d_in.data();
  const int* offs = d_offsets.data();
  const int* null_int = nullptr;
  std::size_t bytes = 0;
  CHECK(seg::Sum(nullptr, bytes, in, d_out.data(), -1, offs, offs + 1) == xcub::error_invalid_value);
  second_call second;  // the data pointers are checked in the second call
  CHECK(seg::Sum(second.data(), second.bytes, null_int, d_out.data(), 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::Min(second.data(), second.bytes, in, static_cast<int*>(nullptr), 2, offs,
      offs + 1) == xcub::error_invalid_value);
  CHECK(seg::Max(second.data(), second.bytes, in, d_out.data(), 2, null_int, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::Reduce(second.data(), second.bytes, in, d_out.data(), 2, offs, null_int, xcub::Sum{},
      0) == xcub::error_invalid_value);
  CHECK(seg::Sum(nullptr, bytes, in, d_out.data(), -2, 2) == xcub::error_invalid_value);
  CHECK(seg::Sum(nullptr, bytes, in, d_out.data(), 2, -2) == xcub::error_invalid_value);
  CHECK(seg::Sum(second.data(), second.bytes, null_int, d_out.data(), 2, 2) == xcub::error_invalid_value);
  CHECK(seg::Max(second.data(), second.bytes, in, static_cast<int*>(nullptr), 2, 2) == xcub::error_invalid_value);
  xcub::device_buffer<xcub::KeyValuePair<int, int>> d_pairs(2);
  CHECK(seg::ArgMin(second.data(), second.bytes, null_int, d_pairs.data(), 2, offs,
      offs + 1) == xcub::error_invalid_value);
  CHECK(seg::ArgMax(nullptr, bytes, in, d_pairs.data(), -1, 2) == xcub::error_invalid_value);
  XCUB_TEST_CALL(seg::Sum(nullptr, bytes, in, d_out.data(), 2, offs, offs + 1));
  REQUIRE(bytes >= 1);
  std::size_t no_bytes = 0;
  xcub::device_buffer<unsigned char> temp(bytes);
  CHECK(seg::Sum(temp.data(), no_bytes, in, d_out.data(), 2, offs, offs + 1) == xcub::error_invalid_value);
  CHECK(seg::Sum(temp.data(), no_bytes, in, d_out.data(), 2, 2) == xcub::error_invalid_value);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>{-7, -7}, "untouched output");
  // No segments: null pointers are fine and nothing is written.
  two_phase([&](void* t, std::size_t& b) {
    return seg::Sum(t, b, null_int, static_cast<int*>(nullptr), 0, null_int, null_int);
  });
  two_phase([&](void* t, std::size_t& b) { return seg::Sum(t, b, null_int, static_cast<int*>(nullptr), 0, 5); });
  // Empty fixed-size segments read nothing: a null input is fine.
  two_phase([&](void* t, std::size_t& b) { return seg::Sum(t, b, null_int, d_out.data(), 2, 0); });
  xcub_test::check_equal(d_out.download(), std::vector<int>{0, 0}, "empty segments");
}
