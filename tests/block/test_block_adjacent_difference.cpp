// BlockAdjacentDifference: every method and overload (left and right, full and partial tiles,
// with and without the tile's predecessor and successor, in place and into another output type)
// in one kernel per configuration, over blocks whose valid_items are 0, 1, tile - 1, tile, a
// random count, more than the tile and a negative count, against the oracle
// (xcub/reference/adjacent.hpp) per block tile. Configurations cover 1D blocks with full and
// partial last warps (1, 32, 33, 64, 100, 130, 256, 512, 1024 threads), a 2D and a 3D block, 1 to 16
// items per thread, every integer width, float, double, rec12 and a non-commutative operator
// (composition of affine maps, where operand order matters). The TempStorage sits in a union with
// another use of the same shared memory, reused after a barrier; one call uses private storage.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_adjacent_difference.hpp>
#include <xcub/reference/adjacent.hpp>

#include <algorithm>
#include <string>

namespace arch = xcub::arch;
using xcub_test::affine;
using xcub_test::rec12;

namespace {

/// a - b, in the output type.
template <class Out>
struct minus {
  template <class T>
  XCUB_HOST_DEVICE Out operator()(const T& a, const T& b) const {
    return static_cast<Out>(static_cast<Out>(a) - static_cast<Out>(b));
  }
};

/// 3a - b: operand order matters.
struct skew {
  template <class T>
  XCUB_HOST_DEVICE T operator()(const T& a, const T& b) const { return static_cast<T>(a * 3 - b); }
};

/// A rec12 from both operands, each field asymmetric in them.
struct rec_mix {
  XCUB_HOST_DEVICE rec12 operator()(const rec12& a, const rec12& b) const {
    rec12 r{};
    // unsigned arithmetic: random fields overflow int (undefined behaviour, UBSan says so)
    r.a = static_cast<std::int32_t>(static_cast<std::uint32_t>(a.a) - static_cast<std::uint32_t>(b.b));
    r.b = a.b ^ static_cast<std::int32_t>(static_cast<std::uint32_t>(b.a) * 7u);
    r.c = static_cast<std::int16_t>(a.c - 2 * b.c);
    r.d = static_cast<std::int8_t>(a.e + b.d);
    r.e = static_cast<std::int8_t>(a.d - b.e);
    return r;
  }
};

/// f then g, as an operator taking (item, neighbour): not commutative.
struct compose_op {
  XCUB_HOST_DEVICE affine operator()(const affine& a, const affine& b) const { return xcub_test::compose{}(a, b); }
};

/// Small values for arithmetic types (no overflow in a - b or 3a - b), anything for the others.
template <class T>
T draw(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, affine>) return xcub_test::random_affine(rng);
  else if constexpr (std::is_arithmetic_v<T>) return static_cast<T>(static_cast<int>(rng() % 61) - 30);
  else return xcub_test::random_value<T>(rng);
}

enum channel : int { c_left, c_left_pred, c_left_part, c_left_part_pred, c_right, c_right_succ, c_right_part, channels };
const char* const channel_names[channels] = {"SubtractLeft", "SubtractLeft+predecessor", "SubtractLeftPartialTile",
                                             "SubtractLeftPartialTile+predecessor", "SubtractRight",
                                             "SubtractRight+successor", "SubtractRightPartialTile"};
enum inplace_channel : int { c_inplace_left, c_inplace_right_part, inplace_channels };

template <class T, int BX, int BY, int BZ, int IPT, class OutT, class Op>
XCUB_KERNEL void adjacent_kernel(const T* in, const T* preds, const T* succs, const int* valids, OutT* out,
                                 T* inplace, int* probe) {
  using adj_t = xcub::BlockAdjacentDifference<T, BX, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  union shared_t {
    int other[threads];
    typename adj_t::TempStorage adj;
  };
  XCUB_SHARED(shared_t, smem);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id(), blocks = arch::grid_dim().x;
  smem.other[rank] = rank * 5 + 2;
  arch::sync_threads();
  probe[blk * threads + rank] = smem.other[threads - 1 - rank];
  arch::sync_threads();

  T items[IPT];
  for (int i = 0; i < IPT; ++i) items[i] = in[blk * tile + rank * IPT + i];
  const T pred = preds[blk], succ = succs[blk];
  const int valid = valids[blk];
  const Op op{};
  OutT o[IPT];
  const auto put = [&](int c, const OutT (&v)[IPT]) {
    for (int i = 0; i < IPT; ++i) out[(static_cast<long long>(c) * blocks + blk) * tile + rank * IPT + i] = v[i];
  };
  adj_t adj(smem.adj);
  adj.SubtractLeft(items, o, op);
  put(c_left, o);
  arch::sync_threads();
  adj.SubtractLeft(items, o, op, pred);
  put(c_left_pred, o);
  arch::sync_threads();
  adj.SubtractLeftPartialTile(items, o, op, valid);
  put(c_left_part, o);
  arch::sync_threads();
  adj.SubtractLeftPartialTile(items, o, op, valid, pred);
  put(c_left_part_pred, o);
  arch::sync_threads();
  xcub::BlockAdjacentDifference<T, BX, BY, BZ>().SubtractRight(items, o, op);  // private storage
  put(c_right, o);
  arch::sync_threads();
  adj.SubtractRight(items, o, op, succ);
  put(c_right_succ, o);
  arch::sync_threads();
  adj.SubtractRightPartialTile(items, o, op, valid);
  put(c_right_part, o);
  arch::sync_threads();

  // In place, results converted to T.
  T a[IPT], b[IPT];
  for (int i = 0; i < IPT; ++i) a[i] = b[i] = items[i];
  adj.SubtractLeft(a, a, op, pred);
  arch::sync_threads();
  adj.SubtractRightPartialTile(b, b, op, valid);
  for (int i = 0; i < IPT; ++i) {
    inplace[(static_cast<long long>(c_inplace_left) * blocks + blk) * tile + rank * IPT + i] = a[i];
    inplace[(static_cast<long long>(c_inplace_right_part) * blocks + blk) * tile + rank * IPT + i] = b[i];
  }
}

template <class T, int BX, int BY, int BZ, int IPT, class OutT, class Op>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  const std::vector<int> valids = {0, 1, tile - 1, tile, static_cast<int>(rng() % (tile + 1)), tile + 5, -3};
  const unsigned blocks = static_cast<unsigned>(valids.size());
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
  std::vector<OutT> want(channels * n);
  std::vector<T> want_inplace(inplace_channels * n);
  for (unsigned b = 0; b < blocks; ++b) {
    const std::vector<T> t(in.begin() + b * tile, in.begin() + (b + 1) * tile);
    const auto put = [&](int c, const std::vector<OutT>& v) {
      std::copy(v.begin(), v.end(), want.begin() + (std::size_t{static_cast<unsigned>(c)} * blocks + b) * tile);
    };
    using xcub::reference::subtract_left;
    using xcub::reference::subtract_right;
    put(c_left, subtract_left<OutT>(t, op, nullptr, tile));
    put(c_left_pred, subtract_left<OutT>(t, op, &preds[b], tile));
    put(c_left_part, subtract_left<OutT>(t, op, nullptr, valids[b]));
    put(c_left_part_pred, subtract_left<OutT>(t, op, &preds[b], valids[b]));
    put(c_right, subtract_right<OutT>(t, op, nullptr, tile));
    put(c_right_succ, subtract_right<OutT>(t, op, &succs[b], tile));
    put(c_right_part, subtract_right<OutT>(t, op, nullptr, valids[b]));
    const auto l = subtract_left<T>(t, op, &preds[b], tile), r = subtract_right<T>(t, op, nullptr, valids[b]);
    std::copy(l.begin(), l.end(), want_inplace.begin() + (std::size_t{c_inplace_left} * blocks + b) * tile);
    std::copy(r.begin(), r.end(), want_inplace.begin() + (std::size_t{c_inplace_right_part} * blocks + b) * tile);
  }
  std::vector<int> want_probe(std::size_t{blocks} * threads);
  for (std::size_t i = 0; i < want_probe.size(); ++i) want_probe[i] = static_cast<int>(threads - 1 - i % threads) * 5 + 2;

  xcub::device_buffer<T> d_in(in), d_preds(preds), d_succs(succs), d_inplace(inplace_channels * n);
  xcub::device_buffer<int> d_valids(valids), d_probe(want_probe.size());
  xcub::device_buffer<OutT> d_out(channels * n);
  d_out.fill_bytes(0x5A);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0, adjacent_kernel<T, BX, BY, BZ, IPT, OutT, Op>,
                             d_in.data(), d_preds.data(), d_succs.data(), d_valids.data(), d_out.data(),
                             d_inplace.data(), d_probe.data());
  const auto got = d_out.download();
  for (int c = 0; c < channels; ++c) {
    xcub_test::check_equal(std::vector<OutT>(got.begin() + c * n, got.begin() + (c + 1) * n),
                           std::vector<OutT>(want.begin() + c * n, want.begin() + (c + 1) * n), channel_names[c]);
  }
  const auto got_inplace = d_inplace.download();
  xcub_test::check_equal(std::vector<T>(got_inplace.begin(), got_inplace.begin() + n),
                         std::vector<T>(want_inplace.begin(), want_inplace.begin() + n), "SubtractLeft in place");
  xcub_test::check_equal(std::vector<T>(got_inplace.begin() + n, got_inplace.end()),
                         std::vector<T>(want_inplace.begin() + n, want_inplace.end()),
                         "SubtractRightPartialTile in place");
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

}  // namespace

TEST_CASE("BlockAdjacentDifference: 1D blocks, full and partial warps, integer types") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockAdjacentDifference 1D ints");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<int, 128, 1, 1, 4, int, minus<int>>(r);
    check<std::int8_t, 33, 1, 1, 1, int, minus<int>>(r);  // output wider than the input
    check<std::int16_t, 100, 1, 1, 3, std::int64_t, minus<std::int64_t>>(r);
    check<std::int64_t, 32, 1, 1, 11, std::int64_t, skew>(r);
    check<std::uint64_t, 130, 1, 1, 2, std::uint64_t, minus<std::uint64_t>>(r);
    check<int, 1, 1, 1, 3, int, skew>(r);  // one thread: first and last rank at once
  });
}

TEST_CASE("BlockAdjacentDifference: large blocks, 2D and 3D shapes, floating point, rec12, non-commutative") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockAdjacentDifference shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<float, 64, 1, 1, 5, double, minus<double>>(r);
    check<double, 1024, 1, 1, 1, double, skew>(r);
    check<rec12, 96, 1, 1, 16, rec12, rec_mix>(r);
    check<affine, 16, 4, 1, 7, affine, compose_op>(r);
    check<std::uint64_t, 8, 4, 2, 2, std::uint64_t, skew>(r);
    check<int, 512, 1, 1, 2, int, skew>(r);
    check<std::int16_t, 256, 1, 1, 9, std::int16_t, minus<std::int16_t>>(r);
  });
}
