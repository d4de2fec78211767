// DeviceRunLengthEncode against the oracle (reference/select.hpp): Encode and NonTrivialRuns over
// runs of every length (all runs of one, all one run, runs across many tiles), sizes around warp and
// tile edges, the backend's tuning and tiny ones, random schedules on the host; every bad-input error.
#include <cstdint>
#include <vector>

#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/reference/select.hpp>

#include "select_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_select_test;

namespace {

using tiny = xcub::DeviceRunLengthEncodeTuned<tiny_select_tuning>;
using odd = xcub::DeviceRunLengthEncodeTuned<odd_select_tuning>;

/// Runs of lengths 1..max_run; max_run 0: one run of n items.
template <class T>
std::vector<T> runs_of(std::size_t n, std::size_t max_run, std::mt19937_64& rng) {
  if (max_run == 0) return std::vector<T>(n, static_cast<T>(7));
  return run_values<T>(n, max_run, rng);
}

template <class Facade, class T, class LengthT = int, class NumItemsT = std::size_t>
void check_encode(std::mt19937_64& rng, std::size_t n, std::size_t max_run) {
  const std::vector<T> in = runs_of<T>(n, max_run, rng);
  const auto want = xcub::reference::run_length_encode(in);
  const std::size_t runs = want.items.size();
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_unique(n + 1);
  xcub::device_buffer<LengthT> d_lengths(n + 1);
  xcub::device_buffer<long long> d_runs(1);
  d_unique.fill_bytes(0x5A);
  d_lengths.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::Encode(t, b, d_in.data(), d_unique.data(), d_lengths.data(), d_runs.data(), static_cast<NumItemsT>(n));
  });
  INFO("n = " << n << ", runs up to " << max_run);
  xcub_test::check_equal(d_runs.download(), std::vector<long long>{static_cast<long long>(runs)}, "run count");
  xcub_test::check_equal(head(d_unique, runs), want.items, "unique items");
  xcub_test::check_equal(head(d_lengths, runs), std::vector<LengthT>(want.lengths.begin(), want.lengths.end()),
                         "lengths");
  CHECK(untouched(d_unique.download()[runs]));
  CHECK(untouched(d_lengths.download()[runs]));
}

/// Encode from an input one item past a 16-byte boundary: the pipelined agent's calls then take
/// agent_rle's tiles, sized within the same temp storage.
template <class Facade, class T>
void check_encode_misaligned(std::mt19937_64& rng, std::size_t n, std::size_t max_run) {
  std::vector<T> in = runs_of<T>(n, max_run, rng);
  const auto want = xcub::reference::run_length_encode(in);
  in.insert(in.begin(), T{});  // the call reads from element 1
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_unique(n + 1);
  xcub::device_buffer<int> d_lengths(n + 1);
  xcub::device_buffer<long long> d_runs(1);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::Encode(t, b, d_in.data() + 1, d_unique.data(), d_lengths.data(), d_runs.data(), n);
  });
  INFO("misaligned input, n = " << n);
  const std::size_t runs = want.items.size();
  xcub_test::check_equal(d_runs.download(), std::vector<long long>{static_cast<long long>(runs)}, "run count");
  xcub_test::check_equal(head(d_unique, runs), want.items, "unique items");
  xcub_test::check_equal(head(d_lengths, runs), std::vector<int>(want.lengths.begin(), want.lengths.end()), "lengths");
}

template <class Facade, class T>
void check_non_trivial(std::mt19937_64& rng, std::size_t n, std::size_t max_run) {
  const std::vector<T> in = runs_of<T>(n, max_run, rng);
  const auto want = xcub::reference::non_trivial_runs(in);
  const std::size_t runs = want.lengths.size();
  auto d_in = to_device(in);
  xcub::device_buffer<std::int64_t> d_offsets(n + 1);
  xcub::device_buffer<unsigned> d_lengths(n + 1);
  xcub::device_buffer<int> d_runs(1);
  d_offsets.fill_bytes(0x5A);
  d_lengths.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::NonTrivialRuns(t, b, d_in.data(), d_offsets.data(), d_lengths.data(), d_runs.data(),
                                  static_cast<int>(n));
  });
  INFO("n = " << n << ", runs up to " << max_run);
  xcub_test::check_equal(d_runs.download(), std::vector<int>{static_cast<int>(runs)}, "run count");
  xcub_test::check_equal(head(d_offsets, runs), std::vector<std::int64_t>(want.offsets.begin(), want.offsets.end()),
                         "offsets");
  xcub_test::check_equal(head(d_lengths, runs), std::vector<unsigned>(want.lengths.begin(), want.lengths.end()),
                         "lengths");
  CHECK(untouched(d_offsets.download()[runs]));
  CHECK(untouched(d_lengths.download()[runs]));
}

}  // namespace

TEST_CASE("device run-length encode: Encode and NonTrivialRuns over run lengths, sizes and tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device run length encode");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : {0, 1, 2, 31, 32, 33, 64, 65, 287, 288, 289, 1000, 4097}) {
      for (const std::size_t max_run : {0, 1, 2, 3, 40, 1000}) {
        check_encode<tiny, int>(r, n, max_run);
        check_non_trivial<odd, int>(r, n, max_run);
      }
    }
  });
  for (const std::size_t n : {255, 256, 257, 100000}) {
    check_encode<xcub::DeviceRunLengthEncode, int, std::uint32_t>(rng, n, 6);
    check_non_trivial<xcub::DeviceRunLengthEncode, int>(rng, n, 3);
  }
  for (const std::size_t n : {1, 1000, 30000}) {
    check_encode<odd, std::int8_t>(rng, n, 5);
    check_encode<odd, std::int64_t, std::int64_t>(rng, n, 50);
    check_encode<odd, float>(rng, n, 2);
#if XCUB_TEST_MATRIX_FULL
    check_non_trivial<tiny, std::int8_t>(rng, n, 4);
    check_non_trivial<odd, double>(rng, n, 3);
#endif
  }
}

TEST_CASE("device run-length encode: Encode on the pipelined agent (small rings), random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device run-length encode pipelined");
  using small = xcub::DeviceRunLengthEncodeTuned<pipelined_select_tuning>;
  using deep = xcub::DeviceRunLengthEncodeTuned<pipelined_deep_select_tuning>;
#if !XCUB_BACKEND_KOKKOS  // the native dispatch's choice (Kokkos has a dispatch of its own)
  // The calls below that take the pipelined agent (given enough tiles): pointers of 4- or 8-byte items.
  static_assert(xcub::detail::encode_pipelinable<int*, int*, int*> &&
                xcub::detail::encode_pipelinable<float*, float*, unsigned*> &&
                xcub::detail::encode_pipelinable<std::int64_t*, std::int64_t*, std::uint8_t*> &&
                xcub::detail::encode_pipelinable<int*, int*, std::int64_t*> &&
                !xcub::detail::encode_pipelinable<std::int8_t*, std::int8_t*, int*>);
#endif
  // Whole last tiles too: the small ring's tiles are 2 x warp x 16 bytes (256 or 512 ints), the
  // deep ring's 3 x 2 x warp x 16 bytes (768 or 1536 floats); 24576 (whole tiles, many wraps) in
  // the full matrix only, as pipelined_sizes' 20001.
  std::vector<std::size_t> sizes = pipelined_sizes();
  sizes.insert(sizes.end(), {1536, 4608});
  if (XCUB_TEST_MATRIX_FULL) sizes.push_back(24576);
  for (const std::size_t n : sizes) {
    for (const std::size_t max_run : {std::size_t(0), std::size_t(1), std::size_t(3), std::size_t(100)}) {
      check_encode<small, int, int, int>(rng, n, max_run);           // 32-bit offsets
      check_encode<deep, float, unsigned, unsigned>(rng, n, max_run);
      check_encode<small, std::int64_t, std::int64_t, std::int64_t>(rng, n, max_run);  // 64-bit offsets
    }
    check_encode<deep, std::int8_t, int, int>(rng, n, 4);  // 1-byte items: agent_rle's tiles
    check_encode<small, std::int64_t, std::uint8_t, std::uint32_t>(rng, n, 3);  // 1-byte lengths
    check_encode<small, int, int, std::size_t>(rng, n, 4);  // 64-bit offsets, 4-byte items and lengths
    check_encode<small, int, std::int64_t, int>(rng, n, 4);  // lengths wider than the items
  }
  check_encode_misaligned<small, int>(rng, 20001, 4);  // agent_rle's tiles from the same temp storage
  check_encode_misaligned<small, std::int64_t>(rng, 4097, 2);
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_encode<small, int, int, int>(r, 9000, 5);
    check_encode<deep, std::int64_t, std::int64_t, std::int64_t>(r, 7001, 2);
  });
}

namespace {
/// The select tuning's Encode ring for sm_90 (CUDA: 6 stages of 8192 4-byte items, 8 consumer
/// warps; its consumers' scratch beside the ring included) from 2 tiles.
struct sm90_encode_ring_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int arch) {
    return xcub::tuning::select::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    xcub::detail::pipelined_scan_policy p = xcub::detail::encode_pipeline_of<xcub::tuning::select, T>::get(900);
    p.min_tiles = 2;
    return p;
  }
};
}  // namespace

TEST_CASE("device run-length encode: Encode on the pipelined agent with the sm_90 ring (GPU only)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    auto rng = xcub_test::rng_for("device run-length encode sm90 ring");
    using ring = xcub::DeviceRunLengthEncodeTuned<sm90_encode_ring_tuning>;
    REQUIRE(sm90_encode_ring_tuning::pipeline<int>(900).enabled());  // the sm_90 tuning has an Encode ring
    for (const std::size_t n : {std::size_t(8193), std::size_t(24576), std::size_t(300000), (std::size_t(1) << 22) + 5}) {
      for (const std::size_t max_run : {std::size_t(0), std::size_t(1), std::size_t(4), std::size_t(5000)}) {
        check_encode<ring, int, int, int>(rng, n, max_run);
      }
    }
  }
}

TEST_CASE("device run-length encode: an iterator input (all runs of one)") {
  XCUB_TEST_CONTEXT();
  const std::size_t n = 3000;
  xcub::device_buffer<int> d_unique(n), d_lengths(n), d_runs(1), d_offsets(1);
  two_phase([&](void* t, std::size_t& b) {
    return odd::Encode(t, b, xcub::CountingInputIterator<int>(-50), d_unique.data(), d_lengths.data(), d_runs.data(),
                       n);
  });
  std::vector<int> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = -50 + static_cast<int>(i);
  xcub_test::check_equal(d_runs.download(), std::vector<int>{static_cast<int>(n)}, "run count");
  xcub_test::check_equal(d_unique.download(), want, "unique items");
  xcub_test::check_equal(d_lengths.download(), std::vector<int>(n, 1), "lengths");
  two_phase([&](void* t, std::size_t& b) {
    return odd::NonTrivialRuns(t, b, xcub::CountingInputIterator<int>(0), d_offsets.data(), d_lengths.data(),
                               d_runs.data(), n);
  });
  xcub_test::check_equal(d_runs.download(), std::vector<int>{0}, "no non-trivial runs");
}

namespace {
/// i / 2^30: runs of 2^30 equal keys.
struct gig_runs {
  XCUB_HOST_DEVICE int operator()(unsigned long long i) const { return static_cast<int>(i >> 30); }
};
}  // namespace

TEST_CASE("device run-length encode: 2^31 + 1000 items in runs of 2^30 (64-bit offsets; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    const long long n = (1LL << 31) + 1000;
    const xcub::TransformInputIterator<int, gig_runs, xcub::CountingInputIterator<unsigned long long>> in(
        xcub::CountingInputIterator<unsigned long long>(0), gig_runs{});
    xcub::device_buffer<int> d_unique(4);
    xcub::device_buffer<long long> d_lengths(4), d_offsets(4), d_runs(1);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::Encode(t, b, in, d_unique.data(), d_lengths.data(), d_runs.data(), n);
    });
    const std::vector<long long> lengths = {1LL << 30, 1LL << 30, 1000};
    xcub_test::check_equal(d_runs.download(), std::vector<long long>{3}, "run count");
    xcub_test::check_equal(head(d_unique, 3), std::vector<int>{0, 1, 2}, "unique items");
    xcub_test::check_equal(head(d_lengths, 3), lengths, "lengths");
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, in, d_offsets.data(), d_lengths.data(), d_runs.data(),
                                                         n);
    });
    xcub_test::check_equal(d_runs.download(), std::vector<long long>{3}, "non-trivial run count");
    xcub_test::check_equal(head(d_offsets, 3), std::vector<long long>{0, 1LL << 30, 1LL << 31}, "offsets");
    xcub_test::check_equal(head(d_lengths, 3), lengths, "non-trivial lengths");
  }
}

TEST_CASE("device run-length encode and select: 2^31 + 1000 int32 items from a pointer, the pipelined agents (64-bit offsets; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    // Keys i >> 28 (runs of 2^28), except 200 runs of one item (keys 1000..1199) around index 2^31:
    // the last run of key 7 is 100 items short, key 8's run 900 items long.
    const long long n = (1LL << 31) + 1000, singles_from = (1LL << 31) - 100, singles = 200;
    std::vector<int> in(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) {
      const bool single = i >= singles_from && i < singles_from + singles;
      in[static_cast<std::size_t>(i)] = single ? static_cast<int>(1000 + i - singles_from) : static_cast<int>(i >> 28);
    }
    const auto want = xcub::reference::run_length_encode(in);
    const std::vector<int>& want_keys = want.items;
    const std::vector<long long> want_lengths(want.lengths.begin(), want.lengths.end());
    const std::vector<int> want_selected = xcub::reference::select_if(in, at_least{1000});
    REQUIRE(want_keys.size() == 7 + 1 + static_cast<std::size_t>(singles) + 1);  // the input is as described
    const auto runs = static_cast<long long>(want_keys.size());

    auto d_in = to_device(in);
    in = {};
    xcub::device_buffer<int> d_unique(want_keys.size() + 1);
    xcub::device_buffer<long long> d_lengths(want_keys.size() + 1), d_count(1);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::Encode(t, b, d_in.data(), d_unique.data(), d_lengths.data(), d_count.data(), n);
    });
    xcub_test::check_equal(d_count.download(), std::vector<long long>{runs}, "run count");
    xcub_test::check_equal(head(d_unique, want_keys.size()), want_keys, "unique items");
    xcub_test::check_equal(head(d_lengths, want_keys.size()), want_lengths, "lengths");

    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSelect::Unique(t, b, d_in.data(), d_unique.data(), d_count.data(), n);
    });
    xcub_test::check_equal(d_count.download(), std::vector<long long>{runs}, "Unique count");
    xcub_test::check_equal(head(d_unique, want_keys.size()), want_keys, "Unique items");

    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSelect::If(t, b, d_in.data(), d_unique.data(), d_count.data(), n, at_least{1000});
    });
    xcub_test::check_equal(d_count.download(), std::vector<long long>{static_cast<long long>(want_selected.size())},
                           "If count");
    xcub_test::check_equal(head(d_unique, want_selected.size()), want_selected, "If items");
  }
}

TEST_CASE("device run-length encode: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  auto d_in = to_device(std::vector<int>{1, 1, 2, 3});
  xcub::device_buffer<int> d_out(4), d_lengths(4), d_runs(1);
  for (auto* d : {&d_out, &d_lengths, &d_runs}) d->fill_bytes(0x5A);
  std::size_t bytes = 0;
  REQUIRE(xcub::DeviceRunLengthEncode::Encode(nullptr, bytes, d_in.data(), d_out.data(), d_lengths.data(),
                                              d_runs.data(), 4) == xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  int* null_int = nullptr;
  const auto e = xcub::error_invalid_value;
  using rle = xcub::DeviceRunLengthEncode;
  CHECK(rle::Encode(t, bytes, d_in.data(), d_out.data(), d_lengths.data(), d_runs.data(), -1) == e);
  CHECK(rle::Encode(t, bytes, null_int, d_out.data(), d_lengths.data(), d_runs.data(), 4) == e);
  CHECK(rle::Encode(t, bytes, d_in.data(), null_int, d_lengths.data(), d_runs.data(), 4) == e);
  CHECK(rle::Encode(t, bytes, d_in.data(), d_out.data(), null_int, d_runs.data(), 4) == e);
  CHECK(rle::Encode(t, bytes, d_in.data(), d_out.data(), d_lengths.data(), null_int, 0) == e);
  CHECK(rle::NonTrivialRuns(t, bytes, d_in.data(), d_out.data(), d_lengths.data(), d_runs.data(), -7) == e);
  CHECK(rle::NonTrivialRuns(t, bytes, null_int, d_out.data(), d_lengths.data(), d_runs.data(), 4) == e);
  CHECK(rle::NonTrivialRuns(t, bytes, d_in.data(), null_int, d_lengths.data(), d_runs.data(), 4) == e);
  CHECK(rle::NonTrivialRuns(t, bytes, d_in.data(), d_out.data(), null_int, d_runs.data(), 4) == e);
  CHECK(rle::NonTrivialRuns(t, bytes, d_in.data(), d_out.data(), d_lengths.data(), null_int, 4) == e);
  std::size_t small = 0;
  CHECK(rle::Encode(t, small, d_in.data(), d_out.data(), d_lengths.data(), d_runs.data(), 4) == e);
  small = 0;
  CHECK(rle::NonTrivialRuns(t, small, d_in.data(), d_out.data(), d_lengths.data(), d_runs.data(), 4) == e);
  XCUB_TEST_CALL(xcub::device_synchronize());
  for (auto* d : {&d_out, &d_lengths})
    xcub_test::check_equal(d->download(), std::vector<int>(4, 0x5A5A5A5A), "outputs untouched");
  xcub_test::check_equal(d_runs.download(), std::vector<int>{0x5A5A5A5A}, "run count untouched");
}
