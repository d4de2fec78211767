// What the host SIMT emulator charges for one block-barrier round and one warp-shuffle round,
// per logical thread: a kernel does K rounds; the same launch with no rounds (each thread still
// gets its fiber, but runs start to end without switching) is subtracted; the rest is divided
// by K x threads. Best of several repetitions, in-order schedule and a seeded random one.
//
//   barrier_cost [K]      (default 64)
#include <xcub/xcub.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace arch = xcub::arch;

XCUB_KERNEL void barrier_rounds(int rounds, unsigned* sink) {
  unsigned v = arch::linear_thread_id();
  for (int i = 0; i < rounds; ++i) {
    arch::sync_threads();
    v = v * 3 + 1;
  }
  if (v == 12345u) *sink = v;  // keeps the loop; practically never true
}

XCUB_KERNEL void shuffle_rounds(int rounds, unsigned* sink) {
  unsigned v = arch::linear_thread_id();
  for (int i = 0; i < rounds; ++i) v = arch::shfl_xor(arch::full_lane_mask, v, 1 + i % (arch::warp_threads / 2)) + 1;
  if (v == 12345u) *sink = v;
}

namespace {

constexpr unsigned blocks = 4;
constexpr int repetitions = 5;

/// Best wall time in seconds of launching `kernel` with `rounds` rounds.
double best_seconds(void (*kernel)(int, unsigned*), unsigned threads, int rounds, unsigned* sink) {
  double best = 1e30;
  for (int r = 0; r < repetitions; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(threads), 0, nullptr, kernel, rounds, sink);
    const auto stop = std::chrono::steady_clock::now();
    if (err != xcub::success) {
      std::fprintf(stderr, "barrier_cost: launch failed: %s\n", xcub::error_string(err));
      std::exit(1);
    }
    best = std::min(best, std::chrono::duration<double>(stop - start).count());
  }
  return best;
}

/// Nanoseconds per thread per round above the round-free launch.
double ns_per_round(void (*kernel)(int, unsigned*), unsigned threads, int rounds, unsigned* sink, double* baseline) {
  const double base = best_seconds(kernel, threads, 0, sink);
  const double with = best_seconds(kernel, threads, rounds, sink);
  if (baseline) *baseline = base;
  return (with - base) * 1e9 / (static_cast<double>(rounds) * blocks * threads);
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 64;
  xcub::device_buffer<unsigned> sink(1);
  const unsigned sizes[] = {arch::warp_threads, 256, 1024};  // one full warp, 8 (or 4), 32 (or 16) warps

  std::printf("xcub host emulator: cost of one round per logical thread (warp width %d, %u blocks, %d rounds,\n"
              "best of %d, minus the same launch without rounds)\n\n",
              arch::warp_threads, blocks, rounds, repetitions);
  std::printf("%-14s %-10s %16s %18s %18s\n", "block threads", "schedule", "no-round launch", "barrier round",
              "shuffle round");
  for (const bool random : {false, true}) {
    xcub::host::detail::set_schedule_seed(random, 2026);
    // warm-up: the fiber stacks of a whole resident window are mapped once and then pooled
    (void)best_seconds(barrier_rounds, 1024, 1, sink.data());
    for (const unsigned threads : sizes) {
      double base = 0;
      const double barrier = ns_per_round(barrier_rounds, threads, rounds, sink.data(), &base);
      const double shuffle = ns_per_round(shuffle_rounds, threads, rounds, sink.data(), nullptr);
      std::printf("%-14u %-10s %13.1f us %15.1f ns %15.1f ns\n", threads, random ? "random" : "in order", base * 1e6,
                  barrier, shuffle);
    }
  }
  xcub::host::detail::set_schedule_seed(false, 0);
  return 0;
}
