// WarpExchange: BlockedToStriped, StripedToBlocked (into another array, in place, into another type)
// and ScatterToStriped (both forms, random permutations of the ranks), through shared memory at every
// power-of-two logical width with 1 to 7 items per thread and at widths that are not powers of two,
// and by shuffles at every square shape, on 1- to 8-byte integers, float, double and a 12-byte struct;
// in blocks with full and partial last warps (where the logical warps that the block's end cuts short
// do not call), every logical warp exchanging its own items at once and calling several times in a
// row on one TempStorage. Expectations come from the definitions of the
// arrangements, computed here.
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/reference/groups.hpp>
#include <xcub/warp/warp_exchange.hpp>

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace arch = xcub::arch;

namespace ref = xcub::reference;
using xcub_test::is_pow2;
using xcub_test::max_block_threads;
using xcub_test::pow2_widths;

namespace {
constexpr unsigned WT = xcub_test::warp_lanes;

using xcub_test::rec12;

// What the kernel writes: one block of ITEMS_PER_THREAD items per thread and channel.
enum channel : int {
  c_b2s,              // BlockedToStriped(x, y)
  c_s2b_in_place,     // StripedToBlocked(z, z)
  c_b2s_again,        // BlockedToStriped(z, z) right after, on the same TempStorage (back to x's striped form)
  c_scatter,          // ScatterToStriped(x, y, ranks)            (shared memory only)
  c_scatter_in_place, // ScatterToStriped(z, ranks)               (shared memory only)
  channels
};
const char* const channel_names[channels] = {"BlockedToStriped", "StripedToBlocked in place",
                                             "BlockedToStriped in place, again", "ScatterToStriped",
                                             "ScatterToStriped in place"};

template <class T, class OutT, int IPT, int W, xcub::WarpExchangeAlgorithm ALG, class RankT>
XCUB_KERNEL void exchange_kernel(const T* in, const RankT* ranks, OutT* out, unsigned long long n) {
  using exchange_t = xcub::WarpExchange<T, IPT, W, ALG>;
  using storage_t = typename exchange_t::TempStorage[max_block_threads / W];
  XCUB_SHARED(storage_t, storage);
  const unsigned tid = arch::linear_thread_id();
  if (!is_pow2(W) && arch::lane_id() >= static_cast<unsigned>(W)) return;
  const unsigned first = is_pow2(W) ? tid / W * W : tid - arch::lane_id();  // the logical warp's lane 0
  if (first + W > arch::block_threads()) return;  // cut short by the block's end: must not call
  typename exchange_t::TempStorage& temp = storage[is_pow2(W) ? tid / W : arch::warp_id()];
  const unsigned long long gid = arch::linear_block_id() * arch::block_threads() + tid;
  T x[IPT], z[IPT];
  RankT r[IPT];
  for (int i = 0; i < IPT; ++i) {
    x[i] = z[i] = in[gid * IPT + i];
    r[i] = ranks[gid * IPT + i];
  }
  const auto put = [&](int c, const auto& v) {
    for (int i = 0; i < IPT; ++i) out[(c * n + gid) * IPT + i] = v[i];
  };
  OutT y[IPT];
  exchange_t(temp).BlockedToStriped(x, y);
  put(c_b2s, y);
  exchange_t(temp).StripedToBlocked(z, z);
  put(c_s2b_in_place, z);
  exchange_t(temp).BlockedToStriped(z, z);
  put(c_b2s_again, z);
  if constexpr (ALG == xcub::WARP_EXCHANGE_SMEM) {
    exchange_t(temp).ScatterToStriped(x, y, r);
    put(c_scatter, y);
    for (int i = 0; i < IPT; ++i) z[i] = x[i];
    exchange_t(temp).ScatterToStriped(z, r);
    put(c_scatter_in_place, z);
  }
}

template <class T, class OutT, class RankT>
using kernel_t = void (*)(const T*, const RankT*, OutT*, unsigned long long);

template <class T>
T draw(std::mt19937_64& rng) {
  return xcub_test::random_value<T>(rng);
}

/// Launches `kernel` (exchange_kernel<T, OutT, IPT, W, ...>) and checks every channel against the
/// arrangements' definitions.
template <class T, class OutT, class RankT>
void check_exchange(kernel_t<T, OutT, RankT> kernel, const unsigned IPT, const unsigned W, bool smem, xcub::dim3 grid,
                    xcub::dim3 block, std::mt19937_64& rng) {
  const unsigned threads = block.x * block.y * block.z;
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads;
  REQUIRE(threads <= max_block_threads);
  CAPTURE(W);
  CAPTURE(IPT);
  CAPTURE(threads);
  const unsigned tile = W * IPT;

  std::vector<T> in(n * IPT);
  for (auto& v : in) v = draw<T>(rng);
  std::vector<RankT> ranks(n * IPT, RankT{0});
  std::vector<OutT> want(channels * n * IPT);
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(OutT));  // outputs nobody writes

  for (std::size_t blk = 0; blk < blocks; ++blk) {
    for (const ref::logical_warp& lw : ref::whole_logical_warps(threads, W, WT)) {  // those that call
      const std::size_t base = blk * threads + lw.first;  // the logical warp's lane 0
      // item i of lane l (of the logical warp) as the kernel holds it before any exchange
      const auto held = [&](unsigned l, unsigned i) -> const T& { return in[(base + l) * IPT + i]; };
      const auto set = [&](int c, unsigned l, unsigned i, const T& v) {
        want[(c * n + base + l) * IPT + i] = static_cast<OutT>(v);
      };
      // a random permutation of the tile positions as ranks
      std::vector<unsigned> perm(tile);
      std::iota(perm.begin(), perm.end(), 0u);
      std::shuffle(perm.begin(), perm.end(), rng);
      std::vector<const T*> scattered(tile);  // the item ranked at each tile position
      for (unsigned l = 0; l < W; ++l) {
        for (unsigned i = 0; i < IPT; ++i) {
          const unsigned rank = perm[l * IPT + i];
          ranks[(base + l) * IPT + i] = static_cast<RankT>(rank);
          scattered[rank] = &held(l, i);
        }
      }
      // the item at tile position p when the lanes' items are blocked / striped
      const auto blocked_at = [&](unsigned p) -> const T& { return held(p / IPT, p % IPT); };
      const auto striped_at = [&](unsigned p) -> const T& { return held(p % W, p / W); };
      for (unsigned l = 0; l < W; ++l) {
        for (unsigned i = 0; i < IPT; ++i) {
          set(c_b2s, l, i, blocked_at(i * W + l));             // lane l's striped item i: position i*W + l
          set(c_s2b_in_place, l, i, striped_at(l * IPT + i));  // lane l's blocked item i: position l*IPT + i
          set(c_b2s_again, l, i, held(l, i));                  // BlockedToStriped undoes StripedToBlocked
          if (smem) {
            set(c_scatter, l, i, *scattered[i * W + l]);
            set(c_scatter_in_place, l, i, *scattered[i * W + l]);
          }
        }
      }
    }
  }

  xcub::device_buffer<T> d_in(in);
  xcub::device_buffer<RankT> d_ranks(ranks);
  xcub::device_buffer<OutT> d_out(want.size());
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, kernel, d_in.data(), d_ranks.data(), d_out.data(),
                             static_cast<unsigned long long>(n));
  const auto got = d_out.download();
  const std::size_t per_channel = n * IPT;
  for (int c = 0; c < channels; ++c) {
    xcub_test::check_equal(std::vector<OutT>(got.begin() + c * per_channel, got.begin() + (c + 1) * per_channel),
                           std::vector<OutT>(want.begin() + c * per_channel, want.begin() + (c + 1) * per_channel),
                           std::string(channel_names[c]) + ", logical warp " + std::to_string(W) + ", " +
                               std::to_string(IPT) + " items per thread" + (smem ? " (smem)" : " (shuffle)"));
  }
}

/// Blocks: a partial last warp (100 threads: 3 warps and 4 lanes at 32, 1 and 36 at 64), two full
/// warps in a 2D block, and 42 threads in a 3D block (one partial warp), two blocks of it.
template <class T, class OutT, int IPT, int W, xcub::WarpExchangeAlgorithm ALG, class RankT>
void check_shape(std::mt19937_64& rng) {
  const kernel_t<T, OutT, RankT> kernel = exchange_kernel<T, OutT, IPT, W, ALG, RankT>;
  const bool smem = ALG == xcub::WARP_EXCHANGE_SMEM;
  check_exchange<T, OutT, RankT>(kernel, IPT, W, smem, xcub::dim3(2), xcub::dim3(100), rng);
  check_exchange<T, OutT, RankT>(kernel, IPT, W, smem, xcub::dim3(1), xcub::dim3(WT, 2), rng);
  check_exchange<T, OutT, RankT>(kernel, IPT, W, smem, xcub::dim3(1, 2), xcub::dim3(7, 3, 2), rng);
}

/// Shared memory, every IPT in IPTs at every width in Ws.
template <class T, int... IPTs, int... Ws>
void check_smem_grid(const char* name, std::integer_sequence<int, IPTs...>, std::integer_sequence<int, Ws...>) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    const auto at_width = [&](auto w) {
      (check_shape<T, T, IPTs, decltype(w)::value, xcub::WARP_EXCHANGE_SMEM, int>(r), ...);
    };
    (at_width(std::integral_constant<int, Ws>{}), ...);
  });
}

/// Shuffles, the square shapes W x W for every W in Ws.
template <class T, int... Ws>
void check_shuffle_grid(const char* name, std::integer_sequence<int, Ws...>) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    (check_shape<T, T, Ws, Ws, xcub::WARP_EXCHANGE_SHUFFLE, int>(r), ...);
  });
}

using all_ipts = std::integer_sequence<int, 1, 2, 3, 4, 7>;
}  // namespace

TEST_CASE("warp exchange smem: every power-of-two logical width, 1 to 7 items per thread, int32") {
  XCUB_TEST_CONTEXT();
  check_smem_grid<std::int32_t>("warp exchange smem pow2", all_ipts{}, pow2_widths{});
}

TEST_CASE("warp exchange smem: logical widths that are not powers of two") {
  XCUB_TEST_CONTEXT();
  check_smem_grid<std::int32_t>("warp exchange smem other widths", std::integer_sequence<int, 1, 4, 7>{},
                                std::integer_sequence<int, 3, 12, arch::warp_threads - 1>{});
}

TEST_CASE_TEMPLATE("warp exchange smem: every type", T, std::int8_t, std::uint16_t, std::int64_t, float, double,
                   rec12) {
  XCUB_TEST_CONTEXT();
  check_smem_grid<T>("warp exchange smem types", std::integer_sequence<int, 3, 4>{},
                     std::integer_sequence<int, 5, 8, arch::warp_threads>{});
}

TEST_CASE("warp exchange smem: bank padding with 8 and 16 items per thread, and 16-bit ranks") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp exchange smem padding");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    check_shape<std::int32_t, std::int32_t, 8, WT, xcub::WARP_EXCHANGE_SMEM, std::uint16_t>(r);
    check_shape<double, double, 16, WT, xcub::WARP_EXCHANGE_SMEM, std::int16_t>(r);
    check_shape<float, float, 6, WT / 2, xcub::WARP_EXCHANGE_SMEM, std::int64_t>(r);
  });
}

TEST_CASE("warp exchange: output of another type") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("warp exchange convert");
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    check_shape<std::int16_t, std::int64_t, 3, WT, xcub::WARP_EXCHANGE_SMEM, int>(r);
    check_shape<float, double, 2, 6, xcub::WARP_EXCHANGE_SMEM, int>(r);
    check_shape<std::int32_t, double, 8, 8, xcub::WARP_EXCHANGE_SHUFFLE, int>(r);
  });
}

TEST_CASE("warp exchange shuffle: every square shape, int32") {
  XCUB_TEST_CONTEXT();
  check_shuffle_grid<std::int32_t>("warp exchange shuffle", pow2_widths{});
}

TEST_CASE_TEMPLATE("warp exchange shuffle: every type", T, std::int8_t, std::uint16_t, std::int64_t, float, double,
                   rec12) {
  XCUB_TEST_CONTEXT();
  check_shuffle_grid<T>("warp exchange shuffle types", std::integer_sequence<int, 4, 8>{});
}
