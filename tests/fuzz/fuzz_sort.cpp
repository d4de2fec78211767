// libFuzzer target: the sorting family (DeviceRadixSort SortKeys/SortPairs ascending and
// descending with bit ranges from the input, DeviceSegmentedRadixSort::SortKeys with segment
// layouts from the input, DeviceMergeSort::SortKeysCopy, DeviceSegmentedSort::StableSortKeys,
// DeviceMerge::MergeKeys of two sorted runs split where the input says), on 32-bit
// signed keys, 64-bit unsigned keys and floats (any bit pattern: NaNs, signed zeros). Results are
// compared bitwise with the oracle's stable sorts; every refusal must have written nothing.
#include "fuzz_support.hpp"

#include <memory>
#include <numeric>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/reference/radix.hpp>
#include <xcub/reference/segmented_sort.hpp>
#include <xcub/reference/sort.hpp>

using namespace xcub_fuzz;

namespace {

template <class K>
void run(reader& in, unsigned algorithm) {
  constexpr int key_bits = static_cast<int>(sizeof(K) * 8);
  const std::uint8_t flags = in.byte();
  const std::size_t n = in.count(1200);  // several tiles of the host tunings; sorts under ASan are slow
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool null_in = (flags & 2) && (flags & 4), null_out = (flags & 2) && (flags & 8);
  const bool descending = flags & 16;
  // bit ranges: mostly valid, sometimes begin >= end, negative or past the key's width
  int begin_bit = 0, end_bit = key_bits;
  if (flags & 32) {
    begin_bit = static_cast<int>(in.byte() % (key_bits + 8)) - 4;
    end_bit = static_cast<int>(in.byte() % (key_bits + 8)) - 2;
  }
  const bool bits_ok = begin_bit >= 0 && begin_bit < end_bit && end_bit <= key_bits;
  // segments: cut points sorted, then the segments in an order of the input's choosing, some dropped
  const std::size_t segments = in.count(48);
  std::vector<long long> cuts(segments + 1);
  for (auto& c : cuts) c = static_cast<long long>(in.count(n));
  std::sort(cuts.begin(), cuts.end());
  std::vector<long long> begin(segments), end(segments);
  for (std::size_t s = 0; s < segments; ++s) {
    begin[s] = cuts[s];
    end[s] = (in.byte() & 7) == 0 ? cuts[s] : cuts[s + 1];  // some empty
  }
  for (std::size_t s = segments; s > 1; --s) {  // any order
    const std::size_t j = in.byte() % s;
    std::swap(begin[s - 1], begin[j]);
    std::swap(end[s - 1], end[j]);
  }
  const std::vector<K> keys = in.items<K>(n);
  std::vector<int> values(n);
  std::iota(values.begin(), values.end(), 0);

  buffer<K> d_keys(keys, null_in), d_out(n, null_out);
  buffer<int> d_values(values, null_in), d_values_out(n, null_out);
  buffer<long long> d_begin(begin), d_end(end);
  const bool work = count > 0;
  bool must_refuse = count < 0 || (work && (null_in || null_out));
  outcome o;
  xcub::reference::radix_less<K> less(bits_ok ? begin_bit : 0, bits_ok ? end_bit : key_bits, descending);
  std::vector<K> want;
  std::vector<int> want_values;
  std::vector<K> sorted_keys, run_a, run_b;
  std::unique_ptr<buffer<K>> d_a, d_b;
  switch (algorithm) {
    case 0:
      must_refuse = must_refuse || !bits_ok;
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return descending ? xcub::DeviceRadixSort::SortKeysDescending(t, b, d_keys.data(), d_out.data(), count, begin_bit, end_bit)
                          : xcub::DeviceRadixSort::SortKeys(t, b, d_keys.data(), d_out.data(), count, begin_bit, end_bit);
      });
      want = xcub::reference::stable_sort(keys, less);
      break;
    case 1: {
      must_refuse = must_refuse || !bits_ok;
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return descending ? xcub::DeviceRadixSort::SortPairsDescending(t, b, d_keys.data(), d_out.data(), d_values.data(),
                                                                       d_values_out.data(), count, begin_bit, end_bit)
                          : xcub::DeviceRadixSort::SortPairs(t, b, d_keys.data(), d_out.data(), d_values.data(),
                                                             d_values_out.data(), count, begin_bit, end_bit);
      });
      auto r = xcub::reference::stable_sort_pairs(keys, values, less);
      want = std::move(r.first);
      want_values = std::move(r.second);
      break;
    }
    case 2:
      must_refuse = count < 0 || !bits_ok || (work && (null_in || null_out));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSegmentedRadixSort::SortKeys(t, b, d_keys.data(), d_out.data(), count,
                                                        static_cast<long long>(segments), d_begin.data(), d_end.data(),
                                                        begin_bit, end_bit);
      });
      break;
    case 3:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceMergeSort::SortKeysCopy(t, b, d_keys.data(), d_out.data(), count, less);
      });
      want = xcub::reference::stable_sort(keys, less);
      break;
    case 5: {
      // two runs sorted by `less`: the sorted keys split at a point of the input's choosing
      sorted_keys = xcub::reference::stable_sort(keys, less);
      const std::size_t split = in.count(n);
      run_a.assign(sorted_keys.begin(), sorted_keys.begin() + static_cast<std::ptrdiff_t>(split));
      run_b.assign(sorted_keys.begin() + static_cast<std::ptrdiff_t>(split), sorted_keys.end());
      d_a = std::make_unique<buffer<K>>(run_a, null_in);
      d_b = std::make_unique<buffer<K>>(run_b, null_in);
      const long long na = count < 0 ? count : static_cast<long long>(run_a.size());
      const long long nb = static_cast<long long>(run_b.size());
      must_refuse = count < 0 || ((na > 0 || nb > 0) && null_out) || (na > 0 && null_in) || (nb > 0 && null_in);
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceMerge::MergeKeys(t, b, d_a->data(), na, d_b->data(), nb, d_out.data(), less);
      });
      want = xcub::reference::merge(run_a, run_b, less).first;
      break;
    }
    default:
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceSegmentedSort::StableSortKeys(t, b, d_keys.data(), d_out.data(), count,
                                                   static_cast<long long>(segments), d_begin.data(), d_end.data());
      });
      break;
  }
  const bool may_refuse = must_refuse || null_in || null_out;
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_out.untouched() && d_values_out.untouched());
    XCUB_FUZZ_CHECK(same_bits(d_keys.download(), keys));
    if (o == outcome::refused) XCUB_FUZZ_CHECK(may_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  if (null_out || !work) return;
  const std::vector<K> got = d_out.download();
  if (algorithm == 2 || algorithm == 4) {  // items outside every segment are neither read nor written
    std::vector<K> poisoned(n);
    std::memset(poisoned.data(), poison, n * sizeof(K));
    // both ascending; DeviceSegmentedSort by the radix order of the whole key
    const auto order = algorithm == 2 ? xcub::reference::radix_less<K>(less.begin_bit, less.end_bit)
                                      : xcub::reference::radix_less<K>{};
    XCUB_FUZZ_CHECK(same_bits(got, xcub::reference::segmented_stable_sort(keys, poisoned, begin, end, order)));
    return;
  }
  XCUB_FUZZ_CHECK(same_bits(got, want));
  if (algorithm == 1) XCUB_FUZZ_CHECK(d_values_out.download() == want_values);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  const std::uint8_t pick = in.byte();
  const unsigned algorithm = (pick >> 2) % 6;
  switch (pick & 3) {
    case 0: run<int>(in, algorithm); break;
    case 1: run<std::uint64_t>(in, algorithm); break;
    default: run<float>(in, algorithm); break;
  }
  return 0;
}
