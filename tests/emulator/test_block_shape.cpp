// The host emulator's block-shape check (<xcub/arch/debug_checks.hpp>): a block collective whose
// BLOCK_DIM_X/Y/Z are not the launch's block stops the kernel, and the report names the class, the
// shape it was declared for, the launch's, the kernel, the block and the thread. Each misuse runs
// in a forked child, which must die with that report; the same kernels launched with the declared
// shape complete and give the right results (the block suites run every other correct shape).
#include "test_support.hpp"
#include "emulator_reports.hpp"

#include <xcub/block/block_adjacent_difference.hpp>
#include <xcub/block/block_discontinuity.hpp>
#include <xcub/block/block_exchange.hpp>
#include <xcub/block/block_histogram.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_merge_sort.hpp>
#include <xcub/block/block_radix_rank.hpp>
#include <xcub/block/block_radix_sort.hpp>
#include <xcub/block/block_reduce.hpp>
#include <xcub/block/block_run_length_decode.hpp>
#include <xcub/block/block_scan.hpp>
#include <xcub/block/block_shuffle.hpp>
#include <xcub/block/block_store.hpp>

#include <signal.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace xcub_emu_shape {
namespace arch = xcub::arch;

XCUB_KERNEL void reduce_128(const int* in, int* out) {
  using reduce_t = xcub::BlockReduce<int, 128>;
  XCUB_SHARED(reduce_t::TempStorage, temp);
  const int t = static_cast<int>(arch::linear_thread_id());
  const int sum = reduce_t(temp).Sum(in[t]);
  if (t == 0) *out = sum;
}

XCUB_KERNEL void scan_128(const int* in, int* out) {
  using scan_t = xcub::BlockScan<int, 128>;
  XCUB_SHARED(scan_t::TempStorage, temp);
  const int t = static_cast<int>(arch::linear_thread_id());
  scan_t(temp).ExclusiveSum(in[t], out[t]);
}

XCUB_KERNEL void scan_16x8_private(const int* in, int* out) {
  using scan_t = xcub::BlockScan<int, 16, xcub::BLOCK_SCAN_WARP_SCANS, 8>;
  const int t = static_cast<int>(arch::linear_thread_id());
  scan_t().InclusiveSum(in[t], out[t]);
}

struct low_nibble {
  XCUB_DEVICE std::uint32_t Digit(unsigned key) const { return key & 15u; }
};

/// Every other block class, declared for 64 threads: the one named by `which` is constructed.
XCUB_KERNEL void one_class_64(int which, int* out) {
  constexpr int B = 64;
  const int t = static_cast<int>(arch::linear_thread_id());
  int items[2] = {t, t + 1};
  switch (which) {
    case 0: {
      using c = xcub::BlockLoad<int, B, 2, xcub::BLOCK_LOAD_TRANSPOSE>;
      XCUB_SHARED(c::TempStorage, temp);
      c(temp).Load(out, items);
      break;
    }
    case 1: {
      using c = xcub::BlockStore<int, B, 2, xcub::BLOCK_STORE_DIRECT>;
      c().Store(out, items);
      break;
    }
    case 2: {
      using c = xcub::BlockExchange<int, B, 2>;
      XCUB_SHARED(c::TempStorage, temp);
      c(temp).BlockedToStriped(items);
      break;
    }
    case 3: {
      using c = xcub::BlockDiscontinuity<int, B>;
      XCUB_SHARED(c::TempStorage, temp);
      int flags[2];
      c(temp).FlagHeads(flags, items, xcub::Inequality{});
      break;
    }
    case 4: {
      using c = xcub::BlockAdjacentDifference<int, B>;
      XCUB_SHARED(c::TempStorage, temp);
      c(temp).SubtractLeft(items, items, [](int a, int b) { return a - b; });
      break;
    }
    case 5: {
      using c = xcub::BlockShuffle<int, B>;
      XCUB_SHARED(c::TempStorage, temp);
      int next;
      c(temp).Offset(items[0], next, 1);
      break;
    }
    case 6: {
      using c = xcub::BlockHistogram<int, B, 2, 16>;
      XCUB_SHARED(c::TempStorage, temp);
      struct bins_t {
        unsigned bins[16];
      };
      XCUB_SHARED(bins_t, hist);
      for (int& v : items) v &= 15;
      c(temp).Histogram(items, hist.bins);
      break;
    }
    case 7: {
      using c = xcub::BlockRadixSort<int, B, 2>;
      XCUB_SHARED(c::TempStorage, temp);
      c(temp).Sort(items);
      break;
    }
    case 8: {
      using c = xcub::BlockRadixRank<B, 4, false>;
      XCUB_SHARED(c::TempStorage, temp);
      unsigned keys[2] = {1u, 2u};
      int ranks[2];
      c(temp).RankKeys(keys, ranks, low_nibble{});
      break;
    }
    case 9: {
      using c = xcub::BlockRadixRankMatch<B, 4, false>;
      XCUB_SHARED(c::TempStorage, temp);
      unsigned keys[2] = {1u, 2u};
      int ranks[2];
      c(temp).RankKeys(keys, ranks, low_nibble{});
      break;
    }
    case 10: {
      using c = xcub::BlockRadixRankMatchEarlyCounts<B, 4, false>;
      XCUB_SHARED(c::TempStorage, temp);
      unsigned keys[2] = {1u, 2u};
      int ranks[2];
      c(temp).RankKeys(keys, ranks, low_nibble{});
      break;
    }
    case 11: {
      using c = xcub::BlockMergeSort<int, B, 2>;
      XCUB_SHARED(c::TempStorage, temp);
      c(temp).Sort(items, [](int a, int b) { return a < b; });
      break;
    }
    case 12: {
      using c = xcub::BlockRunLengthDecode<int, B, 1, 2>;
      XCUB_SHARED(c::TempStorage, temp);
      int values[1] = {t}, lengths[1] = {1}, total = 0;
      c(temp, values, lengths, total);
      break;
    }
    default: break;
  }
  out[t] = items[0];
}

inline const char* const class_names[] = {
    "xcub::BlockLoad", "xcub::BlockStore", "xcub::BlockExchange", "xcub::BlockDiscontinuity",
    "xcub::BlockAdjacentDifference", "xcub::BlockShuffle", "xcub::BlockHistogram", "xcub::BlockRadixSort",
    "xcub::BlockRadixRank", "xcub::BlockRadixRankMatch", "xcub::BlockRadixRankMatchEarlyCounts",
    "xcub::BlockMergeSort", "xcub::BlockRunLengthDecode"};
constexpr int classes = sizeof(class_names) / sizeof(class_names[0]);

}  // namespace xcub_emu_shape

namespace {
using xcub_test::child_result;
using xcub_test::run_in_child;

using xcub_test::launch_in_child;

void check_report(const child_result& r, std::initializer_list<std::string> parts) {
  xcub_test::check_report(r, SIGABRT, parts);
}
}  // namespace

TEST_CASE("emulator: a block collective in a block of another shape stops the kernel, naming the class") {
  xcub::device_buffer<int> in(std::vector<int>(1024, 1)), out(1024);
  for (unsigned threads : {64u, 256u, 1024u, 129u}) {
    INFO("block of " << threads << " threads");
    check_report(launch_in_child(xcub::dim3(2), xcub::dim3(threads), xcub_emu_shape::reduce_128, in.data(), out.data()),
                 {"xcub::BlockReduce is declared for blocks of (128,1,1) threads but runs in a block of (" +
                      std::to_string(threads) + ",1,1)",
                  "kernel: xcub_emu_shape::reduce_128(", "block (0,0,0), thread (0,0,0)"});
    check_report(launch_in_child(xcub::dim3(1), xcub::dim3(threads), xcub_emu_shape::scan_128, in.data(), out.data()),
                 {"xcub::BlockScan is declared for blocks of (128,1,1) threads but runs in a block of (" +
                      std::to_string(threads) + ",1,1)",
                  "kernel: xcub_emu_shape::scan_128("});
  }
  // The same thread count in another shape; the default constructor (private storage).
  check_report(
      launch_in_child(xcub::dim3(1), xcub::dim3(128), xcub_emu_shape::scan_16x8_private, in.data(), out.data()),
      {"xcub::BlockScan is declared for blocks of (16,8,1) threads but runs in a block of (128,1,1)"});
  check_report(
      launch_in_child(xcub::dim3(1), xcub::dim3(8, 16), xcub_emu_shape::scan_16x8_private, in.data(), out.data()),
      {"xcub::BlockScan is declared for blocks of (16,8,1) threads but runs in a block of (8,16,1)"});
  for (int c = 0; c < xcub_emu_shape::classes; ++c) {
    INFO(xcub_emu_shape::class_names[c]);
    check_report(launch_in_child(xcub::dim3(1), xcub::dim3(128), xcub_emu_shape::one_class_64, c, out.data()),
                 {std::string(xcub_emu_shape::class_names[c]) +
                  " is declared for blocks of (64,1,1) threads but runs in a block of (128,1,1)"});
  }
}

TEST_CASE("emulator: block collectives in blocks of their own shape run without a report") {
  XCUB_TEST_CONTEXT();
  std::vector<int> ones(1024, 1);
  xcub::device_buffer<int> in(ones), out(1024);
  xcub_test::launch_and_wait(xcub::dim3(2), xcub::dim3(128), 0, xcub_emu_shape::reduce_128, in.data(), out.data());
  CHECK(out.download()[0] == 128);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(128), 0, xcub_emu_shape::scan_128, in.data(), out.data());
  CHECK(out.download()[127] == 127);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(16, 8), 0, xcub_emu_shape::scan_16x8_private, in.data(),
                             out.data());
  CHECK(out.download()[127] == 128);
  for (int c = 0; c < xcub_emu_shape::classes; ++c) {
    INFO(xcub_emu_shape::class_names[c]);
    xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(64), 0, xcub_emu_shape::one_class_64, c, out.data());
  }
}
