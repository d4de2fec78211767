// WarpLoad and WarpStore: every algorithm (DIRECT, STRIPED, VECTORIZE, TRANSPOSE), full tiles and
// partial ones (valid_items 0, 1, random, one short, full, past the tile), with and without
// oob_default, at every power-of-two logical width and at widths that are not powers of two, with 1 to
// 7 items per thread, on 1- to 8-byte integers, float, double and a 12-byte struct; through pointers
// (aligned and misaligned for the vector words), CountingInputIterator, TransformInputIterator,
// CacheModifiedInputIterator, TransformOutputIterator, DiscardOutputIterator and
// CacheModifiedOutputIterator. Every logical warp of several blocks loads and stores its own tile at
// once, in blocks with full and partial last warps (where a logical warp cut short by the block's
// end calls the DIRECT, STRIPED and VECTORIZE forms with the lanes it has). Expectations come from the
// definitions of the arrangements, computed here.
#include "iterator_sources.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/reference/groups.hpp>
#include <xcub/warp/warp_load.hpp>
#include <xcub/warp/warp_store.hpp>

#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>

namespace arch = xcub::arch;

namespace ref = xcub::reference;
using xcub_test::is_pow2;
using xcub_test::max_block_threads;
using xcub_test::pow2_widths;

namespace {
constexpr unsigned WT = xcub_test::warp_lanes;

using xcub_test::rec12;

// The algorithms, one number for both classes (their enumerators are in the same order).
enum alg : int { direct, striped, vectorize, transpose };
static_assert(int(xcub::WARP_LOAD_TRANSPOSE) == transpose && int(xcub::WARP_STORE_TRANSPOSE) == transpose &&
              int(xcub::WARP_LOAD_VECTORIZE) == vectorize && int(xcub::WARP_STORE_STRIPED) == striped);
const char* const alg_names[] = {"DIRECT", "STRIPED", "VECTORIZE", "TRANSPOSE"};

// What the kernel writes per thread: the items of each load.
enum channel : int { c_full, c_partial, c_oob, c_full_again, channels };
const char* const channel_names[channels] = {"Load(it, items)", "Load(it, items, valid_items)",
                                             "Load(it, items, valid_items, oob_default)",
                                             "Load(it, items) again (default-constructed where TempStorage is empty)"};

/// The kernel's count of logical warps in a block (whole or cut short: one tile each); the host side
/// takes the oracle's, xcub/reference/groups.hpp.
XCUB_HOST_DEVICE inline unsigned warps_per_block(unsigned threads, unsigned w) {
  return is_pow2(w) ? (threads + w - 1) / w : (threads + WT - 1) / WT;
}

// Each logical warp loads its tile four ways into registers (dumped to `regs_out`) and stores the
// items that `regs_in` gives its lanes twice, whole and partially. One TempStorage serves the loads
// and the stores (TRANSPOSE: the same WarpExchange storage), with no barrier in between; where it is
// empty, the last load and the whole store use default-constructed objects instead.
template <class T, int IPT, int W, int ALG, class InIt, class OutIt>
XCUB_KERNEL void load_store_kernel(InIt in, const int* valid, T oob, const T* regs_in, T* regs_out, OutIt out_full,
                                   OutIt out_part, unsigned long long n) {
  using load_t = xcub::WarpLoad<T, IPT, xcub::WarpLoadAlgorithm(ALG), W>;
  using store_t = xcub::WarpStore<T, IPT, xcub::WarpStoreAlgorithm(ALG), W>;
  static_assert(std::is_same_v<typename load_t::TempStorage, typename store_t::TempStorage>);
  static_assert(std::is_empty_v<typename load_t::TempStorage> == (ALG != transpose));
  using storage_t = typename load_t::TempStorage[max_block_threads / W];
  XCUB_SHARED(storage_t, storage);
  const unsigned tid = arch::linear_thread_id(), threads = arch::block_threads();
  if (!is_pow2(W) && arch::lane_id() >= static_cast<unsigned>(W)) return;
  const unsigned first = is_pow2(W) ? tid / W * W : tid - arch::lane_id();
  if (ALG == transpose && first + W > threads) return;  // exchanges need every lane of the logical warp
  const unsigned local = is_pow2(W) ? tid / W : arch::warp_id();
  typename load_t::TempStorage& temp = storage[local];
  const unsigned long long k = arch::linear_block_id() * warps_per_block(threads, W) + local;  // the tile
  const unsigned long long tile = k * IPT * W, gid = arch::linear_block_id() * threads + tid;
  const auto put = [&](int c, const T (&v)[IPT]) {
    for (int i = 0; i < IPT; ++i) regs_out[(c * n + gid) * IPT + i] = v[i];
  };
  T x[IPT], a[IPT];
  for (int i = 0; i < IPT; ++i) x[i] = regs_in[gid * IPT + i];

  load_t(temp).Load(in + tile, a);
  put(c_full, a);
  for (int i = 0; i < IPT; ++i) a[i] = x[i];
  load_t(temp).Load(in + tile, a, valid[k]);
  put(c_partial, a);
  for (int i = 0; i < IPT; ++i) a[i] = x[i];
  load_t(temp).Load(in + tile, a, valid[k], oob);
  put(c_oob, a);
  store_t(temp).Store(out_part + tile, x, valid[k]);
  if constexpr (ALG == transpose) {
    load_t(temp).Load(in + tile, a);
    store_t(temp).Store(out_full + tile, x);
  } else {
    load_t().Load(in + tile, a);
    store_t().Store(out_full + tile, x);
  }
  put(c_full_again, a);
}

// Where the loads read and the stores write: tests/support/iterator_sources.hpp.
using namespace xcub_test::io;

template <class T, class Source, class Sink>
using kernel_t = void (*)(typename Source::iterator, const int*, T, const T*, T*, typename Sink::iterator,
                          typename Sink::iterator, unsigned long long);

/// Launches `kernel` (load_store_kernel<T, IPT, W, ALG, ...>) on `grid` x `block` and checks every load
/// channel and both stores against the arrangements' definitions.
template <class T, class Source, class Sink>
void check_load_store(kernel_t<T, Source, Sink> kernel, const unsigned IPT, const unsigned W, const int ALG,
                      Source& source, Sink& sink, xcub::dim3 grid, xcub::dim3 block, std::mt19937_64& rng) {
  const unsigned threads = block.x * block.y * block.z, tile = W * IPT;
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads;
  const std::vector<ref::logical_warp> lwarps = ref::logical_warps(threads, W, WT);  // whole or cut short
  const std::size_t per_block = lwarps.size(), tiles = blocks * per_block;
  REQUIRE(threads <= max_block_threads);
  CAPTURE(W);
  CAPTURE(IPT);
  CAPTURE(threads);
  INFO("algorithm " << alg_names[ALG]);

  source.prepare(tiles * tile, rng);
  sink.prepare(tiles * tile);
  const std::vector<int> valid = draw_valid(tiles, tile, rng);
  const std::vector<T> regs_in = xcub_test::random_vector<T>(n * IPT, rng);
  const T oob = xcub_test::random_value<T>(rng);

  std::vector<T> want(channels * n * IPT), want_full, want_part;
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(T));  // outputs nobody writes
  std::vector<bool> unspecified(want.size(), false);
  if constexpr (Sink::has_memory) {
    want_full = want_part = sink.full.download();  // all 0xFF bytes
  }
  for (std::size_t blk = 0; blk < blocks; ++blk) {
    for (const ref::logical_warp& lw : lwarps) {
      const unsigned first = lw.first, count = lw.lanes;  // the logical warp's lane 0, its lanes that exist
      if (ALG == transpose && !lw.whole()) continue;      // not called: exchanges need every lane
      const std::size_t k = blk * per_block + lw.index, base = k * tile;
      for (unsigned l = 0; l < count; ++l) {
        const std::size_t gid = blk * threads + first + l;
        for (unsigned i = 0; i < IPT; ++i) {
          const unsigned p = ALG == striped ? i * W + l : l * IPT + i;  // lane l's item i: this tile position
          const int v = valid[k];
          const auto r = [&](int c) { return (c * n + gid) * IPT + i; };
          want[r(c_full)] = want[r(c_full_again)] = source.at(base + p);
          want[r(c_partial)] = static_cast<int>(p) < v ? source.at(base + p) : regs_in[gid * IPT + i];
          unspecified[r(c_partial)] = static_cast<int>(p) >= v && ALG == transpose;  // moved by the exchange
          want[r(c_oob)] = static_cast<int>(p) < v ? source.at(base + p) : oob;
          if constexpr (Sink::has_memory) {
            want_full[sink.offset + base + p] = sink.stored(regs_in[gid * IPT + i]);
            if (static_cast<int>(p) < v) want_part[sink.offset + base + p] = sink.stored(regs_in[gid * IPT + i]);
          }
        }
      }
    }
  }

  xcub::device_buffer<int> d_valid(valid);
  xcub::device_buffer<T> d_regs_in(regs_in), d_regs_out(want.size());
  d_regs_out.fill_bytes(0xFF);
  typename Sink::iterator out_full{}, out_part{};
  if constexpr (Sink::has_memory) {
    out_full = sink.wrap(sink.full.data() + sink.offset);
    out_part = sink.wrap(sink.part.data() + sink.offset);
  }
  xcub_test::launch_and_wait(grid, block, 0, kernel, source.begin(), d_valid.data(), oob, d_regs_in.data(),
                             d_regs_out.data(), out_full, out_part, static_cast<unsigned long long>(n));

  const auto got = d_regs_out.download();
  for (std::size_t j = 0; j < want.size(); ++j) {
    if (unspecified[j]) want[j] = got[j];
  }
  const std::size_t per_channel = n * IPT;
  const std::string where = std::string(", ") + alg_names[ALG] + ", logical warp " + std::to_string(W) + ", " +
                            std::to_string(IPT) + " items per thread";
  for (int c = 0; c < channels; ++c) {
    xcub_test::check_equal(std::vector<T>(got.begin() + c * per_channel, got.begin() + (c + 1) * per_channel),
                           std::vector<T>(want.begin() + c * per_channel, want.begin() + (c + 1) * per_channel),
                           channel_names[c] + where);
  }
  if constexpr (Sink::has_memory) {
    xcub_test::check_equal(sink.full.download(), want_full, "Store(it, items)" + where);
    xcub_test::check_equal(sink.part.download(), want_part, "Store(it, items, valid_items)" + where);
  }
}

/// Blocks: a partial last warp (100 threads: 3 warps and 4 lanes at 32, 1 and 36 at 64), two full
/// warps in a 2D block, and 42 threads in a 3D block (one partial warp), two blocks of it.
template <class T, int IPT, int W, int ALG, class Source, class Sink>
void check_blocks(Source& source, Sink& sink, std::mt19937_64& rng) {
  const kernel_t<T, Source, Sink> kernel =
      load_store_kernel<T, IPT, W, ALG, typename Source::iterator, typename Sink::iterator>;
  check_load_store<T>(kernel, IPT, W, ALG, source, sink, xcub::dim3(2), xcub::dim3(100), rng);
  check_load_store<T>(kernel, IPT, W, ALG, source, sink, xcub::dim3(1), xcub::dim3(WT, 2), rng);
  check_load_store<T>(kernel, IPT, W, ALG, source, sink, xcub::dim3(1, 2), xcub::dim3(7, 3, 2), rng);
}

/// Every algorithm, through pointers (`offset` items into their allocations).
template <class T, int IPT, int W>
void check_pointers(std::mt19937_64& rng, unsigned in_offset = 0, unsigned out_offset = 0) {
  pointer_source<T> source;
  pointer_sink<T> sink;
  source.offset = in_offset;
  sink.offset = out_offset;
  check_blocks<T, IPT, W, direct>(source, sink, rng);
  check_blocks<T, IPT, W, striped>(source, sink, rng);
  check_blocks<T, IPT, W, vectorize>(source, sink, rng);
  check_blocks<T, IPT, W, transpose>(source, sink, rng);
}

template <class T, int... IPTs, int... Ws>
void check_pointer_grid(const char* name, std::integer_sequence<int, IPTs...>, std::integer_sequence<int, Ws...>) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    const auto at_width = [&](auto w) { (check_pointers<T, IPTs, decltype(w)::value>(r), ...); };
    (at_width(std::integral_constant<int, Ws>{}), ...);
  });
}

/// Every algorithm through `Source` and `Sink`.
template <class T, int IPT, int W, class Source, class Sink>
void check_iterators(std::mt19937_64& rng) {
  Source source;
  Sink sink;
  check_blocks<T, IPT, W, direct>(source, sink, rng);
  check_blocks<T, IPT, W, striped>(source, sink, rng);
  check_blocks<T, IPT, W, vectorize>(source, sink, rng);
  check_blocks<T, IPT, W, transpose>(source, sink, rng);
}

}  // namespace

TEST_CASE("warp load/store: every algorithm at every power-of-two logical width, int32") {
  XCUB_TEST_CONTEXT();
  check_pointer_grid<std::int32_t>("warp load store pow2", std::integer_sequence<int, 4>{}, pow2_widths{});
}

TEST_CASE("warp load/store: every algorithm with 1, 2, 3 and 7 items per thread, and widths that are not powers "
          "of two") {
  XCUB_TEST_CONTEXT();
  check_pointer_grid<std::int32_t>("warp load store items", std::integer_sequence<int, 1, 2, 3, 7>{},
                                   std::integer_sequence<int, 8>{});
  check_pointer_grid<std::int32_t>("warp load store other widths", std::integer_sequence<int, 4>{},
                                   std::integer_sequence<int, 3, arch::warp_threads - 1>{});
}

TEST_CASE("warp load/store: every type (vector words of 2 to 16 bytes)") {
  XCUB_TEST_CONTEXT();
  check_pointer_grid<std::int8_t>("warp load store int8", std::integer_sequence<int, 8, 3>{},
                                  std::integer_sequence<int, 4>{});
  check_pointer_grid<std::uint16_t>("warp load store uint16", std::integer_sequence<int, 4>{},
                                    std::integer_sequence<int, 8>{});
  check_pointer_grid<std::int64_t>("warp load store int64", std::integer_sequence<int, 2>{},
                                   std::integer_sequence<int, arch::warp_threads>{});
  check_pointer_grid<float>("warp load store float", std::integer_sequence<int, 4>{}, std::integer_sequence<int, 16>{});
  check_pointer_grid<double>("warp load store double", std::integer_sequence<int, 3>{},
                             std::integer_sequence<int, 2>{});
  check_pointer_grid<rec12>("warp load store struct", std::integer_sequence<int, 4>{}, std::integer_sequence<int, 8>{});
}

TEST_CASE("warp load/store: misaligned pointers (VECTORIZE falls back to item-wise access)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp load store misaligned");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    check_pointers<std::int32_t, 4, WT>(r, 1, 0);
    check_pointers<std::int32_t, 4, WT>(r, 0, 3);
    check_pointers<std::int32_t, 4, WT>(r, 2, 1);
    check_pointers<rec12, 4, 8>(r, 1, 1);  // 12-byte items: 4 of them are three 16-byte words
  });
}

TEST_CASE("warp load/store: fancy iterators") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp load store iterators");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    using i32 = std::int32_t;
    check_iterators<i32, 4, WT / 2, counting_source<i32>, transform_sink<i32>>(r);
    check_iterators<float, 3, WT, transform_source<float>, discard_sink>(r);
    check_iterators<i32, 4, 4, cache_modified_source<i32, xcub::LOAD_LDG>,
                    cache_modified_sink<i32, xcub::STORE_CG>>(r);
    check_iterators<double, 2, 8, cache_modified_source<double, xcub::LOAD_CG>, transform_sink<double>>(r);
    using i64 = std::int64_t;
    check_iterators<i64, 2, 16, counting_source<i64>, cache_modified_sink<i64, xcub::STORE_CS>>(r);
  });
}

TEST_CASE("warp load/store: non-const pointer input") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp load store mutable");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    check_iterators<std::uint16_t, 6, 8, pointer_source<std::uint16_t, true>, pointer_sink<std::uint16_t>>(r);
  });
}
