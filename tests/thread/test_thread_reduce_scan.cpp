// ThreadReduce, ThreadScanInclusive and ThreadScanExclusive: every thread of a kernel reduces and
// scans its own register array of random items, with and without a prefix (applied or not), in
// place and not, through the array and the pointer forms; each result is compared, item by item,
// with the oracle's (xcub/reference/reduce.hpp and scan.hpp). Lengths 1 to 16, every integer width, float, double, and the
// non-commutative composition of affine maps (so a fold out of order or from the wrong side fails).
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/thread/thread_scan.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using xcub_test::affine;
using xcub_test::compose;

// ---- the contract on the header's examples, on the host ----

static_assert(std::is_same_v<decltype(xcub::ThreadReduce(std::declval<std::int8_t (&)[4]>(), xcub::Sum{})), int>,
              "Sum over int8_t items accumulates in int, as CUB's AccumT");
static_assert(std::is_same_v<decltype(xcub::ThreadScanInclusive(std::declval<std::int8_t (&)[4]>(),
                                                                std::declval<std::int8_t (&)[4]>(), xcub::Sum{})),
                             std::int8_t>,
              "scans stay in the item type");

TEST_CASE("thread reduce/scan: the documented examples, on the host") {
  int items[4] = {1, 2, 3, 4}, out[4];
  CHECK(xcub::ThreadReduce(items, xcub::Sum{}) == 10);
  CHECK(xcub::ThreadReduce(items, xcub::Max{}, 7) == 7);
  CHECK(xcub::ThreadReduce(items, xcub::Max{}, -7) == 4);
  CHECK(xcub::ThreadReduce<2>(items + 1, xcub::Sum{}) == 5);
  CHECK(xcub::ThreadReduce<0>(items, xcub::Sum{}, 42) == 42);

  CHECK(xcub::ThreadScanInclusive(items, out, xcub::Sum{}) == 10);
  CHECK((out[0] == 1 && out[1] == 3 && out[2] == 6 && out[3] == 10));
  CHECK(xcub::ThreadScanInclusive(items, out, xcub::Sum{}, 100) == 110);
  CHECK((out[0] == 101 && out[1] == 103 && out[2] == 106 && out[3] == 110));
  CHECK(xcub::ThreadScanInclusive(items, out, xcub::Sum{}, 100, false) == 10);
  CHECK((out[0] == 1 && out[1] == 3 && out[2] == 6 && out[3] == 10));
  CHECK(xcub::ThreadScanExclusive(items, out, xcub::Sum{}, 0) == 10);
  CHECK((out[0] == 0 && out[1] == 1 && out[2] == 3 && out[3] == 6));
  CHECK(xcub::ThreadScanExclusive(items, out, xcub::Sum{}, 100, false) == 10);
  CHECK((out[0] == 100 && out[1] == 1 && out[2] == 3 && out[3] == 6));
  CHECK(xcub::ThreadScanExclusive(items, items, xcub::Sum{}, 100) == 110);
  CHECK((items[0] == 100 && items[1] == 101 && items[2] == 103 && items[3] == 106));

  // A prefix of another type converts (it is not deduced).
  std::int8_t small[3] = {1, 2, 3}, small_out[3];
  CHECK(xcub::ThreadScanExclusive(small, small_out, xcub::Sum{}, 10) == 16);
  CHECK((small_out[0] == 10 && small_out[1] == 11 && small_out[2] == 13));

  // Order: (f then g then h) differs from (h then g then f).
  const affine maps[3] = {{3, 1}, {5, 2}, {7, 4}};
  const affine fgh = xcub::ThreadReduce(maps, compose{});
  CHECK(fgh == compose{}(compose{}(maps[0], maps[1]), maps[2]));
  CHECK(fgh != compose{}(compose{}(maps[2], maps[1]), maps[0]));
}

// ---- every thread of a kernel ----

namespace {

constexpr unsigned block = 96, blocks = 2, threads = block * blocks;

// The scans each thread runs; each writes LENGTH items and a total per thread.
enum scan_kind : int {
  inclusive = 0,          // ThreadScanInclusive(items, out, op)
  inclusive_prefix,       // ThreadScanInclusive(items, out, op, prefix)
  inclusive_maybe,        // ThreadScanInclusive(items, items, op, prefix, odd thread): in place
  exclusive_prefix,       // ThreadScanExclusive(items, out, op, prefix)
  exclusive_maybe,        // ThreadScanExclusive(items, items, op, prefix, odd thread): in place
  inclusive_ptr,          // ThreadScanInclusive<LENGTH>(ptr, ptr, op, prefix)
  exclusive_ptr,          // ThreadScanExclusive<LENGTH>(ptr, ptr, op, prefix, false)
  scan_kinds
};
const char* const scan_names[] = {"ThreadScanInclusive(items, out, op)",
                                  "ThreadScanInclusive(items, out, op, prefix)",
                                  "ThreadScanInclusive(items, items, op, prefix, odd thread) in place",
                                  "ThreadScanExclusive(items, out, op, prefix)",
                                  "ThreadScanExclusive(items, items, op, prefix, odd thread) in place",
                                  "ThreadScanInclusive<LENGTH>(ptr, ptr, op, prefix)",
                                  "ThreadScanExclusive<LENGTH>(ptr, ptr, op, prefix, false)"};

// The reductions each thread runs, one result each.
enum reduce_kind : int { reduce = 0, reduce_prefix, reduce_ptr, reduce_ptr_prefix, reduce_kinds };
const char* const reduce_names[] = {"ThreadReduce(items, op)", "ThreadReduce(items, op, prefix)",
                                    "ThreadReduce<LENGTH>(ptr, op)", "ThreadReduce<LENGTH>(ptr, op, prefix)"};

template <class T, class Op>
using accum_t = std::decay_t<decltype(std::declval<Op&>()(std::declval<const T&>(), std::declval<const T&>()))>;

// A is accum_t<T, Op>, passed explicitly: hip-clang does not match a kernel pointer whose
// signature uses the alias.
template <class T, int LENGTH, class Op, class A>
XCUB_KERNEL void reduce_scan_kernel(const T* in, const T* prefixes, A* reductions, T* scans,
                                    T* totals, Op op) {
  const unsigned t = xcub::arch::block_idx().x * block + xcub::arch::linear_thread_id();
  const T prefix = prefixes[t];
  const bool odd = t & 1;
  T items[LENGTH], out[LENGTH];
  auto load = [&] {
    for (int i = 0; i < LENGTH; ++i) items[i] = in[t * LENGTH + i];
  };
  auto store = [&](int kind, const T (&v)[LENGTH], T total) {
    for (int i = 0; i < LENGTH; ++i) scans[(static_cast<std::size_t>(kind) * threads + t) * LENGTH + i] = v[i];
    totals[kind * threads + t] = total;
  };
  load();
  reductions[reduce * threads + t] = xcub::ThreadReduce(items, op);
  reductions[reduce_prefix * threads + t] = xcub::ThreadReduce(items, op, prefix);
  reductions[reduce_ptr * threads + t] = xcub::ThreadReduce<LENGTH>(&items[0], op);
  reductions[reduce_ptr_prefix * threads + t] = xcub::ThreadReduce<LENGTH>(&items[0], op, prefix);

  T total = xcub::ThreadScanInclusive(items, out, op);
  store(inclusive, out, total);
  total = xcub::ThreadScanInclusive(items, out, op, prefix);
  store(inclusive_prefix, out, total);
  total = xcub::ThreadScanExclusive(items, out, op, prefix);
  store(exclusive_prefix, out, total);
  total = xcub::ThreadScanInclusive(items, items, op, prefix, odd);
  store(inclusive_maybe, items, total);
  load();
  total = xcub::ThreadScanExclusive(items, items, op, prefix, odd);
  store(exclusive_maybe, items, total);
  load();
  total = xcub::ThreadScanInclusive<LENGTH>(&items[0], &items[0], op, prefix);
  store(inclusive_ptr, items, total);
  load();
  total = xcub::ThreadScanExclusive<LENGTH>(&items[0], &items[0], op, prefix, false);
  store(exclusive_ptr, items, total);
}

/// Random items whose sums are exact and free of signed overflow: small integers for signed and
/// floating types, any value for unsigned ones (they wrap), any odd-slope map for affine.
template <class T>
T random_item(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, affine>) {
    return xcub_test::random_affine(rng);
  } else if constexpr (std::is_unsigned_v<T>) {
    return static_cast<T>(rng());
  } else {
    return static_cast<T>(static_cast<int>(rng() % 201) - 100);
  }
}

/// The expectations of one thread, from the oracle.
template <class T, int LENGTH, class Op>
struct expected {
  using A = accum_t<T, Op>;
  A reductions[reduce_kinds];
  T scans[scan_kinds][LENGTH];
  T totals[scan_kinds];

  expected(const T* x, T prefix, bool odd, Op op) {
    namespace ref = xcub::reference;
    // Reductions accumulate in A (Sum over int8_t: int), scans stay in T.
    const auto fa = [&](const A& l, const A& r) { return static_cast<A>(op(l, r)); };
    const auto ft = [&](const T& l, const T& r) { return static_cast<T>(op(l, r)); };
    const std::vector<A> xa(x, x + LENGTH);
    const std::vector<T> xt(x, x + LENGTH);
    reductions[reduce] = reductions[reduce_ptr] = ref::reduce(xa, fa);
    reductions[reduce_prefix] = reductions[reduce_ptr_prefix] = ref::reduce(xa, static_cast<A>(prefix), fa);

    const std::vector<T> incl = ref::inclusive_scan(xt, ft), incl_seeded = ref::inclusive_scan(xt, prefix, ft);
    const std::vector<T> excl_seeded = ref::exclusive_scan(xt, prefix, ft);
    std::vector<T> excl_unseeded = ref::exclusive_scan(xt, ft);
    excl_unseeded[0] = prefix;  // apply_prefix false: the prefix still lands in the first output
    const T total = ref::reduce(xt, ft), total_seeded = ref::reduce(xt, prefix, ft);
    const auto put = [&](int kind, const std::vector<T>& v, const T& t) {
      for (int i = 0; i < LENGTH; ++i) scans[kind][i] = v[static_cast<std::size_t>(i)];
      totals[kind] = t;
    };
    put(inclusive, incl, total);
    put(inclusive_prefix, incl_seeded, total_seeded);
    put(inclusive_maybe, odd ? incl_seeded : incl, odd ? total_seeded : total);
    put(inclusive_ptr, incl_seeded, total_seeded);
    put(exclusive_prefix, excl_seeded, total_seeded);
    put(exclusive_maybe, odd ? excl_seeded : excl_unseeded, odd ? total_seeded : total);
    put(exclusive_ptr, excl_unseeded, total);
  }
};

template <class T, int LENGTH, class Op>
void check_length(Op op, std::mt19937_64& rng) {
  using A = accum_t<T, Op>;
  CAPTURE(LENGTH);
  std::vector<T> in(std::size_t{threads} * LENGTH), prefixes(threads);
  for (auto& v : in) v = random_item<T>(rng);
  for (auto& v : prefixes) v = random_item<T>(rng);

  xcub::device_buffer<T> d_in(in), d_prefixes(prefixes);
  xcub::device_buffer<A> d_reductions(std::size_t{reduce_kinds} * threads);
  xcub::device_buffer<T> d_scans(std::size_t{scan_kinds} * threads * LENGTH);
  xcub::device_buffer<T> d_totals(std::size_t{scan_kinds} * threads);
  d_reductions.fill_bytes(0xA5);
  d_scans.fill_bytes(0xA5);
  d_totals.fill_bytes(0xA5);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(block), 0, reduce_scan_kernel<T, LENGTH, Op, A>,
                             d_in.data(), d_prefixes.data(), d_reductions.data(), d_scans.data(), d_totals.data(), op);
  const std::vector<A> reductions = d_reductions.download();
  const std::vector<T> scans = d_scans.download(), totals = d_totals.download();

  std::vector<A> want_reductions(reductions.size());
  std::vector<T> want_scans(scans.size()), want_totals(totals.size());
  for (unsigned t = 0; t < threads; ++t) {
    const expected<T, LENGTH, Op> e(&in[std::size_t{t} * LENGTH], prefixes[t], t & 1, op);
    for (int k = 0; k < reduce_kinds; ++k) want_reductions[k * threads + t] = e.reductions[k];
    for (int k = 0; k < scan_kinds; ++k) {
      want_totals[k * threads + t] = e.totals[k];
      for (int i = 0; i < LENGTH; ++i)
        want_scans[(static_cast<std::size_t>(k) * threads + t) * LENGTH + i] = e.scans[k][i];
    }
  }
  for (int k = 0; k < reduce_kinds; ++k) {
    const auto slice = [&](const std::vector<A>& v) {
      return std::vector<A>(v.begin() + k * threads, v.begin() + (k + 1) * threads);
    };
    xcub_test::check_equal(slice(reductions), slice(want_reductions), reduce_names[k]);
  }
  for (int k = 0; k < scan_kinds; ++k) {
    const std::size_t items = std::size_t{threads} * LENGTH;
    xcub_test::check_equal(std::vector<T>(scans.begin() + k * items, scans.begin() + (k + 1) * items),
                           std::vector<T>(want_scans.begin() + k * items, want_scans.begin() + (k + 1) * items),
                           std::string(scan_names[k]) + ": items (thread-major)");
    xcub_test::check_equal(std::vector<T>(totals.begin() + k * threads, totals.begin() + (k + 1) * threads),
                           std::vector<T>(want_totals.begin() + k * threads, want_totals.begin() + (k + 1) * threads),
                           std::string(scan_names[k]) + ": returned totals");
  }
}

template <class T, class Op, int... LENGTHS>
void check_lengths(Op op, std::mt19937_64& rng, std::integer_sequence<int, LENGTHS...>) {
  (check_length<T, LENGTHS>(op, rng), ...);
}

template <class T, class Op = xcub::Sum>
void check_type(const char* name, Op op = {}) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for((std::string("thread reduce/scan ") + name).c_str());
  INFO("type " << name);
  check_lengths<T>(op, rng, std::integer_sequence<int, 1, 2, 3, 4, 7, 8, 16>{});
}

}  // namespace

TEST_CASE("thread reduce/scan: 8-bit integers, Sum (reductions accumulate in int, scans wrap)") {
  check_type<std::int8_t>("int8_t");
  check_type<std::uint8_t>("uint8_t");
}

TEST_CASE("thread reduce/scan: 16-, 32- and 64-bit integers, Sum") {
  check_type<std::int16_t>("int16_t");
  check_type<std::int32_t>("int32_t");
  check_type<std::uint32_t>("uint32_t");
  check_type<std::int64_t>("int64_t");
  check_type<std::uint64_t>("uint64_t");
}

TEST_CASE("thread reduce/scan: float and double, Sum of small integers (exact)") {
  check_type<float>("float");
  check_type<double>("double");
}

TEST_CASE("thread reduce/scan: int32_t, Max") { check_type<std::int32_t>("int32_t max", xcub::Max{}); }

TEST_CASE("thread reduce/scan: composition of affine maps (non-commutative), left to right") {
  check_type<affine>("affine", compose{});
}
