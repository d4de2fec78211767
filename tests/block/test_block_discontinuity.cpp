// BlockDiscontinuity: every method and overload (heads, tails, both; with and without the tile's
// predecessor and successor; heads with each item's predecessor) in one kernel per configuration, over several blocks, against the
// oracle (xcub/reference/adjacent.hpp) per block tile. Configurations cover 1D blocks with full and
// partial last warps (1, 32, 33, 64, 100, 130, 256, 512, 1024 threads), a 2D and a 3D block, 1 to 16
// items per thread, every integer width, float, double and rec12, flag types int, bool and unsigned
// char, and flag predicates with and without the item index. The TempStorage sits in a union with
// another use of the same shared memory, reused after a barrier; one call uses the default
// constructor's private storage.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_discontinuity.hpp>
#include <xcub/reference/adjacent.hpp>

#include <algorithm>
#include <cstring>
#include <string>

namespace arch = xcub::arch;
using xcub_test::rec12;

namespace {

/// Bytewise equality: works on device for any trivially copyable type without padding.
template <class T>
XCUB_HOST_DEVICE bool same(const T& a, const T& b) {
  const unsigned char* x = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* y = reinterpret_cast<const unsigned char*>(&b);
  for (unsigned k = 0; k < sizeof(T); ++k) {
    if (x[k] != y[k]) return false;
  }
  return true;
}

/// A predicate without the index: the items differ.
struct differ {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b) const { return !same(a, b); }
};

/// A predicate with the index, whose answer depends on it: differ, flipped where b_index % 3 == 1.
struct differ_at {
  template <class T>
  XCUB_HOST_DEVICE bool operator()(const T& a, const T& b, int b_index) const {
    return !same(a, b) != (b_index % 3 == 1);
  }
};

static_assert(!xcub::flag_op_takes_index<differ, int>);
static_assert(xcub::flag_op_takes_index<differ_at, int>);
static_assert(!xcub::flag_op_takes_index<xcub::Inequality, double>);

/// Items drawn from two or three values, so that runs and discontinuities both occur.
template <class T>
T draw(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, rec12>) {
    rec12 r{};
    r.a = static_cast<std::int32_t>(rng() % 2);
    r.e = static_cast<std::int8_t>(rng() % 2);
    return r;
  } else {
    return static_cast<T>(rng() % 3);
  }
}

enum channel : int {
  c_heads, c_heads_pred, c_tails, c_tails_succ,
  c_ht_h, c_ht_t, c_ht_succ_h, c_ht_succ_t, c_ht_pred_h, c_ht_pred_t, c_ht_both_h, c_ht_both_t,
  c_heads_preds, c_heads_pred_preds,
  channels
};
const char* const channel_names[channels] = {
    "FlagHeads", "FlagHeads+predecessor", "FlagTails", "FlagTails+successor",
    "FlagHeadsAndTails (heads)", "FlagHeadsAndTails (tails)",
    "FlagHeadsAndTails+successor (heads)", "FlagHeadsAndTails+successor (tails)",
    "FlagHeadsAndTails+predecessor (heads)", "FlagHeadsAndTails+predecessor (tails)",
    "FlagHeadsAndTails+both (heads)", "FlagHeadsAndTails+both (tails)",
    "FlagHeads+preds", "FlagHeads+preds+predecessor"};
// The preds outputs of the two FlagHeads overloads that have them.
constexpr int pred_channels = 2;
const char* const pred_channel_names[pred_channels] = {"FlagHeads+preds (preds)",
                                                       "FlagHeads+preds+predecessor (preds)"};

template <class T, int BX, int BY, int BZ, int IPT, class FlagT, class Op>
XCUB_KERNEL void discontinuity_kernel(const T* in, const T* preds, const T* succs, int* out, T* preds_out,
                                      int* probe) {
  using disc_t = xcub::BlockDiscontinuity<T, BX, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  union shared_t {
    typename disc_t::TempStorage disc;
    int other[threads];
  };
  XCUB_SHARED(shared_t, smem);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id();
  // The shared memory's other use first: every thread writes and reads back a neighbour's word.
  smem.other[rank] = rank * 3 + 1;
  arch::sync_threads();
  probe[blk * threads + rank] = smem.other[(rank + 1) % threads];
  arch::sync_threads();

  T items[IPT];
  for (int i = 0; i < IPT; ++i) items[i] = in[blk * tile + rank * IPT + i];
  const T pred = preds[blk], succ = succs[blk];
  FlagT h[IPT], t[IPT];
  const Op op{};
  const auto put = [&](int c, const FlagT (&f)[IPT]) {
    for (int i = 0; i < IPT; ++i) out[(static_cast<long long>(c) * arch::grid_dim().x + blk) * tile + rank * IPT + i] = static_cast<int>(f[i]);
  };
  disc_t disc(smem.disc);
  disc.FlagHeads(h, items, op);
  put(c_heads, h);
  arch::sync_threads();
  disc.FlagHeads(h, items, op, pred);
  put(c_heads_pred, h);
  arch::sync_threads();
  disc.FlagTails(t, items, op);
  put(c_tails, t);
  arch::sync_threads();
  xcub::BlockDiscontinuity<T, BX, BY, BZ>().FlagTails(t, items, op, succ);  // private storage
  put(c_tails_succ, t);
  arch::sync_threads();
  disc.FlagHeadsAndTails(h, t, items, op);
  put(c_ht_h, h), put(c_ht_t, t);
  arch::sync_threads();
  disc.FlagHeadsAndTails(h, t, succ, items, op);
  put(c_ht_succ_h, h), put(c_ht_succ_t, t);
  arch::sync_threads();
  disc.FlagHeadsAndTails(h, pred, t, items, op);
  put(c_ht_pred_h, h), put(c_ht_pred_t, t);
  arch::sync_threads();
  disc.FlagHeadsAndTails(h, pred, t, succ, items, op);
  put(c_ht_both_h, h), put(c_ht_both_t, t);
  // The overloads that also give each item's predecessor (rank 0's first, without a tile
  // predecessor, keeps what it held: here the item itself).
  const auto put_preds = [&](int c, const T (&p)[IPT]) {
    for (int i = 0; i < IPT; ++i) preds_out[(static_cast<long long>(c) * arch::grid_dim().x + blk) * tile + rank * IPT + i] = p[i];
  };
  T p[IPT];
  for (int i = 0; i < IPT; ++i) p[i] = items[i];
  arch::sync_threads();
  disc.FlagHeads(h, items, p, op);
  put(c_heads_preds, h), put_preds(0, p);
  for (int i = 0; i < IPT; ++i) p[i] = items[i];
  arch::sync_threads();
  disc.FlagHeads(h, items, p, op, pred);
  put(c_heads_pred_preds, h), put_preds(1, p);
}

template <class T, int BX, int BY, int BZ, int IPT, class FlagT, class Op>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  constexpr unsigned blocks = 3;
  CAPTURE(threads);
  CAPTURE(BX);
  CAPTURE(BY);
  CAPTURE(BZ);
  CAPTURE(IPT);
  const std::size_t n = std::size_t{blocks} * tile;
  std::vector<T> in(n), preds(blocks), succs(blocks);
  for (auto& v : in) v = draw<T>(rng);
  for (auto& v : preds) v = draw<T>(rng);
  for (auto& v : succs) v = draw<T>(rng);

  const Op op{};
  const auto flag = [&](const T& a, const T& b, int b_index) {
    if constexpr (xcub::flag_op_takes_index<Op, T>) return op(a, b, b_index);
    else return op(a, b);
  };
  std::vector<int> want(channels * n);
  std::vector<T> want_preds(pred_channels * n);
  for (unsigned b = 0; b < blocks; ++b) {
    const std::vector<T> tile_in(in.begin() + b * tile, in.begin() + (b + 1) * tile);
    const auto put = [&](int c, const std::vector<int>& f) {
      std::copy(f.begin(), f.end(), want.begin() + (std::size_t{static_cast<unsigned>(c)} * blocks + b) * tile);
    };
    using xcub::reference::head_flags;
    using xcub::reference::tail_flags;
    const auto heads = head_flags(tile_in, flag), heads_pred = head_flags(tile_in, flag, &preds[b]);
    const auto tails = tail_flags(tile_in, flag), tails_succ = tail_flags(tile_in, flag, &succs[b]);
    put(c_heads, heads), put(c_heads_pred, heads_pred), put(c_tails, tails), put(c_tails_succ, tails_succ);
    put(c_ht_h, heads), put(c_ht_t, tails), put(c_ht_succ_h, heads), put(c_ht_succ_t, tails_succ);
    put(c_ht_pred_h, heads_pred), put(c_ht_pred_t, tails), put(c_ht_both_h, heads_pred), put(c_ht_both_t, tails_succ);
    put(c_heads_preds, heads), put(c_heads_pred_preds, heads_pred);
    for (int k = 0; k < tile; ++k) {
      const T before = k == 0 ? tile_in[0] : tile_in[k - 1];
      want_preds[(0 * blocks + b) * tile + k] = before;
      want_preds[(1 * blocks + b) * tile + k] = k == 0 ? preds[b] : before;
    }
  }
  std::vector<int> want_probe(blocks * threads);
  for (std::size_t i = 0; i < want_probe.size(); ++i) want_probe[i] = static_cast<int>((i % threads + 1) % threads) * 3 + 1;

  xcub::device_buffer<T> d_in(in), d_preds(preds), d_succs(succs);
  xcub::device_buffer<int> d_out(channels * n), d_probe(want_probe.size());
  xcub::device_buffer<T> d_preds_out(pred_channels * n);
  d_out.fill_bytes(0x7F);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0,
                             discontinuity_kernel<T, BX, BY, BZ, IPT, FlagT, Op>, d_in.data(), d_preds.data(),
                             d_succs.data(), d_out.data(), d_preds_out.data(), d_probe.data());
  const auto got = d_out.download();
  for (int c = 0; c < channels; ++c) {
    xcub_test::check_equal(std::vector<int>(got.begin() + c * n, got.begin() + (c + 1) * n),
                           std::vector<int>(want.begin() + c * n, want.begin() + (c + 1) * n), channel_names[c]);
  }
  const auto got_preds = d_preds_out.download();
  for (int c = 0; c < pred_channels; ++c) {
    std::vector<int> same_bytes;  // T may lack ==: compare bytewise, one 0/1 per item
    for (std::size_t k = 0; k < n; ++k) same_bytes.push_back(same(got_preds[c * n + k], want_preds[c * n + k]) ? 1 : 0);
    xcub_test::check_equal(same_bytes, std::vector<int>(n, 1), pred_channel_names[c]);
  }
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

}  // namespace

TEST_CASE("BlockDiscontinuity: 1D blocks, full and partial warps, integer types") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockDiscontinuity 1D ints");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<int, 128, 1, 1, 4, int, xcub::Inequality>(r);
    check<std::int8_t, 33, 1, 1, 1, bool, differ_at>(r);
    check<std::int16_t, 100, 1, 1, 3, unsigned char, differ>(r);
    check<std::int64_t, 32, 1, 1, 11, int, differ_at>(r);
    check<std::uint64_t, 130, 1, 1, 2, int, differ>(r);
    check<int, 1, 1, 1, 3, int, differ_at>(r);  // one thread: first and last rank at once
  });
}

TEST_CASE("BlockDiscontinuity: large blocks, 2D and 3D shapes, floating point and rec12") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockDiscontinuity shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<float, 64, 1, 1, 5, int, xcub::Inequality>(r);
    check<double, 1024, 1, 1, 1, bool, differ_at>(r);
    check<rec12, 96, 1, 1, 16, int, differ>(r);
    check<rec12, 16, 4, 1, 7, unsigned char, differ_at>(r);
    check<std::uint64_t, 8, 4, 2, 2, int, differ_at>(r);
    check<int, 512, 1, 1, 2, int, differ>(r);
    check<std::int16_t, 256, 1, 1, 9, bool, differ_at>(r);
  });
}
