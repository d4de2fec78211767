// Counting, Constant, Transform and ArgIndex input iterators: on the host, every operator against a
// sequential expectation (and through std algorithms); in kernels, thread i reads it[i] and *(it + i)
// and checks the arithmetic at i, for sizes 0 .. thousands, random start offsets and block sizes.
#include "iterator_checks.hpp"

#include <numeric>

using namespace iter_test;

namespace {

template <class It>
using value_t = typename std::iterator_traits<It>::value_type;

template <class It, class V, class R, class D>
constexpr bool traits_are =
    std::is_same_v<typename std::iterator_traits<It>::iterator_category, std::random_access_iterator_tag> &&
    std::is_same_v<typename std::iterator_traits<It>::value_type, V> &&
    std::is_same_v<typename std::iterator_traits<It>::reference, R> &&
    std::is_same_v<typename std::iterator_traits<It>::difference_type, D> &&
    std::is_same_v<decltype(*std::declval<const It&>()), R> && std::is_same_v<decltype(std::declval<It&>()[3]), R> &&
    std::is_same_v<decltype(std::declval<It&>() - std::declval<It&>()), D>;

struct square {
  XCUB_HOST_DEVICE long long operator()(int x) const { return 1ll * x * x; }
};
struct half_of {
  XCUB_HOST_DEVICE double operator()(long long x) const { return static_cast<double>(x) * 0.5; }
};

static_assert(traits_are<xcub::CountingInputIterator<int>, int, int, std::ptrdiff_t>);
static_assert(traits_are<xcub::CountingInputIterator<double, int>, double, double, int>);
static_assert(traits_are<xcub::ConstantInputIterator<rec, long long>, rec, rec, long long>);
static_assert(traits_are<xcub::TransformInputIterator<float, from_int<float>, const int*, unsigned>, float, float,
                         unsigned>);
static_assert(traits_are<xcub::ArgIndexInputIterator<const rec*>, xcub::KeyValuePair<std::ptrdiff_t, rec>,
                         xcub::KeyValuePair<std::ptrdiff_t, rec>, std::ptrdiff_t>);
static_assert(traits_are<xcub::ArgIndexInputIterator<xcub::CountingInputIterator<long long>, int, double>,
                         xcub::KeyValuePair<int, double>, xcub::KeyValuePair<int, double>, int>);
static_assert(std::is_trivially_copyable_v<xcub::TransformInputIterator<int, square, xcub::CountingInputIterator<int>>>);

template <class It, class V>
XCUB_KERNEL void read_through(It it, V* by_index, V* by_deref, int* arithmetic, long long n) {
  const long long i = global_thread();
  if (i >= n) return;
  by_index[i] = it[i];
  It j = it;
  j += i;
  by_deref[i] = *j;
  arithmetic[i] = arithmetic_holds(it, i);
}

/// Host: every operator at every position of [begin, begin + want.size()), plus std algorithms.
template <class It>
void check_on_host(It begin, const std::vector<value_t<It>>& want, std::mt19937_64& rng) {
  using D = typename std::iterator_traits<It>::difference_type;
  const long long n = static_cast<long long>(want.size());
  long long bad_index = 0, bad_deref = 0, bad_walk = 0, bad_arith = 0, bad_order = 0;
  It walk = begin;
  for (long long i = 0; i < n; ++i) {
    bad_index += !same(begin[i], want[i]);
    bad_deref += !same(*(begin + i), want[i]) || !same(*(begin + i).operator->().operator->(), want[i]);  // operator-> too
    bad_walk += !same(*walk++, want[i]);
    bad_arith += !arithmetic_holds(begin, i);
  }
  for (long long i = n; i-- > 0;) bad_walk += !same(*--walk, want[i]);
  bad_walk += !(walk == begin);
  for (int t = 0; t < 64 && n > 0; ++t) {  // random pairs of positions
    const long long a = static_cast<long long>(rng() % (n + 1)), b = static_cast<long long>(rng() % (n + 1));
    const It x = begin + a, y = begin + b;
    bad_order += (x - y) != static_cast<D>(a - b) || (x == y) != (a == b) || (x != y) != (a != b) ||
                 (x < y) != (a < b) || (x > y) != (a > b) || (x <= y) != (a <= b) || (x >= y) != (a >= b) ||
                 (b < n && !same(x[b - a], want[b]));
  }
  CHECK(bad_index == 0);
  CHECK(bad_deref == 0);
  CHECK(bad_walk == 0);
  CHECK(bad_arith == 0);
  CHECK(bad_order == 0);
  CHECK(std::distance(begin, begin + n) == n);
  check_items(std::vector<value_t<It>>(begin, begin + n), want, "std::vector(first, last)");
}

/// Kernel: thread i reads it[i] and *(it + i) and checks the arithmetic at i.
template <class It>
void check_in_kernel(It it, const std::vector<value_t<It>>& want, unsigned block) {
  using V = value_t<It>;
  const long long n = static_cast<long long>(want.size());
  CAPTURE(n);
  CAPTURE(block);
  xcub::device_buffer<V> by_index(want.size()), by_deref(want.size());
  xcub::device_buffer<int> arithmetic(want.size());
  by_index.fill_bytes(0xFF);
  by_deref.fill_bytes(0xFF);
  arithmetic.fill_bytes(0);
  xcub_test::launch_and_wait(grid_for(n, block), xcub::dim3(block), 0, read_through<It, V>, it, by_index.data(),
                             by_deref.data(), arithmetic.data(), n);
  check_items(by_index.download(), want, "it[i] in a kernel");
  check_items(by_deref.download(), want, "*(it + i) in a kernel");
  check_items(arithmetic.download(), std::vector<int>(want.size(), 1), "arithmetic at i in a kernel");
}

/// Both: the host walk on (a prefix of) the items, the kernel on all of them.
template <class It>
void check_both(It it, const std::vector<value_t<It>>& want, std::mt19937_64& rng) {
  const std::size_t host_items = std::min<std::size_t>(want.size(), 300);
  check_on_host(it, std::vector<value_t<It>>(want.begin(), want.begin() + host_items), rng);
  check_in_kernel(it, want, block_size(rng));
}

}  // namespace

TEST_CASE_TEMPLATE("iterator: CountingInputIterator yields val + n", T, int, long long, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: CountingInputIterator");
  for (const long long n : sizes(rng)) {
    const T start = static_cast<T>(static_cast<long long>(rng() % 2000001) - 1000000);
    const long long off = static_cast<long long>(rng() % 1000);
    std::vector<T> want(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) want[i] = static_cast<T>(start + static_cast<T>(off + i));
    const xcub::CountingInputIterator<T> it = xcub::CountingInputIterator<T>(start) + off;
    check_both(it, want, rng);
    check_both(xcub::CountingInputIterator<T, int>(start) + off, want, rng);  // 32-bit difference_type
    CHECK(it == xcub::CountingInputIterator<T>(static_cast<T>(start + static_cast<T>(off))));
    CHECK((xcub::CountingInputIterator<T>(start) + n) - xcub::CountingInputIterator<T>(start) == n);
  }
}

TEST_CASE_TEMPLATE("iterator: ConstantInputIterator yields one value and keeps a position", T, int, long long,
                   float, double, rec) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: ConstantInputIterator");
  for (const long long n : sizes(rng)) {
    const T value = draw<T>(rng);
    const long long off = static_cast<long long>(rng() % 1000);
    const std::vector<T> want(static_cast<std::size_t>(n), value);
    check_both(xcub::ConstantInputIterator<T>(value, off), want, rng);
    check_both(xcub::ConstantInputIterator<T, unsigned>(value) + off, want, rng);  // unsigned difference_type
    const xcub::ConstantInputIterator<T> a(value, off), b(value);
    CHECK(a - b == off);
    CHECK((a == b + off));
    CHECK((off == 0) == (a == b));
  }
}

TEST_CASE_TEMPLATE("iterator: TransformInputIterator applies its functor to every item", T, int, long long, float,
                   double, rec) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: TransformInputIterator");
  using It = xcub::TransformInputIterator<T, from_int<T>, const int*>;
  for (const long long n : sizes(rng)) {
    const long long off = static_cast<long long>(rng() % 1000);
    const std::vector<int> in = xcub_test::random_vector<int>(static_cast<std::size_t>(off + n), rng);
    xcub::device_buffer<int> d_in(in);
    std::vector<T> want(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) want[i] = from_int<T>{}(in[off + i]);
    check_on_host(It(in.data(), from_int<T>{}) + off, std::vector<T>(want.begin(), want.begin() + std::min(n, 300ll)),
                  rng);
    check_in_kernel(It(d_in.data(), from_int<T>{}) + off, want, block_size(rng));
    check_in_kernel(It(d_in.data() + off, from_int<T>{}), want, block_size(rng));
  }
}

TEST_CASE("iterator: TransformInputIterator over TransformInputIterator over CountingInputIterator") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: transform composition");
  using Squares = xcub::TransformInputIterator<long long, square, xcub::CountingInputIterator<int>>;
  using Halves = xcub::TransformInputIterator<double, half_of, Squares, int>;
  for (const long long n : sizes(rng)) {
    const int start = static_cast<int>(rng() % 2000001) - 1000000;
    const long long off = static_cast<long long>(rng() % 1000);
    std::vector<double> want(static_cast<std::size_t>(n));
    for (long long i = 0; i < n; ++i) {
      const long long x = start + off + i;
      want[i] = static_cast<double>(x * x) * 0.5;
    }
    const Halves it = Halves(Squares(xcub::CountingInputIterator<int>(start), square{}), half_of{}) + off;
    check_both(it, want, rng);
    // and paired with indices: ArgIndex over the composition
    std::vector<xcub::KeyValuePair<std::ptrdiff_t, double>> pairs;
    for (long long i = 0; i < n; ++i) pairs.emplace_back(off + i, want[i]);
    check_both(xcub::ArgIndexInputIterator<Halves>(it - off) + off, pairs, rng);
  }
}

TEST_CASE_TEMPLATE("iterator: ArgIndexInputIterator pairs items with their offsets", T, int, long long, float, double,
                   rec) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: ArgIndexInputIterator");
  using Pair = xcub::KeyValuePair<std::ptrdiff_t, T>;
  using It = xcub::ArgIndexInputIterator<const T*>;
  for (const long long n : sizes(rng)) {
    const long long off = static_cast<long long>(rng() % 1000);
    const std::vector<T> in = [&] {
      std::vector<T> v(static_cast<std::size_t>(off + n));
      for (auto& x : v) x = draw<T>(rng);
      return v;
    }();
    xcub::device_buffer<T> d_in(in);
    std::vector<Pair> want, normalized;
    for (long long i = 0; i < n; ++i) {
      want.emplace_back(off + i, in[off + i]);  // keys count from the wrapped pointer
      normalized.emplace_back(i, in[off + i]);  // after normalize(), from the current position
    }
    const std::vector<Pair> host_want(want.begin(), want.begin() + std::min(n, 300ll));
    const std::vector<Pair> host_normalized(normalized.begin(), normalized.begin() + std::min(n, 300ll));
    check_on_host(It(in.data()) + off, host_want, rng);
    check_on_host(It(in.data(), off), host_want, rng);
    It h = It(in.data()) + off;
    h.normalize();
    check_on_host(h, host_normalized, rng);
    if (off != 0) CHECK((h != It(in.data()) + off));  // same item, different key origin (none when off is 0)
    CHECK((h == It(in.data() + off)));

    check_in_kernel(It(d_in.data()) + off, want, block_size(rng));
    It d = It(d_in.data(), off);
    d.normalize();
    check_in_kernel(d, normalized, block_size(rng));
  }
}

TEST_CASE_TEMPLATE("iterator: ArgIndexInputIterator over a CountingInputIterator, converted values", T, int,
                   long long, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: ArgIndexInputIterator over counting");
  for (const long long n : sizes(rng)) {
    const int start = static_cast<int>(rng() % 2000001) - 1000000;
    const long long off = static_cast<long long>(rng() % 1000);
    // 32-bit keys, values converted from int to T
    using It = xcub::ArgIndexInputIterator<xcub::CountingInputIterator<int>, int, T>;
    std::vector<xcub::KeyValuePair<int, T>> want;
    for (long long i = 0; i < n; ++i)
      want.emplace_back(static_cast<int>(off + i), static_cast<T>(start + static_cast<int>(off + i)));
    check_both(It(xcub::CountingInputIterator<int>(start)) + off, want, rng);
  }
}

TEST_CASE("iterator: input iterators wrap host iterators and work with std algorithms") {
  const std::vector<int> v = {5, -3, 8, 0, 42, 7};
  xcub::ArgIndexInputIterator<std::vector<int>::const_iterator> arg(v.begin());
  CHECK(arg[4].key == 4);
  CHECK(arg[4].value == 42);
  CHECK(arg->key == 0);
  CHECK((arg + 2)->value == 8);
  const auto best = std::max_element(arg, arg + 6, [](auto a, auto b) { return a.value < b.value; });
  CHECK(best - arg == 4);
  CHECK(best->key == 4);

  xcub::TransformInputIterator<long long, square, std::vector<int>::const_iterator> sq(v.begin(), square{});
  CHECK(std::accumulate(sq, sq + 6, 0ll) == 25 + 9 + 64 + 0 + 1764 + 49);
  CHECK(std::count(xcub::ConstantInputIterator<int>(3), xcub::ConstantInputIterator<int>(3, 10), 3) == 10);
  const xcub::CountingInputIterator<int> c(-2);
  CHECK(std::vector<int>(c, c + 5) == std::vector<int>{-2, -1, 0, 1, 2});
  CHECK(std::lower_bound(c, c + 100, 40) - c == 42);
  CHECK(*std::next(c, 7) == 5);
  CHECK(*std::prev(c + 7, 2) == 3);
}
