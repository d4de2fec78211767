// DeviceSelect against the oracle (reference/select.hpp): If, Flagged, FlaggedIf, Unique, UniqueByKey,
// the in-place forms, iterator inputs; sizes around warp and tile edges, nothing and everything
// selected, the backend's tuning and tiny ones that spread small inputs over many tiles, random
// schedules on the host (the look-back chains the counts across tiles); every bad-input error.
#include <cstdint>
#include <vector>

#include <xcub/device/device_select.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/select.hpp>

#include "select_test_support.hpp"

using namespace xcub_device_test;
using namespace xcub_select_test;

namespace {

using tiny = xcub::DeviceSelectTuned<tiny_select_tuning>;
using odd = xcub::DeviceSelectTuned<odd_select_tuning>;

constexpr std::size_t sizes[] = {0, 1, 2, 31, 32, 33, 64, 65, 287, 288, 289, 1000, 4097};

/// Compares the selected prefix, the count, and that nothing past the count was written.
template <class T, class CountT>
void check_selected(const xcub::device_buffer<T>& d_out, const xcub::device_buffer<CountT>& d_count,
                    const std::vector<T>& want, const char* what) {
  INFO(what);
  xcub_test::check_equal(d_count.download(), std::vector<CountT>{static_cast<CountT>(want.size())}, "count");
  xcub_test::check_equal(head(d_out, want.size()), want, "selected items");
  const std::vector<T> all = d_out.download();
  std::size_t touched = 0;
  for (std::size_t i = want.size(); i < all.size(); ++i) touched += !untouched(all[i]);
  CHECK(touched == 0);  // nothing written past the selected items
}

template <class Facade, class T, class CountT = int, class NumItemsT = std::size_t>
void check_if(std::mt19937_64& rng, std::size_t n, int percent) {
  const std::vector<T> in = percent_values<T>(n, rng);
  const auto want = xcub::reference::select_if(in, below{percent});
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_out(n + 1);
  xcub::device_buffer<CountT> d_count(1);
  d_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::If(t, b, d_in.data(), d_out.data(), d_count.data(), static_cast<NumItemsT>(n), below{percent});
  });
  INFO("n = " << n << ", " << percent << "% selected");
  check_selected(d_out, d_count, want, "If");
}

template <class Facade, class T>
void check_flagged(std::mt19937_64& rng, std::size_t n, int percent) {
  const std::vector<T> in = xcub_test::random_vector<T>(n, rng);
  std::vector<char> flags(n);
  for (auto& f : flags) f = static_cast<char>(static_cast<int>(rng() % 100) < percent ? 1 + rng() % 3 : 0);
  const auto want = xcub::reference::select_flagged(in, flags, [](char f) { return f != 0; });
  auto d_in = to_device(in);
  auto d_flags = to_device(flags);
  xcub::device_buffer<T> d_out(n + 1);
  xcub::device_buffer<long long> d_count(1);
  d_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::Flagged(t, b, d_in.data(), d_flags.data(), d_out.data(), d_count.data(), static_cast<long long>(n));
  });
  INFO("n = " << n << ", " << percent << "% flagged");
  check_selected(d_out, d_count, want, "Flagged");
}

template <class Facade, class T>
void check_unique(std::mt19937_64& rng, std::size_t n, std::size_t max_run) {
  const std::vector<T> in = run_values<T>(n, max_run, rng);
  const auto want = xcub::reference::unique(in, [](T a, T b) { return a == b; });
  auto d_in = to_device(in);
  xcub::device_buffer<T> d_out(n + 1);
  xcub::device_buffer<std::uint32_t> d_count(1);
  d_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::Unique(t, b, d_in.data(), d_out.data(), d_count.data(), static_cast<std::uint32_t>(n));
  });
  INFO("n = " << n << ", runs up to " << max_run);
  check_selected(d_out, d_count, want, "Unique");
}

template <class Facade>
void check_unique_by_key(std::mt19937_64& rng, std::size_t n, std::size_t max_run) {
  const std::vector<int> keys = run_values<int>(n, max_run, rng);
  const std::vector<long long> values = xcub_test::random_vector<long long>(n, rng);
  const auto want = xcub::reference::unique_by_key(keys, values, same_bucket{});
  auto d_keys = to_device(keys);
  auto d_values = to_device(values);
  xcub::device_buffer<int> d_keys_out(n + 1);
  xcub::device_buffer<long long> d_values_out(n + 1);
  xcub::device_buffer<int> d_count(1);
  d_keys_out.fill_bytes(0x5A);
  d_values_out.fill_bytes(0x5A);
  two_phase([&](void* t, std::size_t& b) {
    return Facade::UniqueByKey(t, b, d_keys.data(), d_values.data(), d_keys_out.data(), d_values_out.data(),
                               d_count.data(), n, same_bucket{});
  });
  INFO("n = " << n << ", runs up to " << max_run);
  check_selected(d_keys_out, d_count, want.keys, "UniqueByKey keys");
  check_selected(d_values_out, d_count, want.values, "UniqueByKey values");
}

}  // namespace

TEST_CASE("device select: If, Flagged, Unique, UniqueByKey over sizes, selections and tunings") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device select");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    for (const std::size_t n : sizes) {
      for (const int percent : {0, 50, 100}) {
        check_if<tiny, int>(r, n, percent);
        check_flagged<odd, int>(r, n, percent);
      }
      for (const std::size_t max_run : {1, 3, 100}) {
        check_unique<tiny, int>(r, n, max_run);
        check_unique_by_key<odd>(r, n, max_run);
      }
    }
  });
  for (const std::size_t n : {255, 256, 257, 100000}) {
    check_if<xcub::DeviceSelect, int>(rng, n, 50);
    check_flagged<xcub::DeviceSelect, int>(rng, n, 30);
    check_unique<xcub::DeviceSelect, int>(rng, n, 5);
  }
  check_unique_by_key<xcub::DeviceSelect>(rng, 70000, 9);
  for (const std::size_t n : {1, 1000, 30000}) {
    check_if<odd, std::int8_t, std::uint64_t>(rng, n, 50);
    check_if<odd, std::int64_t>(rng, n, 20);
    check_if<odd, float>(rng, n, 70);
    check_unique<odd, float>(rng, n, 4);
#if XCUB_TEST_MATRIX_FULL
    check_unique<odd, std::int8_t>(rng, n, 4);
    check_flagged<odd, double>(rng, n, 50);
#endif
  }
}

TEST_CASE("device select: in place If and Flagged, FlaggedIf, iterator inputs") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device select in place");
  for (const std::size_t n : {0, 1, 33, 1000, 20000}) {
    INFO("n = " << n);
    const std::vector<int> in = percent_values<int>(n, rng);
    {  // If in place
      auto d_data = to_device(in);
      xcub::device_buffer<int> d_count(1);
      two_phase([&](void* t, std::size_t& b) { return tiny::If(t, b, d_data.data(), d_count.data(), n, below{40}); });
      const auto want = xcub::reference::select_if(in, below{40});
      xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(want.size())}, "count");
      xcub_test::check_equal(head(d_data, want.size()), want, "If in place");
    }
    {  // Flagged in place, with int flags
      std::vector<int> flags(n);
      for (auto& f : flags) f = static_cast<int>(rng() % 2);
      auto d_data = to_device(in);
      auto d_flags = to_device(flags);
      xcub::device_buffer<int> d_count(1);
      two_phase([&](void* t, std::size_t& b) {
        return odd::Flagged(t, b, d_data.data(), d_flags.data(), d_count.data(), static_cast<int>(n));
      });
      const auto want = xcub::reference::select_flagged(in, flags, [](int f) { return f != 0; });
      xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(want.size())}, "count");
      xcub_test::check_equal(head(d_data, want.size()), want, "Flagged in place");
    }
    {  // FlaggedIf: a predicate on the flags; and in place
      std::vector<int> flags = percent_values<int>(n, rng);
      auto d_in = to_device(in);
      auto d_flags = to_device(flags);
      xcub::device_buffer<int> d_out(n + 1), d_count(1);
      two_phase([&](void* t, std::size_t& b) {
        return tiny::FlaggedIf(t, b, d_in.data(), d_flags.data(), d_out.data(), d_count.data(), n, at_least{60});
      });
      const auto want = xcub::reference::select_flagged(in, flags, at_least{60});
      xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(want.size())}, "count");
      xcub_test::check_equal(head(d_out, want.size()), want, "FlaggedIf");
      two_phase([&](void* t, std::size_t& b) {
        return tiny::FlaggedIf(t, b, d_in.data(), d_flags.data(), d_count.data(), n, at_least{60});
      });
      xcub_test::check_equal(head(d_in, want.size()), want, "FlaggedIf in place");
    }
    {  // a counting iterator as input: the multiples of 3 (as x % 3 == 0 through below on x % 3)
      xcub::CountingInputIterator<int> first(5);
      std::vector<int> counting(n);
      for (std::size_t i = 0; i < n; ++i) counting[i] = 5 + static_cast<int>(i);
      xcub::device_buffer<int> d_out(n + 1), d_count(1);
      two_phase([&](void* t, std::size_t& b) {
        return tiny::If(t, b, first, d_out.data(), d_count.data(), n, at_least{500});
      });
      const auto want = xcub::reference::select_if(counting, at_least{500});
      xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(want.size())}, "count");
      xcub_test::check_equal(head(d_out, want.size()), want, "If over a counting iterator");
    }
  }
}

namespace {

/// Every call the pipelined agent takes (If and Unique over pointers, in place If) and two it does
/// not (a misaligned input, 1-byte items: agent_select's tiles with the same temp storage size),
/// on random T, against the oracle.
template <class Tuning, class T>
void check_pipelined(std::mt19937_64& rng, std::size_t n) {
  using select = xcub::DeviceSelectTuned<Tuning>;
  for (const int percent : {0, 50, 100}) check_if<select, T>(rng, n, percent);  // 64-bit offsets
  check_if<select, T, std::uint64_t, int>(rng, n, 37);                            // 32-bit offsets
  for (const std::size_t max_run : {std::size_t(1), std::size_t(3), std::size_t(100), n + 1}) {
    check_unique<select, T>(rng, n, max_run);
  }
  INFO("n = " << n);
  const std::vector<T> in = percent_values<T>(n, rng);
  const auto want = xcub::reference::select_if(in, below{45});
  {
    auto d_data = to_device(in);
    xcub::device_buffer<long long> d_count(1);
    two_phase([&](void* t, std::size_t& b) { return select::If(t, b, d_data.data(), d_count.data(), n, below{45}); });
    xcub_test::check_equal(d_count.download(), std::vector<long long>{static_cast<long long>(want.size())}, "count");
    xcub_test::check_equal(head(d_data, want.size()), want, "If in place");
  }
  if (n > 1) {  // one item in: not 16-byte aligned
    auto d_in = to_device(in);
    xcub::device_buffer<T> d_out(n);
    xcub::device_buffer<int> d_count(1);
    two_phase([&](void* t, std::size_t& b) {
      return select::If(t, b, d_in.data() + 1, d_out.data(), d_count.data(), n - 1, below{45});
    });
    const auto tail = xcub::reference::select_if(std::vector<T>(in.begin() + 1, in.end()), below{45});
    xcub_test::check_equal(d_count.download(), std::vector<int>{static_cast<int>(tail.size())}, "count");
    xcub_test::check_equal(head(d_out, tail.size()), tail, "If misaligned");
  }
}

}  // namespace

TEST_CASE("device select: the pipelined agent (small rings), If and Unique, in place, random schedules") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("device select pipelined");
  for (const std::size_t n : pipelined_sizes()) {
    check_pipelined<pipelined_select_tuning, int>(rng, n);
    check_pipelined<pipelined_deep_select_tuning, float>(rng, n);
    check_pipelined<pipelined_select_tuning, std::int64_t>(rng, n);
    check_pipelined<pipelined_deep_select_tuning, std::int8_t>(rng, n);
#if XCUB_TEST_MATRIX_FULL
    check_pipelined<pipelined_deep_select_tuning, std::uint32_t>(rng, n);
    check_pipelined<pipelined_select_tuning, double>(rng, n);
#endif
  }
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_pipelined<pipelined_select_tuning, int>(r, 9000);
    check_pipelined<pipelined_deep_select_tuning, std::int64_t>(r, 7001);
  });
}

/// The sm_90 ring (6 stages of 9216 4-byte items, 8 consumer warps, 32 tiles per poll) from 2 tiles,
/// for If (the shape DeviceSelect runs on an H100 or H200 from 2^26 items) and Unique, on inputs the
/// sanitizers can take.
struct sm90_select_ring_tuning {
  template <class T>
  static constexpr xcub::detail::select_policy policy(int arch) {
    return xcub::tuning::select::policy<T>(arch);
  }
  template <class T>
  static constexpr xcub::detail::pipelined_scan_policy pipeline(int) {
    if (sizeof(T) != 4) return {};
    return {6, 9216, 8, 2, 32, 0};
  }
};

TEST_CASE("device select: the pipelined agent with the sm_90 ring (GPU only)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    auto rng = xcub_test::rng_for("device select sm90 ring");
    for (const std::size_t n : {std::size_t(9217), std::size_t(300000), std::size_t(1) << 21, (std::size_t(1) << 22) + 5}) {
      check_pipelined<sm90_select_ring_tuning, int>(rng, n);
      check_pipelined<sm90_select_ring_tuning, float>(rng, n);
    }
  }
}

namespace {
/// Every 2^20-th index, and the last three of n.
struct sparse_or_tail {
  long long n;
  XCUB_HOST_DEVICE bool operator()(long long x) const { return x % (1LL << 20) == 0 || x >= n - 3; }
};
}  // namespace

TEST_CASE("device select: 2^31 + 1000 items of a counting iterator (64-bit offsets; GPU only) (large)") {
  XCUB_TEST_CONTEXT();
  if constexpr (XCUB_BACKEND_CUDA) {
    const long long n = (1LL << 31) + 1000;
    std::vector<long long> want;
    for (long long x = 0; x < n; x += 1LL << 20) want.push_back(x);
    for (long long x = n - 3; x < n; ++x)
      if (x % (1LL << 20) != 0) want.push_back(x);
    xcub::device_buffer<long long> d_out(want.size() + 1), d_count(1);
    two_phase([&](void* t, std::size_t& b) {
      return xcub::DeviceSelect::If(t, b, xcub::CountingInputIterator<long long>(0), d_out.data(), d_count.data(), n,
                                    sparse_or_tail{n});
    });
    xcub_test::check_equal(d_count.download(), std::vector<long long>{static_cast<long long>(want.size())}, "count");
    xcub_test::check_equal(head(d_out, want.size()), want, "selected");
  }
}

TEST_CASE("device select: bad input returns error_invalid_value and writes nothing") {
  XCUB_TEST_CONTEXT();
  const std::vector<int> in = {1, 2, 3, 4};
  auto d_in = to_device(in);
  auto d_flags = to_device(std::vector<char>{1, 0, 1, 0});
  xcub::device_buffer<int> d_out(4), d_count(1);
  d_out.fill_bytes(0x5A);
  d_count.fill_bytes(0x5A);
  std::size_t bytes = 0;
  REQUIRE(xcub::DeviceSelect::If(nullptr, bytes, d_in.data(), d_out.data(), d_count.data(), 4, below{3}) ==
          xcub::success);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  int* null_int = nullptr;
  char* null_flags = nullptr;
  const auto e = xcub::error_invalid_value;
  CHECK(xcub::DeviceSelect::If(t, bytes, d_in.data(), d_out.data(), d_count.data(), -1, below{3}) == e);
  CHECK(xcub::DeviceSelect::If(t, bytes, null_int, d_out.data(), d_count.data(), 4, below{3}) == e);
  CHECK(xcub::DeviceSelect::If(t, bytes, d_in.data(), null_int, d_count.data(), 4, below{3}) == e);
  CHECK(xcub::DeviceSelect::If(t, bytes, d_in.data(), d_out.data(), null_int, 4, below{3}) == e);
  CHECK(xcub::DeviceSelect::If(t, bytes, d_in.data(), d_out.data(), null_int, 0, below{3}) == e);
  CHECK(xcub::DeviceSelect::If(t, bytes, d_in.data(), null_int, 4, below{3}) == e);  // in place, no count
  CHECK(xcub::DeviceSelect::Flagged(t, bytes, d_in.data(), null_flags, d_out.data(), d_count.data(), 4) == e);
  CHECK(xcub::DeviceSelect::Flagged(t, bytes, d_in.data(), d_flags.data(), d_out.data(), d_count.data(), -2) == e);
  CHECK(xcub::DeviceSelect::Flagged(t, bytes, null_int, d_flags.data(), d_count.data(), 4) == e);
  CHECK(xcub::DeviceSelect::FlaggedIf(t, bytes, d_in.data(), null_flags, d_out.data(), d_count.data(), 4,
                                      below{1}) == e);
  CHECK(xcub::DeviceSelect::Unique(t, bytes, d_in.data(), null_int, d_count.data(), 4) == e);
  CHECK(xcub::DeviceSelect::Unique(t, bytes, d_in.data(), d_out.data(), d_count.data(), std::int64_t{-5}) == e);
  CHECK(xcub::DeviceSelect::UniqueByKey(t, bytes, d_in.data(), null_int, d_out.data(), d_out.data(), d_count.data(),
                                        4) == e);
  CHECK(xcub::DeviceSelect::UniqueByKey(t, bytes, d_in.data(), d_in.data(), d_out.data(), null_int, d_count.data(),
                                        4) == e);
  CHECK(xcub::DeviceSelect::UniqueByKey(t, bytes, d_in.data(), d_in.data(), d_out.data(), d_out.data(), null_int,
                                        4) == e);
  std::size_t small = bytes - 1;
  if (bytes > 1) {
    CHECK(xcub::DeviceSelect::If(t, small, d_in.data(), d_out.data(), d_count.data(), 4, below{3}) == e);
  }
  small = 0;
  CHECK(xcub::DeviceSelect::Unique(t, small, d_in.data(), d_out.data(), d_count.data(), 4) == e);
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), std::vector<int>(4, 0x5A5A5A5A), "output untouched");
  xcub_test::check_equal(d_count.download(), std::vector<int>{0x5A5A5A5A}, "count untouched");
}
