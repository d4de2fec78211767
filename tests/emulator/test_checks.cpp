// The host emulator's checks, each stopping a deliberately broken kernel: the kernel runs in a
// forked child, which must die, and its stderr must say what went wrong and name the kernel
// (the kernels have external linkage and the tests link with -rdynamic), the block and the thread.
#include "test_support.hpp"
#include "emulator_reports.hpp"

#include <signal.h>

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <thread>

namespace xcub_emu_checks {
namespace arch = xcub::arch;
constexpr unsigned W = arch::warp_threads;

XCUB_KERNEL void threads_return_before_barrier(int* out) {
  const unsigned tid = arch::linear_thread_id();
  if (arch::block_idx().x == 1 && tid >= 16) return;  // in block 1 only threads 0..15 reach the barrier
  arch::sync_threads();
  out[tid] = 1;
}

XCUB_KERNEL void barrier_after_threads_returned(int* out) {
  const unsigned tid = arch::linear_thread_id();
  if (tid < 5) return;
  arch::sync_threads();
  out[tid] = 1;
}

// The two call sites are the lines first_site and first_site + 2.
constexpr int first_site = __LINE__ + 4;
XCUB_KERNEL void barriers_at_two_sites(int* out) {
  const unsigned tid = arch::linear_thread_id();
  if (tid % 2 == 0) {
    arch::sync_threads();
  } else {
    arch::sync_threads();
  }
  out[tid] = 1;
}

XCUB_KERNEL void warp_waits_for_lane_at_barrier(int* out) {
  if (arch::lane_id() == 0) {
    arch::sync_threads();
  } else {
    arch::sync_warp();
  }
  out[arch::linear_thread_id()] = 1;
}

XCUB_KERNEL void shuffle_masks_disagree(unsigned* out) {
  const unsigned lane = arch::lane_id();
  if (lane > 2) return;
  const arch::lane_mask_t mask = lane == 0 ? 0x3 : 0x7;  // lane 0 leaves lane 2 out; lanes 1 and 2 do not
  out[lane] = arch::shfl_idx(mask, lane, 0);
}

XCUB_KERNEL void lanes_call_different_collectives(unsigned* out) {
  const unsigned lane = arch::lane_id();
  if (lane > 1) return;
  out[lane] = lane == 0 ? arch::ballot(0x3, true) : arch::shfl_idx(arch::lane_mask_t{0x3}, lane, 0);
}

XCUB_KERNEL void lane_outside_its_mask(int* out) {
  if (arch::block_idx().x == 1 && arch::linear_thread_id() == 3) arch::sync_warp(0x1);
  out[arch::linear_thread_id()] = 1;
}

XCUB_KERNEL void full_mask_in_partial_warp(unsigned* out) {
  // the usual bug: a full-warp reduction in a block whose last warp is partial
  unsigned v = arch::linear_thread_id();
  for (unsigned offset = W / 2; offset > 0; offset /= 2) v += arch::shfl_down(arch::full_lane_mask, v, offset);
  out[arch::linear_thread_id()] = v;
}

XCUB_KERNEL void last_lane_leaves_warp(int* out) {
  if (arch::lane_id() == W - 1) return;
  arch::sync_warp();
  out[arch::lane_id()] = 1;
}

XCUB_KERNEL void first_lane_leaves_warp(int* out) {
  if (arch::lane_id() == 0) return;
  arch::sync_warp();
  out[arch::lane_id()] = 1;
}

XCUB_KERNEL void spins_on_unwritten_flag(const int* flag, int* out) {
  while (arch::atomic_load_acquire(flag) == 0) arch::pause();
  out[arch::linear_thread_id()] = 1;
}

/// Every block but the last waits for the last one, which may never become resident.
XCUB_KERNEL void waits_for_last_block(int* flag) {
  const bool last = arch::block_idx().x == arch::grid_dim().x - 1;
  if (arch::linear_thread_id() == 0) {
    if (last) {
      arch::atomic_store_release(flag, 1);
    } else {
      while (arch::atomic_load_acquire(flag) == 0) arch::pause();
    }
  }
  arch::sync_threads();
}

/// Recursion with a 2 KiB frame that the compiler must keep (volatile) and cannot turn into a loop.
__attribute__((noinline)) XCUB_DEVICE int deep(int depth) {
  volatile char frame[2048];
  frame[0] = static_cast<char>(depth);
  frame[sizeof frame - 1] = 1;
  if (depth == 0) return frame[0];
  return deep(depth - 1) + frame[0] + frame[sizeof frame - 1];
}

XCUB_KERNEL void recurses_too_deep(int depth, int* out) {
  if (arch::block_idx().x == 1 && arch::linear_thread_id() == 5) out[0] = deep(depth);
}

XCUB_KERNEL void writes_through_bad_pointer(int* bad) {
  if (arch::block_idx().x == 1 && arch::linear_thread_id() == 9) *static_cast<volatile int*>(bad) = 1;
}

XCUB_KERNEL void throws_in_one_thread(int* out) {
  if (arch::block_idx().x == 2 && arch::linear_thread_id() == 7) {
    throw std::runtime_error("thrown on purpose by block 2, thread 7");
  }
  out[arch::linear_thread_id()] = 1;
}

}  // namespace xcub_emu_checks

namespace {
namespace arch = xcub::arch;
using xcub_test::child_result;
using xcub_test::run_in_child;
constexpr unsigned W = arch::warp_threads;

using xcub_test::launch_in_child;

std::string thread_line(unsigned block, unsigned thread) {
  return "\n  block (" + std::to_string(block) + ",0,0), thread (" + std::to_string(thread) + ",0,0) (warp " +
         std::to_string(thread / W) + ", lane " + std::to_string(thread % W) + ")";
}

using xcub_test::check_report;

const std::string here = "emulator/test_checks.cpp:";
}  // namespace

TEST_CASE("emulator: the child-process helper sees a clean exit and a death") {
  const child_result ok = run_in_child([] { std::fputs("just words\n", stderr); });
  CHECK(ok.exited);
  CHECK(ok.exit_code == 0);
  CHECK(!ok.died());
  CHECK(ok.err == "just words\n");
  const child_result bad = run_in_child([] { std::abort(); });
  CHECK(bad.died());
  CHECK(bad.signal == SIGABRT);
}

TEST_CASE("emulator: barrier divergence: threads return while others wait at sync_threads") {
  xcub::device_buffer<int> out(64);
  const child_result r = launch_in_child(xcub::dim3(2), xcub::dim3(64), xcub_emu_checks::threads_return_before_barrier,
                                         out.data());
  check_report(r, SIGABRT,
               {"barrier divergence: this thread exited while 16 thread(s) of its block wait at the barrier at ", here,
                "kernel: xcub_emu_checks::threads_return_before_barrier(int*)", thread_line(1, 16)});
}

TEST_CASE("emulator: barrier divergence: a thread reaches sync_threads after others returned") {
  xcub::device_buffer<int> out(64);
  const child_result r = launch_in_child(xcub::dim3(1), xcub::dim3(64),
                                         xcub_emu_checks::barrier_after_threads_returned, out.data());
  check_report(r, SIGABRT,
               {"barrier divergence: this thread reached the barrier at ", here,
                "after 5 thread(s) of its block exited",
                "kernel: xcub_emu_checks::barrier_after_threads_returned(int*)", thread_line(0, 5)});
}

TEST_CASE("emulator: barrier divergence: threads wait at two different sync_threads") {
  xcub::device_buffer<int> out(64);
  const child_result r =
      launch_in_child(xcub::dim3(1), xcub::dim3(64), xcub_emu_checks::barriers_at_two_sites, out.data());
  check_report(r, SIGABRT,
               {"barrier divergence: this thread waits at the barrier at ",
                here + std::to_string(xcub_emu_checks::first_site + 2) + " while 1 thread(s) of its block wait at the "
                    "barrier at ",
                here + std::to_string(xcub_emu_checks::first_site) + "\n",
                "kernel: xcub_emu_checks::barriers_at_two_sites(int*)", thread_line(0, 1)});
}

TEST_CASE("emulator: deadlock: a warp collective waits for a lane that waits at a block barrier") {
  xcub::device_buffer<int> out(W);
  const child_result r =
      launch_in_child(xcub::dim3(1), xcub::dim3(W), xcub_emu_checks::warp_waits_for_lane_at_barrier, out.data());
  check_report(r, SIGABRT,
               {"deadlock: no thread can run; the waiting threads are:",
                "block (0,0,0): thread (0,0,0) (warp 0, lane 0) waits at the barrier at ", here,
                "block (0,0,0): thread (1,0,0) (warp 0, lane 1) waits in sync_warp with member mask ",
                "kernel: xcub_emu_checks::warp_waits_for_lane_at_barrier(int*)"});
}

TEST_CASE("emulator: warp collectives whose member masks disagree") {
  xcub::device_buffer<unsigned> out(W);
  child_result r = launch_in_child(xcub::dim3(1), xcub::dim3(W), xcub_emu_checks::shuffle_masks_disagree, out.data());
  check_report(r, SIGABRT,
               {"shfl_idx: member masks disagree: lanes 1,2 wait in shfl_idx with mask 0x7 while lanes 0 wait in "
                "shfl_idx with mask 0x3, and neither can complete",
                "kernel: xcub_emu_checks::shuffle_masks_disagree(unsigned int*)", thread_line(0, 1)});

  // the same mask, but another collective
  r = launch_in_child(xcub::dim3(1), xcub::dim3(W), xcub_emu_checks::lanes_call_different_collectives, out.data());
  check_report(r, SIGABRT,
               {"shfl_idx: lanes call different warp collectives: this lane calls shfl_idx with mask 0x3 while lanes "
                "0 wait in ballot with mask 0x3",
                "kernel: xcub_emu_checks::lanes_call_different_collectives(unsigned int*)", thread_line(0, 1)});
}

TEST_CASE("emulator: a lane calls a warp collective whose mask leaves it out") {
  xcub::device_buffer<int> out(64);
  const child_result r =
      launch_in_child(xcub::dim3(2), xcub::dim3(64), xcub_emu_checks::lane_outside_its_mask, out.data());
  check_report(r, SIGABRT,
               {"sync_warp with member mask 0x1: the calling lane 3 is not in its mask",
                "kernel: xcub_emu_checks::lane_outside_its_mask(int*)", thread_line(1, 3)});
}

TEST_CASE("emulator: a full member mask in a partial last warp names lanes that do not exist") {
  const unsigned threads = W + W / 4;  // the second warp has lanes 0 .. W/4-1
  xcub::device_buffer<unsigned> out(threads);
  const child_result r =
      launch_in_child(xcub::dim3(1), xcub::dim3(threads), xcub_emu_checks::full_mask_in_partial_warp, out.data());
  const std::string full = W == 64 ? "0xffffffffffffffff" : "0xffffffff";
  check_report(r, SIGABRT,
               {"shfl_down with member mask " + full + ": the mask names lanes " + std::to_string(W / 4) + "," +
                    std::to_string(W / 4 + 1) + ",",
                "," + std::to_string(W - 1) + " that do not exist (the block has " + std::to_string(threads) +
                    " threads)",
                "kernel: xcub_emu_checks::full_mask_in_partial_warp(unsigned int*)", thread_line(0, W)});
}

TEST_CASE("emulator: a lane exits while its warp waits for it") {
  xcub::device_buffer<int> out(W);
  const std::string full = W == 64 ? "0xffffffffffffffff" : "0xffffffff";
  child_result r = launch_in_child(xcub::dim3(1), xcub::dim3(W), xcub_emu_checks::last_lane_leaves_warp, out.data());
  check_report(r, SIGABRT,
               {"this lane exited while lanes 0,1,2,", "," + std::to_string(W - 2) + " wait for it in sync_warp with "
                "member mask " + full,
                "kernel: xcub_emu_checks::last_lane_leaves_warp(int*)", thread_line(0, W - 1)});

  // the other order: the lane has gone before the others call
  r = launch_in_child(xcub::dim3(1), xcub::dim3(W), xcub_emu_checks::first_lane_leaves_warp, out.data());
  check_report(r, SIGABRT,
               {"sync_warp with member mask " + full + ": lanes 0 of the mask have already exited",
                "kernel: xcub_emu_checks::first_lane_leaves_warp(int*)", thread_line(0, 1)});
}

TEST_CASE("emulator: deadlock: threads spin in pause() on a flag that nobody writes") {
  xcub::device_buffer<int> flag(std::vector<int>{0});
  xcub::device_buffer<int> out(64);
  const child_result r = run_in_child([&] {
    setenv("XCUB_HOST_SPIN_LIMIT", "1000", 1);
    (void)xcub::launch(xcub::dim3(2), xcub::dim3(32), 0, nullptr, xcub_emu_checks::spins_on_unwritten_flag,
                       static_cast<const int*>(flag.data()), out.data());
  });
  check_report(r, SIGABRT,
               {"deadlock: every running thread has only spun in pause() for 1000 switches",
                "kernel: xcub_emu_checks::spins_on_unwritten_flag(int const*, int*)", "\n  block (", ", thread ("});
}

TEST_CASE("emulator: deadlock: blocks wait for a block outside the resident window") {
  xcub::device_buffer<int> flag(std::vector<int>{0});
  const child_result r = run_in_child([&] {
    setenv("XCUB_HOST_SPIN_LIMIT", "1000", 1);
    setenv("XCUB_HOST_RESIDENT_BLOCKS", "2", 1);  // blocks 0 and 1 wait; block 2 is never admitted
    (void)xcub::launch(xcub::dim3(3), xcub::dim3(32), 0, nullptr, xcub_emu_checks::waits_for_last_block, flag.data());
  });
  check_report(r, SIGABRT,
               {"deadlock: every running thread has only spun in pause()", "XCUB_HOST_RESIDENT_BLOCKS",
                "kernel: xcub_emu_checks::waits_for_last_block(int*)", "thread (0,0,0)"});
}

TEST_CASE("emulator: stack overflow is caught by the guard page") {
  xcub::device_buffer<int> out(1);
  const child_result r =
      launch_in_child(xcub::dim3(2), xcub::dim3(32), xcub_emu_checks::recurses_too_deep, 1 << 20, out.data());
  check_report(r, SIGSEGV,
               {"xcub host emulator: stack overflow: the thread ran past its ", "into the guard page",
                "XCUB_HOST_STACK_SIZE", "kernel: xcub_emu_checks::recurses_too_deep(int, int*)", thread_line(1, 5)});
}

TEST_CASE("emulator: XCUB_HOST_STACK_SIZE sizes the fiber stacks of an OS thread's launches") {
  // The stacks of an OS thread are pooled from its first launch on, so the size is read then:
  // the child launches from a new thread. 100 levels of about 2 KiB overflow 64 KiB, not 1 MiB.
  xcub::device_buffer<int> out(1);
  const auto launch_on_new_thread = [&](const char* bytes) {
    return run_in_child([&] {
      unsetenv("XCUB_HOST_SCHEDULE_SEED");
      setenv("XCUB_HOST_STACK_SIZE", bytes, 1);
      std::thread([&] {
        (void)xcub::launch(xcub::dim3(2), xcub::dim3(32), 0, nullptr, xcub_emu_checks::recurses_too_deep, 100,
                           out.data());
      }).join();
    });
  };
  check_report(launch_on_new_thread("65536"), SIGSEGV,
               {"stack overflow: the thread ran past its 65536-byte stack into the guard page",
                "kernel: xcub_emu_checks::recurses_too_deep(int, int*)", thread_line(1, 5)});
  const child_result fits = launch_on_new_thread("1048576");
  INFO("child stderr:\n" << fits.err);
  CHECK(fits.exited);
  CHECK(fits.exit_code == 0);
}

TEST_CASE("emulator: an invalid memory access in a kernel names the thread") {
  int* const bad = reinterpret_cast<int*>(std::uintptr_t{0x40});  // the first page is never mapped
  const child_result r =
      launch_in_child(xcub::dim3(2), xcub::dim3(32), xcub_emu_checks::writes_through_bad_pointer, bad);
  check_report(r, SIGSEGV,
               {"xcub host emulator: invalid memory access at 0x40",
                "kernel: xcub_emu_checks::writes_through_bad_pointer(int*)", thread_line(1, 9)});
}

TEST_CASE("emulator: an exception thrown from a kernel") {
  xcub::device_buffer<int> out(64);
  const child_result r =
      launch_in_child(xcub::dim3(3), xcub::dim3(64), xcub_emu_checks::throws_in_one_thread, out.data());
  check_report(r, SIGABRT,
               {"the kernel threw an exception: thrown on purpose by block 2, thread 7",
                "kernel: xcub_emu_checks::throws_in_one_thread(int*)", thread_line(2, 7)});
}
