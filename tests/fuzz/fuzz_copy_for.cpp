// libFuzzer target: the batched copies and the element-wise families (DeviceMemcpy::Batched,
// DeviceCopy::Batched between pointer ranges of 2- and 8-byte items and from counting iterators,
// DeviceFor Bulk, ForEachN/ForEach, ForEachCopyN/ForEachCopy, DeviceTransform with one input, in
// place or not, and with two inputs of different types). The input picks the algorithm, the count
// (negative too), each buffer's size (negative ones copy nothing), source offset (sources may
// overlap) and gap before its destination, the alignment of every pointer, null pointers, the
// stream-only form or the temp-storage form with the temp size, and the items. Whole destination
// arenas are compared with the oracle (bytes outside the copies keep their poison), and every refusal
// must have written nothing.
#include "fuzz_support.hpp"

#include <numeric>
#include <tuple>

#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/reference/batched_copy.hpp>
#include <xcub/reference/transform.hpp>

using namespace xcub_fuzz;

namespace {

/// The outcome of a call without temp storage: ran, or refused (which must be error_invalid_value).
outcome direct(xcub::error_t e) {
  if (std::getenv("XCUB_FUZZ_VERBOSE")) std::fprintf(stderr, "xcub fuzz: %s\n", xcub::error_string(e));
  if (e == xcub::success) return outcome::ran;
  XCUB_FUZZ_CHECK(e == xcub::error_invalid_value);
  return outcome::refused;
}

/// The stream-only form, or (with_temp) the temp-storage form through two_phase.
template <class Direct, class WithTemp>
outcome call(reader& in, bool with_temp, Direct d, WithTemp t) {
  return with_temp ? two_phase(in, t) : direct(d());
}

// ---- batched copies ----------------------------------------------------------------------------------

/// Where each buffer lies, in items: sources anywhere in a pool of `pool` items (overlapping), each
/// destination after the one before, past a gap of 0 to 7 items. Sizes may be negative.
struct layout {
  std::vector<std::size_t> src, dst;
  std::vector<long long> sizes;
  std::size_t dst_items = 0;
};
layout draw_layout(reader& in, std::size_t buffers, std::size_t pool, std::size_t longest) {
  layout l;
  for (std::size_t i = 0; i < buffers; ++i) {
    const std::uint8_t shape = in.byte();
    long long size = static_cast<long long>(std::min(in.count(longest), pool));
    if ((shape & 0x0f) == 0) size = -1 - size % 3;  // copies nothing
    const std::size_t len = size > 0 ? static_cast<std::size_t>(size) : 0;
    l.src.push_back(in.count(pool - len));
    l.dst_items += (shape >> 4) % 8;
    l.dst.push_back(l.dst_items);
    l.dst_items += len;
    l.sizes.push_back(size);
  }
  return l;
}

std::vector<std::size_t> copied(const layout& l) {
  std::vector<std::size_t> s;
  for (long long v : l.sizes) s.push_back(v > 0 ? static_cast<std::size_t>(v) : 0);
  return s;
}

struct flags_t {
  bool negative, null_in, null_out, null_sizes;
  explicit flags_t(std::uint8_t f)
      : negative(f & 1), null_in((f & 2) && (f & 4)), null_out((f & 2) && (f & 8)), null_sizes((f & 2) && (f & 16)) {}
};

void memcpy_batched(reader& in) {
  const std::uint8_t f = in.byte();
  const flags_t fl(f);
  const std::size_t buffers = in.count(96);
  const long long num = fl.negative ? -1 - static_cast<long long>(buffers % 4) : static_cast<long long>(buffers);
  const std::size_t pool = 1 + in.count(4095);
  const std::size_t misalign = f >> 5;  // the arenas' start, 0 .. 7 bytes past an allocation's
  const layout l = draw_layout(in, buffers, pool, 700);
  const std::vector<unsigned char> source = in.items<unsigned char>(pool);
  std::vector<unsigned char> src_image(misalign + pool, poison), dst_image(misalign + l.dst_items, poison);
  std::copy(source.begin(), source.end(), src_image.begin() + static_cast<std::ptrdiff_t>(misalign));
  buffer<unsigned char> d_src(src_image), d_dst(dst_image.size());
  std::vector<const unsigned char*> srcs;
  std::vector<void*> dsts;
  std::vector<int> sizes;
  for (std::size_t i = 0; i < buffers; ++i) {
    srcs.push_back(d_src.data() + misalign + l.src[i]);
    dsts.push_back(d_dst.data() + misalign + l.dst[i]);
    sizes.push_back(static_cast<int>(l.sizes[i]));
  }
  buffer<const unsigned char*> d_srcs(srcs, fl.null_in);
  buffer<void*> d_dsts(dsts, fl.null_out);
  buffer<int> d_sizes(sizes, fl.null_sizes);
  const bool must_refuse = num < 0 || (num > 0 && (fl.null_in || fl.null_out || fl.null_sizes));
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) {
    return xcub::DeviceMemcpy::Batched(t, b, d_srcs.data(), d_dsts.data(), d_sizes.data(), num);
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(d_src.download() == src_image);
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_dst.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  std::vector<std::size_t> so = l.src, dof = l.dst;
  for (auto& x : so) x += misalign;
  for (auto& x : dof) x += misalign;
  xcub::reference::memcpy_batched(src_image, dst_image, so, dof, copied(l));
  XCUB_FUZZ_CHECK(d_dst.download() == dst_image);
}

/// DeviceCopy::Batched between pointer ranges of T (the byte path).
template <class T>
void copy_pointers(reader& in) {
  const flags_t fl(in.byte());
  const std::size_t ranges = in.count(96);
  const long long num = fl.negative ? -1 - static_cast<long long>(ranges % 4) : static_cast<long long>(ranges);
  const std::size_t pool = 1 + in.count(2047 / sizeof(T) + 1);
  const layout l = draw_layout(in, ranges, pool, 400);
  const std::vector<T> source = in.items<T>(pool);
  std::vector<T> image(l.dst_items);
  if (!image.empty()) std::memset(image.data(), poison, image.size() * sizeof(T));
  buffer<T> d_src(source), d_dst(l.dst_items);
  std::vector<const T*> srcs, host_srcs;
  std::vector<T*> dsts, host_dsts;
  for (std::size_t i = 0; i < ranges; ++i) {
    srcs.push_back(d_src.data() + l.src[i]);
    dsts.push_back(d_dst.data() + l.dst[i]);
    host_srcs.push_back(source.data() + l.src[i]);
    host_dsts.push_back(image.data() + l.dst[i]);
  }
  buffer<const T*> d_srcs(srcs, fl.null_in);
  buffer<T*> d_dsts(dsts, fl.null_out);
  buffer<long long> d_sizes(l.sizes, fl.null_sizes);
  const bool must_refuse = num < 0 || (num > 0 && (fl.null_in || fl.null_out || fl.null_sizes));
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) {
    return xcub::DeviceCopy::Batched(t, b, d_srcs.data(), d_dsts.data(), d_sizes.data(), num);
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(same_bits(d_src.download(), source));
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_dst.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  xcub::reference::copy_batched(host_srcs, host_dsts, copied(l));
  XCUB_FUZZ_CHECK(same_bits(d_dst.download(), image));
}

/// DeviceCopy::Batched from counting iterators into unsigned ranges (the item path).
void copy_counting(reader& in) {
  using counting = xcub::CountingInputIterator<unsigned>;
  const flags_t fl(in.byte());
  const std::size_t ranges = in.count(96);
  const long long num = fl.negative ? -1 - static_cast<long long>(ranges % 4) : static_cast<long long>(ranges);
  const layout l = draw_layout(in, ranges, 1024, 400);
  const std::vector<unsigned> starts = in.items<unsigned>(ranges);
  std::vector<unsigned> image(l.dst_items);
  if (!image.empty()) std::memset(image.data(), poison, image.size() * sizeof(unsigned));
  buffer<unsigned> d_dst(l.dst_items);
  std::vector<counting> srcs;
  std::vector<unsigned*> dsts, host_dsts;
  for (std::size_t i = 0; i < ranges; ++i) {
    srcs.emplace_back(starts[i]);
    dsts.push_back(d_dst.data() + l.dst[i]);
    host_dsts.push_back(image.data() + l.dst[i]);
  }
  buffer<counting> d_srcs(srcs, fl.null_in);
  buffer<unsigned*> d_dsts(dsts, fl.null_out);
  buffer<long long> d_sizes(l.sizes, fl.null_sizes);
  const bool must_refuse = num < 0 || (num > 0 && (fl.null_in || fl.null_out || fl.null_sizes));
  const outcome o = two_phase(in, [&](void* t, std::size_t& b) {
    return xcub::DeviceCopy::Batched(t, b, d_srcs.data(), d_dsts.data(), d_sizes.data(), num);
  });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_dst.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  xcub::reference::copy_batched(srcs, host_dsts, copied(l));
  XCUB_FUZZ_CHECK(d_dst.download() == image);
}

// ---- DeviceFor ---------------------------------------------------------------------------------------

struct mark_index {
  unsigned long long* out;
  void operator()(long long i) const { out[i] = 3ull * static_cast<unsigned long long>(i) + 1; }
};
struct affine_in_place {
  void operator()(std::uint32_t& x) const { x = x * 5u + 1u; }
};
struct count_value {  // counts[v]++ for the value it is given (a copy); the values of one call are distinct
  unsigned* counts;
  void operator()(int v) const { ++counts[v]; }
};

void bulk(reader& in) {
  const std::uint8_t f = in.byte();
  const std::size_t n = in.count(3000);
  const long long shape = (f & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool with_temp = f & 2;
  buffer<unsigned long long> d_out(n);
  const mark_index op{d_out.data()};
  const outcome o = call(
      in, with_temp, [&] { return xcub::DeviceFor::Bulk(shape, op); },
      [&](void* t, std::size_t& b) { return xcub::DeviceFor::Bulk(t, b, shape, op); });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  const bool must_refuse = shape < 0;
  if (o != outcome::ran || shape == 0) {
    XCUB_FUZZ_CHECK(d_out.untouched());
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  std::vector<unsigned long long> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = 3ull * i + 1;
  XCUB_FUZZ_CHECK(d_out.download() == want);
}

void for_each(reader& in) {
  const std::uint8_t f = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (f & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool with_temp = f & 2, ranged = f & 4;  // ranged: ForEach(first, last), last = first + count
  const bool null_first = !ranged && (f & 8);
  const std::size_t off = (f >> 4) % 4;  // items before the first: alignment
  const std::vector<std::uint32_t> host = in.items<std::uint32_t>(n + off + 2);
  buffer<std::uint32_t> d_data(host);
  std::uint32_t* first = null_first ? nullptr : d_data.data() + off;
  const outcome o = call(
      in, with_temp,
      [&] {
        return ranged ? xcub::DeviceFor::ForEach(first, first + count, affine_in_place{})
                      : xcub::DeviceFor::ForEachN(first, count, affine_in_place{});
      },
      [&](void* t, std::size_t& b) {
        return ranged ? xcub::DeviceFor::ForEach(t, b, first, first + count, affine_in_place{})
                      : xcub::DeviceFor::ForEachN(t, b, first, count, affine_in_place{});
      });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  const bool must_refuse = count < 0 || (count > 0 && null_first);
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_data.download() == host);
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  std::vector<std::uint32_t> part(host.begin() + static_cast<std::ptrdiff_t>(off),
                                  host.begin() + static_cast<std::ptrdiff_t>(off + n));
  xcub::reference::for_each(part, affine_in_place{});
  std::vector<std::uint32_t> want = host;
  std::copy(part.begin(), part.end(), want.begin() + static_cast<std::ptrdiff_t>(off));
  XCUB_FUZZ_CHECK(d_data.download() == want);
}

void for_each_copy(reader& in) {
  const std::uint8_t f = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (f & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool with_temp = f & 2, ranged = f & 4;
  const bool null_first = !ranged && (f & 8);
  const std::size_t off = (f >> 4) % 4;
  // a permutation of 0 .. n-1 shuffled by the input, after `off` items that must not be visited
  std::vector<int> perm(off + n, -1);
  std::iota(perm.begin() + static_cast<std::ptrdiff_t>(off), perm.end(), 0);
  const std::vector<std::uint16_t> swaps = in.items<std::uint16_t>(n);
  for (std::size_t i = n; i > 1; --i) std::swap(perm[off + i - 1], perm[off + swaps[i - 1] % i]);
  buffer<int> d_perm(perm);
  buffer<unsigned> d_counts(std::vector<unsigned>(n, 0));
  const int* first = null_first ? nullptr : d_perm.data() + off;
  const count_value op{d_counts.data()};
  const outcome o = call(
      in, with_temp,
      [&] {
        return ranged ? xcub::DeviceFor::ForEachCopy(first, first + count, op)
                      : xcub::DeviceFor::ForEachCopyN(first, count, op);
      },
      [&](void* t, std::size_t& b) {
        return ranged ? xcub::DeviceFor::ForEachCopy(t, b, first, first + count, op)
                      : xcub::DeviceFor::ForEachCopyN(t, b, first, count, op);
      });
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(d_perm.download() == perm);
  const bool must_refuse = count < 0 || (count > 0 && null_first);
  std::vector<unsigned> want(n, 0);
  if (o != outcome::ran) {
    XCUB_FUZZ_CHECK(d_counts.download() == want);
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  std::vector<int> visited(perm.begin() + static_cast<std::ptrdiff_t>(off), perm.end());
  xcub::reference::for_each(visited, count_value{want.data()});
  XCUB_FUZZ_CHECK(d_counts.download() == want);
}

// ---- DeviceTransform ---------------------------------------------------------------------------------

struct scramble {
  std::uint32_t operator()(std::uint32_t x) const { return (x * 2654435761u) ^ 0x5a5a5a5au; }
};
struct combine {  // not symmetric, of mixed types
  std::uint64_t operator()(std::uint8_t a, std::uint32_t b) const { return a * 1000003ull + (std::uint64_t{b} << 8); }
};

void transform(reader& in, bool two_inputs) {
  const std::uint8_t f = in.byte(), where = in.byte();
  const std::size_t n = in.count(3000);
  const long long count = (f & 1) ? -1 - static_cast<long long>(n % 4) : static_cast<long long>(n);
  const bool with_temp = f & 2;
  const bool null_a = (f & 4) && (f & 8), null_b = (f & 4) && (f & 16), null_out = (f & 4) && (f & 32);
  const bool in_place = !two_inputs && (f & 64);
  const std::size_t off_a = where % 4, off_b = (where >> 2) % 4, off_out = in_place ? off_a : (where >> 4) % 4;
  const std::size_t tail = 3;  // items after the range: not written
  const std::vector<std::uint32_t> a32 = in.items<std::uint32_t>(off_a + n + tail);
  const std::vector<std::uint8_t> a8 = in.items<std::uint8_t>(off_a + n + tail);
  const std::vector<std::uint32_t> b32 = in.items<std::uint32_t>(off_b + n + tail + 5);
  const std::vector<std::uint32_t> b(b32.begin() + 5, b32.end());
  buffer<std::uint32_t> d_a32(a32);
  buffer<std::uint8_t> d_a8(a8);
  buffer<std::uint32_t> d_b(b), d_out32(off_out + n + tail);
  buffer<std::uint64_t> d_out64(off_out + n + tail);
  const bool must_refuse = count < 0 || (count > 0 && (null_a || null_out || (two_inputs && null_b)));
  outcome o;
  if (two_inputs) {
    const auto inputs = std::make_tuple(null_a ? nullptr : d_a8.data() + off_a, null_b ? nullptr : d_b.data() + off_b);
    std::uint64_t* out = null_out ? nullptr : d_out64.data() + off_out;
    o = call(
        in, with_temp, [&] { return xcub::DeviceTransform::Transform(inputs, out, count, combine{}); },
        [&](void* t, std::size_t& bytes) {
          return xcub::DeviceTransform::Transform(t, bytes, inputs, out, count, combine{});
        });
  } else {
    const std::uint32_t* input = null_a ? nullptr : d_a32.data() + off_a;
    std::uint32_t* out = null_out ? nullptr : (in_place ? d_a32.data() : d_out32.data()) + off_out;
    o = call(
        in, with_temp, [&] { return xcub::DeviceTransform::Transform(input, out, count, scramble{}); },
        [&](void* t, std::size_t& bytes) {
          return xcub::DeviceTransform::Transform(t, bytes, input, out, count, scramble{});
        });
  }
  XCUB_FUZZ_CHECK(xcub::device_synchronize() == xcub::success);
  XCUB_FUZZ_CHECK(d_a8.download() == a8 && d_b.download() == b);
  if (!in_place) XCUB_FUZZ_CHECK(d_a32.download() == a32);
  if (o != outcome::ran || count == 0) {
    XCUB_FUZZ_CHECK(d_out32.untouched() && d_out64.untouched() && d_a32.download() == a32);
    if (o == outcome::refused) XCUB_FUZZ_CHECK(must_refuse);
    return;
  }
  XCUB_FUZZ_CHECK(!must_refuse);
  const auto range = [&](const auto& v, std::size_t off) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    return std::vector<T>(v.begin() + static_cast<std::ptrdiff_t>(off), v.begin() + static_cast<std::ptrdiff_t>(off + n));
  };
  if (two_inputs) {
    std::vector<std::uint64_t> want(off_out + n + tail);
    std::memset(want.data(), poison, want.size() * sizeof(std::uint64_t));
    const auto got = xcub::reference::transform<std::uint64_t>(combine{}, range(a8, off_a), range(b, off_b));
    std::copy(got.begin(), got.end(), want.begin() + static_cast<std::ptrdiff_t>(off_out));
    XCUB_FUZZ_CHECK(d_out64.download() == want && d_out32.untouched());
    return;
  }
  std::vector<std::uint32_t> want(off_out + n + tail);
  if (in_place) want = a32;
  else std::memset(want.data(), poison, want.size() * sizeof(std::uint32_t));
  const auto got = xcub::reference::transform<std::uint32_t>(scramble{}, range(a32, off_a));
  std::copy(got.begin(), got.end(), want.begin() + static_cast<std::ptrdiff_t>(off_out));
  XCUB_FUZZ_CHECK((in_place ? d_a32.download() : d_out32.download()) == want);
  XCUB_FUZZ_CHECK(d_out64.untouched());
  if (in_place) XCUB_FUZZ_CHECK(d_out32.untouched());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  leak_check leaks;
  reader in(data, size);
  switch (in.byte() % 9) {
    case 0: memcpy_batched(in); break;
    case 1: copy_pointers<std::uint16_t>(in); break;
    case 2: copy_pointers<std::uint64_t>(in); break;
    case 3: copy_counting(in); break;
    case 4: bulk(in); break;
    case 5: for_each(in); break;
    case 6: for_each_copy(in); break;
    case 7: transform(in, false); break;
    default: transform(in, true); break;
  }
  return 0;
}
