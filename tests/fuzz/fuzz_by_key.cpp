// libFuzzer target: the by-key and run families (DeviceReduce::ReduceByKey, DeviceScan
// Inclusive/ExclusiveSumByKey and Inclusive/ExclusiveScanByKey, DeviceSelect::UniqueByKey,
// DeviceRunLengthEncode Encode and NonTrivialRuns), on 8-bit unsigned, 32-bit signed and float keys
// (any bit pattern: NaN keys never equal, -0.0 equals +0.0 under ==). The input picks the algorithm,
// the key type, the count (negative too), how often a key repeats the one before, null pointers, the
// equality (== or bitwise), in place or not (scans), the scan's initial value, the temp size and the
// items. Sums are on uint32 (wrapping); the generic operators compose affine maps modulo 2^32, which
// is associative and not commutative, so the order of combination is checked too. Every result is
// compared with the oracle (bitwise), the outputs past the run count must keep their poison, and
// every refusal must have written nothing.
#include "fuzz_support.hpp"

#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_select.hpp>
#include <xcub/reference/reduce_by_key.hpp>
#include <xcub/reference/scan_by_key.hpp>
#include <xcub/reference/select.hpp>

using namespace xcub_fuzz;

namespace {

/// x -> x * m + a modulo 2^32; compose(f, g) applies f, then g.
struct affine {
  std::uint32_t m, a;
};
struct compose {
  affine operator()(affine f, affine g) const { return {f.m * g.m, f.a * g.m + g.a}; }
};
struct plus {
  std::uint32_t operator()(std::uint32_t x, std::uint32_t y) const { return x + y; }
};
/// Keys equal when their bytes are (NaN equals the same NaN, -0.0 differs from +0.0).
struct bits_equal {
  template <class K>
  bool operator()(K x, K y) const { return std::memcmp(&x, &y, sizeof(K)) == 0; }
};
struct equal_to {
  template <class K>
  bool operator()(K x, K y) const { return x == y; }
};

/// Items [from, size) of the buffer still hold the poison.
template <class T>
bool tail_untouched(const buffer<T>& b, std::size_t from, std::size_t size) {
  const std::vector<T> all = b.download(size);
  std::vector<unsigned char> bytes((size - std::min(from, size)) * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), all.data() + from, bytes.size());
  return std::all_of(bytes.begin(), bytes.end(), [](unsigned char c) { return c == poison; });
}

template <class V>
std::vector<V> values_from(const std::vector<std::uint32_t>& raw) {
  std::vector<V> v(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const std::uint32_t x = raw[i] * 2654435761u + static_cast<std::uint32_t>(i);
    if constexpr (std::is_same_v<V, affine>) v[i] = {x | 1u, raw[i]};  // odd multipliers: no collapse to 0
    else v[i] = x;
  }
  return v;
}

template <class K, class V>
void run(reader& in, unsigned algorithm) {
  using op_t = std::conditional_t<std::is_same_v<V, affine>, compose, plus>;
  const std::uint8_t flags = in.byte();
  const std::uint8_t nulls = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (flags & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool any_null = flags & 2;
  const bool null_keys = any_null && (nulls & 1), null_values = any_null && (nulls & 2),
             null_out = any_null && (nulls & 4), null_vout = any_null && (nulls & 8),
             null_count = any_null && (nulls & 16);
  const bool bitwise = flags & 4, in_place = flags & 8;
  const unsigned repeat = (flags >> 4) & 3;  // 0: keys as drawn; else a key repeats the one before 1/4, 1/2, 3/4
  const affine init_affine{in.take<std::uint32_t>(), in.take<std::uint32_t>()};
  const std::vector<K> raw = in.items<K>(n);
  const std::vector<std::uint8_t> coin = in.items<std::uint8_t>(n + 1);
  std::vector<K> keys(n);
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = (coin[(i + 1) % (n + 1)] ^ static_cast<unsigned>(i * 37)) & 3;
    keys[i] = (i > 0 && repeat != 0 && c < repeat) ? keys[i - 1] : raw[i];
  }
  const std::vector<V> values = values_from<V>(in.items<std::uint32_t>(n));

  buffer<K> d_keys(keys, null_keys), d_keys_out(n, null_out);
  buffer<V> d_values(values, null_values), d_values_out(n, null_vout);
  buffer<int> d_count(1, null_count), d_lengths(n, null_vout);
  buffer<long long> d_offsets(n, null_out);
  const bool work = count > 0;
  // The documented refusals (exact: a null pointer with nothing to do is no error).
  bool must_refuse = count < 0;
  bool counted = true;  // writes a run count
  outcome o = outcome::ran;
  V* const scan_out = in_place ? d_values.data() : d_values_out.data();
  const bool scan_out_null = in_place ? null_values : null_vout;
  switch (algorithm) {
    case 0:
      must_refuse = must_refuse || null_count || (work && (null_keys || null_values || null_out || null_vout));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceReduce::ReduceByKey(t, b, d_keys.data(), d_keys_out.data(), d_values.data(),
                                               d_values_out.data(), d_count.data(), op_t{}, count);
      });
      break;
    case 1:
    case 2:
    case 3:
    case 4:
      counted = false;
      must_refuse = must_refuse || (work && (null_keys || null_values || scan_out_null));
      o = two_phase(in, [&](void* t, std::size_t& b) -> xcub::error_t {
        if constexpr (std::is_same_v<V, affine>) {
          if (algorithm == 2) {
            return bitwise ? xcub::DeviceScan::InclusiveScanByKey(t, b, d_keys.data(), d_values.data(), scan_out,
                                                                  compose{}, count, bits_equal{})
                           : xcub::DeviceScan::InclusiveScanByKey(t, b, d_keys.data(), d_values.data(), scan_out,
                                                                  compose{}, count);
          }
          return bitwise ? xcub::DeviceScan::ExclusiveScanByKey(t, b, d_keys.data(), d_values.data(), scan_out,
                                                                compose{}, init_affine, count, bits_equal{})
                         : xcub::DeviceScan::ExclusiveScanByKey(t, b, d_keys.data(), d_values.data(), scan_out,
                                                                compose{}, init_affine, count);
        } else {
          if (algorithm == 1) {
            return bitwise ? xcub::DeviceScan::InclusiveSumByKey(t, b, d_keys.data(), d_values.data(), scan_out,
                                                                 count, bits_equal{})
                           : xcub::DeviceScan::InclusiveSumByKey(t, b, d_keys.data(), d_values.data(), scan_out, count);
          }
          return bitwise ? xcub::DeviceScan::ExclusiveSumByKey(t, b, d_keys.data(), d_values.data(), scan_out, count,
                                                               bits_equal{})
                         : xcub::DeviceScan::ExclusiveSumByKey(t, b, d_keys.data(), d_values.data(), scan_out, count);
        }
      });
      break;
    case 5:
      must_refuse = must_refuse || null_count || (work && (null_keys || null_values || null_out || null_vout));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return bitwise ? xcub::DeviceSelect::UniqueByKey(t, b, d_keys.data(), d_values.data(), d_keys_out.data(),
                                                         d_values_out.data(), d_count.data(), count, bits_equal{})
                       : xcub::DeviceSelect::UniqueByKey(t, b, d_keys.data(), d_values.data(), d_keys_out.data(),
                                                         d_values_out.data(), d_count.data(), count);
      });
      break;
    case 6:
      must_refuse = must_refuse || null_count || (work && (null_keys || null_out || null_vout));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceRunLengthEncode::Encode(t, b, d_keys.data(), d_keys_out.data(), d_lengths.data(),
                                                   d_count.data(), count);
      });
      break;
    default:
      must_refuse = must_refuse || null_count || (work && (null_keys || null_out || null_vout));
      o = two_phase(in, [&](void* t, std::size_t& b) {
        return xcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d_keys.data(), d_offsets.data(), d_lengths.data(),
                                                           d_count.data(), count);
      });
      break;
  }
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  const bool keys_kept = same_bits(d_keys.download(), keys);
  XCUB_FUZZ_CHECK(keys_kept);
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_keys_out.untouched() && d_values_out.untouched() && d_count.untouched() &&
                    d_lengths.untouched() && d_offsets.untouched());
    XCUB_FUZZ_CHECK(same_bits(d_values.download(), values));
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  if (!in_place || algorithm == 0 || algorithm > 4) XCUB_FUZZ_CHECK(same_bits(d_values.download(), values));
  // what no algorithm writes
  if (algorithm != 7) XCUB_FUZZ_CHECK(d_offsets.untouched());
  if (algorithm < 6) XCUB_FUZZ_CHECK(d_lengths.untouched());
  if (algorithm >= 1 && algorithm <= 4) XCUB_FUZZ_CHECK(d_keys_out.untouched() && d_count.untouched());
  if (algorithm >= 6) XCUB_FUZZ_CHECK(d_values_out.untouched());
  if (!counted) {  // scans by key
    if (!work) {
      XCUB_FUZZ_CHECK(d_values_out.untouched() && same_bits(d_values.download(), values));
      return;
    }
    std::vector<V> want;
    if constexpr (std::is_same_v<V, affine>) {
      want = algorithm == 2
                 ? (bitwise ? xcub::reference::inclusive_scan_by_key(keys, values, compose{}, bits_equal{})
                            : xcub::reference::inclusive_scan_by_key(keys, values, compose{}, equal_to{}))
                 : (bitwise ? xcub::reference::exclusive_scan_by_key(keys, values, init_affine, compose{}, bits_equal{})
                            : xcub::reference::exclusive_scan_by_key(keys, values, init_affine, compose{}, equal_to{}));
    } else {
      want = algorithm == 1
                 ? (bitwise ? xcub::reference::inclusive_scan_by_key(keys, values, plus{}, bits_equal{})
                            : xcub::reference::inclusive_scan_by_key(keys, values, plus{}, equal_to{}))
                 : (bitwise ? xcub::reference::exclusive_scan_by_key(keys, values, V{0}, plus{}, bits_equal{})
                            : xcub::reference::exclusive_scan_by_key(keys, values, V{0}, plus{}, equal_to{}));
    }
    XCUB_FUZZ_CHECK(same_bits(in_place ? d_values.download() : d_values_out.download(), want));
    if (in_place) XCUB_FUZZ_CHECK(d_values_out.untouched());
    return;
  }
  const int runs = d_count.download()[0];
  std::size_t want_runs = 0;
  switch (algorithm) {
    case 0: {
      const auto r = xcub::reference::reduce_by_key(keys, values, equal_to{}, op_t{});
      want_runs = r.unique_keys.size();
      XCUB_FUZZ_CHECK(runs == static_cast<int>(want_runs));
      if (!work) break;
      XCUB_FUZZ_CHECK(same_bits(d_keys_out.download(want_runs), r.unique_keys));
      XCUB_FUZZ_CHECK(same_bits(d_values_out.download(want_runs), r.aggregates));
      break;
    }
    case 5: {
      const auto r = bitwise ? xcub::reference::unique_by_key(keys, values, bits_equal{})
                             : xcub::reference::unique_by_key(keys, values, equal_to{});
      want_runs = r.keys.size();
      XCUB_FUZZ_CHECK(runs == static_cast<int>(want_runs));
      if (!work) break;
      XCUB_FUZZ_CHECK(same_bits(d_keys_out.download(want_runs), r.keys));
      XCUB_FUZZ_CHECK(same_bits(d_values_out.download(want_runs), r.values));
      break;
    }
    case 6: {
      const auto r = xcub::reference::run_length_encode(keys);
      want_runs = r.items.size();
      XCUB_FUZZ_CHECK(runs == static_cast<int>(want_runs));
      if (!work) break;
      XCUB_FUZZ_CHECK(same_bits(d_keys_out.download(want_runs), r.items));
      const std::vector<int> l = d_lengths.download(want_runs);
      for (std::size_t i = 0; i < want_runs; ++i) XCUB_FUZZ_CHECK(l[i] == static_cast<int>(r.lengths[i]));
      break;
    }
    default: {
      const auto r = xcub::reference::non_trivial_runs(keys);
      want_runs = r.offsets.size();
      XCUB_FUZZ_CHECK(runs == static_cast<int>(want_runs));
      if (!work) break;
      const std::vector<long long> off = d_offsets.download(want_runs);
      const std::vector<int> l = d_lengths.download(want_runs);
      for (std::size_t i = 0; i < want_runs; ++i) {
        XCUB_FUZZ_CHECK(off[i] == static_cast<long long>(r.offsets[i]));
        XCUB_FUZZ_CHECK(l[i] == static_cast<int>(r.lengths[i]));
      }
      break;
    }
  }
  // past the runs (and everything with no items): the poison
  XCUB_FUZZ_CHECK(tail_untouched(d_keys_out, algorithm == 7 ? 0 : want_runs, n));
  XCUB_FUZZ_CHECK(tail_untouched(d_values_out, algorithm >= 6 ? 0 : want_runs, n));
  XCUB_FUZZ_CHECK(tail_untouched(d_lengths, algorithm >= 6 ? want_runs : 0, n));
  XCUB_FUZZ_CHECK(tail_untouched(d_offsets, algorithm == 7 ? want_runs : 0, n));
}

template <class K>
void pick_values(reader& in, unsigned algorithm, bool affine_reduce) {
  const bool generic = algorithm == 2 || algorithm == 4 || (algorithm == 0 && affine_reduce);
  if (generic) run<K, affine>(in, algorithm);
  else run<K, std::uint32_t>(in, algorithm);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  const std::uint8_t pick = in.byte();
  const unsigned algorithm = (pick / 3) % 8;
  const bool affine_reduce = (pick / 24) & 1;
  switch (pick % 3) {
    case 0: pick_values<std::uint8_t>(in, algorithm, affine_reduce); break;
    case 1: pick_values<int>(in, algorithm, affine_reduce); break;
    default: pick_values<float>(in, algorithm, affine_reduce); break;
  }
  return 0;
}
