// CUB's front-page kernel, portable: every block sorts its own tile of 128 threads x 16 int keys.
// BlockLoad reads the tile striped (coalesced) and transposes it to a blocked arrangement,
// BlockRadixSort sorts it, and BlockStore transposes it back and writes it striped; the three share
// their shared memory in one union, with a barrier before each reuse. The host sorts every tile
// with std::sort and compares. The same source builds for the host emulator, CUDA and HIP.
//
//   block_sort [seed]      (random keys from this seed, printed; a new one when none is given)
#include <xcub/xcub.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/block/block_store.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace arch = xcub::arch;

constexpr int block_threads = 128;
constexpr int items_per_thread = 16;
constexpr int tile = block_threads * items_per_thread;

// The host emulator runs a block's threads as fibers on one CPU core: fewer tiles keep its run
// (and the sanitized one in CI) within a few seconds; a GPU sorts many more in no time.
constexpr int tiles = XCUB_BACKEND_HOST ? 64 : 1000;

using BlockLoadT = xcub::BlockLoad<int, block_threads, items_per_thread, xcub::BLOCK_LOAD_TRANSPOSE>;
using BlockRadixSortT = xcub::BlockRadixSort<int, block_threads, items_per_thread>;
using BlockStoreT = xcub::BlockStore<int, block_threads, items_per_thread, xcub::BLOCK_STORE_TRANSPOSE>;

/// The three collectives' shared memory, one at a time (raw bytes each: a union of them is fine).
union SortStorage {
  BlockLoadT::TempStorage load;
  BlockRadixSortT::TempStorage sort;
  BlockStoreT::TempStorage store;
};

/// Sorts tile blockIdx.x of d_in into the same tile of d_out (ascending).
XCUB_KERNEL void block_sort(const int* d_in, int* d_out) {
  XCUB_SHARED(SortStorage, temp_storage);
  const long long offset = static_cast<long long>(arch::block_idx().x) * tile;
  int keys[items_per_thread];
  BlockLoadT(temp_storage.load).Load(d_in + offset, keys);
  arch::sync_threads();  // the sort reuses the load's shared memory
  BlockRadixSortT(temp_storage.sort).Sort(keys);
  arch::sync_threads();  // the store reuses the sort's shared memory
  BlockStoreT(temp_storage.store).Store(d_out + offset, keys);
}

int main(int argc, char** argv) {
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::mt19937 rng(seed);
  std::vector<int> h_in(static_cast<std::size_t>(tiles) * tile);
  for (int& k : h_in) k = static_cast<int>(rng());  // the whole range of int, negative keys included

  xcub::device_buffer<int> d_in(h_in), d_out(h_in.size());
  xcub::error_t err = xcub::launch(xcub::dim3(tiles), xcub::dim3(block_threads), 0, nullptr, block_sort, d_in.data(),
                                   d_out.data());
  if (err == xcub::success) err = xcub::device_synchronize();
  if (err != xcub::success) {
    std::printf("block_sort: failed: %s\n", xcub::error_string(err));
    return 1;
  }
  const std::vector<int> got = d_out.download();
  int bad_tiles = 0, first_bad = -1;
  for (int t = 0; t < tiles; ++t) {
    std::vector<int> want(h_in.begin() + static_cast<long long>(t) * tile, h_in.begin() + static_cast<long long>(t + 1) * tile);
    std::sort(want.begin(), want.end());
    if (!std::equal(want.begin(), want.end(), got.begin() + static_cast<long long>(t) * tile)) {
      if (bad_tiles++ == 0) first_bad = t;
    }
  }
  const bool ok = bad_tiles == 0;
  std::printf("block_sort: %d tiles of %d threads x %d int keys, seed %u, backend %s, warp width %d: ", tiles,
              block_threads, items_per_thread, seed, xcub::backend_name, arch::warp_threads);
  if (ok)
    std::printf("every tile sorted: OK\n");
  else
    std::printf("%d tiles differ from std::sort, the first is tile %d: MISMATCH\n", bad_tiles, first_bad);
  return ok ? 0 : 1;
}
