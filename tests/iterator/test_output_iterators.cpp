// DiscardOutputIterator and TransformOutputIterator: on the host, every operator and writes into
// host memory; in kernels, thread i writes through it[i] or *(it + i) and checks the arithmetic at i,
// and device memory is compared item by item (including the untouched items around the range).
#include "iterator_checks.hpp"

using namespace iter_test;

namespace {

template <class It, class R, class D>
constexpr bool output_traits_are =
    std::is_same_v<typename std::iterator_traits<It>::iterator_category, std::random_access_iterator_tag> &&
    std::is_void_v<typename std::iterator_traits<It>::value_type> &&
    std::is_void_v<typename std::iterator_traits<It>::pointer> &&
    std::is_same_v<typename std::iterator_traits<It>::reference, R> &&
    std::is_same_v<typename std::iterator_traits<It>::difference_type, D> &&
    std::is_same_v<decltype(*std::declval<const It&>()), R> && std::is_same_v<decltype(std::declval<It&>()[3]), R> &&
    std::is_same_v<decltype(std::declval<It&>() - std::declval<It&>()), D>;

struct widen {  // int -> long long, then halved into a double by the outer iterator
  XCUB_HOST_DEVICE long long operator()(int x) const { return 1ll * x * 3; }
};
struct halve {
  XCUB_HOST_DEVICE double operator()(long long x) const { return static_cast<double>(x) * 0.5; }
};
struct count_calls {  // identity that counts its calls (kernels only)
  unsigned long long* calls;
  XCUB_DEVICE int operator()(int x) const {
    xcub::arch::atomic_add(calls, 1ull);
    return x;
  }
};

using Discard = xcub::DiscardOutputIterator<>;
template <class T, class OffsetT = std::ptrdiff_t>
using ToT = xcub::TransformOutputIterator<T*, from_int<T>, OffsetT>;

static_assert(output_traits_are<Discard, xcub::detail::discard_reference, std::ptrdiff_t>);
static_assert(output_traits_are<xcub::DiscardOutputIterator<int>, xcub::detail::discard_reference, int>);
static_assert(output_traits_are<ToT<rec, unsigned>, xcub::detail::transform_output_reference<rec*, from_int<rec>>,
                                unsigned>);
static_assert(std::is_same_v<decltype(xcub::make_transform_output_iterator(std::declval<float*>(), halve{})),
                             xcub::TransformOutputIterator<float*, halve, std::ptrdiff_t>>);

template <class It, class In>
XCUB_KERNEL void write_through(It it, const In* in, int* arithmetic, long long n) {
  const long long i = global_thread();
  if (i >= n) return;
  if (i % 2)
    it[i] = in[i];
  else
    *(it + i) = in[i];
  arithmetic[i] = arithmetic_holds(it, i);
}

/// Runs write_through over n items of `in` and requires the arithmetic to hold at every i.
template <class It>
void write_in_kernel(It it, const xcub::device_buffer<int>& in, long long n, unsigned block) {
  CAPTURE(n);
  CAPTURE(block);
  xcub::device_buffer<int> arithmetic(static_cast<std::size_t>(n));
  arithmetic.fill_bytes(0);
  xcub_test::launch_and_wait(grid_for(n, block), xcub::dim3(block), 0, write_through<It, int>, it, in.data(),
                             arithmetic.data(), n);
  check_items(arithmetic.download(), std::vector<int>(static_cast<std::size_t>(n), 1), "arithmetic at i in a kernel");
}

/// Host: the arithmetic at every position, and order over random pairs.
template <class It>
void check_positions_on_host(It begin, long long n, std::mt19937_64& rng) {
  using D = typename std::iterator_traits<It>::difference_type;
  long long bad = 0;
  for (long long i = 0; i < n; ++i) bad += !arithmetic_holds(begin, i);
  for (int t = 0; t < 64 && n > 0; ++t) {
    const long long a = static_cast<long long>(rng() % (n + 1)), b = static_cast<long long>(rng() % (n + 1));
    const It x = begin + a, y = begin + b;
    bad += (x - y) != static_cast<D>(a - b) || (x == y) != (a == b) || (x < y) != (a < b) || (x >= y) != (a >= b);
  }
  CHECK(bad == 0);
  CHECK(std::distance(begin, begin + n) == n);
}

/// A vector of n poisoned items (0xFF bytes, as device_buffer::fill_bytes(0xFF) leaves them).
template <class T>
std::vector<T> poisoned(std::size_t n) {
  std::vector<T> v(n);
  std::memset(static_cast<void*>(v.data()), 0xFF, n * sizeof(T));
  return v;
}

}  // namespace

TEST_CASE("iterator: DiscardOutputIterator discards writes and keeps a position") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: DiscardOutputIterator");
  Discard d(5);
  d[3] = 42;
  *d = rec{1, 2.0f, 3};
  *(d + 2) = 1.5;
  CHECK(d - Discard(2) == 3);
  CHECK((d == Discard() + 5));
  CHECK((Discard(7) > d));
  CHECK(std::fill_n(Discard(), 100, 9) - Discard() == 100);
  for (const long long n : sizes(rng)) {
    const long long off = static_cast<long long>(rng() % 1000);
    check_positions_on_host(Discard(off), std::min(n, 300ll), rng);
    check_positions_on_host(xcub::DiscardOutputIterator<unsigned>() + off, std::min(n, 300ll), rng);
    const xcub::device_buffer<int> in(xcub_test::random_vector<int>(static_cast<std::size_t>(n), rng));
    write_in_kernel(Discard(off), in, n, block_size(rng));
    write_in_kernel(xcub::DiscardOutputIterator<int>() + off, in, n, block_size(rng));
    // a transform in front of a discard still runs once per write
    xcub::device_buffer<unsigned long long> calls(std::vector<unsigned long long>{0});
    write_in_kernel(xcub::make_transform_output_iterator(Discard(off), count_calls{calls.data()}), in, n,
                    block_size(rng));
    CHECK(calls.download()[0] == static_cast<unsigned long long>(n));
  }
}

TEST_CASE_TEMPLATE("iterator: TransformOutputIterator stores op(value) through the wrapped iterator", T, int,
                   long long, float, double, rec) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: TransformOutputIterator");
  for (const long long n : sizes(rng)) {
    const long long off = static_cast<long long>(rng() % 1000), tail = 3;
    const std::size_t total = static_cast<std::size_t>(off + n + tail);
    const std::vector<int> in = xcub_test::random_vector<int>(static_cast<std::size_t>(n), rng);
    std::vector<T> want = poisoned<T>(total);  // untouched outside [off, off + n)
    for (long long i = 0; i < n; ++i) want[off + i] = from_int<T>{}(in[i]);

    // host: write into host memory, every position and order checked
    std::vector<T> host = poisoned<T>(total);
    const ToT<T> h = xcub::make_transform_output_iterator(host.data(), from_int<T>{}) + off;
    for (long long i = 0; i < n; ++i) (i % 2 ? h[i] : *(h + i)) = in[i];
    check_items(host, want, "host writes");
    check_positions_on_host(h, std::min(n, 300ll), rng);

    // kernels: 64-bit, 32-bit and unsigned difference types, at an offset and from a moved pointer
    const xcub::device_buffer<int> d_in(in);
    xcub::device_buffer<T> out(total);
    out.fill_bytes(0xFF);
    write_in_kernel(ToT<T>(out.data(), from_int<T>{}) + off, d_in, n, block_size(rng));
    check_items(out.download(), want, "kernel writes, 64-bit offsets");
    out.fill_bytes(0xFF);
    write_in_kernel(ToT<T, int>(out.data() + off, from_int<T>{}), d_in, n, block_size(rng));
    check_items(out.download(), want, "kernel writes, 32-bit offsets");
    out.fill_bytes(0xFF);
    write_in_kernel(xcub::make_transform_output_iterator<unsigned>(out.data(), from_int<T>{}) + off, d_in, n,
                    block_size(rng));
    check_items(out.download(), want, "kernel writes, unsigned offsets");
  }
}

TEST_CASE("iterator: TransformOutputIterator over TransformOutputIterator writes device memory") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("iterator: transform output composition");
  for (const long long n : sizes(rng)) {
    const long long off = static_cast<long long>(rng() % 1000);
    const std::vector<int> in = xcub_test::random_vector<int>(static_cast<std::size_t>(n), rng);
    std::vector<double> want = poisoned<double>(static_cast<std::size_t>(off + n));
    for (long long i = 0; i < n; ++i) want[off + i] = halve{}(widen{}(in[i]));
    const xcub::device_buffer<int> d_in(in);
    xcub::device_buffer<double> out(want.size());
    out.fill_bytes(0xFF);
    const auto inner = xcub::make_transform_output_iterator(out.data(), halve{});
    write_in_kernel(xcub::make_transform_output_iterator(inner, widen{}) + off, d_in, n, block_size(rng));
    check_items(out.download(), want, "int -> long long -> double");
  }
}

TEST_CASE("iterator: output iterators wrap host iterators and work with std algorithms") {
  const std::vector<int> v = {5, -3, 8, 0, 42};
  std::vector<double> out(5, -1.0);
  const auto end = std::transform(v.begin(), v.end(), xcub::make_transform_output_iterator(out.begin(), halve{}),
                                  [](int x) { return 2ll * x; });
  CHECK(out == std::vector<double>{5.0, -3.0, 8.0, 0.0, 42.0});
  CHECK(end - xcub::make_transform_output_iterator(out.begin(), halve{}) == 5);
  std::copy(v.begin(), v.end(), xcub::make_transform_output_iterator(out.rbegin(), halve{}));
  CHECK(out == std::vector<double>{21.0, 0.0, 4.0, -1.5, 2.5});
  CHECK(std::copy(v.begin(), v.end(), Discard()) - Discard() == 5);
}
