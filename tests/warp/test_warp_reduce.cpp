// WarpReduce: Sum, Reduce (with and without valid_items), HeadSegmented and TailSegmented Sum and
// Reduce, at logical widths from 1 to the warp (powers of two: shuffles; others: shared memory),
// in blocks whose last hardware warp is partial (the logical warps that the block's end cuts short
// stay out, as the contract requires; the whole ones before them must be right), in 1D and 3D blocks, on 1- to 8-byte integers, floats (small integers: exact sums), and a non-commutative
// operator (affine map composition) whose result is wrong if lanes are combined out of order.
// Expectations come from the oracle (xcub/reference/reduce.hpp over the logical warps of
// xcub/reference/groups.hpp); only the lanes where the contract puts the result are compared
// (lane 0 of each logical warp; the first lane of each segment).
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/reference/groups.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/warp/warp_reduce.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>

namespace arch = xcub::arch;

namespace ref = xcub::reference;
using xcub_test::max_block_threads;

namespace {
constexpr unsigned W = xcub_test::warp_lanes;

/// The calls each operator is checked with, in this order in the output.
enum : int { call_full, call_valid, call_head, call_tail, calls };
const char* const call_names[] = {"Reduce", "Reduce(valid_items)", "HeadSegmentedReduce", "TailSegmentedReduce"};

/// A user operator (not one of xcub's, so never a backend intrinsic): wrapping addition.
struct user_plus {
  template <class T>
  XCUB_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return static_cast<T>(a + b);
  }
};

template <class T, int L, class WR, class Op>
XCUB_DEVICE T call(WR& wr, int which, const T& x, bool flag, int valid, Op op) {
  if constexpr (std::is_same_v<Op, xcub::Sum>) {  // the Sum entry points
    switch (which) {
      case call_full: return wr.Sum(x);
      case call_valid: return wr.Sum(x, valid);
      case call_head: return wr.HeadSegmentedSum(x, flag);
      default: return wr.TailSegmentedSum(x, flag);
    }
  } else {
    switch (which) {
      case call_full: return wr.Reduce(x, op);
      case call_valid: return wr.Reduce(x, op, valid);
      case call_head: return wr.HeadSegmentedReduce(x, flag, op);
      default: return wr.TailSegmentedReduce(x, static_cast<int>(flag), op);  // a non-bool flag type
    }
  }
}

// Each thread that belongs to a whole logical warp runs every call with every operator; result k of
// thread gid lands in out[k * n + gid]. Non-power-of-two widths: lanes past the first logical warp
// of each hardware warp do not call; nor do logical warps that the block's end cuts short.
template <class T, int L, class... Ops>
XCUB_KERNEL void warp_reduce_kernel(const T* in, const unsigned char* flags, const int* valid, T* out,
                                    unsigned long long n) {
  using WR = xcub::WarpReduce<T, L>;
  constexpr bool pow2 = xcub_test::is_pow2(L);
  using storage_t = typename WR::TempStorage[pow2 ? max_block_threads / L : max_block_threads / W + 1];
  XCUB_SHARED(storage_t, storage);
  const unsigned t = arch::linear_thread_id();
  if (!xcub_test::in_whole_logical_warp<L>()) return;
  const unsigned long long gid = arch::linear_block_id() * arch::block_threads() + t;
  WR wr(storage[pow2 ? t / L : arch::warp_id()]);
  const T x = in[gid];
  const bool flag = flags[gid] != 0;
  const int v = valid[gid];
  int k = 0;
  auto run_op = [&](auto op) {
    for (int which = 0; which < calls; ++which) out[(k * calls + which) * n + gid] = call<T, L>(wr, which, x, flag, v, op);
    ++k;
  };
  (run_op(Ops{}), ...);
}

template <class T>
T random_input(std::mt19937_64& rng) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<int>(rng() % 201) - 100);  // small integers: exact sums in any order
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) >= sizeof(int)) {
    return static_cast<T>(xcub_test::random_value<T>(rng) / 256);  // 64 of them cannot overflow
  } else if constexpr (std::is_same_v<T, xcub_test::affine>) {
    return xcub_test::random_affine(rng);
  } else {
    return xcub_test::random_value<T>(rng);  // narrow types promote, unsigned ones wrap
  }
}

/// Flags of one logical warp of `count` lanes: 0 random, 1 all set, 2 none, 3 only lane 0, 4 only the last.
void draw_flags(unsigned char* f, unsigned count, std::mt19937_64& rng) {
  const int kind = static_cast<int>(rng() % 5);
  for (unsigned i = 0; i < count; ++i) {
    switch (kind) {
      case 0: f[i] = rng() % 3 == 0; break;
      case 1: f[i] = 1; break;
      case 2: f[i] = 0; break;
      case 3: f[i] = i == 0; break;
      default: f[i] = i + 1 == count; break;
    }
  }
}

template <class T>
using kernel_t = void (*)(const T*, const unsigned char*, const int*, T*, unsigned long long);

/// Runs `kernel` (warp_reduce_kernel<T, L, Ops...>) on random inputs, flags and valid_items, and
/// compares each result the contract defines with the oracle's. Host code: not a template
/// on L, to keep compile time down.
template <class T, class... Ops>
void check_width(int L, kernel_t<T> kernel, xcub::dim3 grid, xcub::dim3 block, std::mt19937_64& rng) {
  constexpr int ops = sizeof...(Ops);
  const unsigned threads = block.x * block.y * block.z;
  REQUIRE(threads <= max_block_threads);
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads;
  CAPTURE(L);
  CAPTURE(threads);

  std::vector<T> in(n);
  for (auto& x : in) x = random_input<T>(rng);
  std::vector<unsigned char> flags(n, 0);
  std::vector<int> valid(n, 1);
  struct lwarp { std::size_t first; unsigned count; int valid; };  // a logical warp that calls: its lanes' gids
  std::vector<lwarp> lwarps;
  for (std::size_t b = 0; b < blocks; ++b) {
    for (const ref::logical_warp& w : ref::whole_logical_warps(threads, static_cast<unsigned>(L), W)) {
      const std::size_t first = b * threads + w.first;
      const unsigned pick = static_cast<unsigned>(rng() % 4);  // valid_items: 1, L, or any in [1, L]
      const int v = pick == 0 ? 1 : pick == 1 ? L : 1 + static_cast<int>(rng() % L);
      for (unsigned i = 0; i < w.lanes; ++i) valid[first + i] = v;
      draw_flags(&flags[first], w.lanes, rng);
      lwarps.push_back({first, w.lanes, v});
    }
  }

  xcub::device_buffer<T> d_in(in), d_out(std::size_t{ops} * calls * n);
  xcub::device_buffer<unsigned char> d_flags(flags);
  xcub::device_buffer<int> d_valid(valid);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, kernel, d_in.data(), d_flags.data(), d_valid.data(), d_out.data(),
                             static_cast<unsigned long long>(n));
  const auto got = d_out.download();

  int k = 0;
  auto check_op = [&](auto op) {
    const auto f = [&](const T& a, const T& b) { return static_cast<T>(op(a, b)); };
    for (int which = 0; which < calls; ++which) {
      std::size_t checked = 0, bad = 0;
      std::string first_bad;
      const T* result = got.data() + (k * calls + which) * n;
      auto expect = [&](std::size_t gid, const T& want, const lwarp& lw) {
        ++checked;
        if (std::memcmp(&result[gid], &want, sizeof(T)) == 0) return;
        if (bad++ == 0) {
          std::ostringstream s;
          s << "block " << gid / threads << " thread " << gid % threads << " (logical lane " << gid - lw.first
            << " of " << lw.count << " existing, valid_items " << lw.valid << ")";
          if constexpr (std::is_arithmetic_v<T>) s << ": got " << +result[gid] << ", expected " << +want;
          first_bad = s.str();
        }
      };
      for (const lwarp& lw : lwarps) {
        const auto at = [&](std::size_t lane) { return lw.first + lane; };
        const std::vector<T> x(in.begin() + lw.first, in.begin() + lw.first + lw.count);  // lane order
        if (which == call_full) {
          expect(lw.first, ref::reduce(x, f), lw);
        } else if (which == call_valid) {
          expect(lw.first, ref::reduce_first(x, static_cast<std::size_t>(lw.valid), f), lw);
        } else {  // one result per segment, at its first lane
          const std::vector<unsigned char> fl(flags.begin() + lw.first, flags.begin() + lw.first + lw.count);
          const auto segments = which == call_head ? ref::reduce_head_segments(x, fl, f) : ref::reduce_tail_segments(x, fl, f);
          for (const auto& seg : segments) expect(at(seg.first), seg.value, lw);
        }
      }
      INFO("operator " << k << ", " << std::string(call_names[which]) << ": " << bad << " of " << checked << " results differ; first "
                       << first_bad);
      CHECK(bad == 0);
    }
    ++k;
  };
  (check_op(Ops{}), ...);
}

/// Every width of the sequence in the block shapes: one whole warp, partial last warps (a few
/// lanes; most of a warp: whole logical warps before the cut), and a 3D block.
template <class T, class... Ops, int... Ls>
void check_widths(std::mt19937_64& rng, std::integer_sequence<int, Ls...>) {
  const int widths[] = {Ls...};
  const kernel_t<T> kernels[] = {warp_reduce_kernel<T, Ls, Ops...>...};
  for (std::size_t i = 0; i < sizeof...(Ls); ++i) {
    check_width<T, Ops...>(widths[i], kernels[i], xcub::dim3(1), xcub::dim3(W), rng);
    check_width<T, Ops...>(widths[i], kernels[i], xcub::dim3(2), xcub::dim3(2 * W + 5), rng);
    check_width<T, Ops...>(widths[i], kernels[i], xcub::dim3(1), xcub::dim3(3 * W - 7), rng);
    check_width<T, Ops...>(widths[i], kernels[i], xcub::dim3(1, 2), xcub::dim3(7, 3, 5), rng);
  }
}

/// Widths 1 .. warp_threads.
template <int... I>
constexpr std::integer_sequence<int, (I + 1)...> one_to(std::integer_sequence<int, I...>) {
  return {};
}
using every_width = decltype(one_to(std::make_integer_sequence<int, W>{}));
/// A non-power of two (shared memory), a sub-warp power of two, a whole warp.
using some_widths = std::integer_sequence<int, 3, 8, static_cast<int>(W)>;
}  // namespace

TEST_CASE("warp reduce: Sum entry points, int32, every logical width") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp reduce: sum widths");
  check_widths<std::int32_t, xcub::Sum>(rng, every_width{});
}

TEST_CASE("warp reduce: non-commutative operator (affine maps) keeps lane order, every logical width") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp reduce: affine widths");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_widths<xcub_test::affine, xcub_test::compose>(r, every_width{});
  });
}

TEST_CASE_TEMPLATE("warp reduce: Sum, Min, Max and a user operator on every type", T, std::int8_t, std::uint8_t,
                   std::int16_t, std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp reduce: types");
  check_widths<T, xcub::Sum, xcub::Min, xcub::Max, user_plus>(rng, some_widths{});
}

TEST_CASE("warp reduce: TempStorage is empty for powers of two, one item per lane otherwise") {
  static_assert(std::is_empty_v<xcub::WarpReduce<double>::TempStorage>);
  static_assert(std::is_empty_v<xcub::WarpReduce<xcub_test::affine, 4>::TempStorage>);
  static_assert(sizeof(xcub::WarpReduce<double, 5>::TempStorage) == 5 * sizeof(double));
  CHECK(sizeof(xcub::WarpReduce<int>::TempStorage) == 1);
}
