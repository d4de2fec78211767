// Shared memory: XCUB_SHARED objects are per block, one per declaration (and per template
// instantiation), and dynamic shared memory is the launch's shared_bytes, 16-byte aligned, apart
// from the static objects.
#include "test_support.hpp"

#include <cstdint>

namespace arch = xcub::arch;

namespace {
constexpr unsigned grid_blocks = 12;  // more than the emulator keeps resident: slots are reused

// Thread 0 seeds the block's counter from its input; then every thread adds its own number once.
// A counter shared between blocks would see other blocks' additions.
XCUB_KERNEL void per_block_counter(const unsigned* seeds, unsigned* out) {
  XCUB_SHARED(unsigned, counter);
  const unsigned t = arch::linear_thread_id();
  const unsigned long long b = arch::linear_block_id();
  if (t == 0) counter = seeds[b];
  arch::sync_threads();
  arch::atomic_add<arch::scope::block>(&counter, t + 1);
  arch::sync_threads();
  out[b * arch::block_threads() + t] = counter;
}

/// One object per declaration: the same name in two functions is two objects; one function is one object.
XCUB_DEVICE unsigned& first_slot() {
  XCUB_SHARED(unsigned, slot);
  return slot;
}
XCUB_DEVICE unsigned& second_slot() {
  XCUB_SHARED(unsigned, slot);
  return slot;
}
template <class T, int Tag>
XCUB_DEVICE T& tagged_slot() {
  XCUB_SHARED(T, slot);
  return slot;
}

template <class T>
struct record {  // what one thread saw
  T own, tag1, tag2;
  unsigned first, second, tagged_int, distinct, aligned;
};

// Thread 0 writes each object, then every thread reads them all and checks their addresses.
template <class T>
XCUB_KERNEL void distinct_objects(const T* in, const unsigned* words, record<T>* out) {
  XCUB_SHARED(T, own);
  T& tag1 = tagged_slot<T, 1>();
  T& tag2 = tagged_slot<T, 2>();
  int& tagged_int = tagged_slot<int, 1>();
  const unsigned t = arch::linear_thread_id();
  const unsigned long long b = arch::linear_block_id();
  if (t == 0) {
    own = in[3 * b];
    tag1 = in[3 * b + 1];
    tag2 = in[3 * b + 2];
    first_slot() = words[3 * b];
    second_slot() = words[3 * b + 1];
    tagged_int = static_cast<int>(words[3 * b + 2]);
  }
  arch::sync_threads();
  const void* addresses[] = {&own, &tag1, &tag2, &tagged_int, &first_slot(), &second_slot()};
  unsigned distinct = 1;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < i; ++j) distinct &= addresses[i] != addresses[j];
  const auto at = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p); };
  const unsigned aligned = at(&own) % alignof(T) == 0 && at(&tag1) % alignof(T) == 0 && at(&tag2) % alignof(T) == 0 &&
                           at(&tagged_int) % alignof(int) == 0;
  out[b * arch::block_threads() + t] =
      record<T>{own, tag1, tag2, first_slot(), second_slot(), static_cast<unsigned>(tagged_int), distinct, aligned};
}

// Each thread stores its input in the dynamic shared memory and adds it to a static counter;
// then reads its neighbour's item, the sum, and checks the alignment and that the static object
// lies outside the dynamic bytes.
XCUB_KERNEL void dynamic_and_static(const double* in, double* out, unsigned* checks, unsigned shared_bytes) {
  XCUB_SHARED(double, sum);
  double* items = arch::dynamic_shared_memory<double>();
  const unsigned t = arch::linear_thread_id(), threads = arch::block_threads();
  const unsigned long long gid = arch::linear_block_id() * threads + t;
  if (t == 0) sum = 0;
  items[t] = in[gid];
  arch::sync_threads();
  arch::atomic_add<arch::scope::block>(&sum, in[gid]);
  const double neighbour = items[(t + 1) % threads];
  arch::sync_threads();
  out[2 * gid] = neighbour;
  out[2 * gid + 1] = sum;
  const auto base = reinterpret_cast<std::uintptr_t>(arch::dynamic_shared_memory<unsigned char>());
  const auto s = reinterpret_cast<std::uintptr_t>(&sum);
  checks[gid] = base % 16 == 0 && base == reinterpret_cast<std::uintptr_t>(items) &&
                (s + sizeof(double) <= base || s >= base + shared_bytes);
}
}  // namespace

TEST_CASE("shared memory: each block has its own XCUB_SHARED object") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("shared per block");
  const unsigned threads = 70;
  const auto seeds = xcub_test::random_vector<unsigned>(grid_blocks, rng);
  std::vector<unsigned> want(std::size_t{grid_blocks} * threads);
  for (unsigned b = 0; b < grid_blocks; ++b)
    for (unsigned t = 0; t < threads; ++t) want[b * threads + t] = seeds[b] + threads * (threads + 1) / 2;
  xcub::device_buffer<unsigned> d_seeds(seeds), d_out(want.size());
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(grid_blocks), xcub::dim3(threads), 0, per_block_counter, d_seeds.data(),
                             d_out.data());
  xcub_test::check_equal(d_out.download(), want, "per-block counters");
}

TEST_CASE_TEMPLATE("shared memory: distinct declarations and instantiations are distinct objects", T, double,
                   std::uint16_t) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("shared distinct");
  const unsigned threads = 40;
  const auto in = xcub_test::random_vector<T>(3 * grid_blocks, rng);
  const auto words = xcub_test::random_vector<unsigned>(3 * grid_blocks, rng);
  xcub::device_buffer<T> d_in(in);
  xcub::device_buffer<unsigned> d_words(words);
  xcub::device_buffer<record<T>> d_out(std::size_t{grid_blocks} * threads);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(grid_blocks), xcub::dim3(threads), 0, distinct_objects<T>, d_in.data(),
                             d_words.data(), d_out.data());
  const auto got = d_out.download();
  std::size_t bad = 0;
  for (unsigned b = 0; b < grid_blocks; ++b) {
    for (unsigned t = 0; t < threads; ++t) {
      const record<T>& r = got[b * threads + t];
      const bool ok = std::memcmp(&r.own, &in[3 * b], sizeof(T)) == 0 && std::memcmp(&r.tag1, &in[3 * b + 1], sizeof(T)) == 0 &&
                      std::memcmp(&r.tag2, &in[3 * b + 2], sizeof(T)) == 0 && r.first == words[3 * b] &&
                      r.second == words[3 * b + 1] && r.tagged_int == words[3 * b + 2] && r.distinct == 1 &&
                      r.aligned == 1;
      bad += !ok;
    }
  }
  CHECK(bad == 0);
}

TEST_CASE("shared memory: dynamic shared memory is the launch's bytes, aligned, beside static objects") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("dynamic shared");
  for (unsigned threads : {1u, 33u, 128u}) {
    for (std::size_t extra : {0u, 13u, 1000u}) {
      CAPTURE(threads);
      CAPTURE(extra);
      const unsigned blocks = grid_blocks;
      const std::size_t n = std::size_t{blocks} * threads, bytes = threads * sizeof(double) + extra;
      std::vector<double> in(n), want(2 * n);
      for (auto& v : in) v = static_cast<double>(rng() % 1000);  // small integers: sums are exact in any order
      for (unsigned b = 0; b < blocks; ++b) {
        double sum = 0;
        for (unsigned t = 0; t < threads; ++t) sum += in[b * threads + t];
        for (unsigned t = 0; t < threads; ++t) {
          want[2 * (b * threads + t)] = in[b * threads + (t + 1) % threads];
          want[2 * (b * threads + t) + 1] = sum;
        }
      }
      xcub::device_buffer<double> d_in(in), d_out(want.size());
      xcub::device_buffer<unsigned> d_checks(n);
      d_out.fill_bytes(0xFF);
      d_checks.fill_bytes(0xFF);
      xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), bytes, dynamic_and_static, d_in.data(),
                                 d_out.data(), d_checks.data(), static_cast<unsigned>(bytes));
      xcub_test::check_equal(d_out.download(), want, "neighbours and sums");
      xcub_test::check_equal(d_checks.download(), std::vector<unsigned>(n, 1u), "alignment and placement");
    }
  }
}
