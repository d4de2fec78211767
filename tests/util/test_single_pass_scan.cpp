// ScanTileState and TilePrefixCallbackOp in a user kernel, as CUB's decoupled look-back example
// writes it: one block per tile, tile 0 publishes its aggregate, the others take BlockScan's prefix
// from the look-back; the state initialised by a kernel of its own. A packed (int) and a split
// (16-byte, non-commutative) status, under the in-order and a random schedule on the host.
#include "test_support.hpp"

#include <xcub/agent/single_pass_scan_operators.hpp>
#include <xcub/reference/scan.hpp>

namespace arch = xcub::arch;

namespace {

/// x -> a * x + b, composed left to right (op(f, g) is f, then g): associative, not commutative.
struct affine {
  unsigned long long a, b;
  friend bool operator==(const affine& x, const affine& y) { return x.a == y.a && x.b == y.b; }
  friend std::ostream& operator<<(std::ostream& os, const affine& x) { return os << "(" << x.a << "," << x.b << ")"; }
};
struct compose {
  XCUB_HOST_DEVICE affine operator()(const affine& f, const affine& g) const { return {f.a * g.a, g.a * f.b + g.b}; }
};

constexpr int block_threads = 64;
constexpr int items_per_thread = 3;
constexpr int tile_items = block_threads * items_per_thread;

template <class T>
using tile_state_t = xcub::ScanTileState<T>;

template <class T>
XCUB_KERNEL void init_tile_state(tile_state_t<T> state, int num_tiles) {
  state.InitializeStatus(num_tiles);
}

/// Inclusive scan of `in` (one tile per block); per tile, the exclusive and inclusive prefixes and
/// the aggregate that the callback hands back, and a WaitForValid / LoadValid look at the tile before.
template <class T, class Op>
XCUB_KERNEL void single_pass_scan(const T* in, T* out, T* prefixes, int num_items, tile_state_t<T> state, Op op,
                                  unsigned* statuses) {
  using block_scan = xcub::BlockScan<T, block_threads>;
  using prefix_op = xcub::TilePrefixCallbackOp<T, Op, tile_state_t<T>>;
  struct storage_t {
    typename block_scan::TempStorage scan;
    typename prefix_op::TempStorage prefix;
  };
  XCUB_SHARED(storage_t, storage);
  const int tile = static_cast<int>(arch::block_idx().x);
  const int t = static_cast<int>(arch::thread_idx().x);
  T items[items_per_thread];
  for (int i = 0; i < items_per_thread; ++i) {
    const int idx = tile * tile_items + t * items_per_thread + i;
    items[i] = idx < num_items ? in[idx] : in[num_items - 1];  // past the end: any value, not stored
  }
  if (tile == 0) {
    T aggregate;
    block_scan(storage.scan).InclusiveScan(items, items, op, aggregate);
    if (t == 0) {
      state.SetInclusive(0, aggregate);
      prefixes[0] = aggregate;
      prefixes[1] = aggregate;
      prefixes[2] = aggregate;
    }
  } else {
    prefix_op prefix(state, storage.prefix, op);  // the tile is the block index
    block_scan(storage.scan).InclusiveScan(items, items, op, prefix);
    arch::sync_threads();
    if (t == 0) {
      prefixes[3 * tile + 0] = prefix.GetExclusivePrefix();
      prefixes[3 * tile + 1] = prefix.GetInclusivePrefix();
      prefixes[3 * tile + 2] = prefix.GetBlockAggregate();
    }
    if (t < arch::warp_threads) {  // the first warp: each lane looks at one earlier tile (or none)
      typename tile_state_t<T>::StatusWord status;
      T value = items[0];
      state.WaitForValid(tile - 1 - t, status, value);
      if (t == 0) statuses[tile] = status;
      if (t == 0 && status != xcub::SCAN_TILE_OOB) (void)state.LoadValid(tile - 1);
    }
  }
  for (int i = 0; i < items_per_thread; ++i) {
    const int idx = tile * tile_items + t * items_per_thread + i;
    if (idx < num_items) out[idx] = items[i];
  }
}

template <class T, class Op>
void check_single_pass(std::mt19937_64& rng, int num_items, Op op, T (*make)(std::mt19937_64&)) {
  CAPTURE(num_items);
  std::vector<T> in(static_cast<std::size_t>(num_items));
  for (auto& x : in) x = make(rng);
  const int num_tiles = (num_items + tile_items - 1) / tile_items;
  std::size_t bytes = 0;
  XCUB_TEST_CALL(tile_state_t<T>::AllocationSize(num_tiles, bytes));
  xcub::device_buffer<unsigned char> temp(bytes);
  tile_state_t<T> state;
  CHECK(state.Init(num_tiles, temp.data(), bytes - 1) == xcub::error_invalid_value);
  CHECK(state.Init(num_tiles, nullptr, bytes) == xcub::error_invalid_value);
  XCUB_TEST_CALL(state.Init(num_tiles, temp.data(), bytes));
  xcub::device_buffer<T> d_in(in), d_out(in.size()), d_prefixes(static_cast<std::size_t>(3 * num_tiles));
  xcub::device_buffer<unsigned> d_statuses(static_cast<std::size_t>(num_tiles));
  d_statuses.fill_bytes(0);
  // the init kernel over fewer threads per block than the scan, so that several of its blocks run
  const int init_threads = 32;
  xcub_test::launch_and_wait(xcub::dim3((num_tiles + init_threads - 1) / init_threads), xcub::dim3(init_threads), 0,
                             init_tile_state<T>, state, num_tiles);
  xcub_test::launch_and_wait(xcub::dim3(num_tiles), xcub::dim3(block_threads), 0, single_pass_scan<T, Op>,
                             d_in.data(), d_out.data(), d_prefixes.data(), num_items, state, op, d_statuses.data());
  const std::vector<T> want = xcub::reference::inclusive_scan(in, op);
  xcub_test::check_equal(d_out.download(), want, "inclusive scan");
  const std::vector<T> prefixes = d_prefixes.download();
  const std::vector<unsigned> statuses = d_statuses.download();
  for (int tile = 1; tile < num_tiles; ++tile) {
    CAPTURE(tile);
    const std::size_t first = static_cast<std::size_t>(tile) * tile_items;
    const std::size_t last = std::min(first + tile_items, in.size()) - 1;
    // the aggregate is the whole tile's, the last tile's padding (copies of the last item) included
    std::vector<T> piece(in.begin() + static_cast<std::ptrdiff_t>(first), in.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    piece.resize(tile_items, in.back());
    const T aggregate = xcub::reference::inclusive_scan(piece, op).back();
    CHECK(prefixes[3 * tile + 0] == want[first - 1]);
    CHECK(prefixes[3 * tile + 1] == op(want[first - 1], aggregate));
    CHECK(prefixes[3 * tile + 2] == aggregate);
    CHECK((statuses[tile] == xcub::SCAN_TILE_PARTIAL || statuses[tile] == xcub::SCAN_TILE_INCLUSIVE));
  }
}

int random_int(std::mt19937_64& rng) { return static_cast<int>(rng() % 2001) - 1000; }
affine random_affine(std::mt19937_64& rng) { return {rng() | 1, rng()}; }

}  // namespace

static_assert(xcub::SCAN_TILE_OOB == 0 && xcub::SCAN_TILE_INVALID == 99 && xcub::SCAN_TILE_PARTIAL == 100 &&
              xcub::SCAN_TILE_INCLUSIVE == 101, "CUB's status numbers");

TEST_CASE("util: ScanTileState and TilePrefixCallbackOp in a user kernel (packed and split status)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: single-pass scan");
  xcub_test::on_each_schedule(rng, [](std::mt19937_64& r) {
    for (const int n : {1, tile_items - 1, tile_items, tile_items + 1, 5 * tile_items + 7, 40 * tile_items + 3}) {
      check_single_pass<int>(r, n, xcub::Sum{}, random_int);
      check_single_pass<affine>(r, n, compose{}, random_affine);
    }
  });
}

TEST_CASE("util: BlockScanRunningPrefixOp returns the running total and adds the aggregate") {
  xcub::BlockScanRunningPrefixOp<int, xcub::Sum> op(5, xcub::Sum{});
  CHECK(op(3) == 5);
  CHECK(op(4) == 8);
  CHECK(op.running_total == 12);
}
