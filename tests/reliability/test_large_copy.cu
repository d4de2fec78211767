// The large-input suite (CUDA only, program xcub_large_tests; docs/testing.md, "Large inputs"),
// part 3: DeviceFor (ForEachN, ForEach, ForEachCopyN, ForEachCopy, Bulk), DeviceTransform (one and
// two inputs), DeviceMemcpy::Batched and DeviceCopy::Batched, each over more than 2^31 items or
// bytes (large::N = 2^31 + 877, 64-bit counts and sizes).
//
// How the results are known: every input byte is large::byte_at(seed, index), so a check kernel
// recomputes what each output byte must be (the op applied to it, or the byte it was copied
// from) and counts the wrong ones on the device. The batched copies use one buffer of more than
// 2^31 bytes among small and empty ones, and a batch of 2098277 buffers of 0 to 2048 bytes
// (more than 2^31 bytes in all) whose offsets are in closed form; bytes that no buffer covers must
// keep their poison. Peak device memory of a case: about 6.5 GB.
#include "test_large.hpp"

#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_for.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_transform.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using large::N;
using u8 = std::uint8_t;
using counting = xcub::CountingInputIterator<long long>;
template <class T, class Op>
using mapped = xcub::TransformInputIterator<T, Op, counting>;

namespace {

struct add_to {
  u8 k;
  __device__ void operator()(u8& x) const { x = static_cast<u8>(x + k); }
};
/// For an index (ForEachCopy over a counting range, Bulk): p[i] = byte(i) ^ mask.
struct write_at {
  u8* p;
  std::uint64_t seed;
  u8 mask;
  __device__ void operator()(long long i) const { p[i] = static_cast<u8>(large::byte_at(seed, i) ^ mask); }
};
struct is_hashed_plus {
  const u8* p;
  std::uint64_t seed;
  u8 k;
  __device__ bool operator()(long long i) const { return p[i] != static_cast<u8>(large::byte_at(seed, i) + k); }
};
struct is_hashed_xor {
  const u8* p;
  std::uint64_t seed;
  u8 mask;
  __device__ bool operator()(long long i) const { return p[i] != static_cast<u8>(large::byte_at(seed, i) ^ mask); }
};

}  // namespace

TEST_CASE("large: DeviceFor ForEachN, ForEach, ForEachCopyN, ForEachCopy, Bulk over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  large::buf<u8> data(N);
  large::each_index(N, large::fill_hashed{data.p, seed});
  XCUB_TEST_CALL(xcub::DeviceFor::ForEachN(data.p, N, add_to{1}));
  large::sync();
  LARGE_NONE_BAD("ForEachN (+1)", N, (is_hashed_plus{data.p, seed, 1}));
  XCUB_TEST_CALL(xcub::DeviceFor::ForEach(data.p, data.p + N, add_to{2}));
  large::sync();
  LARGE_NONE_BAD("ForEach (+2 more)", N, (is_hashed_plus{data.p, seed, 3}));
  XCUB_TEST_CALL(xcub::DeviceFor::ForEachCopyN(counting(0), N, write_at{data.p, seed, 0x11}));
  large::sync();
  LARGE_NONE_BAD("ForEachCopyN over indices", N, (is_hashed_xor{data.p, seed, 0x11}));
  XCUB_TEST_CALL(xcub::DeviceFor::ForEachCopy(counting(0), counting(N), write_at{data.p, seed, 0x22}));
  large::sync();
  LARGE_NONE_BAD("ForEachCopy over indices", N, (is_hashed_xor{data.p, seed, 0x22}));
  XCUB_TEST_CALL(xcub::DeviceFor::Bulk(N, write_at{data.p, seed, 0x44}));
  large::sync();
  LARGE_NONE_BAD("Bulk", N, (is_hashed_xor{data.p, seed, 0x44}));
}

namespace {
struct add2 {
  __device__ u8 operator()(u8 a, u8 b) const { return static_cast<u8>(a + 3 * b); }
};
struct negate {
  __device__ u8 operator()(u8 a) const { return static_cast<u8>(~a); }
};
struct transform2_wrong {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    return out[i] != static_cast<u8>(large::byte_at(seed, i) + 3 * large::byte_at(seed + 1, i));
  }
};
struct negated_from_one {
  const u8* out;
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    const u8 a = large::byte_at(seed, i);
    return out[i] != (i ? static_cast<u8>(~a) : static_cast<u8>(a + 3 * large::byte_at(seed + 1, i)));
  }
};
}  // namespace

TEST_CASE("large: DeviceTransform with one and two inputs over 2^31 + 877 items (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  large::buf<u8> a(N), b(N), out(N);
  large::each_index(N, large::fill_hashed{a.p, seed});
  large::each_index(N, large::fill_hashed{b.p, seed + 1});
  XCUB_TEST_CALL(xcub::DeviceTransform::Transform(std::make_tuple(a.p, b.p), out.p, N, add2{}));
  large::sync();
  LARGE_NONE_BAD("Transform (a + 3 b)", N, (transform2_wrong{out.p, seed}));
  // Unaligned pointers (one byte in): the item-by-item path.
  XCUB_TEST_CALL(xcub::DeviceTransform::Transform(a.p + 1, out.p + 1, N - 1, negate{}));
  large::sync();
  LARGE_NONE_BAD("Transform (~a), one byte in; out[0] kept", N, (negated_from_one{out.p, seed}));
  // Iterator input, in place into a.
  const mapped<u8, large::hashed> hashed_b(counting(0), large::hashed{seed + 1});
  XCUB_TEST_CALL(xcub::DeviceTransform::Transform(std::make_tuple(a.p, hashed_b), a.p, N, add2{}));
  large::sync();
  LARGE_NONE_BAD("Transform (a + 3 b), b an iterator, in place", N, (transform2_wrong{a.p, seed}));
}

namespace {
// The source is shifted by this many bytes from the destination: dst[i] = byte(i + shift).
constexpr long long shift = 7;
struct copied_wrong {
  const u8* dst;
  long long covered;  // dst[0, covered) copied, the rest poisoned (0xEE)
  std::uint64_t seed;
  __device__ bool operator()(long long i) const {
    return dst[i] != (i < covered ? large::byte_at(seed, i + shift) : u8{0xEE});
  }
};
// The many-buffer batch: buffer b holds b % 2049 bytes at offset sum_{k < b} k % 2049.
constexpr long long period = 2049, period_bytes = period * (period - 1) / 2;
__host__ __device__ inline long long buffer_size(long long b) { return b % period; }
__host__ __device__ inline long long buffer_offset(long long b) {
  const long long r = b % period;
  return (b / period) * period_bytes + r * (r - 1) / 2;
}
struct size_of {
  __host__ __device__ long long operator()(long long b) const { return buffer_size(b); }
};
struct src_of {
  const u8* src;
  __host__ __device__ const u8* operator()(long long b) const { return src + buffer_offset(b) + shift; }
};
struct dst_of {
  u8* dst;
  __host__ __device__ u8* operator()(long long b) const { return dst + buffer_offset(b); }
};
// DeviceCopy's ranges as iterators: range b reads the hashed bytes from its offset on.
struct hashed_from {
  std::uint64_t seed;
  __host__ __device__ mapped<u8, large::hashed> operator()(long long b) const {
    return mapped<u8, large::hashed>(counting(buffer_offset(b) + shift), large::hashed{seed});
  }
};
}  // namespace

TEST_CASE("large: DeviceMemcpy::Batched, DeviceCopy::Batched with a buffer of more than 2^31 bytes (large)") {
  XCUB_TEST_CONTEXT();
  const std::uint64_t seed = large::seed();
  const long long dst_bytes = N + (1LL << 22);  // room for the many-buffer batch
  large::buf<u8> src(dst_bytes + 4096), dst(dst_bytes);
  large::each_index(dst_bytes + 4096, large::fill_hashed{src.p, seed});
  // Buffers: empty, N - 3000 bytes, 1000, empty, 1999: N - 1 bytes, the last one stays poisoned.
  const std::vector<long long> sizes = {0, N - 3000, 1000, 0, 1999};
  std::vector<const u8*> srcs;
  std::vector<u8*> dsts;
  long long at = 0;
  for (const long long s : sizes) {
    srcs.push_back(src.p + at + shift);
    dsts.push_back(dst.p + at);
    at += s;
  }
  large::buf<long long> d_sizes(sizes.size());
  large::buf<const u8*> d_srcs(srcs.size());
  large::buf<u8*> d_dsts(dsts.size());
  d_sizes.upload(sizes);
  d_srcs.upload(srcs);
  d_dsts.upload(dsts);
  LARGE_CUDA(cudaMemset(dst.p, 0xEE, static_cast<std::size_t>(dst_bytes)));
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceMemcpy::Batched(t, b, d_srcs.p, d_dsts.p, d_sizes.p, static_cast<long long>(sizes.size()));
  });
  LARGE_NONE_BAD("DeviceMemcpy::Batched, 5 buffers, one of N - 3000 bytes", dst_bytes, (copied_wrong{dst.p, at, seed}));
  LARGE_CUDA(cudaMemset(dst.p, 0xEE, static_cast<std::size_t>(dst_bytes)));
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceCopy::Batched(t, b, d_srcs.p, d_dsts.p, d_sizes.p, static_cast<long long>(sizes.size()));
  });
  LARGE_NONE_BAD("DeviceCopy::Batched, 5 pointer ranges, one of N - 3000 bytes", dst_bytes, (copied_wrong{dst.p, at, seed}));

  // 1024 * 2049 + 101 buffers of 0 to 2048 bytes, more than 2^31 bytes in all.
  const long long buffers = 1024 * period + 101;
  const long long total = buffer_offset(buffers);
  REQUIRE(total > (1LL << 31));
  REQUIRE(total <= dst_bytes);
  const mapped<long long, size_of> many_sizes(counting(0), size_of{});
  const mapped<const u8*, src_of> many_srcs(counting(0), src_of{src.p});
  const mapped<u8*, dst_of> many_dsts(counting(0), dst_of{dst.p});
  LARGE_CUDA(cudaMemset(dst.p, 0xEE, static_cast<std::size_t>(dst_bytes)));
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceMemcpy::Batched(t, b, many_srcs, many_dsts, many_sizes, buffers);
  });
  LARGE_NONE_BAD("DeviceMemcpy::Batched, 2098277 buffers", dst_bytes, (copied_wrong{dst.p, total, seed}));
  LARGE_CUDA(cudaMemset(dst.p, 0xEE, static_cast<std::size_t>(dst_bytes)));
  const mapped<mapped<u8, large::hashed>, hashed_from> ranges(counting(0), hashed_from{seed});
  large::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceCopy::Batched(t, b, ranges, many_dsts, many_sizes, buffers);
  });
  LARGE_NONE_BAD("DeviceCopy::Batched, 2098277 iterator ranges", dst_bytes, (copied_wrong{dst.p, total, seed}));
}
