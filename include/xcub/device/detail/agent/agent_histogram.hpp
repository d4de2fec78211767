// xcub/device/detail/agent/agent_histogram.hpp: one block's share of DeviceHistogram. Device code,
// called by kernels/histogram.hpp; every thread of the block calls run().
//
// The input is `rows` rows of row_samples samples (pixels of C interleaved samples, of which the first
// A are counted), row i starting row_stride samples after row i - 1. Each row is cut into tiles of
// threads * pixels_per_thread pixels (the last one of a row partial); tiles are numbered row-major and
// block b takes tiles b, b + grid, b + 2 grid, ... A thread takes the policy's pixels_per_thread pixels
// of a tile or, in the SMALL kernel (for an input too small to give every resident block a whole tile;
// the dispatch picks), policy.small_pixels_per_thread: a kernel of its own, with no runtime tile size
// (a runtime size in the main kernel gives the byte sweep 32 registers and spills: 46% of copy's
// throughput instead of 79% on sm_90).
//   SHARED: the block counts into privatized counters in dynamic shared memory with block-scope
//           atomics, then adds each non-zero bin, summed over the copies, to the output with one
//           device-scope atomic. There are `copies` copies (a power of two, 2^copy_shift) of A
//           channels of `stride` counters, interleaved: counter i of copy k is word
//           (i << copy_shift) + k, and thread t counts into copy t % copies. With as many copies as
//           a warp has lanes (4-byte counters), lane l only ever touches bank l: a warp's atomics
//           never conflict on a bank, whatever its samples (a copy per warp, laid out whole, met
//           about 3.5-way bank conflicts per atomic on random bytes). RAW (1-byte samples): the
//           counters are the 256 sample values, turned into bins only when they are added to the
//           output (no bin arithmetic per sample). A Range binner's levels are staged in shared
//           memory after the counters (levels_stride > 0).
//   otherwise: every counted sample is one device-scope atomic on the output.
// The output must be zero before the first addition: the kernels are launched after the init kernel
// (overlapped on sm_90: run() waits for it in arch::wait_for_previous_grid() only before touching the
// output, so a shared-memory block counts all its tiles first).
// Full tiles of a pointer input aligned to 16 bytes (every row start too: the dispatch checks) are
// read in 16-byte words, coalesced (word k of thread t at tile word k * threads + t), where a word
// holds whole pixels; otherwise pixel by pixel, striped (pixel k * threads + t), active channels only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/config.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::detail {

/// The word a privatized shared-memory counter of CounterT is counted in.
template <class CounterT>
using histogram_word_t = std::conditional_t<sizeof(CounterT) == 4, std::uint32_t, unsigned long long>;

/// Everything a sweep kernel needs besides its template arguments (built by the dispatch).
template <int A, class SampleIt, class CounterT, class Binner>
struct histogram_args {
  SampleIt samples;
  CounterT* out[A];
  Binner binners[A];
  int privatized[A];           // shared path: counters of channel a (its bins, or 256 raw values)
  int stride;                  // shared path: counters between channels of one copy (>= every privatized[a])
  int copies;                  // shared path: privatized copies per block (a power of two, >= 1)
  int copy_shift;              // shared path: log2(copies)
  int levels_stride;           // shared path, Range: levels between channels of the staged copy (0: none)
  std::uint64_t row_samples;   // samples per row (pixels * C)
  std::uint64_t row_stride;    // samples between the starts of consecutive rows
  std::uint64_t tiles_per_row;
  std::uint64_t num_tiles;
  bool vectorize;              // pointer input aligned to 16 bytes at every row start
};

/// Bytes of a sweep block's dynamic shared memory before its staged levels (16-byte aligned).
constexpr std::size_t histogram_counter_bytes(std::size_t counters, std::size_t word_bytes) {
  return (counters * word_bytes + 15) / 16 * 16;
}

#if XCUB_HAS_KERNELS

template <class Policy, int C, int A, bool SHARED, bool RAW, bool SMALL, class SampleIt, class CounterT, class Binner>
struct agent_histogram {
  static constexpr histogram_policy policy = Policy::value;
  static constexpr int threads = policy.block_threads;
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  static constexpr int pixels = SMALL ? policy.small_pixels_per_thread(C, static_cast<int>(sizeof(sample_t)))
                                      : policy.pixels_per_thread(C);  // per thread per tile
  static constexpr int samples_per_thread = pixels * C;
  using diff_t = typename std::iterator_traits<SampleIt>::difference_type;
  using word_t = histogram_word_t<CounterT>;
  using args_t = histogram_args<A, SampleIt, CounterT, Binner>;
  using source = vector_load_source<sample_t, SampleIt>;
  static constexpr int vec = policy.vector_bytes == 16 ? static_cast<int>(16 / sizeof(sample_t)) : 1;
  /// 16-byte words of whole pixels, a whole number of them per thread.
  static constexpr bool can_vectorize = source::value && std::is_trivially_copyable_v<sample_t> && vec > 1 &&
                                        16 % sizeof(sample_t) == 0 && vec % C == 0 && samples_per_thread % vec == 0;
  static_assert(!RAW || (SHARED && sizeof(sample_t) == 1), "agent_histogram: raw counters are for 1-byte samples");

  const args_t args;  // a copy: taking a kernel parameter's address may force it into local memory
  Binner binners[A];  // this thread's copy (a Range binner then points at the staged levels)
  word_t* hist;       // shared path: this thread's copy of the counters (interleaved with the others)
  int tid;

  XCUB_DEVICE XCUB_FORCEINLINE explicit agent_histogram(const args_t& a) : args(a), hist(nullptr) {
    tid = static_cast<int>(arch::linear_thread_id());
XCUB_UNROLL
    for (int c = 0; c < A; ++c) binners[c] = a.binners[c];
  }

  XCUB_DEVICE void run() {
    if constexpr (SHARED) {
      word_t* counters = arch::dynamic_shared_memory<word_t>();
      const int total = args.copies * A * args.stride;
      for (int i = tid; i < total; i += threads) counters[i] = 0;
      if constexpr (Binner::has_levels && !RAW) stage_levels(counters, total);
      arch::sync_threads();
      hist = counters + (tid & (args.copies - 1));
      sweep();
      arch::sync_threads();
      arch::wait_for_previous_grid();  // the init kernel has zeroed the output
      flush(counters);
    } else {
      arch::wait_for_previous_grid();
      sweep();
    }
  }

 private:
  /// Copies each channel's levels to shared memory after the `total` counters and points the
  /// binners at them (the binary search then reads shared memory).
  XCUB_DEVICE XCUB_FORCEINLINE void stage_levels(word_t* counters, int total) {
    if (args.levels_stride == 0) return;
    using level_t = typename Binner::level_t;
    level_t* staged = reinterpret_cast<level_t*>(reinterpret_cast<unsigned char*>(counters) +
                                                 histogram_counter_bytes(static_cast<std::size_t>(total), sizeof(word_t)));
XCUB_UNROLL
    for (int c = 0; c < A; ++c) {
      level_t* mine = staged + c * args.levels_stride;
      for (int i = tid; i < binners[c].num_levels; i += threads) mine[i] = binners[c].levels[i];
      binners[c].levels = mine;
    }
  }

  XCUB_DEVICE XCUB_FORCEINLINE void count(int c, sample_t s) {
    if constexpr (SHARED) {
      int index;
      if constexpr (RAW) {
        index = static_cast<int>(static_cast<unsigned char>(s));
      } else {
        index = binners[c].bin(s);
        if (index < 0) return;
      }
      arch::atomic_add<arch::scope::block>(hist + ((c * args.stride + index) << args.copy_shift), word_t(1));
    } else {
      const int b = binners[c].bin(s);
      if (b >= 0) arch::atomic_add(args.out[c] + b, CounterT(1));
    }
  }

  /// The block's tiles, row by row (tile t is column t % tiles_per_row of row t / tiles_per_row;
  /// the grid-sized step is split once into whole rows and columns).
  XCUB_DEVICE XCUB_FORCEINLINE void sweep() {
    const std::uint64_t grid = arch::grid_dim().x;
    const std::uint64_t per_row = args.tiles_per_row;
    constexpr std::uint64_t tile_samples = static_cast<std::uint64_t>(threads) * samples_per_thread;
    std::uint64_t t = arch::block_idx().x;
    std::uint64_t row = t / per_row, col = t % per_row;
    const std::uint64_t step_rows = grid / per_row, step_cols = grid % per_row;
    for (; t < args.num_tiles; t += grid) {
      const std::uint64_t col_offset = col * tile_samples;
      const std::uint64_t base = row * args.row_stride + col_offset;
      const std::uint64_t left = args.row_samples - col_offset;
      if (left >= tile_samples) {
        const auto tile = args.samples + static_cast<diff_t>(base);
        if constexpr (can_vectorize) {
          if (args.vectorize) vector_tile(base);
          else full_tile(tile);
        } else {
          full_tile(tile);
        }
      } else {
        partial_tile(args.samples + static_cast<diff_t>(base), static_cast<int>(left / C));
      }
      col += step_cols;
      row += step_rows;
      if (col >= per_row) {
        col -= per_row;
        ++row;
      }
    }
  }

  /// A full tile in 16-byte words, word k of this thread at tile word k * threads + tid.
  XCUB_DEVICE XCUB_FORCEINLINE void vector_tile(std::uint64_t base) {
    if constexpr (can_vectorize) {
      constexpr int words = samples_per_thread / vec;
      // The iterator's modifier, or the policy's for a plain pointer.
      constexpr CacheLoadModifier word_modifier =
          source::modifier != LOAD_DEFAULT ? source::modifier : policy.load_modifier;
      using word = cache_word16;
      struct lanes {
        sample_t v[vec];
      };
      const word* in = reinterpret_cast<const word*>(source::pointer(args.samples) + base);
      word w[words];
XCUB_UNROLL
      for (int k = 0; k < words; ++k) w[k] = arch::load_word<word_modifier>(in + k * threads + tid);
XCUB_UNROLL
      for (int k = 0; k < words; ++k) {
        const lanes l = __builtin_bit_cast(lanes, w[k]);
XCUB_UNROLL
        for (int j = 0; j < vec; ++j)
          if (j % C < A) count(j % C, l.v[j]);
      }
    }
  }

  /// A full tile pixel by pixel, striped, in chunks of at most 16 pixels: a chunk's loads are in
  /// flight together, and a thread never holds more than a chunk (128 one-byte pixels at once spilled).
  template <class It>
  XCUB_DEVICE XCUB_FORCEINLINE void full_tile(It tile) {
    constexpr int chunk = pixels < 16 ? pixels : 16;
XCUB_UNROLL
    for (int first = 0; first < pixels; first += chunk) {
      sample_t s[chunk][A];
XCUB_UNROLL
      for (int k = 0; k < chunk; ++k)
        if (first + k < pixels) {
XCUB_UNROLL
          for (int c = 0; c < A; ++c) s[k][c] = tile[((first + k) * threads + tid) * C + c];
        }
XCUB_UNROLL
      for (int k = 0; k < chunk; ++k)
        if (first + k < pixels) {
XCUB_UNROLL
          for (int c = 0; c < A; ++c) count(c, s[k][c]);
        }
    }
  }

  template <class It>
  XCUB_DEVICE XCUB_FORCEINLINE void partial_tile(It tile, int valid_pixels) {
XCUB_UNROLL
    for (int k = 0; k < pixels; ++k) {
      const int p = k * threads + tid;
      if (p < valid_pixels) {
XCUB_UNROLL
        for (int c = 0; c < A; ++c) count(c, tile[p * C + c]);
      }
    }
  }

  /// Adds the block's counts (summed over the copies) to the output: one atomic per non-zero bin.
  /// Thread i starts its sum at copy i % copies, so that a warp's reads of one step fall in distinct
  /// banks (counter i's copies are consecutive words).
  XCUB_DEVICE XCUB_FORCEINLINE void flush(const word_t* counters) {
    const int last = args.copies - 1;
XCUB_UNROLL
    for (int c = 0; c < A; ++c) {
      for (int i = tid; i < args.privatized[c]; i += threads) {
        const word_t* copies = counters + ((c * args.stride + i) << args.copy_shift);
        word_t sum = 0;
        for (int k = 0; k <= last; ++k) sum += copies[(k + i) & last];
        if (sum == 0) continue;
        int b = i;
        if constexpr (RAW) b = binners[c].bin(static_cast<sample_t>(static_cast<unsigned char>(i)));
        if (b >= 0) arch::atomic_add(args.out[c] + b, static_cast<CounterT>(sum));
      }
    }
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
