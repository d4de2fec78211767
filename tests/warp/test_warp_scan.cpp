// WarpScan: every method, at every logical width from 1 to the warp (powers of two by shuffles,
// the others through shared memory), in blocks with full and partial last warps (whole logical
// warps only call, as the contract requires), on integer and
// floating-point types with Sum, Max and Min and on a non-commutative operator (composition of
// affine maps), against the oracle's per-logical-warp scans (xcub/reference/scan.hpp) over the
// logical warps of xcub/reference/groups.hpp, in lane order.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/reference/groups.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/warp/warp_scan.hpp>

#include <algorithm>
#include <string>
#include <utility>

namespace arch = xcub::arch;
using xcub_test::affine;
using xcub_test::compose;

namespace ref = xcub::reference;
using xcub_test::is_pow2;
using xcub_test::max_block_threads;

namespace {
constexpr unsigned WT = xcub_test::warp_lanes;

// What the kernel writes: one output array per channel, each n items long.
enum channel : int {
  c_incl, c_incl_agg_out, c_incl_agg,                       // InclusiveScan(x, out, op[, agg])
  c_incl_init, c_incl_init_agg_out, c_incl_init_agg,        // InclusiveScan(x, out, init, op[, agg])
  c_excl, c_excl_agg_out, c_excl_agg,                       // ExclusiveScan(x, out, op[, agg])
  c_excl_init, c_excl_init_agg_out, c_excl_init_agg,        // ExclusiveScan(x, out, init, op[, agg])
  c_scan_incl, c_scan_excl,                                 // Scan(x, incl, excl, op)
  c_scan_init_incl, c_scan_init_excl,                       // Scan(x, incl, excl, init, op)
  c_bcast,                                                  // Broadcast(x, src)
  c_isum, c_isum_agg_out, c_isum_agg,                       // InclusiveSum(x, out[, agg])   (Sum only)
  c_esum, c_esum_agg_out, c_esum_agg,                       // ExclusiveSum(x, out[, agg])   (Sum only)
  channels
};
const char* const channel_names[channels] = {
    "InclusiveScan", "InclusiveScan+aggregate (output)", "InclusiveScan+aggregate (aggregate)",
    "InclusiveScan+init", "InclusiveScan+init+aggregate (output)", "InclusiveScan+init+aggregate (aggregate)",
    "ExclusiveScan", "ExclusiveScan+aggregate (output)", "ExclusiveScan+aggregate (aggregate)",
    "ExclusiveScan+init", "ExclusiveScan+init+aggregate (output)", "ExclusiveScan+init+aggregate (aggregate)",
    "Scan (inclusive)", "Scan (exclusive)", "Scan+init (inclusive)", "Scan+init (exclusive)", "Broadcast",
    "InclusiveSum", "InclusiveSum+aggregate (output)", "InclusiveSum+aggregate (aggregate)",
    "ExclusiveSum", "ExclusiveSum+aggregate (output)", "ExclusiveSum+aggregate (aggregate)"};

// Every method in a row on one TempStorage per logical warp (no barrier between calls). Lanes past
// a width that is not a power of two do not take part, nor logical warps cut short by the block.
template <class T, int W, class Op>
XCUB_KERNEL void warp_scan_kernel(const T* in, const unsigned* src_lanes, T init, T* out, unsigned long long n) {
  using scan_t = xcub::WarpScan<T, W>;
  using storage_t = typename scan_t::TempStorage[max_block_threads / W];
  XCUB_SHARED(storage_t, storage);
  const unsigned tid = arch::linear_thread_id();
  if (!xcub_test::in_whole_logical_warp<W>()) return;
  typename scan_t::TempStorage& temp = storage[is_pow2(W) ? tid / W : arch::warp_id()];
  const unsigned long long gid = arch::linear_block_id() * arch::block_threads() + tid;
  const T x = in[gid];
  const Op op{};
  T a, b, agg;
  const auto put = [&](int c, const T& v) { out[c * n + gid] = v; };

  scan_t(temp).InclusiveScan(x, a, op);
  put(c_incl, a);
  scan_t(temp).InclusiveScan(x, a, op, agg);
  put(c_incl_agg_out, a), put(c_incl_agg, agg);
  scan_t(temp).InclusiveScan(x, a, init, op);
  put(c_incl_init, a);
  scan_t(temp).InclusiveScan(x, a, init, op, agg);
  put(c_incl_init_agg_out, a), put(c_incl_init_agg, agg);
  scan_t(temp).ExclusiveScan(x, a, op);
  put(c_excl, a);
  scan_t(temp).ExclusiveScan(x, a, op, agg);
  put(c_excl_agg_out, a), put(c_excl_agg, agg);
  scan_t(temp).ExclusiveScan(x, a, init, op);
  put(c_excl_init, a);
  scan_t(temp).ExclusiveScan(x, a, init, op, agg);
  put(c_excl_init_agg_out, a), put(c_excl_init_agg, agg);
  scan_t(temp).Scan(x, a, b, op);
  put(c_scan_incl, a), put(c_scan_excl, b);
  scan_t(temp).Scan(x, a, b, init, op);
  put(c_scan_init_incl, a), put(c_scan_init_excl, b);
  put(c_bcast, scan_t(temp).Broadcast(x, src_lanes[gid]));
  if constexpr (std::is_same_v<Op, xcub::Sum>) {
    scan_t(temp).InclusiveSum(x, a);
    put(c_isum, a);
    scan_t(temp).InclusiveSum(x, a, agg);
    put(c_isum_agg_out, a), put(c_isum_agg, agg);
    scan_t(temp).ExclusiveSum(x, a);
    put(c_esum, a);
    scan_t(temp).ExclusiveSum(x, a, agg);
    put(c_esum_agg_out, a), put(c_esum_agg, agg);
  }
}

/// Inputs: small integers for sums (exact in every type), anything for Max and Min, random maps.
template <class T, class Op>
T draw(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, affine>) return xcub_test::random_affine(rng);
  else if constexpr (std::is_same_v<Op, xcub::Sum>) return static_cast<T>(static_cast<int>(rng() % 7) - 3);
  else return xcub_test::random_value<T>(rng);
}

template <class T, class Op>
using kernel_t = void (*)(const T*, const unsigned*, T, T*, unsigned long long);

/// Launches `kernel` (warp_scan_kernel<T, W, Op>) and checks every channel against sequential folds.
template <class T, class Op>
void check_warp_scan(kernel_t<T, Op> kernel, const unsigned W, xcub::dim3 grid, xcub::dim3 block, const T& init,
                     std::mt19937_64& rng) {
  const unsigned threads = block.x * block.y * block.z;
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads;
  REQUIRE(threads <= max_block_threads);
  CAPTURE(W);
  CAPTURE(threads);
  const Op op{};
  const auto f = [&](const T& l, const T& r) { return static_cast<T>(op(l, r)); };

  std::vector<T> in(n);
  for (auto& v : in) v = draw<T, Op>(rng);
  std::vector<unsigned> src_lanes(n, 0);
  std::vector<T> want(channels * n);
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(T));  // outputs nobody writes
  std::vector<bool> unspecified(channels * n, false);  // lane 0 of an unseeded exclusive scan
  const bool sums = std::is_same_v<Op, xcub::Sum>;

  // The lanes that call (whole logical warps, in lane order), their inputs gathered: the oracle
  // scans each run of W of them on its own.
  std::vector<std::size_t> callers;  // their gids
  for (std::size_t blk = 0; blk < blocks; ++blk) {
    for (const ref::logical_warp& lw : ref::whole_logical_warps(threads, W, WT)) {
      for (unsigned l = 0; l < lw.lanes; ++l) callers.push_back(blk * threads + lw.first + l);
    }
  }
  std::vector<T> x;
  for (std::size_t gid : callers) x.push_back(in[gid]);
  const std::vector<T> incl = ref::inclusive_scan_segments(x, W, f);
  const std::vector<T> seeded = ref::inclusive_scan_segments(x, W, init, f);
  const std::vector<T> excl = ref::exclusive_scan_segments(x, W, f);  // lane 0: T{} (ExclusiveSum's value)
  const std::vector<T> excl_seeded = ref::exclusive_scan_segments(x, W, init, f);
  const std::vector<T> aggs = ref::reduce_segments(x, W, f);

  unsigned src = 0;
  for (std::size_t j = 0; j < callers.size(); ++j) {
    const std::size_t i = callers[j];
    const unsigned l = static_cast<unsigned>(j % W);
    const T agg = aggs[j / W];
    if (l == 0) src = static_cast<unsigned>(rng() % W);  // Broadcast's source lane, one per logical warp
    const auto set = [&](int c, const T& v) { want[c * n + i] = v; };
    set(c_incl, incl[j]), set(c_incl_agg_out, incl[j]), set(c_incl_agg, agg);
    set(c_incl_init, seeded[j]), set(c_incl_init_agg_out, seeded[j]), set(c_incl_init_agg, agg);
    set(c_excl, excl[j]), set(c_excl_agg_out, excl[j]), set(c_excl_agg, agg);
    set(c_excl_init, excl_seeded[j]), set(c_excl_init_agg_out, excl_seeded[j]), set(c_excl_init_agg, agg);
    set(c_scan_incl, incl[j]), set(c_scan_excl, excl[j]);
    set(c_scan_init_incl, seeded[j]), set(c_scan_init_excl, excl_seeded[j]);
    set(c_bcast, x[j - l + src]);
    src_lanes[i] = src;
    if (sums) {
      set(c_isum, incl[j]), set(c_isum_agg_out, incl[j]), set(c_isum_agg, agg);
      set(c_esum, excl[j]), set(c_esum_agg_out, excl[j]), set(c_esum_agg, agg);  // lane 0: T{}
    }
    if (l == 0) {
      for (int c : {c_excl, c_excl_agg_out, c_scan_excl}) unspecified[c * n + i] = true;
    }
  }

  xcub::device_buffer<T> d_in(in), d_out(channels * n);
  xcub::device_buffer<unsigned> d_src(src_lanes);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, kernel, d_in.data(), d_src.data(), init,
                             d_out.data(), static_cast<unsigned long long>(n));
  auto got = d_out.download();
  for (int c = 0; c < channels; ++c) {
    for (std::size_t i = 0; i < n; ++i) {
      if (unspecified[c * n + i]) want[c * n + i] = got[c * n + i];
    }
    xcub_test::check_equal(std::vector<T>(got.begin() + c * n, got.begin() + (c + 1) * n),
                           std::vector<T>(want.begin() + c * n, want.begin() + (c + 1) * n),
                           std::string(channel_names[c]) + ", logical warp " + std::to_string(W));
  }
}

/// Blocks: a partial last warp (100 threads: 3 warps and 4 lanes at 32, 1 and 36 at 64; logical
/// warps the end cuts short stay out), two full warps in a 2D block, and 42 threads in a 3D block.
template <class T, class Op>
void check_width(kernel_t<T, Op> kernel, unsigned w, std::mt19937_64& rng, const T& init) {
  check_warp_scan<T, Op>(kernel, w, xcub::dim3(2), xcub::dim3(100), init, rng);
  check_warp_scan<T, Op>(kernel, w, xcub::dim3(1), xcub::dim3(WT, 2), init, rng);
  check_warp_scan<T, Op>(kernel, w, xcub::dim3(1, 2), xcub::dim3(7, 3, 2), init, rng);
}

template <class T, class Op, int... Ws>
void check_widths(std::integer_sequence<int, Ws...>, const T& init) {
  auto rng = xcub_test::rng_for("warp scan");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) { (check_width<T, Op>(warp_scan_kernel<T, Ws, Op>, Ws, r, init), ...); });
}

template <int... Is>
constexpr auto one_based(std::integer_sequence<int, Is...>) {
  return std::integer_sequence<int, (Is + 1)...>{};
}
/// Every logical width 1..warp_threads.
using all_widths = decltype(one_based(std::make_integer_sequence<int, arch::warp_threads>{}));
/// Widths for the per-type checks: the smallest, shared memory twice (3 and warp_threads - 1), shuffles
/// over half and all of the warp.
using some_widths = std::integer_sequence<int, 1, 3, arch::warp_threads / 2, arch::warp_threads - 1, arch::warp_threads>;
}  // namespace

TEST_CASE("warp scan: every method at every logical width, int sums") {
  XCUB_TEST_CONTEXT();
  check_widths<std::int32_t, xcub::Sum>(all_widths{}, 5);
}

TEST_CASE("warp scan: every method at every logical width, a non-commutative operator") {
  XCUB_TEST_CONTEXT();
  SUBCASE("identity as initial value") { check_widths<affine, compose>(all_widths{}, xcub_test::affine_identity); }
  SUBCASE("a random map as initial value") { check_widths<affine, compose>(all_widths{}, affine{3, 7}); }
}

TEST_CASE_TEMPLATE("warp scan: every type with Sum, Max and Min", T, std::int8_t, std::uint8_t, std::int16_t,
                   std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  XCUB_TEST_CONTEXT();
  SUBCASE("Sum") { check_widths<T, xcub::Sum>(some_widths{}, static_cast<T>(2)); }
  SUBCASE("Max") { check_widths<T, xcub::Max>(some_widths{}, static_cast<T>(1)); }
  SUBCASE("Min") { check_widths<T, xcub::Min>(some_widths{}, static_cast<T>(1)); }
}
