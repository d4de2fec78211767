// BlockHistogram, both algorithms: Histogram into shared counters that held garbage (so InitHistogram
// shows), Composite into non-zero counters in global memory and in shared memory (the default
// constructor's private storage), and, for ATOMIC, every block compositing into one global histogram.
// 1, 7, 256 and 1000 bins (bin counts not multiples of the block, larger and smaller than it), uint8,
// uint16 and uint32 samples (uniform, or half of them in one bin), counters of int, unsigned,
// unsigned long long, uint16, float and double; 1D blocks with whole and partial warps (32, 33, 64, 96,
// 100, 128, 130, 512, 1024), a 16x4 and an 8x4x2 block, 1 to 16 samples per thread. The TempStorage
// sits in a union with another use of its memory, before and after. SORT must leave each block's
// samples sorted. Expected counts come from the oracle (xcub/reference/histogram.hpp).
#include "test_support.hpp"

#include <xcub/block/block_histogram.hpp>
#include <xcub/reference/histogram.hpp>
#include <xcub/reference/sort.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace arch = xcub::arch;
namespace ref = xcub::reference;
using xcub::BLOCK_HISTO_ATOMIC;
using xcub::BLOCK_HISTO_SORT;

namespace {

constexpr unsigned blocks = 3;

/// Per block: the Histogram (out[0, BINS)), the Composite into shared counters that held `start`
/// (out[BINS, 2 * BINS)), the Composite into its global counters `counts` (which hold `start`), the
/// samples after Histogram (`after`), and what the union's other use read back (`probe`, 2 per thread).
template <class T, int BX, int BY, int BZ, int IPT, int BINS, xcub::BlockHistogramAlgorithm ALG, class C>
XCUB_KERNEL void histogram_kernel(const T* samples, const C* start, C* counts, C* out, T* after, int* probe) {
  using histo_t = xcub::BlockHistogram<T, BX, IPT, BINS, ALG, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  union shared_t {
    typename histo_t::TempStorage histo;
    int other[threads];
  };
  XCUB_SHARED(shared_t, smem);
  using bins_t = C[BINS];
  XCUB_SHARED(bins_t, bins);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id();
  const std::size_t base = std::size_t{blk} * tile + std::size_t(rank) * IPT;
  const auto load = [&](T (&items)[IPT]) {
    for (int i = 0; i < IPT; ++i) items[i] = samples[base + i];
  };

  smem.other[rank] = rank * 3 + 1;  // the union's other use, before
  for (int b = rank; b < BINS; b += threads) bins[b] = C(77);  // garbage for InitHistogram to clear
  arch::sync_threads();
  probe[2 * (blk * threads + rank)] = smem.other[(rank + 1) % threads];
  arch::sync_threads();

  T items[IPT];
  load(items);
  histo_t(smem.histo).Histogram(items, bins);
  arch::sync_threads();
  for (int b = rank; b < BINS; b += threads) out[std::size_t{blk} * 2 * BINS + b] = bins[b], bins[b] = start[b];
  for (int i = 0; i < IPT; ++i) after[base + i] = items[i];

  load(items);
  histo_t(smem.histo).Composite(items, counts + std::size_t{blk} * BINS);  // global, non-zero
  arch::sync_threads();
  load(items);
  histo_t().Composite(items, bins);  // shared, non-zero, private storage
  arch::sync_threads();
  for (int b = rank; b < BINS; b += threads) out[std::size_t{blk} * 2 * BINS + BINS + b] = bins[b];

  smem.other[rank] = rank * 5 + 2;  // the union's other use, after
  arch::sync_threads();
  probe[2 * (blk * threads + rank) + 1] = smem.other[(rank + threads - 1) % threads];
}

/// Samples in [0, min(BINS, T's range)): uniform, or half of them in one bin.
template <class T>
std::vector<T> draw_samples(std::size_t n, int bins, std::mt19937_64& rng) {
  const unsigned long long range = std::min<unsigned long long>(bins, 1ull << (8 * std::min<std::size_t>(sizeof(T), 4)));
  const bool skewed = rng() % 2 == 0;
  const T hot = static_cast<T>(rng() % range);
  std::vector<T> v(n);
  for (auto& s : v) s = skewed && rng() % 2 ? hot : static_cast<T>(rng() % range);
  return v;
}

template <class T, int BX, int BY, int BZ, int IPT, int BINS, xcub::BlockHistogramAlgorithm ALG, class C>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  INFO((ALG == BLOCK_HISTO_SORT ? "SORT" : "ATOMIC") << ", block " << BX << "x" << BY << "x" << BZ << ", " << IPT
                                                     << " samples per thread, " << BINS << " bins, "
                                                     << sizeof(T) << "-byte samples");
  const std::size_t n = std::size_t{blocks} * tile;
  const std::vector<T> samples = draw_samples<T>(n, BINS, rng);
  std::vector<C> start(BINS), counts(std::size_t{blocks} * BINS);
  for (auto& c : start) c = static_cast<C>(rng() % 100);
  for (auto& c : counts) c = static_cast<C>(rng() % 100);

  std::vector<C> want_out(std::size_t{blocks} * 2 * BINS), want_counts(counts.size());
  std::vector<T> want_after(n);
  for (unsigned b = 0; b < blocks; ++b) {
    const std::vector<T> mine(samples.begin() + std::ptrdiff_t{b} * tile, samples.begin() + std::ptrdiff_t{b + 1} * tile);
    const auto alone = ref::histogram<C>(mine, BINS);
    const auto onto_start = ref::composite_histogram(mine, start);
    const auto onto_counts = ref::composite_histogram(
        mine, std::vector<C>(counts.begin() + std::ptrdiff_t{b} * BINS, counts.begin() + std::ptrdiff_t{b + 1} * BINS));
    std::copy(alone.begin(), alone.end(), want_out.begin() + std::ptrdiff_t{b} * 2 * BINS);
    std::copy(onto_start.begin(), onto_start.end(), want_out.begin() + std::ptrdiff_t{b} * 2 * BINS + BINS);
    std::copy(onto_counts.begin(), onto_counts.end(), want_counts.begin() + std::ptrdiff_t{b} * BINS);
    const auto sorted = ALG == BLOCK_HISTO_SORT ? ref::stable_sort(mine, [](T x, T y) { return x < y; }) : mine;
    std::copy(sorted.begin(), sorted.end(), want_after.begin() + std::ptrdiff_t{b} * tile);
  }
  std::vector<int> want_probe(2 * n / IPT);
  for (std::size_t i = 0; i < n / IPT; ++i) {
    const int r = static_cast<int>(i % threads);
    want_probe[2 * i] = (r + 1) % threads * 3 + 1;
    want_probe[2 * i + 1] = (r + threads - 1) % threads * 5 + 2;
  }

  xcub::device_buffer<T> d_samples(samples), d_after(n);
  xcub::device_buffer<C> d_start(start), d_counts(counts), d_out(want_out.size());
  xcub::device_buffer<int> d_probe(want_probe.size());
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0,
                             histogram_kernel<T, BX, BY, BZ, IPT, BINS, ALG, C>, d_samples.data(), d_start.data(),
                             d_counts.data(), d_out.data(), d_after.data(), d_probe.data());
  const auto out = d_out.download();
  std::vector<C> got_alone, want_alone, got_onto, want_onto;
  for (unsigned b = 0; b < blocks; ++b) {
    const auto at = [&](const std::vector<C>& v, int half) { return v.begin() + std::ptrdiff_t{b} * 2 * BINS + half * BINS; };
    got_alone.insert(got_alone.end(), at(out, 0), at(out, 1));
    want_alone.insert(want_alone.end(), at(want_out, 0), at(want_out, 1));
    got_onto.insert(got_onto.end(), at(out, 1), at(out, 2));
    want_onto.insert(want_onto.end(), at(want_out, 1), at(want_out, 2));
  }
  xcub_test::check_equal(got_alone, want_alone, "Histogram (shared counters)");
  xcub_test::check_equal(got_onto, want_onto, "Composite (shared, non-zero counters, private storage)");
  xcub_test::check_equal(d_counts.download(), want_counts, "Composite (global, non-zero counters)");
  xcub_test::check_equal(d_after.download(), want_after, "the samples after Histogram");
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

/// ATOMIC: every block of the grid composites into the same global counters.
template <class T, int BX, int IPT, int BINS, class C>
XCUB_KERNEL void one_histogram_kernel(const T* samples, C* counts) {
  using histo_t = xcub::BlockHistogram<T, BX, IPT, BINS, BLOCK_HISTO_ATOMIC>;
  XCUB_SHARED(typename histo_t::TempStorage, storage);
  T items[IPT];
  const std::size_t base = (std::size_t{arch::linear_block_id()} * BX + arch::linear_thread_id()) * IPT;
  for (int i = 0; i < IPT; ++i) items[i] = samples[base + i];
  histo_t(storage).Composite(items, counts);
}

template <class T, int BX, int IPT, int BINS, class C>
void check_one_histogram(std::mt19937_64& rng) {
  INFO("ATOMIC into one global histogram, block " << BX << ", " << IPT << " samples per thread, " << BINS << " bins");
  constexpr unsigned grid = 6;
  const std::vector<T> samples = draw_samples<T>(std::size_t{grid} * BX * IPT, BINS, rng);
  std::vector<C> counts(BINS);
  for (auto& c : counts) c = static_cast<C>(rng() % 100);
  const auto want = ref::composite_histogram(samples, counts);
  xcub::device_buffer<T> d_samples(samples);
  xcub::device_buffer<C> d_counts(counts);
  xcub_test::launch_and_wait(xcub::dim3(grid), xcub::dim3(BX), 0, one_histogram_kernel<T, BX, IPT, BINS, C>,
                             d_samples.data(), d_counts.data());
  xcub_test::check_equal(d_counts.download(), want, "counts");
}

}  // namespace

TEST_CASE("BlockHistogram: BLOCK_HISTO_SORT") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockHistogram SORT");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<std::uint8_t, 128, 1, 1, 4, 256, BLOCK_HISTO_SORT, unsigned>(r);
    check<std::uint16_t, 100, 1, 1, 3, 1000, BLOCK_HISTO_SORT, unsigned long long>(r);
    check<std::uint32_t, 33, 1, 1, 16, 7, BLOCK_HISTO_SORT, int>(r);
    check<std::uint8_t, 512, 1, 1, 1, 1, BLOCK_HISTO_SORT, unsigned>(r);
    check<std::uint32_t, 16, 4, 1, 5, 256, BLOCK_HISTO_SORT, double>(r);
    check<std::uint16_t, 8, 4, 2, 9, 7, BLOCK_HISTO_SORT, std::uint16_t>(r);
    check<std::uint8_t, 130, 1, 1, 2, 1000, BLOCK_HISTO_SORT, float>(r);
  });
}

TEST_CASE("BlockHistogram: BLOCK_HISTO_ATOMIC") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockHistogram ATOMIC");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<std::uint8_t, 64, 1, 1, 7, 256, BLOCK_HISTO_ATOMIC, unsigned>(r);
    check<std::uint16_t, 96, 1, 1, 1, 1000, BLOCK_HISTO_ATOMIC, int>(r);
    check<std::uint32_t, 32, 1, 1, 16, 1, BLOCK_HISTO_ATOMIC, unsigned long long>(r);
    check<std::uint8_t, 130, 1, 1, 3, 7, BLOCK_HISTO_ATOMIC, float>(r);
    check<std::uint32_t, 16, 4, 1, 11, 1000, BLOCK_HISTO_ATOMIC, double>(r);
    check<std::uint16_t, 1024, 1, 1, 2, 256, BLOCK_HISTO_ATOMIC, unsigned>(r);
    check<std::uint8_t, 8, 4, 2, 4, 7, BLOCK_HISTO_ATOMIC, unsigned>(r);
  });
}

TEST_CASE("BlockHistogram: BLOCK_HISTO_ATOMIC, every block into one global histogram") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockHistogram one histogram");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check_one_histogram<std::uint16_t, 100, 5, 1000, unsigned>(r);
    check_one_histogram<std::uint8_t, 256, 3, 7, unsigned long long>(r);
  });
}
