// BlockScan test harness, shared by the test_block_scan*.cpp sources: one kernel runs every method
// of one BlockScan configuration over several tiles per block (a barrier between calls, one
// TempStorage in a union with another collective's), and the host checks each method's outputs
// and block aggregates against xcub::reference, tile by tile. The prefix-callback methods carry a
// running total across the tiles, as a device scan does.
#pragma once

#include "test_block_ops.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_scan.hpp>
#include <xcub/reference/reduce.hpp>
#include <xcub/reference/scan.hpp>

#include <string>
#include <type_traits>
#include <vector>

namespace block_scan_test {

namespace arch = xcub::arch;
using xcub_test::affine;
using xcub_test::compose;

constexpr int tiles = 3;  // per block

// What the kernel writes, per channel: tiles * tile items (outputs) or tiles * threads (aggregates).
enum channel : int {
  c_incl, c_incl_agg_out, c_incl_agg, c_incl_init, c_incl_init_agg_out, c_incl_init_agg, c_incl_cb,
  c_excl, c_excl_agg_out, c_excl_agg, c_excl_init, c_excl_init_agg_out, c_excl_init_agg, c_excl_cb,
  c_isum, c_isum_agg_out, c_isum_agg, c_isum_cb, c_esum, c_esum_agg_out, c_esum_agg, c_esum_cb,
  channels
};
inline const char* const channel_names[channels] = {
    "InclusiveScan", "InclusiveScan+aggregate", "InclusiveScan (aggregate)", "InclusiveScan+init",
    "InclusiveScan+init+aggregate", "InclusiveScan+init (aggregate)", "InclusiveScan+callback",
    "ExclusiveScan", "ExclusiveScan+aggregate", "ExclusiveScan (aggregate)", "ExclusiveScan+init",
    "ExclusiveScan+init+aggregate", "ExclusiveScan+init (aggregate)", "ExclusiveScan+callback",
    "InclusiveSum", "InclusiveSum+aggregate", "InclusiveSum (aggregate)", "InclusiveSum+callback",
    "ExclusiveSum", "ExclusiveSum+aggregate", "ExclusiveSum (aggregate)", "ExclusiveSum+callback"};
constexpr bool is_aggregate(int c) {
  return c == c_incl_agg || c == c_incl_init_agg || c == c_excl_agg || c == c_excl_init_agg || c == c_isum_agg ||
         c == c_esum_agg;
}

/// The running prefix across tiles: returns the total so far, then adds the tile's aggregate.
template <class T, class Op>
struct running_prefix {
  T running;
  XCUB_HOST_DEVICE T operator()(T block_aggregate) {
    const T old = running;
    running = static_cast<T>(Op{}(running, block_aggregate));
    return old;
  }
};

/// Another collective's TempStorage that shares the union (used between scans, after a barrier).
struct other_storage {
  unsigned char bytes[40];
};

// ONE: call the single-item overloads (N must be 1) instead of the array ones.
template <class T, int BX, int BY, int BZ, xcub::BlockScanAlgorithm ALG, int N, bool ONE, class Op>
XCUB_KERNEL void scan_kernel(const T* in, T init, T* out) {
  using scan_t = xcub::BlockScan<T, BX, ALG, BY, BZ>;
  constexpr int threads = BX * BY * BZ, tile = threads * N;
  constexpr long long outputs = static_cast<long long>(tiles) * tile;
  union storage_u {
    typename scan_t::TempStorage scan;
    other_storage other;
  };
  XCUB_SHARED(storage_u, storage);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const long long block = arch::linear_block_id();
  const Op op{};
  T* const block_out = out + block * channels * outputs;
  // One running prefix per callback channel, each carried across the tiles.
  running_prefix<T, Op> incl_cb{init}, excl_cb{init};
  running_prefix<T, xcub::Sum> isum_cb{init}, esum_cb{init};
  (void)isum_cb, (void)esum_cb;
  for (int t = 0; t < tiles; ++t) {
    const T* const items_in = in + (block * tiles + t) * tile + rank * N;
    T x[N], y[N], agg;
    for (int i = 0; i < N; ++i) x[i] = items_in[i];
    const auto put = [&](int c) {
      for (int i = 0; i < N; ++i) block_out[c * outputs + t * tile + rank * N + i] = y[i];
    };
    const auto put_agg = [&](int c) { block_out[c * outputs + t * threads + rank] = agg; };
    // One call: the scan, then a barrier before the storage is used again.
    const auto call = [&](auto&& f) {
      f(scan_t(storage.scan));
      arch::sync_threads();
    };
    if constexpr (ONE) {
      call([&](scan_t s) { s.InclusiveScan(x[0], y[0], op); }), put(c_incl);
      call([&](scan_t s) { s.InclusiveScan(x[0], y[0], op, agg); }), put(c_incl_agg_out), put_agg(c_incl_agg);
      call([&](scan_t s) { s.InclusiveScan(x[0], y[0], op, incl_cb); }), put(c_incl_cb);
      call([&](scan_t s) { s.ExclusiveScan(x[0], y[0], op); }), put(c_excl);
      call([&](scan_t s) { s.ExclusiveScan(x[0], y[0], op, agg); }), put(c_excl_agg_out), put_agg(c_excl_agg);
      call([&](scan_t s) { s.ExclusiveScan(x[0], y[0], init, op); }), put(c_excl_init);
      call([&](scan_t s) { s.ExclusiveScan(x[0], y[0], init, op, agg); }), put(c_excl_init_agg_out),
          put_agg(c_excl_init_agg);
      call([&](scan_t s) { s.ExclusiveScan(x[0], y[0], op, excl_cb); }), put(c_excl_cb);
      if constexpr (std::is_same_v<Op, xcub::Sum>) {
        call([&](scan_t s) { s.InclusiveSum(x[0], y[0]); }), put(c_isum);
        call([&](scan_t s) { s.InclusiveSum(x[0], y[0], agg); }), put(c_isum_agg_out), put_agg(c_isum_agg);
        call([&](scan_t s) { s.InclusiveSum(x[0], y[0], isum_cb); }), put(c_isum_cb);
        call([&](scan_t s) { s.ExclusiveSum(x[0], y[0]); }), put(c_esum);
        call([&](scan_t s) { s.ExclusiveSum(x[0], y[0], agg); }), put(c_esum_agg_out), put_agg(c_esum_agg);
        call([&](scan_t s) { s.ExclusiveSum(x[0], y[0], esum_cb); }), put(c_esum_cb);
      }
    } else {
      call([&](scan_t s) { s.InclusiveScan(x, y, op); }), put(c_incl);
      call([&](scan_t s) { s.InclusiveScan(x, y, op, agg); }), put(c_incl_agg_out), put_agg(c_incl_agg);
      call([&](scan_t s) { s.InclusiveScan(x, y, op, incl_cb); }), put(c_incl_cb);
      call([&](scan_t s) { s.ExclusiveScan(x, y, op); }), put(c_excl);
      call([&](scan_t s) { s.ExclusiveScan(x, y, op, agg); }), put(c_excl_agg_out), put_agg(c_excl_agg);
      call([&](scan_t s) { s.ExclusiveScan(x, y, init, op); }), put(c_excl_init);
      call([&](scan_t s) { s.ExclusiveScan(x, y, init, op, agg); }), put(c_excl_init_agg_out), put_agg(c_excl_init_agg);
      call([&](scan_t s) { s.ExclusiveScan(x, y, op, excl_cb); }), put(c_excl_cb);
      if constexpr (std::is_same_v<Op, xcub::Sum>) {
        call([&](scan_t s) { s.InclusiveSum(x, y); }), put(c_isum);
        call([&](scan_t s) { s.InclusiveSum(x, y, agg); }), put(c_isum_agg_out), put_agg(c_isum_agg);
        call([&](scan_t s) { s.InclusiveSum(x, y, isum_cb); }), put(c_isum_cb);
        call([&](scan_t s) { s.ExclusiveSum(x, y); }), put(c_esum);
        call([&](scan_t s) { s.ExclusiveSum(x, y, agg); }), put(c_esum_agg_out), put_agg(c_esum_agg);
        call([&](scan_t s) { s.ExclusiveSum(x, y, esum_cb); }), put(c_esum_cb);
      }
    }
    // The initial-value inclusive scans exist for arrays only (as in CUB).
    call([&](scan_t s) { s.InclusiveScan(x, y, init, op); }), put(c_incl_init);
    call([&](scan_t s) { s.InclusiveScan(x, y, init, op, agg); }), put(c_incl_init_agg_out), put_agg(c_incl_init_agg);
    // The union's other member, between scans (after the barrier in call()).
    if (rank < 40) storage.other.bytes[rank] = static_cast<unsigned char>(rank);
    arch::sync_threads();
  }
}

using block_test_ops::draw;  // test_block_ops.hpp
using block_test_ops::rec12_add;

/// Runs one configuration on two blocks and checks every channel.
template <class T, int BX, int BY, int BZ, xcub::BlockScanAlgorithm ALG, int N, bool ONE, class Op>
void check(const T& init, std::mt19937_64& rng) {
  constexpr int threads = BX * BY * BZ, tile = threads * N;
  constexpr int blocks = 2;
  constexpr std::size_t outputs = std::size_t{tiles} * tile;
  INFO("block " << BX << "x" << BY << "x" << BZ << ", algorithm " << static_cast<int>(ALG) << ", items per thread " << N
                 << std::string(ONE ? " (single-item overloads)" : ""));
  const Op op{};
  const auto f = [&](const T& l, const T& r) { return static_cast<T>(op(l, r)); };
  // Sum's fold, for the *Sum channels (only checked where Op is Sum; any fold otherwise).
  const auto add = [&](const T& l, const T& r) {
    if constexpr (std::is_same_v<Op, xcub::Sum>) return static_cast<T>(xcub::Sum{}(l, r));
    else return f(l, r);
  };
  const bool sums = std::is_same_v<Op, xcub::Sum>;

  std::vector<T> in(std::size_t{blocks} * outputs);
  for (auto& v : in) v = draw<T, Op>(rng);
  std::vector<T> want(blocks * channels * outputs);
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(T));  // what nobody writes
  std::vector<bool> unspecified(want.size(), false);

  for (int b = 0; b < blocks; ++b) {
    const auto block_in = std::vector<T>(in.begin() + b * outputs, in.begin() + (b + 1) * outputs);
    const auto cb_incl = xcub::reference::inclusive_scan(block_in, init, f);
    const auto cb_excl = xcub::reference::exclusive_scan(block_in, init, f);
    const auto sum_cb_incl = xcub::reference::inclusive_scan(block_in, init, add);
    const auto sum_cb_excl = xcub::reference::exclusive_scan(block_in, init, add);
    for (int t = 0; t < tiles; ++t) {
      const auto tile_in = std::vector<T>(block_in.begin() + t * tile, block_in.begin() + (t + 1) * tile);
      const auto incl = xcub::reference::inclusive_scan(tile_in, f);
      const auto incl_init = xcub::reference::inclusive_scan(tile_in, init, f);
      auto excl = incl;  // [0] unspecified, [i] = incl[i - 1]
      excl.insert(excl.begin(), tile_in[0]), excl.pop_back();
      const auto excl_init = xcub::reference::exclusive_scan(tile_in, init, f);
      const auto isum = xcub::reference::inclusive_scan(tile_in, add);
      const auto esum = xcub::reference::exclusive_scan(tile_in, T{}, add);
      const T agg = incl.back(), sum_agg = isum.back();
      T* const w = want.data() + b * channels * outputs;
      const auto set = [&](int c, const std::vector<T>& v, std::size_t offset) {
        for (int i = 0; i < tile; ++i) w[c * outputs + t * tile + i] = v[offset + i];
      };
      const auto set_agg = [&](int c, const T& v) {
        for (int i = 0; i < threads; ++i) w[c * outputs + t * threads + i] = v;
      };
      set(c_incl, incl, 0), set(c_incl_agg_out, incl, 0), set_agg(c_incl_agg, agg);
      set(c_incl_init, incl_init, 0), set(c_incl_init_agg_out, incl_init, 0), set_agg(c_incl_init_agg, agg);
      set(c_incl_cb, cb_incl, t * tile);
      set(c_excl, excl, 0), set(c_excl_agg_out, excl, 0), set_agg(c_excl_agg, agg);
      set(c_excl_init, excl_init, 0), set(c_excl_init_agg_out, excl_init, 0), set_agg(c_excl_init_agg, agg);
      set(c_excl_cb, cb_excl, t * tile);
      if (sums) {
        set(c_isum, isum, 0), set(c_isum_agg_out, isum, 0), set_agg(c_isum_agg, sum_agg);
        set(c_isum_cb, sum_cb_incl, t * tile);
        set(c_esum, esum, 0), set(c_esum_agg_out, esum, 0), set_agg(c_esum_agg, sum_agg);
        set(c_esum_cb, sum_cb_excl, t * tile);
      }
      for (int c : {c_excl, c_excl_agg_out}) unspecified[(b * channels + c) * outputs + t * tile] = true;
    }
  }

  xcub::device_buffer<T> d_in(in), d_out(want.size());
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0, scan_kernel<T, BX, BY, BZ, ALG, N, ONE, Op>,
                             d_in.data(), init, d_out.data());
  const auto got = d_out.download();
  for (int c = 0; c < channels; ++c) {
    const std::size_t len = is_aggregate(c) ? std::size_t{tiles} * threads : outputs;
    std::vector<T> g, e;
    for (int b = 0; b < blocks; ++b) {
      for (std::size_t i = 0; i < len; ++i) {
        const std::size_t k = (b * channels + c) * outputs + i;
        g.push_back(got[k]);
        e.push_back(unspecified[k] ? got[k] : want[k]);
      }
    }
    xcub_test::check_equal(g, e, channel_names[c]);
  }
}

/// Runs `check` in order and, on the host, under a random schedule.
template <class T, int BX, int BY, int BZ, xcub::BlockScanAlgorithm ALG, int N, bool ONE, class Op>
void run(const T& init, const char* name) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) { check<T, BX, BY, BZ, ALG, N, ONE, Op>(init, r); });
}

}  // namespace block_scan_test
