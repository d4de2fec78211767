// The thread operators (Sum, Max, Min, ArgMax, ArgMin, Equality, Inequality, InequalityWrapper,
// BinaryFlip), on the host and in a kernel, on random operands drawn from small ranges so that
// ties are common: Max and Min keep their first operand on ties, ArgMax and ArgMin keep the
// smaller key on value ties, and BinaryFlip swaps the operands of a non-commutative operator.
// Expectations are written out here, not computed with the operators.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/thread/thread_operators.hpp>
#include <xcub/util/key_value_pair.hpp>

#include <cstdint>
#include <type_traits>
#include <vector>

using xcub_test::affine;
using xcub_test::compose;

namespace {

using kv = xcub::KeyValuePair<int, int>;

/// Ordered by `value` alone, so that a tie tells which operand Max and Min returned (by `tag`).
struct tagged {
  int value, tag;
  XCUB_HOST_DEVICE friend bool operator<(const tagged& l, const tagged& r) { return l.value < r.value; }
};

/// Equal when congruent mod 4: a user equality for InequalityWrapper.
struct same_mod4 {
  XCUB_HOST_DEVICE bool operator()(int a, int b) const { return (a - b) % 4 == 0; }
};

struct operands {
  int a, b;
  tagged ta, tb;
  kv ka, kb;
  affine fa, fb;
};

struct results {  // 4-byte fields only: no padding, compared bytewise
  int sum, max, min;
  tagged tmax, tmin;
  kv argmax, argmin;
  int eq, ne, ne_eq, ne_mod4, flip_sum;
  affine flipped, made_flipped, straight;
};

/// Every operator on one set of operands: what the host and the kernel both run.
XCUB_HOST_DEVICE results apply_all(const operands& o) {
  results r;
  r.sum = xcub::Sum{}(o.a, o.b);
  r.max = xcub::Max{}(o.a, o.b);
  r.min = xcub::Min{}(o.a, o.b);
  r.tmax = xcub::Max{}(o.ta, o.tb);
  r.tmin = xcub::Min{}(o.ta, o.tb);
  r.argmax = xcub::ArgMax{}(o.ka, o.kb);
  r.argmin = xcub::ArgMin{}(o.ka, o.kb);
  r.eq = xcub::Equality{}(o.a, o.b);
  r.ne = xcub::Inequality{}(o.a, o.b);
  r.ne_eq = xcub::InequalityWrapper<xcub::Equality>(xcub::Equality{})(o.a, o.b);
  r.ne_mod4 = xcub::InequalityWrapper<same_mod4>(same_mod4{})(o.a, o.b);
  r.flip_sum = xcub::BinaryFlip<xcub::Sum>(xcub::Sum{})(o.a, o.b);
  r.flipped = xcub::BinaryFlip<compose>(compose{})(o.fa, o.fb);
  r.made_flipped = xcub::MakeBinaryFlip(compose{})(o.fa, o.fb);
  r.straight = compose{}(o.fa, o.fb);
  return r;
}

XCUB_KERNEL void apply_all_kernel(const operands* in, results* out, unsigned n) {
  const unsigned i = xcub::arch::block_idx().x * xcub::arch::block_threads() + xcub::arch::linear_thread_id();
  if (i < n) out[i] = apply_all(in[i]);
}

/// The expected results, written from the documented contract.
results expect(const operands& o) {
  results r;
  r.sum = o.a + o.b;
  r.max = o.a > o.b ? o.a : o.b;
  r.min = o.a < o.b ? o.a : o.b;
  r.tmax = o.tb.value > o.ta.value ? o.tb : o.ta;  // ties: the first operand
  r.tmin = o.tb.value < o.ta.value ? o.tb : o.ta;
  const bool b_larger = o.kb.value > o.ka.value || (o.kb.value == o.ka.value && o.kb.key < o.ka.key);
  const bool b_smaller = o.kb.value < o.ka.value || (o.kb.value == o.ka.value && o.kb.key < o.ka.key);
  r.argmax = b_larger ? o.kb : o.ka;
  r.argmin = b_smaller ? o.kb : o.ka;
  r.eq = o.a == o.b;
  r.ne = o.a != o.b;
  r.ne_eq = o.a != o.b;
  r.ne_mod4 = ((o.a - o.b) % 4) != 0;
  r.flip_sum = o.b + o.a;
  // compose(f, g) is "f then g": {g.a * f.a, g.a * f.b + g.b}; flipped, "g then f".
  r.flipped = affine{o.fa.a * o.fb.a, o.fa.a * o.fb.b + o.fa.b};
  r.made_flipped = r.flipped;
  r.straight = affine{o.fb.a * o.fa.a, o.fb.a * o.fa.b + o.fb.b};
  return r;
}

std::vector<operands> random_operands(std::size_t n, std::mt19937_64& rng) {
  auto small = [&] { return static_cast<int>(rng() % 7) - 3; };  // many ties
  std::vector<operands> v(n);
  for (auto& o : v) {
    o.a = small();
    o.b = small();
    o.ta = tagged{small(), 1};
    o.tb = tagged{small(), 2};
    o.ka = kv(static_cast<int>(rng() % 4), small());
    o.kb = kv(static_cast<int>(rng() % 4), small());
    o.fa = xcub_test::random_affine(rng);
    o.fb = xcub_test::random_affine(rng);
  }
  return v;
}

// Compile-time checks of the header's examples.
static_assert(xcub::Sum{}(3, 4) == 7);
static_assert(std::is_same_v<decltype(xcub::Sum{}(1, 2LL)), long long>, "Sum keeps the usual arithmetic conversions");
static_assert(xcub::Max{}(3, 9) == 9 && xcub::Min{}(3, 9) == 3);
static_assert(xcub::ArgMax{}(kv(0, 2), kv(5, 2)).key == 0 && xcub::ArgMax{}(kv(5, 2), kv(0, 2)).key == 0);
static_assert(xcub::ArgMin{}(kv(0, 2), kv(5, 2)).key == 0 && xcub::ArgMin{}(kv(5, 2), kv(0, 2)).key == 0);
static_assert(xcub::BinaryFlip<xcub::Sum>(xcub::Sum{})(1, 2) == 3);

}  // namespace

TEST_CASE("thread operators: ties, flips and wrappers on the host") {
  // Max and Min keep the first operand on ties.
  CHECK(xcub::Max{}(tagged{5, 1}, tagged{5, 2}).tag == 1);
  CHECK(xcub::Min{}(tagged{5, 1}, tagged{5, 2}).tag == 1);
  CHECK(xcub::Max{}(tagged{4, 1}, tagged{5, 2}).tag == 2);
  CHECK(xcub::Min{}(tagged{4, 1}, tagged{5, 2}).tag == 1);
  // ArgMax and ArgMin keep the smaller key on ties, whichever side it is on.
  CHECK(xcub::ArgMax{}(kv(7, 3), kv(2, 3)) == kv(2, 3));
  CHECK(xcub::ArgMax{}(kv(2, 3), kv(7, 3)) == kv(2, 3));
  CHECK(xcub::ArgMax{}(kv(2, 3), kv(7, 4)) == kv(7, 4));
  CHECK(xcub::ArgMin{}(kv(7, 3), kv(2, 3)) == kv(2, 3));
  CHECK(xcub::ArgMin{}(kv(2, 3), kv(7, 3)) == kv(2, 3));
  CHECK(xcub::ArgMin{}(kv(7, 2), kv(2, 3)) == kv(7, 2));
  const auto best = xcub::ArgMax{}(xcub::KeyValuePair<int, float>(0, 2.f), xcub::KeyValuePair<int, float>(5, 2.f));
  CHECK(best.key == 0);
  // Equality, Inequality, and InequalityWrapper negating a user equality.
  CHECK(xcub::Equality{}(3, 3));
  CHECK(!xcub::Inequality{}(3, 3));
  CHECK(xcub::InequalityWrapper<same_mod4>(same_mod4{})(1, 6));
  CHECK(!xcub::InequalityWrapper<same_mod4>(same_mod4{})(1, 9));
  // BinaryFlip swaps the operands of a non-commutative operator.
  const affine f{3, 1}, g{5, 4};  // f then g: {15, 9}; g then f: {15, 13}
  CHECK(xcub::BinaryFlip<compose>(compose{})(f, g) == compose{}(g, f));
  CHECK(xcub::MakeBinaryFlip(compose{})(f, g) != compose{}(f, g));
}

TEST_CASE("thread operators: every operator on random operands, on the host and in a kernel") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("thread operators");
  const unsigned n = 1000, block = 128;
  const std::vector<operands> in = random_operands(n, rng);
  std::vector<results> want(n), on_host(n);
  for (unsigned i = 0; i < n; ++i) {
    want[i] = expect(in[i]);
    on_host[i] = apply_all(in[i]);
  }
  xcub_test::check_equal(on_host, want, "on the host");

  xcub::device_buffer<operands> d_in(in);
  xcub::device_buffer<results> d_out(n);
  d_out.fill_bytes(0xA5);
  xcub_test::launch_and_wait(xcub::dim3((n + block - 1) / block), xcub::dim3(block), 0, apply_all_kernel, d_in.data(),
                             d_out.data(), n);
  xcub_test::check_equal(d_out.download(), want, "in a kernel");

  // Every kind of tie showed up.
  std::size_t value_ties = 0, key_value_ties = 0, tagged_ties = 0;
  for (const auto& o : in) {
    value_ties += o.a == o.b;
    tagged_ties += o.ta.value == o.tb.value;
    key_value_ties += o.ka.value == o.kb.value && o.ka.key != o.kb.key;
  }
  CHECK(value_ties > 0);
  CHECK(tagged_ties > 0);
  CHECK(key_value_ties > 0);
}
