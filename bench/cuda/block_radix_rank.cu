// BlockRadixRank::RankKeys alone, xcub against CUB, per ranking variant: each tile of random uint32
// keys is loaded directly (blocked), ranked by its low RADIX_BITS bits (the digit), and each key's
// rank is stored in its place (int, blocked); a barrier before the TempStorage serves the next tile.
//
// The variants (CUB's RadixRankAlgorithm): BASIC and MEMOIZE (BlockRadixRank without and with the
// memoized outer scan) rank equal digits in blocked order (thread, then item); MATCH
// (BlockRadixRankMatch) and MATCH_EARLY_COUNTS_ANY / _ATOMIC_OR (BlockRadixRankMatchEarlyCounts)
// in warp-striped order (warp, item, lane), which the host check follows. RADIX_BITS 4 (the
// block sort's digit) for BASIC, MEMOIZE and MATCH; 8 (the device sort's digit) for the three match
// variants (BASIC's counters for 8 bits would not fit in shared memory, and CUB's early-counts
// ranking needs at least a warp's worth of digits).
#include <cub/block/block_radix_rank.cuh>

#include <xcub/block/block_radix_rank.hpp>

#include <algorithm>
#include <numeric>

#include "block_sort_bench.hpp"

namespace xcub_bench::block::sorting {
namespace {

enum rank_variant { BASIC, MEMOIZE, MATCH, MATCH_EARLY_COUNTS_ANY, MATCH_EARLY_COUNTS_ATOMIC_OR };

constexpr const char* name_of(rank_variant v) {
  switch (v) {
    case BASIC: return "BlockRadixRank::RankKeys BASIC";
    case MEMOIZE: return "BlockRadixRank::RankKeys MEMOIZE";
    case MATCH: return "BlockRadixRank::RankKeys MATCH";
    case MATCH_EARLY_COUNTS_ANY: return "BlockRadixRank::RankKeys MATCH_EARLY_COUNTS_ANY";
    case MATCH_EARLY_COUNTS_ATOMIC_OR: return "BlockRadixRank::RankKeys MATCH_EARLY_COUNTS_ATOMIC_OR";
  }
  return "?";
}

constexpr bool warp_striped_order(rank_variant v) { return v != BASIC && v != MEMOIZE; }

struct use_cub {
  template <int B, int BITS, rank_variant V>
  using rank = std::conditional_t<
      V == BASIC || V == MEMOIZE, cub::BlockRadixRank<B, BITS, false, V == MEMOIZE>,
      std::conditional_t<V == MATCH, cub::BlockRadixRankMatch<B, BITS, false>,
                         cub::BlockRadixRankMatchEarlyCounts<B, BITS, false, cub::BLOCK_SCAN_WARP_SCANS,
                                                             V == MATCH_EARLY_COUNTS_ANY ? cub::WARP_MATCH_ANY
                                                                                         : cub::WARP_MATCH_ATOMIC_OR>>>;
};
struct use_xcub {
  template <int B, int BITS, rank_variant V>
  using rank = std::conditional_t<
      V == BASIC || V == MEMOIZE, xcub::BlockRadixRank<B, BITS, false, V == MEMOIZE>,
      std::conditional_t<V == MATCH, xcub::BlockRadixRankMatch<B, BITS, false>,
                         xcub::BlockRadixRankMatchEarlyCounts<B, BITS, false, xcub::BLOCK_SCAN_WARP_SCANS,
                                                              V == MATCH_EARLY_COUNTS_ANY ? xcub::WARP_MATCH_ANY
                                                                                          : xcub::WARP_MATCH_ATOMIC_OR>>>;
};

/// The digit: a key's low BITS bits (any type with Digit() serves both libraries' RankKeys).
template <int BITS>
struct low_digit {
  __host__ __device__ std::uint32_t Digit(std::uint32_t key) const { return key & ((1u << BITS) - 1); }
};

template <class Impl, int B, int I, int BITS, rank_variant V>
__global__ void __launch_bounds__(B) rank_kernel(const std::uint32_t* in, void* out, std::size_t tiles) {
  using rank_t = typename Impl::template rank<B, BITS, V>;
  __shared__ typename rank_t::TempStorage temp;
  constexpr std::size_t tile = std::size_t{B} * I;
  int* ranks_out = static_cast<int*>(out);
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const std::size_t row = t * tile + threadIdx.x * I;
    std::uint32_t keys[I];
    load_row(in + row, keys);
    int ranks[I];
    rank_t(temp).RankKeys(keys, ranks, low_digit<BITS>{});
    store_row(ranks_out + row, ranks);
    __syncthreads();
  }
}

template <int B, int I, int BITS, rank_variant V>
void run_one(report& rep, buffers& buf) {
  using key_t = std::uint32_t;
  constexpr std::size_t n = input_items<key_t>(), tile = std::size_t{B} * I, tiles = n / tile;
  static_assert(n % tile == 0, "whole tiles only");
  const sort_case c{std::string(name_of(V)) + " RADIX_BITS " + std::to_string(BITS), "uint32", B, I, n,
                    n * sizeof(int), n * (sizeof(key_t) + sizeof(int))};
  kernel_t<key_t> xk = rank_kernel<use_xcub, B, I, BITS, V>;
  kernel_t<key_t> ck = rank_kernel<use_cub, B, I, BITS, V>;
  // The first and the last tile: a key's rank is its place in the tile stably sorted by digit, the
  // tile taken in the variant's order (blocked, or warp-striped with CUDA's 32-thread warps).
  run_sort_pair<key_t>(rep, buf, c, xk, ck, tiles, [&](const output_reader& out, unsigned) {
    constexpr std::size_t warp = 32;
    auto order_key = [](std::size_t p) {  // p: blocked position in the tile (thread * I + item)
      if (!warp_striped_order(V)) return p;
      const std::size_t thread = p / I, item = p % I;
      return ((thread / warp) * I + item) * warp + thread % warp;
    };
    for (const std::size_t t : {std::size_t{0}, tiles - 1}) {
      const std::vector<int> ranks = out.read<int>(t * tile * sizeof(int), tile);
      std::vector<std::size_t> order(tile);
      std::iota(order.begin(), order.end(), std::size_t{0});
      const low_digit<BITS> digit{};
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const std::uint32_t da = digit.Digit(random_key<key_t>(t * tile + a)),
                            db = digit.Digit(random_key<key_t>(t * tile + b));
        return da != db ? da < db : order_key(a) < order_key(b);
      });
      for (std::size_t r = 0; r < tile; ++r)
        if (ranks[order[r]] != static_cast<int>(r)) return false;
    }
    return true;
  });
}

template <int BITS, rank_variant V>
void run_variant(report& rep, buffers& buf) {
  run_one<128, 4, BITS, V>(rep, buf);
  run_one<128, 8, BITS, V>(rep, buf);
  run_one<128, 16, BITS, V>(rep, buf);
  run_one<256, 4, BITS, V>(rep, buf);
  run_one<256, 8, BITS, V>(rep, buf);
  run_one<256, 16, BITS, V>(rep, buf);
}

}  // namespace

void run_radix_rank(report& rep, buffers& buf) {
  fill_input<std::uint32_t>(buf);
  std::fprintf(stderr, "BlockRadixRank, uint32 keys:\n");
  run_variant<4, BASIC>(rep, buf);
  run_variant<4, MEMOIZE>(rep, buf);
  run_variant<4, MATCH>(rep, buf);
  run_variant<8, MATCH>(rep, buf);
  run_variant<8, MATCH_EARLY_COUNTS_ANY>(rep, buf);
  run_variant<8, MATCH_EARLY_COUNTS_ATOMIC_OR>(rep, buf);
}

}  // namespace xcub_bench::block::sorting
