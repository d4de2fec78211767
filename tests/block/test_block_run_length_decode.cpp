// BlockRunLengthDecode: both constructors (run lengths with the decoded size, run offsets), with
// and without a TempStorage, and both RunLengthDecode overloads (with and without the offsets in
// the runs, the default window offset 0 included), window after window, against the oracle
// (xcub/reference/run_length.hpp). Each block gets its own kind of runs: short non-empty runs;
// empty runs anywhere and trailing; a few long runs crossing many windows; all empty (decoded size
// 0). Windows start at 0, at every window boundary up to the decoded size, at odd offsets, at the
// decoded size and past it (the last run continues, as in CUB). Configurations cover 1D blocks with
// full and partial last warps (1, 32, 33, 64, 100, 130, 256, 1024 threads), a 2D and a 3D block,
// 1 to 5 runs and 1 to 16 decoded items per thread, decoded offsets of 16, 32 and 64 bits, items of
// every integer width, float, double and rec12. The TempStorage sits in a union with another use
// of the same shared memory, reused after a barrier.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_run_length_decode.hpp>
#include <xcub/reference/run_length.hpp>

#include <algorithm>
#include <string>

namespace arch = xcub::arch;
using xcub_test::rec12;

namespace {

constexpr int windows = 8;  // windows decoded per block and constructor

template <class ItemT, int BX, int BY, int BZ, int R, int D, class OffT, class LenT>
XCUB_KERNEL void decode_kernel(const ItemT* values, const LenT* lengths, const OffT* starts, const OffT* froms,
                               ItemT* items_out, unsigned long long* rel_out, unsigned long long* totals, int* probe) {
  using decoder_t = xcub::BlockRunLengthDecode<ItemT, BX, R, D, OffT, BY, BZ>;
  constexpr int threads = BX * BY * BZ, runs = threads * R, window = threads * D;
  union shared_t {
    int other[threads];
    typename decoder_t::TempStorage decoder;
  };
  XCUB_SHARED(shared_t, smem);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id(), blocks = arch::grid_dim().x;
  smem.other[rank] = rank + 11;
  arch::sync_threads();
  probe[blk * threads + rank] = smem.other[threads - 1 - rank];
  arch::sync_threads();

  ItemT v[R];
  LenT len[R];
  OffT off[R];
  for (int i = 0; i < R; ++i) {
    v[i] = values[blk * runs + rank * R + i];
    len[i] = lengths[blk * runs + rank * R + i];
    off[i] = starts[blk * runs + rank * R + i];
  }
  unsigned long long total = ~0ull;
  decoder_t by_lengths(smem.decoder, v, len, total);
  totals[blk * threads + rank] = total;
  const decoder_t by_offsets(v, off);  // private storage
  // Output slot of item i of window k of constructor c (0: lengths, 1: offsets) in this block.
  const auto at = [&](int c, int k, int i) {
    return ((static_cast<long long>(c) * blocks + blk) * windows + k) * window + rank * D + i;
  };
  for (int c = 0; c < 2; ++c) {
    const decoder_t& decoder = c == 0 ? by_lengths : by_offsets;
    for (int k = 0; k < windows; ++k) {
      ItemT items[D];
      if (k % 2 == 0) {
        std::uint32_t rel[D];
        if (k == 0) decoder.RunLengthDecode(items, rel);  // from 0 by default
        else decoder.RunLengthDecode(items, rel, froms[blk * windows + k]);
        for (int i = 0; i < D; ++i) rel_out[at(c, k, i)] = rel[i];
      } else {
        decoder.RunLengthDecode(items, froms[blk * windows + k]);  // no offsets: leave them unwritten
      }
      for (int i = 0; i < D; ++i) items_out[at(c, k, i)] = items[i];
    }
  }
}

template <class ItemT>
ItemT draw(std::mt19937_64& rng) {
  return xcub_test::random_value<ItemT>(rng);
}

template <class ItemT, int BX, int BY, int BZ, int R, int D, class OffT, class LenT>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, runs = threads * R, window = threads * D;
  constexpr unsigned blocks = 4;
  CAPTURE(threads);
  CAPTURE(BX);
  CAPTURE(BY);
  CAPTURE(BZ);
  CAPTURE(R);
  CAPTURE(D);
  CAPTURE(sizeof(OffT));
  const std::size_t nr = std::size_t{blocks} * runs;
  std::vector<ItemT> values(nr);
  for (auto& v : values) v = draw<ItemT>(rng);
  // Run lengths: block 0 short non-empty runs; block 1 empty runs anywhere and in the last third;
  // block 2 mostly empty or single, a few long (up to 3 windows, bounded by OffT); block 3 all empty.
  const unsigned long long max_total = std::min<unsigned long long>(static_cast<unsigned long long>(OffT(~OffT{0})) / 2,
                                                                    20ull * window + 3ull * runs);
  std::vector<LenT> lengths(nr);
  for (unsigned b = 0; b < blocks; ++b) {
    for (int r = 0; r < runs; ++r) {
      LenT& l = lengths[b * runs + r];
      switch (b) {
        case 0: l = static_cast<LenT>(1 + rng() % 4); break;
        case 1: l = r >= runs - runs / 3 ? LenT{0} : static_cast<LenT>(rng() % 3); break;
        case 2: l = static_cast<LenT>(rng() % 16 == 0 ? rng() % (3 * window) : rng() % 2); break;
        default: l = 0;
      }
    }
    unsigned long long total = 0;  // keep the decoded size within OffT (only small OffT needs it)
    for (int r = 0; r < runs; ++r) {
      LenT& l = lengths[b * runs + r];
      if (total + l > max_total) l = static_cast<LenT>(max_total - total);
      total += l;
    }
  }
  std::vector<OffT> starts(nr), froms(std::size_t{blocks} * windows);
  std::vector<unsigned long long> totals(blocks);
  for (unsigned b = 0; b < blocks; ++b) {
    unsigned long long total = 0;
    for (int r = 0; r < runs; ++r) starts[b * runs + r] = static_cast<OffT>(total), total += lengths[b * runs + r];
    totals[b] = total;
    // Windows: 0, the next two window boundaries, an odd offset, the last window that starts
    // inside, one straddling the end, the end itself and past it.
    const unsigned long long w = window, odd = total ? rng() % total : 0;
    const unsigned long long last_inside = total ? (total - 1) / w * w : 0;
    const unsigned long long straddle = total > w / 2 ? total - w / 2 : 0;
    const unsigned long long list[windows] = {0, w, 2 * w, odd, last_inside, straddle, total, total + 5};
    for (int k = 0; k < windows; ++k) froms[b * windows + k] = static_cast<OffT>(list[k]);
  }

  const std::size_t n_out = 2 * std::size_t{blocks} * windows * window;
  std::vector<ItemT> want_items(n_out);
  std::vector<unsigned long long> want_rel(n_out, ~0ull);
  for (int c = 0; c < 2; ++c) {
    for (unsigned b = 0; b < blocks; ++b) {
      const std::vector<ItemT> v(values.begin() + b * runs, values.begin() + (b + 1) * runs);
      const std::vector<LenT> l(lengths.begin() + b * runs, lengths.begin() + (b + 1) * runs);
      for (int k = 0; k < windows; ++k) {
        const auto dec = xcub::reference::run_length_decode(v, l, froms[b * windows + k], window);
        const std::size_t base = ((std::size_t{static_cast<unsigned>(c)} * blocks + b) * windows + k) * window;
        std::copy(dec.items.begin(), dec.items.end(), want_items.begin() + base);
        if (k % 2 == 0) {
          for (int i = 0; i < window; ++i) want_rel[base + i] = static_cast<std::uint32_t>(dec.offsets[i]);
        }
      }
    }
  }
  std::vector<unsigned long long> want_totals(std::size_t{blocks} * threads);
  std::vector<int> want_probe(want_totals.size());
  for (std::size_t i = 0; i < want_totals.size(); ++i) {
    want_totals[i] = totals[i / threads];
    want_probe[i] = static_cast<int>(threads - 1 - i % threads) + 11;
  }

  xcub::device_buffer<ItemT> d_values(values), d_items(n_out);
  xcub::device_buffer<LenT> d_lengths(lengths);
  xcub::device_buffer<OffT> d_starts(starts), d_froms(froms);
  xcub::device_buffer<unsigned long long> d_rel(n_out), d_totals(want_totals.size());
  xcub::device_buffer<int> d_probe(want_probe.size());
  d_rel.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0,
                             decode_kernel<ItemT, BX, BY, BZ, R, D, OffT, LenT>, d_values.data(), d_lengths.data(),
                             d_starts.data(), d_froms.data(), d_items.data(), d_rel.data(), d_totals.data(),
                             d_probe.data());
  xcub_test::check_equal(d_totals.download(), want_totals, "total_decoded_size");
  const auto got_items = d_items.download();
  const auto got_rel = d_rel.download();
  for (int c = 0; c < 2; ++c) {
    for (unsigned b = 0; b < blocks; ++b) {
      for (int k = 0; k < windows; ++k) {
        const std::size_t base = ((std::size_t{static_cast<unsigned>(c)} * blocks + b) * windows + k) * window;
        const std::string what = std::string(c == 0 ? "from lengths" : "from offsets") + ", block " +
                                 std::to_string(b) + " (decoded size " + std::to_string(totals[b]) +
                                 "), window from " + std::to_string(+froms[b * windows + k]);
        xcub_test::check_equal(std::vector<ItemT>(got_items.begin() + base, got_items.begin() + base + window),
                               std::vector<ItemT>(want_items.begin() + base, want_items.begin() + base + window),
                               what + ": items");
        xcub_test::check_equal(std::vector<unsigned long long>(got_rel.begin() + base, got_rel.begin() + base + window),
                               std::vector<unsigned long long>(want_rel.begin() + base, want_rel.begin() + base + window),
                               what + ": offsets in the runs");
      }
    }
  }
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

}  // namespace

TEST_CASE("BlockRunLengthDecode: 1D blocks, full and partial warps, integer items") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRunLengthDecode 1D");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<int, 128, 1, 1, 2, 4, std::uint32_t, std::uint32_t>(r);
    check<std::int8_t, 33, 1, 1, 1, 3, std::uint32_t, std::uint16_t>(r);
    check<std::int16_t, 100, 1, 1, 3, 1, std::uint64_t, int>(r);
    check<std::int64_t, 130, 1, 1, 2, 5, std::uint16_t, std::uint8_t>(r);
    check<int, 32, 1, 1, 1, 16, std::uint32_t, std::uint64_t>(r);
    check<std::uint64_t, 1, 1, 1, 5, 3, std::uint32_t, std::uint32_t>(r);  // one thread
  });
}

TEST_CASE("BlockRunLengthDecode: large blocks, 2D and 3D shapes, floating point and rec12") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockRunLengthDecode shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<double, 16, 4, 1, 4, 7, std::uint32_t, std::uint32_t>(r);
    check<rec12, 8, 4, 2, 2, 2, std::uint32_t, std::uint16_t>(r);
    check<float, 1024, 1, 1, 1, 2, std::uint32_t, std::uint32_t>(r);
    check<rec12, 64, 1, 1, 3, 9, std::uint64_t, std::uint32_t>(r);
    check<std::int16_t, 256, 1, 1, 2, 1, std::uint32_t, std::uint32_t>(r);
  });
}
