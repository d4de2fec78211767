// Atomics from many threads: add (integers, and floats adding small integers so sums are exact),
// min, max, or, and, exchange and a CAS-loop increment, in global memory at device scope from many
// blocks and in shared memory at block scope; the returned old values are checked too. Then
// messages published by release stores and received by acquire loads in another warp, and fences.
#include "test_support.hpp"

#include <algorithm>
#include <numeric>

namespace arch = xcub::arch;
using ull = unsigned long long;

namespace {
struct counters {  // no default member initialisers: it is declared __shared__ on GPUs
  int add_i;
  unsigned add_u;
  ull add_ull;
  float add_f;
  double add_d;
  int min_i, max_i;
  ull min_ull, max_ull;
  unsigned or_u, and_u;
  ull or_ull, and_ull;
  unsigned xchg_u;
  ull xchg_ull;
  int cas_i;
  ull cas_ull;
};

struct item {
  int add;  // 1..100
  int minmax_i;
  ull minmax_ull;
  unsigned bit;  // 0..63
};

/// Every operation once on `c`; the old values go to `old`. `id` numbers the threads sharing `c` from 0.
template <arch::scope S>
XCUB_DEVICE void apply_atomics(counters* c, const item& it, unsigned id, counters* old) {
  old->add_i = arch::atomic_add<S>(&c->add_i, it.add);
  old->add_u = arch::atomic_add<S>(&c->add_u, static_cast<unsigned>(it.add));
  old->add_ull = arch::atomic_add<S>(&c->add_ull, static_cast<ull>(it.add) * 0x100000001ull);  // both halves
  old->add_f = arch::atomic_add<S>(&c->add_f, static_cast<float>(it.add));
  old->add_d = arch::atomic_add<S>(&c->add_d, static_cast<double>(it.add));
  old->min_i = arch::atomic_min<S>(&c->min_i, it.minmax_i);
  old->max_i = arch::atomic_max<S>(&c->max_i, it.minmax_i);
  old->min_ull = arch::atomic_min<S>(&c->min_ull, it.minmax_ull);
  old->max_ull = arch::atomic_max<S>(&c->max_ull, it.minmax_ull);
  old->or_u = arch::atomic_or<S>(&c->or_u, 1u << (it.bit % 32));
  old->and_u = arch::atomic_and<S>(&c->and_u, ~(1u << (it.bit % 32)));
  old->or_ull = arch::atomic_or<S>(&c->or_ull, 1ull << it.bit);
  old->and_ull = arch::atomic_and<S>(&c->and_ull, ~(1ull << it.bit));
  old->xchg_u = arch::atomic_exchange<S>(&c->xchg_u, id + 1);
  old->xchg_ull = arch::atomic_exchange<S>(&c->xchg_ull, (id + 1) * 0x100000001ull);
  int expected_i = 0;  // CAS-loop increments, starting from a guess
  for (int prev; (prev = arch::atomic_cas<S>(&c->cas_i, expected_i, expected_i + 1)) != expected_i;) expected_i = prev;
  old->cas_i = expected_i;
  ull expected = 0;
  for (ull prev; (prev = arch::atomic_cas<S>(&c->cas_ull, expected, expected + 1)) != expected;) expected = prev;
  old->cas_ull = expected;
}

XCUB_KERNEL void device_scope_atomics(counters* c, const item* items, counters* olds) {
  const unsigned long long gid = arch::linear_block_id() * arch::block_threads() + arch::linear_thread_id();
  apply_atomics<arch::scope::device>(c, items[gid], static_cast<unsigned>(gid), &olds[gid]);
  arch::thread_fence<arch::scope::device>();
}

XCUB_KERNEL void block_scope_atomics(counters init, const item* items, counters* olds, counters* finals) {
  XCUB_SHARED(counters, c);
  const unsigned t = arch::linear_thread_id();
  const unsigned long long gid = arch::linear_block_id() * arch::block_threads() + t;
  if (t == 0) c = init;
  arch::sync_threads();
  apply_atomics<arch::scope::block>(&c, items[gid], t, &olds[gid]);
  arch::thread_fence<arch::scope::block>();
  arch::sync_threads();
  if (t == 0) finals[arch::linear_block_id()] = c;
}

counters initial_counters() {
  counters c;
  std::memset(&c, 0, sizeof c);
  c.add_i = -5000;
  c.add_u = 7;
  c.add_ull = 1ull << 40;
  c.add_f = 0.5f;
  c.add_d = -0.25;
  c.min_i = c.max_i = 0;  // random signed values fall on both sides
  c.min_ull = ~0ull;
  c.max_ull = 0;
  c.or_u = 1u << 3;
  c.and_u = ~0u;
  c.or_ull = 1ull << 50;
  c.and_ull = ~0ull;
  return c;
}

/// Sums applied one at a time in some order: sorted by the old value, each old is the previous
/// old plus the previous increment, the first is the initial value and the last plus its
/// increment is the final value.
template <class T>
void check_add_chain(const char* what, T init, T final_value, std::vector<T> olds, const std::vector<T>& incs) {
  INFO(what);
  std::vector<std::size_t> order(olds.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return olds[a] < olds[b]; });
  T expect = init;
  std::size_t bad = 0;
  for (std::size_t i : order) {
    if (olds[i] != expect) ++bad;
    expect = static_cast<T>(olds[i] + incs[i]);
  }
  CHECK(bad == 0);
  CHECK(final_value == expect);
}

/// Each old value of a min (max) is the initial value or an operand, between the final and the initial value.
template <class T>
void check_extremum(const char* what, bool is_min, T init, T final_value, const std::vector<T>& olds,
                    const std::vector<T>& operands) {
  INFO(what);
  T want = init;
  for (T v : operands) want = is_min ? std::min(want, v) : std::max(want, v);
  CHECK(final_value == want);
  std::vector<T> seen(operands);
  seen.push_back(init);
  std::sort(seen.begin(), seen.end());
  std::size_t bad = 0;
  for (T o : olds) {
    const bool between = is_min ? (final_value <= o && o <= init) : (init <= o && o <= final_value);
    if (!between || !std::binary_search(seen.begin(), seen.end(), o)) ++bad;
  }
  CHECK(bad == 0);
}

/// Old values of or (and) hold the initial bits (lack the initially clear ones) and are within the final value.
template <class T>
void check_bits(const char* what, bool is_or, T init, T final_value, const std::vector<T>& olds, const std::vector<T>& operands) {
  INFO(what);
  T want = init;
  for (T v : operands) want = is_or ? (want | v) : (want & v);
  CHECK(final_value == want);
  std::size_t bad = 0;
  for (T o : olds) {
    if (is_or ? ((o & init) != init || (o & ~final_value) != 0) : ((o & ~init) != 0 || (final_value & ~o) != 0)) ++bad;
  }
  CHECK(bad == 0);
}

/// Every value of `values` seen exactly once: the old values and the final value of a chain of
/// exchanges (or of CAS increments) are a permutation of the expected values.
template <class T>
void check_each_once(const char* what, std::vector<T> got, std::vector<T> want) {
  INFO(what);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  CHECK(got == want);
}

/// Checks the final counters and old values of `count` threads that shared one counters object.
void check_group(const counters& init, const counters& fin, const counters* olds, const item* items, unsigned count) {
  std::vector<int> add_i, inc_i, min_i, ops_i, cas_i;
  std::vector<unsigned> add_u, inc_u, or_u, and_u, ops_or_u, ops_and_u, xchg_u, want_xchg_u;
  std::vector<ull> add_ull, inc_ull, min_ull, max_ull, ops_ull, or_ull, and_ull, ops_or_ull, ops_and_ull, xchg_ull,
      want_xchg_ull, cas_ull, want_cas_ull;
  std::vector<float> add_f, inc_f;
  std::vector<double> add_d, inc_d;
  std::vector<int> max_i;
  std::vector<int> want_cas_i;
  for (unsigned k = 0; k < count; ++k) {
    const counters& o = olds[k];
    const item& it = items[k];
    add_i.push_back(o.add_i), inc_i.push_back(it.add);
    add_u.push_back(o.add_u), inc_u.push_back(static_cast<unsigned>(it.add));
    add_ull.push_back(o.add_ull), inc_ull.push_back(static_cast<ull>(it.add) * 0x100000001ull);
    add_f.push_back(o.add_f), inc_f.push_back(static_cast<float>(it.add));
    add_d.push_back(o.add_d), inc_d.push_back(it.add);
    min_i.push_back(o.min_i), max_i.push_back(o.max_i), ops_i.push_back(it.minmax_i);
    min_ull.push_back(o.min_ull), max_ull.push_back(o.max_ull), ops_ull.push_back(it.minmax_ull);
    or_u.push_back(o.or_u), ops_or_u.push_back(1u << (it.bit % 32));
    and_u.push_back(o.and_u), ops_and_u.push_back(~(1u << (it.bit % 32)));
    or_ull.push_back(o.or_ull), ops_or_ull.push_back(1ull << it.bit);
    and_ull.push_back(o.and_ull), ops_and_ull.push_back(~(1ull << it.bit));
    xchg_u.push_back(o.xchg_u), want_xchg_u.push_back(k + 1);
    xchg_ull.push_back(o.xchg_ull), want_xchg_ull.push_back((k + 1) * 0x100000001ull);
    cas_i.push_back(o.cas_i), want_cas_i.push_back(static_cast<int>(k));
    cas_ull.push_back(o.cas_ull), want_cas_ull.push_back(k);
  }
  check_add_chain("atomic_add int", init.add_i, fin.add_i, add_i, inc_i);
  check_add_chain("atomic_add unsigned", init.add_u, fin.add_u, add_u, inc_u);
  check_add_chain("atomic_add unsigned long long", init.add_ull, fin.add_ull, add_ull, inc_ull);
  check_add_chain("atomic_add float", init.add_f, fin.add_f, add_f, inc_f);
  check_add_chain("atomic_add double", init.add_d, fin.add_d, add_d, inc_d);
  check_extremum("atomic_min int", true, init.min_i, fin.min_i, min_i, ops_i);
  check_extremum("atomic_max int", false, init.max_i, fin.max_i, max_i, ops_i);
  check_extremum("atomic_min unsigned long long", true, init.min_ull, fin.min_ull, min_ull, ops_ull);
  check_extremum("atomic_max unsigned long long", false, init.max_ull, fin.max_ull, max_ull, ops_ull);
  check_bits("atomic_or unsigned", true, init.or_u, fin.or_u, or_u, ops_or_u);
  check_bits("atomic_and unsigned", false, init.and_u, fin.and_u, and_u, ops_and_u);
  check_bits("atomic_or unsigned long long", true, init.or_ull, fin.or_ull, or_ull, ops_or_ull);
  check_bits("atomic_and unsigned long long", false, init.and_ull, fin.and_ull, and_ull, ops_and_ull);
  xchg_u.push_back(fin.xchg_u), want_xchg_u.push_back(init.xchg_u);
  xchg_ull.push_back(fin.xchg_ull), want_xchg_ull.push_back(init.xchg_ull);
  cas_i.push_back(fin.cas_i), want_cas_i.push_back(static_cast<int>(count));
  cas_ull.push_back(fin.cas_ull), want_cas_ull.push_back(count);
  check_each_once("atomic_exchange unsigned", xchg_u, want_xchg_u);
  check_each_once("atomic_exchange unsigned long long", xchg_ull, want_xchg_ull);
  check_each_once("atomic_cas loop int", cas_i, want_cas_i);
  check_each_once("atomic_cas loop unsigned long long", cas_ull, want_cas_ull);
}

std::vector<item> random_items(std::size_t n, std::mt19937_64& rng) {
  std::vector<item> items(n);
  for (auto& it : items) {
    it.add = 1 + static_cast<int>(rng() % 100);
    it.minmax_i = static_cast<int>(rng());
    it.minmax_ull = rng();
    it.bit = static_cast<unsigned>(rng() % 64);
  }
  return items;
}

void run_device_scope(std::mt19937_64& rng) {
  const unsigned blocks = 12, threads = 96;
  const std::size_t n = std::size_t{blocks} * threads;
  const auto items = random_items(n, rng);
  const counters init = initial_counters();
  xcub::device_buffer<counters> d_c(std::vector<counters>{init}), d_olds(n);
  xcub::device_buffer<item> d_items(items);
  d_olds.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), 0, device_scope_atomics, d_c.data(),
                             d_items.data(), d_olds.data());
  check_group(init, d_c.download()[0], d_olds.download().data(), items.data(), static_cast<unsigned>(n));
}

void run_block_scope(std::mt19937_64& rng) {
  const unsigned blocks = 5, threads = 160;
  const std::size_t n = std::size_t{blocks} * threads;
  const auto items = random_items(n, rng);
  const counters init = initial_counters();
  xcub::device_buffer<counters> d_olds(n), d_finals(blocks);
  xcub::device_buffer<item> d_items(items);
  d_olds.fill_bytes(0xFF);
  d_finals.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), 0, block_scope_atomics, init, d_items.data(),
                             d_olds.data(), d_finals.data());
  const auto olds = d_olds.download();
  const auto finals = d_finals.download();
  for (unsigned b = 0; b < blocks; ++b) {
    CAPTURE(b);
    check_group(init, finals[b], olds.data() + b * threads, items.data() + b * threads, threads);
  }
}

// ---- release / acquire -------------------------------------------------------------------------
constexpr unsigned message_words = 16;

// The last thread of the block (in another warp than thread 0) writes two messages with plain
// stores and publishes each with a release store of its flag, the first at block scope, the
// second at device scope after a device fence; thread 0 spins on acquire loads of the flags and
// copies each message out once its flag is set. (Global memory only: compute-sanitizer's
// racecheck does not see synchronisation through atomics in shared memory.)
XCUB_KERNEL void release_acquire(const unsigned* in, unsigned* messages, unsigned* flags, unsigned* out) {
  const unsigned t = arch::linear_thread_id(), last = arch::block_threads() - 1;
  const unsigned long long b = arch::linear_block_id();
  unsigned* const first = messages + b * 2 * message_words, *const second = first + message_words;
  if (t == last) {
    for (unsigned i = 0; i < message_words; ++i) first[i] = in[b * 2 * message_words + i];
    arch::atomic_store_release<arch::scope::block>(&flags[2 * b], 1u);
    for (unsigned i = 0; i < message_words; ++i) second[i] = in[b * 2 * message_words + message_words + i];
    arch::thread_fence<arch::scope::device>();
    arch::atomic_store_release(&flags[2 * b + 1], 1u);
  } else if (t == 0) {
    while (arch::atomic_load_acquire<arch::scope::block>(&flags[2 * b]) == 0) arch::pause();
    for (unsigned i = 0; i < message_words; ++i) out[b * 2 * message_words + i] = first[i];
    while (arch::atomic_load_acquire(&flags[2 * b + 1]) == 0) arch::pause();
    for (unsigned i = 0; i < message_words; ++i) out[b * 2 * message_words + message_words + i] = second[i];
  }
  arch::sync_threads();
}
}  // namespace

TEST_CASE("atomics: device scope in global memory, from many blocks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("atomics device scope");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { run_device_scope(r); });
}

TEST_CASE("atomics: block scope in shared memory, one counter set per block") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("atomics block scope");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { run_block_scope(r); });
}

namespace {
void run_messages(std::mt19937_64& rng) {
  const unsigned blocks = 3;
  const auto in = xcub_test::random_vector<unsigned>(blocks * 2 * message_words, rng);
  xcub::device_buffer<unsigned> d_in(in), d_messages(in.size()), d_flags(2 * blocks), d_out(in.size());
  d_flags.fill_bytes(0);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(2 * arch::warp_threads + 5), 0, release_acquire,
                             d_in.data(), d_messages.data(), d_flags.data(), d_out.data());
  xcub_test::check_equal(d_out.download(), in, "messages");
  xcub_test::check_equal(d_flags.download(), std::vector<unsigned>(2 * blocks, 1u), "flags");
}
}  // namespace

TEST_CASE("atomics: release stores publish plain stores to acquire loads in another warp") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("release acquire");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) { run_messages(r); });
}
