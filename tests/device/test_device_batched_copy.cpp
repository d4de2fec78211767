// DeviceMemcpy::Batched and DeviceCopy::Batched against the oracle: batches of 0, 1 and many
// buffers of mixed sizes (0, 1, 3, around the warp, the 16-byte word and every class threshold of
// the tunings, a few of 10^5 bytes), every alignment of source and destination, overlapping
// sources, one huge buffer among many tiny ones; tiny tunings (many tiles, look-backs, chunks and
// blocks) and the random schedule; DeviceCopy between pointer ranges (1, 4, 8 and 16-byte items),
// from counting and constant iterators, and between types (int to long long); every bad input.
// Destinations lie in one arena of random bytes with gaps between them, and the whole arena is
// compared: the bytes outside the buffers must stay as they were.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/iterator/constant_input_iterator.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/reference/batched_copy.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

template <int THREADS, int PER, int TINY, int STEP, int WARP_MAX, int WORDS, int LTHREADS, int LWORDS, int CHUNK,
          int OVER>
struct bc_tuning {
  template <class T>
  static constexpr xcub::detail::batched_copy_policy policy(int) {
    return {THREADS, PER, TINY, STEP, WARP_MAX, WORDS, LTHREADS, LWORDS, CHUNK, OVER, 0, 0, 0};
  }
};
constexpr int W = xcub::arch::warp_threads;
// a warp per tile, a buffer per thread; tiny up to 4 bytes, a warp up to 32, 16-byte chunks
using tiny = bc_tuning<W, 1, 4, 2, 32, 1, W, 1, 16, 1>;
// two warps, 3 buffers per thread; no tiny class; a warp up to 100 bytes; 48-byte chunks over blocks
// of one and a half warps
using odd = bc_tuning<2 * W, 3, 0, 1, 100, 3, W + W / 2, 3, 48, 3>;
using host_default = xcub::tuning::batched_copy;

struct quad {  // a 16-byte item
  std::uint32_t a, b, c, d;
};

/// Sizes in units: half picked around the thresholds (the tunings', the warp's, the 16-byte word's),
/// half uniform in [0, longest].
std::vector<std::size_t> mixed_sizes(std::size_t count, std::mt19937_64& rng, std::size_t longest) {
  const std::size_t picks[] = {0,  1,  2,  3,  4,  5,  15,  16,  17,  31,  32,  33,  47,    48,    49,   63,
                               64, 65, 99, 100, 101, 127, 128, 129, 255, 256, 257, W - 1u, W + 0u, W + 1u};
  std::vector<std::size_t> sizes(count);
  for (auto& s : sizes)
    s = rng() % 2 ? picks[rng() % std::size(picks)] : static_cast<std::size_t>(rng() % (longest + 1));
  return sizes;
}

/// Where each buffer lies, in units: sources anywhere in an arena about half the total (they may
/// overlap), destinations one after another from a random start with gaps of 0 to 7 units.
struct layout {
  std::vector<std::size_t> src, dst;
  std::size_t src_units = 1, dst_units = 1;
};
layout lay_out(const std::vector<std::size_t>& sizes, std::mt19937_64& rng) {
  layout l;
  const std::size_t total = std::accumulate(sizes.begin(), sizes.end(), std::size_t{0});
  const std::size_t longest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  l.src_units = longest + total / 2 + 64;
  std::size_t at = rng() % 16;
  for (const std::size_t s : sizes) {
    l.src.push_back(static_cast<std::size_t>(rng() % (l.src_units - s + 1)));
    l.dst.push_back(at);
    at += s + rng() % 8;
  }
  l.dst_units = at + 16;
  return l;
}

template <class P>
P as(unsigned char* p) {
  return static_cast<P>(static_cast<void*>(p));
}

/// One DeviceMemcpy call over `sizes` (bytes), sources and destinations as SrcPtr and DstPtr, sizes as
/// SizeT, the count as CountT; the whole destination arena compared with the oracle's.
template <class Tuning, class SrcPtr, class DstPtr, class SizeT, class CountT>
void check_memcpy(const std::vector<std::size_t>& sizes, std::mt19937_64& rng) {
  INFO("buffers: " << sizes.size());
  const layout l = lay_out(sizes, rng);
  const auto source = xcub_test::random_vector<unsigned char>(l.src_units, rng);
  const auto before = xcub_test::random_vector<unsigned char>(l.dst_units, rng);
  const auto d_source = to_device(source);
  auto d_arena = to_device(before);
  std::vector<SrcPtr> srcs;
  std::vector<DstPtr> dsts;
  std::vector<SizeT> bytes;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    srcs.push_back(as<SrcPtr>(d_source.data() + l.src[i]));
    dsts.push_back(as<DstPtr>(d_arena.data() + l.dst[i]));
    bytes.push_back(static_cast<SizeT>(sizes[i]));
  }
  const auto d_srcs = to_device(srcs);
  const auto d_dsts = to_device(dsts);
  const auto d_bytes = to_device(bytes);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceMemcpyTuned<Tuning>::Batched(t, b, d_srcs.data(), d_dsts.data(), d_bytes.data(),
                                                     static_cast<CountT>(sizes.size()));
  });
  auto want = before;
  xcub::reference::memcpy_batched(source, want, l.src, l.dst, sizes);
  xcub_test::check_equal(d_arena.download(), want, "destination arena");
}

/// DeviceCopy from `d_ranges` (device) into T ranges laid out by lay_out, against the oracle copying
/// from `h_ranges` (the same ranges, readable on the host).
template <class Tuning, class T, class Range, class HostRange, class CountT = int>
void check_copy(const std::vector<std::size_t>& sizes, const layout& l, const std::vector<Range>& d_ranges,
                const std::vector<HostRange>& h_ranges, std::mt19937_64& rng) {
  INFO("ranges: " << sizes.size());
  const auto before = xcub_test::random_vector<T>(l.dst_units, rng);
  auto d_arena = to_device(before);
  auto want = before;
  std::vector<T*> d_outs, h_outs;
  std::vector<long long> counts;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    d_outs.push_back(d_arena.data() + l.dst[i]);
    h_outs.push_back(want.data() + l.dst[i]);
    counts.push_back(static_cast<long long>(sizes[i]));
  }
  const auto d_in = to_device(d_ranges);
  const auto d_out = to_device(d_outs);
  const auto d_counts = to_device(counts);
  two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceCopyTuned<Tuning>::Batched(t, b, d_in.data(), d_out.data(), d_counts.data(),
                                                   static_cast<CountT>(sizes.size()));
  });
  xcub::reference::copy_batched(h_ranges, h_outs, sizes);
  xcub_test::check_equal(d_arena.download(), want, "destination arena");
}

/// DeviceCopy between pointer ranges of T (copied as bytes), or from S ranges into T ranges (item
/// by item, converted) where S is not T.
template <class Tuning, class T, class S = T>
void check_copy_pointers(const std::vector<std::size_t>& sizes, std::mt19937_64& rng) {
  const layout l = lay_out(sizes, rng);
  const auto source = xcub_test::random_vector<S>(l.src_units, rng);
  const auto d_source = to_device(source);
  std::vector<const S*> d_ranges, h_ranges;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    d_ranges.push_back(d_source.data() + l.src[i]);
    h_ranges.push_back(source.data() + l.src[i]);
  }
  check_copy<Tuning, T>(sizes, l, d_ranges, h_ranges, rng);
}

/// DeviceCopy from CountingInputIterator<int> (range i counts from a random start) and from
/// ConstantInputIterator<quad> ranges: the same iterators on both sides.
template <class Tuning>
void check_copy_iterators(const std::vector<std::size_t>& sizes, std::mt19937_64& rng) {
  const layout l = lay_out(sizes, rng);
  std::vector<xcub::CountingInputIterator<int>> counting;
  std::vector<xcub::ConstantInputIterator<quad>> constant;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    counting.emplace_back(static_cast<int>(rng() % 100000) - 50000);
    constant.emplace_back(xcub_test::random_value<quad>(rng));
  }
  check_copy<Tuning, int, xcub::CountingInputIterator<int>, xcub::CountingInputIterator<int>, unsigned>(
      sizes, l, counting, counting, rng);
  check_copy<Tuning, quad>(sizes, l, constant, constant, rng);
}

template <class Tuning>
std::vector<std::size_t> batch_counts() {
  const std::size_t tile = static_cast<std::size_t>(Tuning::template policy<unsigned char>(0).tile_buffers());
  return {0, 1, 2, W - 1u, W + 1u, tile - 1, tile, tile + 1, 5 * tile + 3, 300};
}

template <class Tuning>
void check_memcpy_batches(std::mt19937_64& rng) {
  for (const std::size_t count : batch_counts<Tuning>()) check_memcpy<Tuning, const void*, void*, int, int>(
      mixed_sizes(count, rng, 600), rng);
  auto sizes = mixed_sizes(200, rng, 600);  // and a few of 10^5 bytes
  sizes[7] = 100000;
  sizes[150] = 100003;
  sizes[151] = 99999;
  check_memcpy<Tuning, const void*, void*, int, int>(sizes, rng);
  if constexpr (every_method<Tuning, host_default>)
    check_memcpy<Tuning, const unsigned char*, unsigned char*, std::uint64_t, long long>(sizes, rng);
}

}  // namespace

TEST_CASE("device memcpy batched: mixed sizes, every alignment, overlapping sources, many tiles") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device memcpy batched");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_memcpy_batches<tiny>(r);
    check_memcpy_batches<odd>(r);
    check_memcpy_batches<host_default>(r);
  });
}

TEST_CASE("device memcpy batched: one huge buffer among many tiny ones") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device memcpy batched huge");
  auto sizes = mixed_sizes(3000, rng, 8);
  sizes[1234] = (std::size_t{1} << 21) + 5;
  check_memcpy<host_default, const void*, void*, int, int>(sizes, rng);
  check_memcpy<tiny, const void*, void*, int, int>(sizes, rng);
}

TEST_CASE("device copy batched: pointer ranges of 1, 4, 8 and 16-byte items, and int into long long") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device copy batched pointers");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{W + 1u}, std::size_t{700}}) {
      const auto sizes = mixed_sizes(count, r, 300);
      check_copy_pointers<host_default, int>(sizes, r);
      check_copy_pointers<host_default, quad>(sizes, r);
      check_copy_pointers<tiny, int>(sizes, r);
      check_copy_pointers<odd, long long, int>(sizes, r);
#if XCUB_TEST_MATRIX_FULL
      check_copy_pointers<tiny, unsigned char>(sizes, r);
      check_copy_pointers<odd, double>(sizes, r);
      check_copy_pointers<odd, quad>(sizes, r);
      check_copy_pointers<host_default, long long, int>(sizes, r);
#endif
    }
  });
}

TEST_CASE("device copy batched: counting and constant iterator sources") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device copy batched iterators");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2 * W + 5u}, std::size_t{500}}) {
      const auto sizes = mixed_sizes(count, r, 300);
      check_copy_iterators<tiny>(sizes, r);
      check_copy_iterators<odd>(sizes, r);
      check_copy_iterators<host_default>(sizes, r);
    }
  });
}

TEST_CASE("device memcpy and copy batched: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const std::vector<unsigned char> sentinel(64, 0x5A);
  auto d_src = to_device(std::vector<unsigned char>(64, 1));
  auto d_dst = to_device(sentinel);
  const auto d_srcs = to_device(std::vector<const void*>{d_src.data(), d_src.data() + 8});
  const auto d_dsts = to_device(std::vector<void*>{d_dst.data(), d_dst.data() + 32});
  const auto d_sizes = to_device(std::vector<int>{8, 16});
  const void* const* null_srcs = nullptr;
  void* const* null_dsts = nullptr;
  const int* null_sizes = nullptr;
  using mc = xcub::DeviceMemcpy;
  const auto e = xcub::error_invalid_value;
  std::size_t bytes = 0;
  REQUIRE(mc::Batched(nullptr, bytes, d_srcs.data(), d_dsts.data(), d_sizes.data(), 2) == xcub::success);
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  CHECK(mc::Batched(t, bytes, d_srcs.data(), d_dsts.data(), d_sizes.data(), -1) == e);
  CHECK(mc::Batched(t, bytes, d_srcs.data(), d_dsts.data(), d_sizes.data(), std::int64_t{-3}) == e);
  CHECK(mc::Batched(nullptr, bytes, d_srcs.data(), d_dsts.data(), d_sizes.data(), -1) == e);
  CHECK(mc::Batched(t, bytes, null_srcs, d_dsts.data(), d_sizes.data(), 2) == e);
  CHECK(mc::Batched(t, bytes, d_srcs.data(), null_dsts, d_sizes.data(), 2) == e);
  CHECK(mc::Batched(t, bytes, d_srcs.data(), d_dsts.data(), null_sizes, 2) == e);
  std::size_t small = bytes - 1;
  if (small > 0) CHECK(mc::Batched(t, small, d_srcs.data(), d_dsts.data(), d_sizes.data(), 2) == e);
  std::size_t none = 0;
  CHECK(mc::Batched(t, none, d_srcs.data(), d_dsts.data(), d_sizes.data(), 2) == e);
  // no buffers: nothing is read, null iterators are fine
  std::size_t zero_bytes = 0;
  CHECK(mc::Batched(nullptr, zero_bytes, null_srcs, null_dsts, null_sizes, 0) == xcub::success);
  CHECK(zero_bytes >= 1);
  CHECK(mc::Batched(t, zero_bytes, null_srcs, null_dsts, null_sizes, 0u) == xcub::success);

  using dc = xcub::DeviceCopy;
  const auto d_ranges = to_device(std::vector<const unsigned char*>{d_src.data(), d_src.data() + 8});
  const auto d_outs = to_device(std::vector<unsigned char*>{d_dst.data(), d_dst.data() + 32});
  const unsigned char* const* null_ranges = nullptr;
  unsigned char* const* null_outs = nullptr;
  std::size_t copy_bytes = 0;
  REQUIRE(dc::Batched(nullptr, copy_bytes, d_ranges.data(), d_outs.data(), d_sizes.data(), 2) == xcub::success);
  xcub::device_buffer<unsigned char> copy_temp(copy_bytes);
  void* ct = copy_temp.data();
  CHECK(dc::Batched(ct, copy_bytes, d_ranges.data(), d_outs.data(), d_sizes.data(), -2) == e);
  CHECK(dc::Batched(ct, copy_bytes, null_ranges, d_outs.data(), d_sizes.data(), 2) == e);
  CHECK(dc::Batched(ct, copy_bytes, d_ranges.data(), null_outs, d_sizes.data(), 2) == e);
  CHECK(dc::Batched(ct, copy_bytes, d_ranges.data(), d_outs.data(), null_sizes, 2) == e);
  std::size_t copy_small = copy_bytes - 1;
  if (copy_small > 0) CHECK(dc::Batched(ct, copy_small, d_ranges.data(), d_outs.data(), d_sizes.data(), 2) == e);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_dst.download(), sentinel, "destination after bad calls");
}

namespace {
/// The 2^31 + 100 buffer test's batch: 3 bytes from every 2^20-th buffer and the last three, 0
/// from the others; each to its own 3 bytes of the output, from the source at i % 97.
struct huge_size {
  long long n;
  XCUB_HOST_DEVICE int operator()(long long i) const { return i % (1LL << 20) == 0 || i >= n - 3 ? 3 : 0; }
};
struct huge_src {
  const unsigned char* in;
  XCUB_HOST_DEVICE const unsigned char* operator()(long long i) const { return in + i % 97; }
};
/// Buffer i's 3-byte slot of the output: the 2^20-th buffers below n - 3 in order, then the last three.
XCUB_HOST_DEVICE inline long long huge_slot(long long i, long long n) {
  const long long sparse = ((n - 4) >> 20) + 1;
  return i >= n - 3 ? sparse + (i - (n - 3)) : i >> 20;
}
struct huge_dst {
  unsigned char* out;
  long long n;
  XCUB_HOST_DEVICE unsigned char* operator()(long long i) const { return out + 3 * huge_slot(i, n); }
};
}  // namespace

TEST_CASE("device memcpy batched: 2^31 + 100 buffers (64-bit counts; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    const long long n = (1LL << 31) + 100;
    const long long slots = huge_slot(n - 1, n) + 1;
    std::vector<unsigned char> source(128);
    for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<unsigned char>(i * 7 + 1);
    const auto d_source = to_device(source);
    xcub::device_buffer<unsigned char> d_out(static_cast<std::size_t>(3 * slots));
    d_out.fill_bytes(0);
    using counting = xcub::CountingInputIterator<long long>;
    xcub::TransformInputIterator<int, huge_size, counting> sizes(counting(0), huge_size{n});
    xcub::TransformInputIterator<const unsigned char*, huge_src, counting> srcs(counting(0), huge_src{d_source.data()});
    xcub::TransformInputIterator<unsigned char*, huge_dst, counting> dsts(counting(0), huge_dst{d_out.data(), n});
    two_phase([&](void* t, std::size_t& b) { return xcub::DeviceMemcpy::Batched(t, b, srcs, dsts, sizes, n); });
    std::vector<unsigned char> want(static_cast<std::size_t>(3 * slots));
    std::vector<long long> copied;  // the buffers of 3 bytes
    for (long long i = 0; i < n - 3; i += 1LL << 20) copied.push_back(i);
    for (long long i = n - 3; i < n; ++i) copied.push_back(i);
    for (const long long i : copied) {
      const auto slot = static_cast<std::size_t>(3 * huge_slot(i, n));
      for (std::size_t k = 0; k < 3; ++k) want[slot + k] = source[static_cast<std::size_t>(i % 97) + k];
    }
    xcub_test::check_equal(d_out.download(), want, "output");
  }
}
