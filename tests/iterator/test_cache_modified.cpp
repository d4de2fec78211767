// CacheModifiedInputIterator and CacheModifiedOutputIterator: traits, arithmetic and comparison on
// the host; in kernels, copies from one to the other with every load and every store modifier, by
// index, by dereference after arithmetic and by a grid-stride walk, for sizes 0 .. thousands that
// are and are not multiples of the block; and operator-> on a struct.
#include "test_support.hpp"

#include <xcub/iterator/cache_modified_input_iterator.hpp>
#include <xcub/iterator/cache_modified_output_iterator.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <string>

namespace arch = xcub::arch;

namespace {

struct s12 {
  int i;
  float f;
  unsigned u;
};

template <xcub::CacheLoadModifier L, class T, class O = std::ptrdiff_t>
using in_it = xcub::CacheModifiedInputIterator<L, T, O>;
template <xcub::CacheStoreModifier S, class T, class O = std::ptrdiff_t>
using out_it = xcub::CacheModifiedOutputIterator<S, T, O>;

template <class It, class V, class R, class P, class D>
constexpr bool traits_are =
    std::is_same_v<typename std::iterator_traits<It>::iterator_category, std::random_access_iterator_tag> &&
    std::is_same_v<typename std::iterator_traits<It>::value_type, V> &&
    std::is_same_v<typename std::iterator_traits<It>::reference, R> &&
    std::is_same_v<typename std::iterator_traits<It>::pointer, P> &&
    std::is_same_v<typename std::iterator_traits<It>::difference_type, D> &&
    std::is_same_v<decltype(std::declval<It&>() - std::declval<It&>()), D>;

using in_int = in_it<xcub::LOAD_CG, int>;
using out_int = out_it<xcub::STORE_CS, int, unsigned>;
static_assert(traits_are<in_int, int, int, xcub::detail::arrow_proxy<int>, std::ptrdiff_t>);
static_assert(traits_are<in_it<xcub::LOAD_LDG, s12, int>, s12, s12, xcub::detail::arrow_proxy<s12>, int>);
static_assert(traits_are<out_int, void, out_int::reference, void, unsigned>);
static_assert(std::is_trivially_copyable_v<in_int> && std::is_trivially_copyable_v<out_int>);
static_assert(std::is_default_constructible_v<in_int> && std::is_default_constructible_v<out_int>);
static_assert(!std::is_copy_assignable_v<out_int::reference>, "a proxy cannot be read, so `*a = *b` must not compile");

/// Every operator of a random-access iterator at offsets 0..n-1 of `base`, against the pointers
/// they should reach (`at(it)` reads the wrapped position).
template <class It, class At>
bool arithmetic_holds(It base, const int* p0, long n, At at) {
  using D = typename std::iterator_traits<It>::difference_type;
  bool ok = true;
  It walk = base;
  for (long i = 0; i < n; ++i, ++walk) {
    const It a = base + i, b = i + base;
    It c = base;
    c += i;
    It d = base + (i + 3);
    d -= 3;
    It e = base + (i + 1);
    --e;
    It f = base + (i + 1);
    f--;
    It g = base + i;
    const It h = g++;
    ok = ok && at(a) == p0 + i && at(b) == p0 + i && at(c) == p0 + i && at(d) == p0 + i && at(e) == p0 + i &&
         at(f) == p0 + i && at(h) == p0 + i && at(g) == p0 + i + 1 && at(walk) == p0 + i && at(a - 0) == p0 + i;
    ok = ok && a == walk && !(a != walk) && (a - base) == static_cast<D>(i) && (base - a) == static_cast<D>(-i);
    ok = ok && a < g && g > a && a <= a && a >= a && a <= g && g >= a && !(g < a) && !(a > g);
  }
  return ok;
}

}  // namespace

TEST_CASE("iterator: cache-modified iterators step, compare and subtract like pointers (host)") {
  int data[40] = {};
  for (int i = 0; i < 40; ++i) data[i] = 3 * i + 1;
  const in_int base(data);
  CHECK(arithmetic_holds(base, data, 30, [](const in_int& it) { return static_cast<const int*>(it.ptr); }));
  const in_it<xcub::LOAD_DEFAULT, int, int> from_const(static_cast<const int*>(data + 5));
  CHECK(from_const.ptr == data + 5);

  // The output iterator hides its pointer: its position is its distance from the start.
  const out_int out_base(data);
  CHECK(arithmetic_holds(out_base, data, 30,
                         [&](const out_int& it) { return data + static_cast<std::ptrdiff_t>(it - out_base); }));
  CHECK(static_cast<int>((out_base + 7u) - out_base) == 7);

#if XCUB_BACKEND_HOST  // reading and writing is device code: anywhere on the host backend only
  CHECK(base[4] == data[4]);
  CHECK(*(base + 9) == data[9]);
  CHECK(*(5 + base) == data[5]);
  s12 rec[2] = {{1, 2.5f, 3u}, {4, 5.5f, 6u}};
  const in_it<xcub::LOAD_CS, s12> rec_it(rec);
  CHECK((rec_it + 1)->f == 5.5f);
  out_int out(data);
  out[3] = -7;
  *(out + 4) = -8;
  CHECK((*out = 11) == 11);
  CHECK(data[3] == -7);
  CHECK(data[4] == -8);
  CHECK(data[0] == 11);
  std::copy(base + 20, base + 25, out + 30);  // std algorithms take them
  for (int i = 0; i < 5; ++i) CHECK(data[30 + i] == data[20 + i]);
#endif
}

namespace {

constexpr unsigned block = 256;

/// Thread i copies item i by index and by dereference after arithmetic (the first pass only), and
/// items i, i + stride, ... by a grid-stride walk with +=.
template <class In, class Out>
XCUB_KERNEL void copy_through(In in, Out by_index, Out by_deref, Out by_walk, long long n) {
  const long long i = static_cast<long long>(arch::block_idx().x) * arch::block_dim().x + arch::thread_idx().x;
  if (i >= n) return;
  by_index[i] = in[i];
  In src = in;
  src += i;
  *(by_deref + i) = *src;
  const long long stride = static_cast<long long>(arch::grid_dim().x) * arch::block_dim().x;
  Out dst = i + by_walk;
  for (long long j = i;;) {
    *dst = *src;
    if ((j += stride) >= n) break;
    src += stride;
    dst += stride;
  }
}

/// operator-> on a struct: field by field.
template <xcub::CacheLoadModifier L>
XCUB_KERNEL void fields_through(in_it<L, s12> in, s12* out, long long n) {
  const long long i = static_cast<long long>(arch::block_idx().x) * arch::block_dim().x + arch::thread_idx().x;
  if (i < n) out[i] = s12{(in + i)->i, (in + i)->f, (in + i)->u};
}

template <xcub::CacheLoadModifier L, xcub::CacheStoreModifier S, class T>
void check_copy(std::mt19937_64& rng, const char* what) {
  INFO(what);
  const long long sizes[] = {0, 1, block - 1, block, block + 1,
                             5 * block + 3, 1 + static_cast<long long>(rng() % 6000)};
  for (const long long n : sizes) {
    CAPTURE(n);
    const std::vector<T> input = xcub_test::random_vector<T>(static_cast<std::size_t>(n), rng);
    xcub::device_buffer<T> d_in(input);
    xcub::device_buffer<T> a(input.size()), b(input.size()), c(input.size());
    a.fill_bytes(0xFF);
    b.fill_bytes(0xFF);
    c.fill_bytes(0xFF);
    // Small grids make the walk take several steps; at least one block even for n == 0.
    const unsigned blocks = static_cast<unsigned>(std::clamp<long long>((n + block - 1) / block, 1, 4));
    const unsigned threads = static_cast<unsigned>(n > 0 && n < 40 ? n : block);  // also blocks of odd sizes
    using In = in_it<L, T, int>;
    using Out = out_it<S, T, long long>;
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), 0, copy_through<In, Out>, In(d_in.data()),
                               Out(a.data()), Out(b.data()), Out(c.data()), n);
    xcub_test::check_equal(c.download(), input, "by a grid-stride walk (+=)");
    // by index and by dereference: the first pass's items (blocks * threads of them), the rest untouched
    const std::size_t first = static_cast<std::size_t>(std::min<long long>(n, 1ll * blocks * threads));
    std::vector<T> want = input;
    if (first < want.size())
      std::memset(static_cast<void*>(want.data() + first), 0xFF, (want.size() - first) * sizeof(T));
    xcub_test::check_equal(a.download(), want, "by index (out[i] = in[i])");
    xcub_test::check_equal(b.download(), want, "by dereference (*(out + i) = *(in + i))");
  }
}

}  // namespace

TEST_CASE("iterator: cache-modified iterators copy in kernels with every load and store modifier") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: cache-modified copy");
  // Every load modifier and every store modifier appears; types of 4, 8 and 12 bytes.
  check_copy<xcub::LOAD_DEFAULT, xcub::STORE_VOLATILE, int>(rng, "LOAD_DEFAULT -> STORE_VOLATILE, int");
  check_copy<xcub::LOAD_CA, xcub::STORE_DEFAULT, double>(rng, "LOAD_CA -> STORE_DEFAULT, double");
  check_copy<xcub::LOAD_CG, xcub::STORE_WB, s12>(rng, "LOAD_CG -> STORE_WB, s12");
  check_copy<xcub::LOAD_CS, xcub::STORE_CG, int>(rng, "LOAD_CS -> STORE_CG, int");
  check_copy<xcub::LOAD_CV, xcub::STORE_CS, double>(rng, "LOAD_CV -> STORE_CS, double");
  check_copy<xcub::LOAD_LDG, xcub::STORE_WT, s12>(rng, "LOAD_LDG -> STORE_WT, s12");
  check_copy<xcub::LOAD_VOLATILE, xcub::STORE_CS, s12>(rng, "LOAD_VOLATILE -> STORE_CS, s12");
  check_copy<xcub::LOAD_LDG, xcub::STORE_CG, double>(rng, "LOAD_LDG -> STORE_CG, double");
}

TEST_CASE("iterator: cache-modified input iterator's operator-> reads struct fields in kernels") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: cache-modified arrow");
  const long long n = 1000 + static_cast<long long>(rng() % 1000);
  const std::vector<s12> input = xcub_test::random_vector<s12>(static_cast<std::size_t>(n), rng);
  xcub::device_buffer<s12> d_in(input), d_out(input.size());
  d_out.fill_bytes(0xFF);
  const unsigned blocks = static_cast<unsigned>((n + block - 1) / block);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(block), 0, fields_through<xcub::LOAD_CG>,
                             in_it<xcub::LOAD_CG, s12>(d_in.data()), d_out.data(), n);
  xcub_test::check_equal(d_out.download(), input, "(in + i)->field");
}
