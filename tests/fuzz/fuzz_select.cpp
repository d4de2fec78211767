// libFuzzer target: the selection family (DeviceSelect Flagged/If/Unique, DevicePartition::If,
// DeviceRunLengthEncode::Encode, DeviceHistogram::HistogramEven with levels from the input,
// DeviceTopK::MaxKeys with k from the input), on
// 32-bit signed and 8-bit unsigned items. The input picks the algorithm, the type, the count
// (negative too), null pointers, the histogram's levels and range, the temp size and the items;
// results are compared with the oracle and every refusal must have written nothing.
#include "fuzz_support.hpp"

#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/device/device_topk.hpp>
#include <xcub/reference/histogram.hpp>
#include <xcub/reference/select.hpp>
#include <xcub/reference/topk.hpp>

using namespace xcub_fuzz;

namespace {

struct odd {
  template <class T>
  bool operator()(T x) const { return (static_cast<long long>(x) & 1) != 0; }
};
struct nonzero {
  bool operator()(std::uint8_t f) const { return f != 0; }
};

/// Items [from, n) of the buffer still hold the poison.
template <class T>
bool buffer_tail_untouched(const buffer<T>& b, std::size_t from) {
  const std::vector<T> all = b.download();
  std::vector<unsigned char> bytes((all.size() - from) * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), all.data() + from, bytes.size());
  return std::all_of(bytes.begin(), bytes.end(), [](unsigned char c) { return c == poison; });
}

template <class T>
void run(reader& in, unsigned algorithm) {
  const std::uint8_t flags = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool null_in = (flags & 2) && (flags & 4), null_out = (flags & 2) && (flags & 8),
             null_count = (flags & 2) && (flags & 16), null_flags = (flags & 2) && (flags & 32);
  const int levels = static_cast<int>(in.byte() % 40) - 2;  // -2 .. 37: below 2 is an error
  const int lower = static_cast<int>(in.take<std::int16_t>()) % 300, upper = static_cast<int>(in.take<std::int16_t>()) % 300;
  const std::vector<std::uint8_t> sel = in.items<std::uint8_t>(n);
  const std::vector<T> host = in.items<T>(n);
  std::vector<std::uint8_t> flag_values(n);
  for (std::size_t i = 0; i < n; ++i) flag_values[i] = sel[i] & 1;

  buffer<T> d_in(host, null_in), d_out(n, null_out);
  buffer<std::uint8_t> d_flags(flag_values, null_flags);
  buffer<int> d_lengths(n, null_out), d_count(1, null_count);
  const int bins = levels >= 2 ? levels - 1 : 1;
  buffer<int> d_hist(static_cast<std::size_t>(bins), null_out);
  const bool work = count > 0;
  outcome o;
  bool must_refuse = count < 0 || (work && (null_in || null_out)) || null_count;
  const bool histogram = algorithm == 5;
  const long long k = static_cast<long long>(in.count(n + 8)) - ((flags & 64) ? 1 : 0);  // -1 too; past n: clamped
  switch (algorithm) {
    case 0:
      must_refuse = must_refuse || (work && null_flags);
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSelect::Flagged(t, b, d_in.data(), d_flags.data(), d_out.data(), d_count.data(), count);
      });
      break;
    case 1:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSelect::If(t, b, d_in.data(), d_out.data(), d_count.data(), count, odd{});
      });
      break;
    case 2:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSelect::Unique(t, b, d_in.data(), d_out.data(), d_count.data(), count);
      });
      break;
    case 3:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DevicePartition::If(t, b, d_in.data(), d_out.data(), d_count.data(), count, odd{});
      });
      break;
    case 4:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceRunLengthEncode::Encode(t, b, d_in.data(), d_out.data(), d_lengths.data(), d_count.data(),
                                                   count);
      });
      break;
    case 6:
      must_refuse = count < 0 || k < 0 || (work && k > 0 && (null_in || null_out));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceTopK::MaxKeys(t, b, d_in.data(), d_out.data(), count, k);
      });
      break;
    default:
      must_refuse = count < 0 || (work && null_in) || null_out || levels < 2 || !(lower < upper);
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceHistogram::HistogramEven(t, b, d_in.data(), d_hist.data(), levels, lower, upper, count);
      });
      break;
  }
  const bool may_refuse = must_refuse || null_in || null_out || null_count || null_flags;
  (void)k;
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched() && d_count.untouched() && d_lengths.untouched() && d_hist.untouched());
    XCUB_FUZZ_CHECK(d_in.download() == host);
    if (o == outcome::refused) XCUB_FUZZ_CHECK(may_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  if (algorithm == 6) {  // unordered: compare as multisets
    if (null_out || !work || k <= 0) return;
    std::vector<T> want = xcub::reference::topk_keys(host, static_cast<std::size_t>(k), true);
    std::vector<T> got = d_out.download(want.size());
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    XCUB_FUZZ_CHECK(got == want);
    if (want.size() < n) XCUB_FUZZ_CHECK(buffer_tail_untouched(d_out, want.size()));
    return;
  }
  if (histogram) {
    if (!null_out) XCUB_FUZZ_CHECK(d_hist.download() == xcub::reference::histogram_even<int>(host, levels, lower, upper));
    return;
  }
  if (null_count) return;
  const int got = d_count.download()[0];
  std::vector<T> want;
  std::vector<std::size_t> lengths;
  switch (algorithm) {
    case 0: want = xcub::reference::select_flagged(host, flag_values, nonzero{}); break;
    case 1: want = xcub::reference::select_if(host, odd{}); break;
    case 2: want = xcub::reference::unique(host, [](T a, T b) { return a == b; }); break;
    case 3: {
      const auto r = xcub::reference::partition(host, odd{});
      XCUB_FUZZ_CHECK(got == static_cast<int>(r.selected));
      if (!null_out) XCUB_FUZZ_CHECK(d_out.download() == r.out);
      return;
    }
    default: {
      const auto r = xcub::reference::run_length_encode(host);
      want = r.items;
      lengths = r.lengths;
    }
  }
  XCUB_FUZZ_CHECK(got == static_cast<int>(want.size()));
  if (null_out) return;
  XCUB_FUZZ_CHECK(d_out.download(want.size()) == want);
  if (algorithm == 4) {
    const std::vector<int> l = d_lengths.download(lengths.size());
    XCUB_FUZZ_CHECK(std::equal(l.begin(), l.end(), lengths.begin(), [](int a, std::size_t b) { return a == static_cast<int>(b); }));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  const std::uint8_t pick = in.byte();
  const unsigned algorithm = (pick >> 1) % 7;
  if (pick & 1) run<std::uint8_t>(in, algorithm);
  else run<int>(in, algorithm);
  return 0;
}
