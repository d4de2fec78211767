// BlockExchange: every method (striped/blocked, warp-striped/blocked, the four scatters), each in
// its two-array form (input and output of one type or of two) and its one-array in-place form, with
// the whole tile in shared memory and with warp time slicing, padded (8 or 16 items per thread) and
// not, over block sizes with and without a partial last warp (33, 100, 130), 2D and 3D blocks, 1 to
// 16 items per thread, and 1- to 12-byte items. Warp-striped methods run where the block is whole
// warps. Expected values come from the oracle (xcub/reference/exchange.hpp).
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_exchange.hpp>
#include <xcub/reference/exchange.hpp>

#include <algorithm>
#include <numeric>
#include <string>

namespace arch = xcub::arch;
namespace ref = xcub::reference;

namespace {
constexpr int WT = arch::warp_threads;

enum method : int { s2b, b2s, ws2b, b2ws, sc_blocked, sc_striped, sc_guarded, sc_flagged, methods };
const char* const method_names[methods] = {"StripedToBlocked",    "BlockedToStriped", "WarpStripedToBlocked",
                                           "BlockedToWarpStriped", "ScatterToBlocked", "ScatterToStriped",
                                           "ScatterToStripedGuarded", "ScatterToStripedFlagged"};
constexpr unsigned all_methods = (1u << methods) - 1;
constexpr bool warp_striped_method(int m) { return m == ws2b || m == b2ws; }

// Each thread loads its items (and ranks and flags) from `in`, runs method M, writes the result.
// ONE_ARRAY: the in-place form on a default-constructed BlockExchange (private storage).
template <class T, class OutT, int X, int Y, int Z, int IPT, bool SLICED, int M, bool ONE_ARRAY>
XCUB_KERNEL void exchange_kernel(const T* in, const int* ranks, const unsigned char* flags, OutT* out) {
  using ex_t = xcub::BlockExchange<T, X, IPT, SLICED, Y, Z>;
  using storage_t = typename ex_t::TempStorage;
  XCUB_SHARED(storage_t, storage);
  const std::size_t gid = std::size_t{arch::linear_block_id()} * (X * Y * Z) + arch::linear_thread_id();
  T items[IPT];
  int r[IPT];
  bool f[IPT];
  for (int i = 0; i < IPT; ++i) {
    items[i] = in[gid * IPT + i];
    r[i] = ranks[gid * IPT + i];
    f[i] = flags[gid * IPT + i] != 0;
  }
  OutT o[IPT];
  if constexpr (ONE_ARRAY) {
    ex_t ex;
    if constexpr (M == s2b) ex.StripedToBlocked(items);
    else if constexpr (M == b2s) ex.BlockedToStriped(items);
    else if constexpr (M == ws2b) ex.WarpStripedToBlocked(items);
    else if constexpr (M == b2ws) ex.BlockedToWarpStriped(items);
    else if constexpr (M == sc_blocked) ex.ScatterToBlocked(items, r);
    else if constexpr (M == sc_striped) ex.ScatterToStriped(items, r);
    else if constexpr (M == sc_guarded) ex.ScatterToStripedGuarded(items, r);
    else ex.ScatterToStripedFlagged(items, r, f);
    for (int i = 0; i < IPT; ++i) o[i] = items[i];
  } else {
    ex_t ex(storage);
    if constexpr (M == s2b) ex.StripedToBlocked(items, o);
    else if constexpr (M == b2s) ex.BlockedToStriped(items, o);
    else if constexpr (M == ws2b) ex.WarpStripedToBlocked(items, o);
    else if constexpr (M == b2ws) ex.BlockedToWarpStriped(items, o);
    else if constexpr (M == sc_blocked) ex.ScatterToBlocked(items, o, r);
    else if constexpr (M == sc_striped) ex.ScatterToStriped(items, o, r);
    else if constexpr (M == sc_guarded) ex.ScatterToStripedGuarded(items, o, r);
    else ex.ScatterToStripedFlagged(items, o, r, f);
  }
  for (int i = 0; i < IPT; ++i) out[gid * IPT + i] = o[i];
}

/// The oracle's answer for one block's registers; `specified[k]` false where the output is unspecified
/// (a guarded or flagged scatter left its position unwritten).
template <class T>
std::vector<T> expected(int m, const std::vector<T>& regs, const std::vector<int>& ranks, const std::vector<bool>& keep,
                        std::size_t threads, std::size_t ipt, std::vector<bool>& specified) {
  const ref::blocked blk{ipt};
  const ref::striped str{threads};
  const ref::warp_striped wst{ipt, static_cast<std::size_t>(WT)};
  specified.assign(regs.size(), true);
  switch (m) {
    case s2b: return ref::rearrange(regs, threads, ipt, str, blk);
    case b2s: return ref::rearrange(regs, threads, ipt, blk, str);
    case ws2b: return ref::rearrange(regs, threads, ipt, wst, blk);
    case b2ws: return ref::rearrange(regs, threads, ipt, blk, wst);
    default: break;
  }
  const std::size_t tile = threads * ipt;
  const std::vector<T> scattered = ref::scatter(regs, ranks, keep, tile, T{});
  if (m == sc_blocked) return ref::registers_of(scattered, threads, ipt, blk);
  const std::vector<bool> written = ref::scattered_positions(ranks, keep, tile);
  for (std::size_t r = 0; r < threads; ++r)
    for (std::size_t i = 0; i < ipt; ++i) specified[r * ipt + i] = written[str(r, i)];
  return ref::registers_of(scattered, threads, ipt, str);
}

template <class T, class OutT, int X, int Y, int Z, int IPT, bool SLICED, int M, bool ONE_ARRAY>
void check_method(std::mt19937_64& rng) {
  constexpr int threads = X * Y * Z;
  if constexpr (!(warp_striped_method(M) && threads % WT != 0)) {
    constexpr std::size_t blocks = 2, tile = std::size_t{threads} * IPT, n = blocks * tile;
    INFO(method_names[M] << (ONE_ARRAY ? " (one array, private storage)" : "") << ", block " << X << "x" << Y << "x"
                         << Z << ", " << IPT << " items per thread" << (SLICED ? ", time-sliced" : ""));
    const std::vector<T> in = xcub_test::random_vector<T>(n, rng);
    std::vector<int> ranks(n);
    std::vector<unsigned char> flags(n, 1);
    for (std::size_t b = 0; b < blocks; ++b) {
      std::iota(ranks.begin() + b * tile, ranks.begin() + (b + 1) * tile, 0);
      std::shuffle(ranks.begin() + b * tile, ranks.begin() + (b + 1) * tile, rng);
    }
    for (std::size_t k = 0; k < n; ++k) {
      if (M == sc_guarded && rng() % 4 == 0) ranks[k] = -1 - static_cast<int>(rng() % 1000);
      if (M == sc_flagged) flags[k] = static_cast<unsigned char>(rng() % 4 != 0);
    }
    std::vector<OutT> want(n);
    std::vector<bool> specified(n);
    for (std::size_t b = 0; b < blocks; ++b) {
      const auto at = [&](auto& v) { return std::vector(v.begin() + b * tile, v.begin() + (b + 1) * tile); };
      std::vector<bool> keep(tile), spec;
      for (std::size_t k = 0; k < tile; ++k) keep[k] = ranks[b * tile + k] >= 0 && flags[b * tile + k] != 0;
      const std::vector<T> w = expected(M, at(in), at(ranks), keep, threads, IPT, spec);
      for (std::size_t k = 0; k < tile; ++k) {
        want[b * tile + k] = static_cast<OutT>(w[k]);
        specified[b * tile + k] = spec[k];
      }
    }
    xcub::device_buffer<T> d_in(in);
    xcub::device_buffer<int> d_ranks(ranks);
    xcub::device_buffer<unsigned char> d_flags(flags);
    xcub::device_buffer<OutT> d_out(n);
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(X, Y, Z), 0,
                               exchange_kernel<T, OutT, X, Y, Z, IPT, SLICED, M, ONE_ARRAY>, d_in.data(),
                               d_ranks.data(), d_flags.data(), d_out.data());
    std::vector<OutT> got = d_out.download();
    for (std::size_t k = 0; k < n; ++k) {
      if (!specified[k]) got[k] = want[k];
    }
    xcub_test::check_equal(got, want, method_names[M]);
  }
}

template <class T, class OutT, int X, int Y, int Z, int IPT, bool SLICED, bool ONE_ARRAY, unsigned MASK, int M>
void check_if_selected(std::mt19937_64& rng) {
  if constexpr (((MASK >> M) & 1u) != 0) check_method<T, OutT, X, Y, Z, IPT, SLICED, M, ONE_ARRAY>(rng);
}
template <class T, class OutT, int X, int Y, int Z, int IPT, bool SLICED, bool ONE_ARRAY, unsigned MASK, int... Ms>
void check_methods(std::mt19937_64& rng, std::integer_sequence<int, Ms...>) {
  (check_if_selected<T, OutT, X, Y, Z, IPT, SLICED, ONE_ARRAY, MASK, Ms>(rng), ...);
}

/// The methods in MASK, on one shape.
template <class T, class OutT, int X, int Y, int Z, int IPT, bool SLICED, bool ONE_ARRAY = false,
          unsigned MASK = all_methods>
void check_shape(std::mt19937_64& rng) {
  check_methods<T, OutT, X, Y, Z, IPT, SLICED, ONE_ARRAY, MASK>(rng, std::make_integer_sequence<int, methods>{});
}

constexpr unsigned blocked_striped = (1u << s2b) | (1u << b2s);
constexpr unsigned warp_methods = (1u << ws2b) | (1u << b2ws);
constexpr unsigned scatters = (1u << sc_blocked) | (1u << sc_striped) | (1u << sc_guarded) | (1u << sc_flagged);

template <class Check>
void run(const char* name, Check check) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, check);
}
}  // namespace

TEST_CASE("block exchange: every method, whole tile and time-sliced, padded and not (int32)") {
  XCUB_TEST_CONTEXT();
  run("block exchange methods", [](std::mt19937_64& r) {
    check_shape<std::int32_t, std::int32_t, 128, 1, 1, 4, false>(r);
    check_shape<std::int32_t, std::int32_t, 128, 1, 1, 4, true>(r);
    check_shape<std::int32_t, std::int32_t, 256, 1, 1, 8, false>(r);  // padded
    check_shape<std::int32_t, std::int32_t, 256, 1, 1, 16, true>(r);  // padded, sliced
  });
}

TEST_CASE("block exchange: block sizes with partial warps, 2D and 3D, 1 to 16 items per thread") {
  XCUB_TEST_CONTEXT();
  run("block exchange sizes", [](std::mt19937_64& r) {
    using i32 = std::int32_t;
    check_shape<i32, i32, 33, 1, 1, 3, false, false, blocked_striped | scatters>(r);
    check_shape<i32, i32, 100, 1, 1, 5, true, false, blocked_striped | scatters>(r);
    check_shape<i32, i32, 130, 1, 1, 2, false, false, blocked_striped | (1u << sc_guarded)>(r);
    check_shape<i32, i32, 130, 1, 1, 8, true, false, blocked_striped | (1u << sc_flagged)>(r);
    check_shape<i32, i32, 16, 4, 1, 7, false>(r);
    check_shape<i32, i32, 8, 4, 2, 6, true>(r);
    check_shape<i32, i32, 32, 1, 1, 16, false, false, blocked_striped | warp_methods>(r);
    check_shape<i32, i32, 64, 1, 1, 11, true, false, blocked_striped | warp_methods | (1u << sc_blocked)>(r);
    check_shape<i32, i32, 96, 1, 1, 1, true, false, blocked_striped | warp_methods>(r);
    check_shape<i32, i32, 512, 1, 1, 8, true, false, blocked_striped | warp_methods | (1u << sc_striped)>(r);
    check_shape<i32, i32, 1024, 1, 1, 1, false, false, blocked_striped | warp_methods>(r);
    check_shape<i32, i32, 1024, 1, 1, 2, true, false, (1u << b2s) | (1u << ws2b) | (1u << sc_guarded)>(r);
  });
}

TEST_CASE("block exchange: item types from 1 to 12 bytes, and output arrays of another type") {
  XCUB_TEST_CONTEXT();
  run("block exchange types", [](std::mt19937_64& r) {
    check_shape<std::int8_t, std::int8_t, 128, 1, 1, 16, false, false, blocked_striped | warp_methods>(r);
    // 8 one-byte items: reads into the blocked arrangement (StripedToBlocked, ScatterToBlocked)
    // take each thread's run of slots from one base (blocked_run_reads): a 3-warp block, a partial
    // last warp, a 2D block, and a wider output type.
    check_shape<std::uint8_t, std::uint8_t, 96, 1, 1, 8, false, false, blocked_striped | (1u << sc_blocked)>(r);
    check_shape<std::uint8_t, std::uint8_t, 100, 1, 1, 8, false, false, blocked_striped | (1u << sc_blocked)>(r);
    check_shape<std::int8_t, std::int8_t, 16, 4, 1, 8, false>(r);
    check_shape<std::uint8_t, std::int32_t, 128, 1, 1, 8, false>(r);  // converted on the way out
    check_shape<std::int16_t, std::int16_t, 100, 1, 1, 9, true, false, blocked_striped | (1u << sc_striped)>(r);
    check_shape<std::int64_t, std::int64_t, 64, 1, 1, 8, true>(r);
    check_shape<std::uint64_t, std::uint64_t, 130, 1, 1, 3, false, false, blocked_striped | (1u << sc_blocked)>(r);
    check_shape<float, float, 256, 1, 1, 5, false, false, blocked_striped | warp_methods>(r);
    check_shape<double, double, 192, 1, 1, 8, true, false, blocked_striped | warp_methods | (1u << sc_flagged)>(r);
    check_shape<xcub_test::rec12, xcub_test::rec12, 33, 1, 1, 4, false, false, blocked_striped | scatters>(r);
    check_shape<xcub_test::rec12, xcub_test::rec12, 64, 1, 1, 3, true, false, warp_methods>(r);
    check_shape<std::int16_t, std::int64_t, 128, 1, 1, 8, false>(r);  // converted on the way out
    check_shape<float, double, 96, 1, 1, 3, true, false, blocked_striped | scatters>(r);
  });
}

TEST_CASE("block exchange: one-array (in-place) forms on private storage") {
  XCUB_TEST_CONTEXT();
  run("block exchange in place", [](std::mt19937_64& r) {
    check_shape<std::int32_t, std::int32_t, 128, 1, 1, 4, false, true>(r);
    check_shape<std::int32_t, std::int32_t, 256, 1, 1, 8, true, true>(r);
    check_shape<double, double, 100, 1, 1, 3, true, true, blocked_striped | scatters>(r);
  });
}
