// BlockRadixRank test harness, shared by test_block_radix_rank*.cpp: one kernel calls every RankKeys
// overload of one ranking class four times per block (explicit TempStorage in a union with another
// use of the same shared memory, reused after barriers; one call on private storage where it fits), and the host
// checks ranks, exclusive digit prefixes and callback counts against xcub/reference/digit_rank.hpp.
// The digit is a shift-and-mask of the key (a test-only extractor). Keys come from three
// distributions: random, all equal (one digit), and two values (many duplicates).
#pragma once

#include "test_support.hpp"

#include <xcub/block/block_radix_rank.hpp>
#include <xcub/reference/digit_rank.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace radix_rank_test {

namespace arch = xcub::arch;

/// Digit = bits [SHIFT, SHIFT + BITS) of the key.
template <class Key, int SHIFT, int BITS>
struct shift_mask_digit {
  XCUB_HOST_DEVICE std::uint32_t Digit(Key key) const {
    return static_cast<std::uint32_t>(key >> SHIFT) & ((1u << BITS) - 1u);
  }
};

/// A CountsCallback that stores this thread's counts.
template <int B>
struct store_counts {
  int* out;
#if XCUB_HAS_KERNELS
  XCUB_DEVICE void operator()(int (&bins)[B]) {
    for (int b = 0; b < B; ++b) out[b] = bins[b];
  }
#endif
};

enum distribution : int { random_keys, equal_keys, two_keys };

constexpr int rank_calls = 4, prefix_calls = 2, count_calls = 2;

/// MATCH: the class has the CountsCallback overloads (and reads a warp-striped tile).
template <class Rank, class Key, int BX, int BY, int BZ, int K, int SHIFT, int BITS, bool MATCH>
XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(BX * BY * BZ) rank_kernel(const Key* keys_in, int* ranks_out, int* prefix_out, int* counts_out, int* probe) {
  constexpr int threads = BX * BY * BZ, tile = threads * K, B = Rank::BINS_TRACKED_PER_THREAD;
  union shared_t {
    typename Rank::TempStorage rank;
    unsigned char other[threads + 5];
  };
  XCUB_SHARED(shared_t, smem);
  const int r = static_cast<int>(arch::linear_thread_id());
  const long long blk = static_cast<long long>(arch::linear_block_id()), blocks = arch::grid_dim().x;
  smem.other[r] = static_cast<unsigned char>(r * 5 + 3);
  arch::sync_threads();
  probe[blk * threads + r] = smem.other[(r + 1) % threads];
  arch::sync_threads();

  using extractor = shift_mask_digit<Key, SHIFT, BITS>;
  Key keys[K];
  int ranks[K], prefix[B] = {};
  for (int i = 0; i < K; ++i) keys[i] = keys_in[blk * tile + r * K + i];
  const auto put_ranks = [&](int call) {
    for (int i = 0; i < K; ++i) ranks_out[(call * blocks + blk) * tile + r * K + i] = ranks[i];
  };
  const auto put_prefix = [&](int call) {
    for (int b = 0; b < B; ++b) prefix_out[((call * blocks + blk) * threads + r) * B + b] = prefix[b];
  };
  const auto counts_at = [&](int call) { return counts_out + ((call * blocks + blk) * threads + r) * B; };

  Rank(smem.rank).RankKeys(keys, ranks, extractor{});
  put_ranks(0);
  arch::sync_threads();
  Rank(smem.rank).RankKeys(keys, ranks, extractor{}, prefix);
  put_ranks(1), put_prefix(0);
  arch::sync_threads();
  // Private storage where both fit in the GPUs' 48 KiB of static shared memory.
  constexpr bool use_private = sizeof(typename Rank::TempStorage) <= 20000;
  const auto third = [&]() -> Rank { if constexpr (use_private) return Rank(); else return Rank(smem.rank); };
  if constexpr (MATCH) {
    third().RankKeys(keys, ranks, extractor{}, prefix, store_counts<B>{counts_at(0)});
    put_ranks(2), put_prefix(1);
    arch::sync_threads();
    Rank(smem.rank).RankKeys(keys, ranks, extractor{}, store_counts<B>{counts_at(1)});
    put_ranks(3);
  } else {
    third().RankKeys(keys, ranks, extractor{}, prefix);
    put_ranks(2), put_prefix(1);
    arch::sync_threads();
    Rank(smem.rank).RankKeys(keys, ranks, extractor{});
    put_ranks(3);
  }
  arch::sync_threads();
  smem.other[threads - 1 - r] = static_cast<unsigned char>(r + 11);
  arch::sync_threads();
  probe[(blocks + blk) * threads + r] = smem.other[r];
}

/// The tile position of key i of rank r: blocked, or warp-striped (match variants).
inline std::size_t tile_position(int r, int i, int threads, int k, bool striped) {
  if (!striped) return static_cast<std::size_t>(r) * k + i;
  const int w = r / arch::warp_threads, lane = r % arch::warp_threads;
  const int lanes = std::min(arch::warp_threads, threads - w * arch::warp_threads);
  return static_cast<std::size_t>(w) * arch::warp_threads * k + static_cast<std::size_t>(i) * lanes + lane;
}

template <class Rank, class Key, int BX, int BY, int BZ, int K, int SHIFT, int BITS, bool DESCENDING, bool MATCH>
void check(std::mt19937_64& rng, distribution dist) {
  constexpr int threads = BX * BY * BZ, tile = threads * K, B = Rank::BINS_TRACKED_PER_THREAD;
  constexpr int digits = 1 << BITS;
  constexpr unsigned blocks = 2;
  CAPTURE(threads);
  CAPTURE(BX);
  CAPTURE(BY);
  CAPTURE(BZ);
  CAPTURE(K);
  CAPTURE(BITS);
  CAPTURE(SHIFT);
  CAPTURE(DESCENDING);
  CAPTURE(static_cast<int>(dist));
  const std::size_t n = std::size_t{blocks} * tile, nb = std::size_t{blocks} * threads * B;
  std::vector<Key> keys = xcub_test::random_vector<Key>(n, rng);
  const Key a = xcub_test::random_value<Key>(rng), b = xcub_test::random_value<Key>(rng);
  for (auto& key : keys) {
    if (dist == equal_keys) key = a;
    if (dist == two_keys) key = (rng() & 1) ? a : b;
  }

  const shift_mask_digit<Key, SHIFT, BITS> extractor{};
  std::vector<int> want_ranks(n), want_prefix(nb, 0), want_counts(nb, 0);
  for (unsigned blk = 0; blk < blocks; ++blk) {
    std::vector<unsigned> tile_digits(tile);
    for (int r = 0; r < threads; ++r) {
      for (int i = 0; i < K; ++i) {
        tile_digits[tile_position(r, i, threads, K, MATCH)] = extractor.Digit(keys[blk * tile + r * K + i]);
      }
    }
    const auto ranks = xcub::reference::digit_ranks(tile_digits, digits, DESCENDING);
    const auto prefix = xcub::reference::digit_exclusive_prefix(tile_digits, digits, DESCENDING);
    const auto counts = xcub::reference::digit_counts(tile_digits, digits);
    for (int r = 0; r < threads; ++r) {
      for (int i = 0; i < K; ++i) want_ranks[blk * tile + r * K + i] = ranks[tile_position(r, i, threads, K, MATCH)];
      for (int t = 0; t < B; ++t) {
        const int d = r * B + t;
        if (d < digits) {
          want_prefix[(blk * threads + r) * B + t] = prefix[d];
          want_counts[(blk * threads + r) * B + t] = counts[d];
        }
      }
    }
  }
  std::vector<int> want_probe(2 * std::size_t{blocks} * threads);
  for (unsigned blk = 0; blk < blocks; ++blk) {
    for (int r = 0; r < threads; ++r) {
      want_probe[blk * threads + r] = static_cast<unsigned char>(((r + 1) % threads) * 5 + 3);
      want_probe[(blocks + blk) * threads + r] = static_cast<unsigned char>(threads - 1 - r + 11);
    }
  }

  xcub::device_buffer<Key> d_keys(keys);
  xcub::device_buffer<int> d_ranks(rank_calls * n), d_prefix(prefix_calls * nb), d_counts(count_calls * nb),
      d_probe(want_probe.size());
  xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(BX, BY, BZ), 0,
                             rank_kernel<Rank, Key, BX, BY, BZ, K, SHIFT, BITS, MATCH>, d_keys.data(), d_ranks.data(),
                             d_prefix.data(), d_counts.data(), d_probe.data());
  const auto got_ranks = d_ranks.download();
  const char* const rank_names[rank_calls] = {"ranks", "ranks (with prefix)", "ranks (private storage)",
                                              MATCH ? "ranks (with callback)" : "ranks (again)"};
  for (int c = 0; c < rank_calls; ++c) {
    xcub_test::check_equal(std::vector<int>(got_ranks.begin() + c * n, got_ranks.begin() + (c + 1) * n), want_ranks,
                           rank_names[c]);
  }
  // Entries past the last digit are unspecified: compare only the tracked digits.
  const auto valid_only = [&](std::vector<int> got) {
    for (std::size_t j = 0; j < nb; ++j) {
      if (static_cast<int>(j % (std::size_t{threads} * B)) >= digits) got[j] = 0;
    }
    return got;
  };
  const auto got_prefix = d_prefix.download();
  for (int c = 0; c < prefix_calls; ++c) {
    xcub_test::check_equal(valid_only(std::vector<int>(got_prefix.begin() + c * nb, got_prefix.begin() + (c + 1) * nb)),
                           want_prefix, c == 0 ? "exclusive_digit_prefix" : "exclusive_digit_prefix (private storage)");
  }
  if (MATCH) {
    const auto got_counts = d_counts.download();
    for (int c = 0; c < count_calls; ++c) {
      xcub_test::check_equal(valid_only(std::vector<int>(got_counts.begin() + c * nb, got_counts.begin() + (c + 1) * nb)),
                             want_counts, c == 0 ? "callback counts (with prefix)" : "callback counts");
    }
  }
  xcub_test::check_equal(d_probe.download(), want_probe, "the union's other use");
}

/// Runs one configuration over the three key distributions.
template <class Rank, class Key, int BX, int BY, int BZ, int K, int SHIFT, int BITS, bool DESCENDING, bool MATCH>
void check_all(std::mt19937_64& rng) {
  for (distribution d : {random_keys, equal_keys, two_keys}) {
    check<Rank, Key, BX, BY, BZ, K, SHIFT, BITS, DESCENDING, MATCH>(rng, d);
  }
}

}  // namespace radix_rank_test
