// libFuzzer target: the reduction family (DeviceReduce Sum/Max, DeviceScan Exclusive/InclusiveSum,
// DeviceSegmentedReduce::Sum, DeviceAdjacentDifference::SubtractLeftCopy), on 32- and 64-bit
// unsigned items (sums wrap, as the oracle's), and the reproducible Sum and Reduce of float and double
// items of any bit pattern (first bytes 240 to 255: bitwise equal to the oracle's binned sum, NaNs,
// infinities and subnormals included). The input picks the algorithm, the type, the item
// count (negative too), null pointers, segments, the temp size and the items; every result is
// compared with the oracle and every refusal must have written nothing.
#include "fuzz_support.hpp"

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/reproducible.hpp>
#include <xcub/reference/adjacent.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/reproducible_sum.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/reference/segmented_reduce.hpp>

using namespace xcub_fuzz;

namespace {

struct plus {
  template <class T>
  T operator()(T a, T b) const { return static_cast<T>(a + b); }
};
struct minus {
  template <class T>
  T operator()(T a, T b) const { return static_cast<T>(a - b); }
};

template <class T>
void run(reader& in, unsigned algorithm) {
  const std::uint8_t flags = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool null_in = (flags & 2) && (flags & 4), null_out = (flags & 2) && (flags & 8);
  const std::size_t segments = in.count(40);
  std::vector<long long> begin(segments), end(segments);
  for (std::size_t s = 0; s < segments; ++s) {  // any [begin, end) inside the items, empty and overlapping too
    begin[s] = static_cast<long long>(in.count(n));
    end[s] = static_cast<long long>(in.count(n));
  }
  const std::vector<T> host = in.items<T>(n);
  buffer<T> d_in(host, null_in);
  const std::size_t outs = algorithm == 4 ? segments : algorithm >= 2 ? n : 1;
  buffer<T> d_out(outs, null_out);
  buffer<long long> d_begin(begin), d_end(end);
  // The documented refusals: a negative count; a null pointer with work to do (reductions: a null
  // output always; segmented: a null input or output with segments). With nothing to do and a null
  // pointer, either a refusal or an empty success is allowed.
  const bool seg = algorithm == 4;
  const bool work = seg ? segments > 0 : count > 0;
  const bool must_refuse = (!seg && count < 0) || (work && (null_in || null_out)) || (algorithm < 2 && null_out);
  const bool may_refuse = must_refuse || null_in || null_out;
  outcome o;
  std::vector<T> want;
  switch (algorithm) {
    case 0:
      o = two_phase(in, [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Sum(t, b, d_in.data(), d_out.data(), count); });
      want = {xcub::reference::reduce(host, T{0}, plus{})};
      break;
    case 1:
      o = two_phase(in, [&](void* t, std::size_t& b) { return xcub::DeviceReduce::Max(t, b, d_in.data(), d_out.data(), count); });
      want = {xcub::reference::reduce(host, T{0}, [](T a, T b) { return a < b ? b : a; })};  // T{0}: the lowest unsigned
      break;
    case 2:
      o = two_phase(in, [&](void* t, std::size_t& b) { return xcub::DeviceScan::ExclusiveSum(t, b, d_in.data(), d_out.data(), count); });
      want = xcub::reference::exclusive_scan(host, T{0}, plus{});
      break;
    case 3:
      o = two_phase(in, [&](void* t, std::size_t& b) { return xcub::DeviceScan::InclusiveSum(t, b, d_in.data(), d_out.data(), count); });
      want = xcub::reference::inclusive_scan(host, plus{});
      break;
    case 4:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSegmentedReduce::Sum(t, b, d_in.data(), d_out.data(), static_cast<long long>(segments),
                                                d_begin.data(), d_end.data());
      });
      want = xcub::reference::segmented_reduce<T>(host, begin, end, plus{}, T{0});
      break;
    default:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, d_in.data(), d_out.data(), count, minus{});
      });
      want = xcub::reference::subtract_left<T>(host, minus{}, nullptr, static_cast<long long>(n));
      break;
  }
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched() && d_in.download() == host);
    if (o == outcome::refused) XCUB_FUZZ_CHECK(may_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  if (!work && !seg && algorithm >= 2) return XCUB_FUZZ_CHECK(d_out.untouched());  // scans of nothing write nothing
  if (null_out) return;
  XCUB_FUZZ_CHECK(same_bits(d_out.download(), want));
}

/// DeviceReduce::Sum and Reduce(Sum, init) with xcub::reproducible: bitwise the oracle's binned sum
/// (init added as one more item).
template <class T>
void reproducible(reader& in, bool with_init) {
  const std::uint8_t flags = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool null_in = (flags & 2) && (flags & 4), null_out = (flags & 2) && (flags & 8);
  const T init = in.take<T>();
  const std::vector<T> host = in.items<T>(n);
  buffer<T> d_in(host, null_in), d_out(1, null_out);
  const bool must_refuse = count < 0 || null_out || (count > 0 && null_in);
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) {
    return with_init ? xcub::DeviceReduce::Reduce(t, b, d_in.data(), d_out.data(), count, xcub::Sum{}, init,
                                                  xcub::reproducible)
                     : xcub::DeviceReduce::Sum(t, b, d_in.data(), d_out.data(), count, xcub::reproducible);
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(same_bits(d_in.download(), host));
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  std::vector<T> all = host;
  if (with_init) all.push_back(init);
  XCUB_FUZZ_CHECK(same_bits(d_out.download(), {xcub::reference::reproducible_sum(all)}));
}

}  // namespace
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  const std::uint8_t pick = in.byte();
  const unsigned algorithm = (pick >> 1) % 6;
  if (pick >= 240) {
    if (pick & 1) reproducible<double>(in, pick & 2);
    else reproducible<float>(in, pick & 2);
  } else if (pick & 1) run<std::uint64_t>(in, algorithm);
  else run<std::uint32_t>(in, algorithm);
  return 0;
}
