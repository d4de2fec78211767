// BlockShuffle: every method and overload against the index maps of xcub/reference/shuffle.hpp,
// with outputs preset to random values so that the ones CUB leaves unchanged are checked too.
// Offset at distances 1 (the default argument), 0, -1, 5, -(threads - 1), threads and
// -(threads + 3) (no source: nothing changes) and a random one; Rotate at 1 (default), 0,
// threads - 1, a random one below threads and threads + 2 (wraps); Up and Down with and without
// the block suffix / prefix, into another array and in place. Configurations cover 1D blocks with
// full and partial last warps (1, 32, 33, 64, 96, 100, 130, 256, 512, 1024 threads), a 2D and a 3D
// block, 1 to 16 items per thread, every integer width, float, double and rec12. The TempStorage
// sits in a union with another use of the same shared memory, reused after a barrier; one call uses
// private storage.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_shuffle.hpp>
#include <xcub/reference/shuffle.hpp>

#include <algorithm>
#include <string>

namespace arch = xcub::arch;
using xcub_test::rec12;

namespace {

constexpr int offset_calls = 8, rotate_calls = 5;
// Per-thread outputs of the tile methods.
enum tile_channel : int { c_up, c_up_sfx, c_down, c_down_pfx, c_up_inplace, c_down_inplace, tile_channels };
const char* const tile_channel_names[tile_channels] = {"Up", "Up+block_suffix", "Down", "Down+block_prefix",
                                                       "Up in place", "Down in place"};

template <class T, int BX, int BY, int BZ, int IPT>
XCUB_KERNEL void shuffle_kernel(const T* items_in, const T* items_keep, const int* offsets, const unsigned* rotations,
                                T* items_out, const T* tile_in, const T* tile_keep, T* tile_out, T* fixes, int* probe) {
  using shuffle_t = xcub::BlockShuffle<T, BX, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  union shared_t {
    typename shuffle_t::TempStorage shuffle;
    unsigned char other[threads + 3];
  };
  XCUB_SHARED(shared_t, smem);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned blk = arch::linear_block_id(), blocks = arch::grid_dim().x;
  smem.other[rank] = static_cast<unsigned char>(rank * 7 + 1);
  arch::sync_threads();
  probe[blk * threads + rank] = smem.other[(rank + 2) % threads];
  arch::sync_threads();

  shuffle_t shuffle(smem.shuffle);
  const long long me = static_cast<long long>(blk) * threads + rank;
  const T x = items_in[me];
  const auto item_at = [&](int call) -> T& {
    return items_out[(static_cast<long long>(call) * blocks + blk) * threads + rank];
  };
  for (int k = 0; k < offset_calls + rotate_calls; ++k) item_at(k) = items_keep[me];
  shuffle.Offset(x, item_at(0));  // distance 1 by default
  for (int k = 1; k < offset_calls; ++k) {
    arch::sync_threads();
    shuffle.Offset(x, item_at(k), offsets[k]);
  }
  arch::sync_threads();
  xcub::BlockShuffle<T, BX, BY, BZ>().Rotate(x, item_at(offset_calls));  // private storage, distance 1
  for (int k = 1; k < rotate_calls; ++k) {
    arch::sync_threads();
    shuffle.Rotate(x, item_at(offset_calls + k), rotations[k]);
  }

  T in[IPT], keep[IPT], out[IPT];
  for (int i = 0; i < IPT; ++i) in[i] = tile_in[blk * tile + rank * IPT + i], keep[i] = tile_keep[blk * tile + rank * IPT + i];
  const auto put = [&](int c, const T (&v)[IPT]) {
    for (int i = 0; i < IPT; ++i) tile_out[(static_cast<long long>(c) * blocks + blk) * tile + rank * IPT + i] = v[i];
  };
  const auto reset = [&] {
    for (int i = 0; i < IPT; ++i) out[i] = keep[i];
  };
  T fix;
  arch::sync_threads();
  reset(), shuffle.Up(in, out), put(c_up, out);
  arch::sync_threads();
  reset(), shuffle.Up(in, out, fix), put(c_up_sfx, out);
  fixes[2 * me] = fix;
  arch::sync_threads();
  reset(), shuffle.Down(in, out), put(c_down, out);
  arch::sync_threads();
  reset(), shuffle.Down(in, out, fix), put(c_down_pfx, out);
  fixes[2 * me + 1] = fix;
  T a[IPT];
  for (int i = 0; i < IPT; ++i) a[i] = in[i];
  arch::sync_threads();
  shuffle.Up(a, a), put(c_up_inplace, a);
  for (int i = 0; i < IPT; ++i) a[i] = in[i];
  arch::sync_threads();
  shuffle.Down(a, a), put(c_down_inplace, a);
}

template <class T, int BX, int BY, int BZ, int IPT>
void check(std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, tile = threads * IPT;
  constexpr unsigned blocks = 3;
  CAPTURE(threads);
  CAPTURE(BX);
  CAPTURE(BY);
  CAPTURE(BZ);
  CAPTURE(IPT);
  const std::vector<int> offsets = {1, 0, -1, 5, -(threads - 1), threads, -(threads + 3),
                                    static_cast<int>(rng() % (2 * threads + 1)) - threads};
  const std::vector<unsigned> rotations = {1, 0, threads - 1, static_cast<unsigned>(rng() % threads), threads + 2};
  REQUIRE(offsets.size() == offset_calls);
  REQUIRE(rotations.size() == rotate_calls);
  const std::size_t n = std::size_t{blocks} * threads, nt = std::size_t{blocks} * tile;
  const auto items_in = xcub_test::random_vector<T>(n, rng), items_keep = xcub_test::random_vector<T>(n, rng);
  const auto tile_in = xcub_test::random_vector<T>(nt, rng), tile_keep = xcub_test::random_vector<T>(nt, rng);

  std::vector<T> want_items((offset_calls + rotate_calls) * n), want_tiles(tile_channels * nt), want_fixes(2 * n);
  for (unsigned b = 0; b < blocks; ++b) {
    const auto part = [&](const std::vector<T>& v, std::size_t len) {
      return std::vector<T>(v.begin() + b * len, v.begin() + (b + 1) * len);
    };
    const auto in = part(items_in, threads), keep = part(items_keep, threads);
    const auto put_items = [&](int call, const std::vector<T>& v) {
      std::copy(v.begin(), v.end(), want_items.begin() + (std::size_t{static_cast<unsigned>(call)} * blocks + b) * threads);
    };
    for (int k = 0; k < offset_calls; ++k) put_items(k, xcub::reference::shuffle_offset(in, keep, offsets[k]));
    for (int k = 0; k < rotate_calls; ++k) {
      put_items(offset_calls + k, xcub::reference::shuffle_rotate(in, rotations[k] % threads));
    }
    const auto tin = part(tile_in, tile), tkeep = part(tile_keep, tile);
    const auto put_tile = [&](int c, const std::vector<T>& v) {
      std::copy(v.begin(), v.end(), want_tiles.begin() + (std::size_t{static_cast<unsigned>(c)} * blocks + b) * tile);
    };
    const auto up = xcub::reference::shuffle_up(tin, tkeep), down = xcub::reference::shuffle_down(tin, tkeep);
    put_tile(c_up, up), put_tile(c_up_sfx, up), put_tile(c_down, down), put_tile(c_down_pfx, down);
    put_tile(c_up_inplace, xcub::reference::shuffle_up(tin, tin));
    put_tile(c_down_inplace, xcub::reference::shuffle_down(tin, tin));
    for (int t = 0; t < threads; ++t) {
      want_fixes[2 * (b * threads + t)] = tin[tile - 1];
      want_fixes[2 * (b * threads + t) + 1] = tin[0];
    }
  }
  std::vector<int> want_probe(n);
  for (std::size_t i = 0; i < n; ++i) want_probe[i] = static_cast<unsigned char>((i % threads + 2) % threads * 7 + 1);

  xcub::device_buffer<T> d_items_in(items_in), d_items_keep(items_keep), d_items_out(want_items.size());
  xcub::device_buffer<T> d_tile_in(tile_in), d_tile_keep(tile_keep), d_tile_out(want_tiles.size()), d_fixes(2 * n);
  xcub::device_buffer<int> d_offsets(offsets), d_probe(n);
  xcub::device_buffer<unsigned> d_rotations(rotations);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0, shuffle_kernel<T, BX, BY, BZ, IPT>,
                             d_items_in.data(), d_items_keep.data(), d_offsets.data(), d_rotations.data(),
                             d_items_out.data(), d_tile_in.data(), d_tile_keep.data(), d_tile_out.data(),
                             d_fixes.data(), d_probe.data());
  const auto got_items = d_items_out.download();
  for (int k = 0; k < offset_calls + rotate_calls; ++k) {
    const bool is_offset = k < offset_calls;
    const std::string what = is_offset ? "Offset by " + std::to_string(offsets[k])
                                       : "Rotate by " + std::to_string(rotations[k - offset_calls]);
    xcub_test::check_equal(std::vector<T>(got_items.begin() + k * n, got_items.begin() + (k + 1) * n),
                           std::vector<T>(want_items.begin() + k * n, want_items.begin() + (k + 1) * n), what);
  }
  const auto got_tiles = d_tile_out.download();
  for (int c = 0; c < tile_channels; ++c) {
    xcub_test::check_equal(std::vector<T>(got_tiles.begin() + c * nt, got_tiles.begin() + (c + 1) * nt),
                           std::vector<T>(want_tiles.begin() + c * nt, want_tiles.begin() + (c + 1) * nt),
                           tile_channel_names[c]);
  }
  xcub_test::check_equal(d_fixes.download(), want_fixes, "block_suffix / block_prefix");
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

}  // namespace

TEST_CASE("BlockShuffle: 1D blocks, full and partial warps, integer types") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockShuffle 1D ints");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<int, 128, 1, 1, 4>(r);
    check<std::int8_t, 33, 1, 1, 1>(r);
    check<std::int16_t, 100, 1, 1, 3>(r);
    check<std::int64_t, 32, 1, 1, 11>(r);
    check<std::uint64_t, 130, 1, 1, 2>(r);
    check<int, 1, 1, 1, 3>(r);  // one thread
  });
}

TEST_CASE("BlockShuffle: large blocks, 2D and 3D shapes, floating point and rec12") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("BlockShuffle shapes");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    check<float, 64, 1, 1, 5>(r);
    check<double, 1024, 1, 1, 1>(r);
    check<rec12, 96, 1, 1, 16>(r);
    check<rec12, 16, 4, 1, 7>(r);
    check<std::uint64_t, 8, 4, 2, 2>(r);
    check<int, 512, 1, 1, 2>(r);
    check<std::int16_t, 256, 1, 1, 9>(r);
  });
}
