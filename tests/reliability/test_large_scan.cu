// The large-input suite (CUDA only, program xcub_large_tests; docs/testing.md, "Large inputs"),
// part 1: DeviceReduce (Sum, Reduce, Min, Max, ArgMin, ArgMax, ReduceByKey), DeviceFind,
// DeviceScan (sums, scans, by key), DeviceSelect / DevicePartition / Unique / UniqueByKey,
// DeviceRunLengthEncode, DeviceAdjacentDifference and DeviceHistogram, each over
// large::N = 2^31 + 877 items of 1 byte (an odd count: every algorithm's last tile is partial and
// offsets past 2^31 need 64-bit counts, which every call here passes as long long).
//
// How the results are known without a host oracle (a host pass over 2^31 items takes minutes):
// - inputs are functions of the index (large::byte_at, a hash with the run's seed; runs, periodic
//   selections and planted extremes in closed form), so a check kernel recomputes any input;
// - outputs defined item by item by their neighbours are checked item by item on the device
//   (a scan: out[i] from out[i-1] and in[i]; a selection of the i with i % 7 < 4: out[j] is
//   in[7 (j / 4) + j % 4]; runs of known lengths: the r-th run's key, offset and length);
// - totals (sums, histograms) come from a plain device computation that shares nothing with
//   xcub (one thread a stride, 64-bit atomics; shared-memory bins), compared exactly;
// - single results (extremes, find, bounds) are planted or in closed form.
// A wrong item is reported with its index. Peak device memory of a case: about 9 GB (the 32-bit
// scan; 7 GB for the run lengths); each case frees what it allocated.
#include "test_large.hpp"

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_find.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/util_type.hpp>

#include <array>
#include <cstdint>
#include <vector>

using large::N;
using u8 = std::uint8_t;
using u64 = unsigned long long;
using counting = xcub::CountingInputIterator<long long>;
template <class T, class Op>
using mapped = xcub::TransformInputIterator<T, Op, counting>;

namespace {

struct plus_u64 {
  __host__ __device__ u64 operator()(u64 a, u64 b) const { return a + b; }
};
struct add_u8 {
  __host__ __device__ u8 operator()(u8 a, u8 b) const { return static_cast<u8>(a + b); }
};
struct xor_u8 {
  __host__ __device__ u8 operator()(u8 a, u8 b) const { return static_cast<u8>(a ^ b); }
};
struct sub_u8 {
  __host__ __device__ u8 operator()(u8 a, u8 b) const { return static_cast<u8>(a - b); }
};

// ---- DeviceReduce, DeviceFind ---------------------------------------------------------------
// Items 1..254, except 0 at min_at and again at N - 2, 255 at max_at and again at N - 1: the first
// extremes lie past 2^31.
constexpr long long min_at = (1LL << 31) + 101, max_at = (1LL << 31) + 400;
struct reduce_input {
  std::uint64_t seed;
  __host__ __device__ u8 operator()(long long i) const {
    if (i == min_at || i == N - 2) return 0;
    if (i == max_at || i == N - 1) return 255;
    return static_cast<u8>(1 + large::byte_at(seed, i) % 254);
  }
};
struct fill_with_reduce_input {
  u8* p;
  reduce_input f;
  __device__ void operator()(long long i) const { p[i] = f(i); }
};
struct is_zero {
  __host__ __device__ bool operator()(u8 x) const { return x == 0; }
};
struct at_least {
  long long from;
  __host__ __device__ bool operator()(long long x) const { return x >= from; }
};
struct never {
  __host__ __device__ bool operator()(u8) const { return false; }
};

}  // namespace

TEST_CASE("large: DeviceReduce Sum, Reduce, Min, Max, ArgMin, ArgMax and DeviceFind::FindIf over 2^31 + 877 bytes (large)") {
  XCUB_TEST_CONTEXT();
  const reduce_input value{large::seed()};
  large::buf<u8> in(N);
  large::each_index(N, fill_with_reduce_input{in.p, value});
  const u64 want_sum = large::plain_sum(0, N, value);
  large::buf<u64> sum(2);
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, in.p, sum.p, N); });
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceReduce::Reduce(t, b, in.p, sum.p + 1, N, plus_u64{}, u64{7});
  });
  CHECK(sum.get(0) == want_sum);
  CHECK(sum.get(1) == want_sum + 7);
  large::buf<u8> ext(4);
  large::buf<long long> index(2);
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Min(t, b, in.p, ext.p, N); });
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::Max(t, b, in.p, ext.p + 1, N); });
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMin(t, b, in.p, ext.p + 2, index.p, N); });
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, in.p, ext.p + 3, index.p + 1, N); });
  const auto e = ext.download(4);
  const auto ix = index.download(2);
  CHECK(e[0] == 0);
  CHECK(e[1] == 255);
  CHECK(e[2] == 0);
  CHECK(ix[0] == min_at);
  CHECK(e[3] == 255);
  CHECK(ix[1] == max_at);
  {
    // The pair form with a 64-bit key holds the offset; with CUB's KeyValuePair<int, T> it cannot,
    // and the call says so (error_invalid_value) instead of writing a wrapped offset.
    large::buf<xcub::KeyValuePair<long long, u8>> pair(1);
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceReduce::ArgMax(t, b, in.p, pair.p, N); });
    const auto p = pair.get(0);
    CHECK(p.key == max_at);
    CHECK(p.value == 255);
    large::buf<xcub::KeyValuePair<int, u8>> narrow(1);
    std::size_t bytes = 0;
    XCUB_TEST_CALL(xcub::DeviceReduce::ArgMin(nullptr, bytes, in.p, narrow.p, N));
    large::buf<unsigned char> temp(bytes);
    CHECK(xcub::DeviceReduce::ArgMin(temp.p, bytes, in.p, narrow.p, N) == xcub::error_invalid_value);
  }
  large::buf<long long> found(3);
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceFind::FindIf(t, b, in.p, found.p, is_zero{}, N); });
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceFind::FindIf(t, b, in.p, found.p + 1, never{}, N); });
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceFind::FindIf(t, b, counting(0), found.p + 2, at_least{N - 3}, N);
  });
  const auto f = found.download(3);
  CHECK(f[0] == min_at);
  CHECK(f[1] == N);
  CHECK(f[2] == N - 3);
}

namespace {
/// A sorted range in closed form: item i is floor(256 i / n).
struct ramp {
  long long n;
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>((i * 256) / n); }
};
}  // namespace

TEST_CASE("large: DeviceFind LowerBound, UpperBound in a sorted range of 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const mapped<u8, ramp> range(counting(0), ramp{N});
  std::vector<u8> values(256);
  for (int v = 0; v < 256; ++v) values[static_cast<std::size_t>(v)] = static_cast<u8>(v);
  large::buf<u8> d_values(256);
  d_values.upload(values);
  large::buf<long long> lower(256), upper(256);
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceFind::LowerBound(t, b, range, N, d_values.p, 256, lower.p);
  });
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceFind::UpperBound(t, b, range, N, d_values.p, 256, upper.p);
  });
  // floor(256 i / N) >= v exactly when i >= ceil(v N / 256).
  auto first_at_least = [](long long v) { return v >= 256 ? N : (v * N + 255) / 256; };
  const auto lo = lower.download(256), up = upper.download(256);
  int wrong = 0;
  for (long long v = 0; v < 256; ++v)
    wrong += lo[static_cast<std::size_t>(v)] != first_at_least(v) || up[static_cast<std::size_t>(v)] != first_at_least(v + 1);
  CHECK(wrong == 0);
}

// ---- DeviceScan -------------------------------------------------------------------------------
namespace {
struct inclusive_add_wrong {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    const u8 prev = i ? out[i - 1] : u8{0};
    return out[i] != static_cast<u8>(prev + large::byte_at(seed, i));
  }
};
struct exclusive_xor_wrong {
  const u8* out;
  std::uint64_t seed;
  u8 init;
  __device__ bool operator()(long long i) const {
    return out[i] != (i ? static_cast<u8>(out[i - 1] ^ large::byte_at(seed, i - 1)) : init);
  }
};
struct hashed_u32 {
  std::uint64_t seed;
  __host__ __device__ unsigned operator()(long long i) const { return large::byte_at(seed, i) * 16777619u; }
};
struct inclusive_sum_u32_wrong {
  const unsigned* out;
  hashed_u32 f;
  __device__ bool operator()(long long i) const { return out[i] != (i ? out[i - 1] : 0u) + f(i); }
};
}  // namespace

TEST_CASE("large: DeviceScan over 2^31 + 877 items: InclusiveScan, ExclusiveScan of bytes, InclusiveSum of 32-bit values (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  {
    large::buf<u8> in(N), out(N);
    large::each_index(N, large::fill_hashed{in.p, seed});
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveScan(t, b, in.p, out.p, add_u8{}, N); });
    LARGE_NONE_BAD("InclusiveScan (byte sum)", N, (inclusive_add_wrong{out.p, seed}));
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceScan::ExclusiveScan(t, b, in.p, out.p, xor_u8{}, u8{0x5a}, N);
    });
    LARGE_NONE_BAD("ExclusiveScan (xor, init 0x5a)", N, (exclusive_xor_wrong{out.p, seed, 0x5a}));
    // In place: the input is overwritten, the check recomputes it.
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveScan(t, b, in.p, add_u8{}, N); });
    LARGE_NONE_BAD("InclusiveScan in place", N, (inclusive_add_wrong{in.p, seed}));
  }
  {
    // 4-byte sums carry across the whole range (a wrong look-back past 2^31 shows in every item).
    const mapped<unsigned, hashed_u32> in(counting(0), hashed_u32{seed});
    large::buf<unsigned> out(N);
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSum(t, b, in, out.p, N); });
    LARGE_NONE_BAD("InclusiveSum (uint32)", N, (inclusive_sum_u32_wrong{out.p, hashed_u32{seed}}));
  }
}

// ---- by key: ReduceByKey, ScanByKey, UniqueByKey --------------------------------------------
namespace {
constexpr long long run_length = 3001;
/// Runs of run_length equal keys; neighbouring runs differ (run r has key r mod 256).
struct run_key {
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(i / run_length); }
};
struct by_key_wrong {
  const u8* unique;
  const u64* sums;
  const u8* firsts;  // UniqueByKey's values: the first value of each run
  const u8* first_keys;
  std::uint64_t seed;
  __device__ bool operator()(long long r) const {
    const long long lo = r * run_length, hi = lo + run_length < N ? lo + run_length : N;
    u64 s = 0;
    for (long long i = lo; i < hi; ++i) s += large::byte_at(seed, i);
    return unique[r] != static_cast<u8>(r) || sums[r] != s || firsts[r] != large::byte_at(seed, lo) ||
           first_keys[r] != static_cast<u8>(r);
  }
};
struct scan_by_key_wrong {
  const u8* incl;
  const u8* excl;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    const bool starts = i % run_length == 0;
    const u8 x = large::byte_at(seed, i);
    const u8 want_incl = starts ? x : static_cast<u8>(incl[i - 1] + x);
    const u8 want_excl = starts ? u8{0} : static_cast<u8>(excl[i - 1] + large::byte_at(seed, i - 1));
    return incl[i] != want_incl || excl[i] != want_excl;
  }
};
/// One run of all but the last 5 items, then a run of 5.
struct two_runs {
  __host__ __device__ u8 operator()(long long i) const { return i < N - 5 ? 7 : 9; }
};
}  // namespace

TEST_CASE("large: ReduceByKey, ExclusiveSumByKey, InclusiveSumByKey, UniqueByKey over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const mapped<u8, run_key> keys(counting(0), run_key{});
  large::buf<u8> values(N);
  large::each_index(N, large::fill_hashed{values.p, seed});
  const long long runs = (N + run_length - 1) / run_length;
  {
    large::buf<u8> unique(runs), first_keys(runs), firsts(runs);
    large::buf<u64> sums(runs);
    large::buf<long long> count(2);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceReduce::ReduceByKey(t, b, keys, unique.p, values.p, sums.p, count.p, plus_u64{}, N);
    });
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSelect::UniqueByKey(t, b, keys, values.p, first_keys.p, firsts.p, count.p + 1, N);
    });
    const auto c = count.download(2);
    REQUIRE(c[0] == runs);
    REQUIRE(c[1] == runs);
    LARGE_NONE_BAD("ReduceByKey and UniqueByKey, per run", runs,
                   (by_key_wrong{unique.p, sums.p, firsts.p, first_keys.p, seed}));
  }
  {
    large::buf<u8> incl(N), excl(N);
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSumByKey(t, b, keys, values.p, incl.p, N); });
    large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSumByKey(t, b, keys, values.p, excl.p, N); });
    LARGE_NONE_BAD("InclusiveSumByKey and ExclusiveSumByKey", N, (scan_by_key_wrong{incl.p, excl.p, seed}));
  }
  {
    // A run longer than 2^31: its aggregate needs every item of it.
    const mapped<u8, two_runs> keys2(counting(0), two_runs{});
    large::buf<u8> unique(2);
    large::buf<u64> sums(2);
    large::buf<long long> count(1);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceReduce::ReduceByKey(t, b, keys2, unique.p, values.p, sums.p, count.p, plus_u64{}, N);
    });
    REQUIRE(count.get(0) == 2);
    const auto u = unique.download(2);
    const auto s = sums.download(2);
    CHECK(u[0] == 7);
    CHECK(u[1] == 9);
    CHECK(s[0] == large::plain_sum(0, N - 5, large::hashed{seed}));
    CHECK(s[1] == large::plain_sum(N - 5, N, large::hashed{seed}));
  }
}

// ---- DeviceSelect, DevicePartition ------------------------------------------------------------
namespace {
/// Selected: the i with i % 7 < 4, marked by a byte below 128 (the rest have the top bit set).
struct select_input {
  std::uint64_t seed;
  __host__ __device__ u8 operator()(long long i) const {
    return static_cast<u8>((i % 7 < 4 ? 0 : 128) | (large::byte_at(seed, i) & 127));
  }
};
struct fill_select_input {
  u8* p;
  select_input f;
  __device__ void operator()(long long i) const { p[i] = f(i); }
};
struct below_128 {
  __host__ __device__ bool operator()(u8 x) const { return x < 128; }
};
struct periodic_flag {
  __host__ __device__ bool operator()(long long i) const { return i % 7 < 4; }
};
__host__ __device__ inline long long selected_index(long long j) { return 7 * (j / 4) + j % 4; }
__host__ __device__ inline long long rejected_index(long long k) { return 7 * (k / 3) + 4 + k % 3; }
struct selected_wrong {
  const u8* out;
  select_input in;
  __device__ bool operator()(long long j) const { return out[j] != in(selected_index(j)); }
};
struct flagged_wrong {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long j) const { return out[j] != large::byte_at(seed, selected_index(j)); }
};
struct partition_wrong {
  const u8* out;
  select_input in;
  long long selected;
  __device__ bool operator()(long long j) const {
    return out[j] != in(j < selected ? selected_index(j) : rejected_index(N - 1 - j));
  }
};
constexpr long long unique_run = 5;
struct short_runs {
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(i / unique_run); }
};
struct unique_wrong {
  const u8* out;
  __device__ bool operator()(long long r) const { return out[r] != static_cast<u8>(r); }
};
}  // namespace

TEST_CASE("large: DeviceSelect If, Flagged, Unique and DevicePartition If, Flagged over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const select_input value{seed};
  const long long selected = 4 * (N / 7) + (N % 7 < 4 ? N % 7 : 4);
  large::buf<u8> in(N), out(N);
  large::buf<long long> count(1);
  large::each_index(N, fill_select_input{in.p, value});
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceSelect::If(t, b, in.p, out.p, count.p, N, below_128{}); });
  REQUIRE(count.get(0) == selected);
  LARGE_NONE_BAD("DeviceSelect::If", selected, (selected_wrong{out.p, value}));
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DevicePartition::If(t, b, in.p, out.p, count.p, N, below_128{}); });
  REQUIRE(count.get(0) == selected);
  LARGE_NONE_BAD("DevicePartition::If (rejected in reverse order at the end)", N, (partition_wrong{out.p, value, selected}));
  const mapped<bool, periodic_flag> flags(counting(0), periodic_flag{});
  large::each_index(N, large::fill_hashed{in.p, seed});
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceSelect::Flagged(t, b, in.p, flags, out.p, count.p, N); });
  REQUIRE(count.get(0) == selected);
  LARGE_NONE_BAD("DeviceSelect::Flagged", selected, (flagged_wrong{out.p, seed}));
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DevicePartition::Flagged(t, b, in.p, flags, out.p, count.p, N); });
  REQUIRE(count.get(0) == selected);
  LARGE_NONE_BAD("DevicePartition::Flagged, the selected part", selected, (flagged_wrong{out.p, seed}));
  const mapped<u8, short_runs> runs(counting(0), short_runs{});
  const long long unique = (N + unique_run - 1) / unique_run;
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceSelect::Unique(t, b, runs, out.p, count.p, N); });
  REQUIRE(count.get(0) == unique);
  LARGE_NONE_BAD("DeviceSelect::Unique", unique, (unique_wrong{out.p}));
}

// ---- DeviceRunLengthEncode --------------------------------------------------------------------
namespace {
// Runs of lengths 1, 2, 3, 4, 5, 1, 2, ... (15 items every 5 runs); run r has key r mod 256.
__host__ __device__ inline long long run_start(long long r) {
  const long long tri[5] = {0, 1, 3, 6, 10};
  return 15 * (r / 5) + tri[r % 5];
}
__host__ __device__ inline long long run_of(long long i) {
  const long long m = i % 15;
  return 5 * (i / 15) + (m < 1 ? 0 : m < 3 ? 1 : m < 6 ? 2 : m < 10 ? 3 : 4);
}
__host__ __device__ inline long long run_len(long long r) {
  const long long end = run_start(r) + r % 5 + 1;
  return (end < N ? end : N) - run_start(r);
}
struct periodic_runs {
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(run_of(i)); }
};
struct encode_wrong {
  const u8* unique;
  const int* lengths;
  __device__ bool operator()(long long r) const { return unique[r] != static_cast<u8>(r) || lengths[r] != run_len(r); }
};
/// The k-th run of length 2 or more (every run but those with r % 5 == 0).
__host__ __device__ inline long long non_trivial_run(long long k) { return 5 * (k / 4) + 1 + k % 4; }
struct non_trivial_wrong {
  const long long* offsets;
  const int* lengths;
  __device__ bool operator()(long long k) const {
    const long long r = non_trivial_run(k);
    return offsets[k] != run_start(r) || lengths[k] != run_len(r);
  }
};
struct long_first_run {
  __host__ __device__ u8 operator()(long long i) const { return i < (1LL << 31) + 3 ? 7 : 9; }
};
}  // namespace

TEST_CASE("large: DeviceRunLengthEncode Encode, NonTrivialRuns over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const mapped<u8, periodic_runs> in(counting(0), periodic_runs{});
  const long long runs = run_of(N - 1) + 1;
  long long non_trivial = 0;  // closed form but for the last, possibly cut, runs
  for (long long k = (runs / 5) * 4 - 8; k >= 0 && non_trivial_run(k) < runs; ++k)
    if (run_len(non_trivial_run(k)) >= 2) non_trivial = k + 1;
  large::buf<long long> count(1);
  {
    large::buf<u8> unique(runs);
    large::buf<int> lengths(runs);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::Encode(t, b, in, unique.p, lengths.p, count.p, N);
    });
    REQUIRE(count.get(0) == runs);
    LARGE_NONE_BAD("Encode", runs, (encode_wrong{unique.p, lengths.p}));
  }
  {
    large::buf<long long> offsets(non_trivial);
    large::buf<int> lengths(non_trivial);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, in, offsets.p, lengths.p, count.p, N);
    });
    REQUIRE(count.get(0) == non_trivial);
    LARGE_NONE_BAD("NonTrivialRuns", non_trivial, (non_trivial_wrong{offsets.p, lengths.p}));
  }
  {
    // A run of more than 2^31 items: its length needs a 64-bit output.
    const mapped<u8, long_first_run> two(counting(0), long_first_run{});
    large::buf<u8> unique(2);
    large::buf<long long> lengths(2), offsets(2);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::Encode(t, b, two, unique.p, lengths.p, count.p, N);
    });
    REQUIRE(count.get(0) == 2);
    CHECK(unique.get(0) == 7);
    CHECK(unique.get(1) == 9);
    CHECK(lengths.get(0) == (1LL << 31) + 3);
    CHECK(lengths.get(1) == N - (1LL << 31) - 3);
    large::two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, two, offsets.p, lengths.p, count.p, N);
    });
    REQUIRE(count.get(0) == 2);
    CHECK(offsets.get(0) == 0);
    CHECK(offsets.get(1) == (1LL << 31) + 3);
    CHECK(lengths.get(0) == (1LL << 31) + 3);
    CHECK(lengths.get(1) == N - (1LL << 31) - 3);
  }
}

// ---- DeviceAdjacentDifference -----------------------------------------------------------------
namespace {
struct left_wrong {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    const u8 x = large::byte_at(seed, i);
    return out[i] != (i ? static_cast<u8>(x - large::byte_at(seed, i - 1)) : x);
  }
};
struct right_wrong {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    const u8 x = large::byte_at(seed, i);
    return out[i] != (i + 1 < N ? static_cast<u8>(x - large::byte_at(seed, i + 1)) : x);
  }
};
}  // namespace

TEST_CASE("large: DeviceAdjacentDifference SubtractLeftCopy, SubtractRight over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  large::buf<u8> in(N), out(N);
  large::each_index(N, large::fill_hashed{in.p, seed});
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, in.p, out.p, N, sub_u8{});
  });
  LARGE_NONE_BAD("SubtractLeftCopy", N, (left_wrong{out.p, seed}));
  large::two_phase([&](void* t, std::size_t& b) { return xcub::DeviceAdjacentDifference::SubtractRight(t, b, in.p, N, sub_u8{}); });
  LARGE_NONE_BAD("SubtractRight (in place)", N, (right_wrong{in.p, seed}));
}

// ---- DeviceHistogram --------------------------------------------------------------------------
namespace {
constexpr int range_levels = 10;
__host__ __device__ inline int range_level(int k) {
  const int level[range_levels] = {0, 1, 2, 3, 10, 100, 128, 200, 255, 256};
  return level[k];
}
struct range_bin {
  std::uint64_t seed;
  __device__ int operator()(long long i) const {
    const int x = large::byte_at(seed, i);
    int b = 0;
    while (b + 1 < range_levels - 1 && x >= range_level(b + 1)) ++b;
    return b;
  }
};
// Rows: row_samples samples at each row_stride bytes, rows rows: more than 2^31 samples in all.
constexpr long long row_samples = 65537, row_stride = 65552, rows = 32769;
struct row_bin {
  std::uint64_t seed;
  __device__ int operator()(long long j) const { return large::byte_at(seed, (j / row_samples) * row_stride + j % row_samples); }
};
// Pixels of 4 channels, 3 counted: num_pixels fits an int, its samples' offsets do not.
constexpr long long pixels = N / 4;
struct pixel_bin {
  std::uint64_t seed;
  __device__ int operator()(long long j) const {
    const long long c = j % 3;
    return static_cast<int>(c) * 256 + large::byte_at(seed, 4 * (j / 3) + c);
  }
};
}  // namespace

TEST_CASE("large: DeviceHistogram Even, Range, rows, multi-channel over more than 2^31 samples (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const long long alloc = row_stride * (rows - 1) + row_samples;
  REQUIRE(alloc > N);
  large::buf<u8> in(alloc);
  large::each_index(alloc, large::fill_hashed{in.p, seed});
  large::buf<u64> hist(3 * 256);
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::HistogramEven(t, b, in.p, hist.p, 257, 0, 256, N);
  });
  large::check_counts(hist.download(256), large::histogram(N, 256, large::hashed_bin{seed}), "HistogramEven");
  large::buf<int> levels(range_levels);
  std::vector<int> h_levels(range_levels);
  for (int k = 0; k < range_levels; ++k) h_levels[static_cast<std::size_t>(k)] = range_level(k);
  levels.upload(h_levels);
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::HistogramRange(t, b, in.p, hist.p, range_levels, levels.p, N);
  });
  large::check_counts(hist.download(range_levels - 1), large::histogram(N, range_levels - 1, range_bin{seed}),
                      "HistogramRange");
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::HistogramEven(t, b, in.p, hist.p, 257, 0, 256, row_samples, rows,
                                                static_cast<std::size_t>(row_stride));
  });
  large::check_counts(hist.download(256), large::histogram(row_samples * rows, 256, row_bin{seed}),
                      "HistogramEven, rows");
  u64* channels[3] = {hist.p, hist.p + 256, hist.p + 512};
  const int num_levels[3] = {257, 257, 257};
  const int lower[3] = {0, 0, 0}, upper[3] = {256, 256, 256};
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceHistogram::MultiHistogramEven<4, 3>(t, b, in.p, channels, num_levels, lower, upper,
                                                           static_cast<int>(pixels));
  });
  large::check_counts(hist.download(3 * 256), large::histogram(3 * pixels, 3 * 256, pixel_bin{seed}),
                      "MultiHistogramEven<4, 3>, int num_pixels");
}
