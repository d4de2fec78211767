// The emulator's scheduler: admits blocks into a resident window, runs logical threads as
// fibers, and implements block barriers, spin-wait pauses and the seeded random schedule.
#include "emulator.hpp"
#include "sanitizer.hpp"
#include "stack_pool.hpp"

#include <boost/context/detail/exception.hpp>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <optional>

// Built with -fsanitize=thread (a -Db_sanitize=thread build, for races between host threads that
// each run grids): every fiber switch is announced to ThreadSanitizer, which otherwise takes the
// stack switches for one thread's calls and returns gone wrong. A switch synchronises (flag 0): the
// logical threads of one OS thread run one at a time, so only races between OS threads are reported.
#if defined(__SANITIZE_THREAD__)
#define XCUB_HOST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define XCUB_HOST_TSAN 1
#endif
#endif
#if defined(XCUB_HOST_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

namespace xcub::host::detail {

thread_local const thread_ids* current_ids = nullptr;

namespace {
#if defined(XCUB_HOST_TSAN)
void tsan_enter(void*& fiber) {
  if (!fiber) fiber = __tsan_create_fiber(0);
  __tsan_switch_to_fiber(fiber, 0);
}
void tsan_leave(void* scheduler) { __tsan_switch_to_fiber(scheduler, 0); }
void tsan_ended(void*& fiber) {
  if (fiber) __tsan_destroy_fiber(fiber);
  fiber = nullptr;
}
void* tsan_current() { return __tsan_get_current_fiber(); }
#else
void tsan_enter(void*&) {}
void tsan_leave(void*) {}
void tsan_ended(void*&) {}
void* tsan_current() { return nullptr; }
#endif
}  // namespace

namespace {

thread_local grid_run* tls_run = nullptr;
thread_local std::optional<std::uint64_t> tls_seed_override;
thread_local bool tls_seed_overridden = false;

constexpr unsigned max_block_threads = 1024;
constexpr std::size_t max_shared_bytes = 227 * 1024;  // the largest a Hopper block may ask for

unsigned long long env_number(const char* name, unsigned long long fallback) {
  const char* s = std::getenv(name);
  if (!s || !*s) return fallback;
  return std::strtoull(s, nullptr, 0);
}

std::optional<std::uint64_t> schedule_seed() {
  if (tls_seed_overridden) return tls_seed_override;
  if (const char* s = std::getenv("XCUB_HOST_SCHEDULE_SEED"); s && *s) return std::strtoull(s, nullptr, 0);
  return std::nullopt;
}

/// Sets a slot up for the block with the given linear index and queues its threads.
void admit_block(grid_run& run, emu_block& b, unsigned long long linear) {
  const dim3 g = run.request.grid, bd = run.request.block;
  const dim3 bidx(static_cast<unsigned>(linear % g.x), static_cast<unsigned>((linear / g.x) % g.y),
                  static_cast<unsigned>(linear / (static_cast<unsigned long long>(g.x) * g.y)));
  b.threads.resize(run.block_threads);
  b.warps.assign(run.block_warps, emu_warp{});
  b.live = run.block_threads;
  b.exited = b.at_barrier = 0;
  b.barrier_gen = 1;
  b.serial = ++run.admissions;
  arena_admit(b, run.request.shared_bytes);
  for (unsigned i = 0; i < run.block_threads; ++i) {
    emu_thread& t = b.threads[i];
    t = emu_thread{};
    t.block = &b;
    t.ids.thread_idx = dim3(i % bd.x, (i / bd.x) % bd.y, i / (bd.x * bd.y));
    t.ids.block_idx = bidx;
    t.ids.block_dim = bd;
    t.ids.grid_dim = g;
    t.ids.linear_tid = i;
    t.ids.lane = i % warp_width;
    t.ids.warp = i / warp_width;
    b.warps[t.ids.warp].present |= mask64{1} << t.ids.lane;
    run.ready.push_back(&t);
  }
  note_progress();
}

emu_thread* pick_ready(grid_run& run) {
  if (run.ready.empty()) return nullptr;
  std::size_t i = 0;
  if (run.random) {
    i = std::uniform_int_distribution<std::size_t>(0, run.ready.size() - 1)(run.rng);
    std::swap(run.ready[i], run.ready.front());
  }
  emu_thread* t = run.ready.front();
  run.ready.pop_front();
  return t;
}

void thread_exit(grid_run& run, emu_thread& t) {
  emu_block& b = *t.block;
  t.state = thread_state::done;
  --b.live;
  ++b.exited;
  b.warps[t.ids.warp].exited |= mask64{1} << t.ids.lane;
  release_warp_on_exit(t);
  if (b.at_barrier > 0) {
    fatal("barrier divergence: this thread exited while " + std::to_string(b.at_barrier) +
              " thread(s) of its block wait at the barrier at " + b.barrier_file + ":" +
              std::to_string(b.barrier_line) + " (every thread of a block must reach each barrier)",
          &t);
  }
  (void)run;
  note_progress();
}

void run_thread(grid_run& run, emu_thread& t) {
  run.current = &t;
  current_ids = &t.ids;
  t.state = thread_state::running;
  if (!t.fiber) {
    stack_pool& pool = this_thread_stacks();
    t.fiber = boost::context::fiber(std::allocator_arg, pooled_stack_allocator{&pool, &t.stack},
                                    [&run, &t](boost::context::fiber&& scheduler) {
                                      run.scheduler = std::move(scheduler);
                                      try {
                                        run.body(run.ctx);
                                      } catch (const boost::context::detail::forced_unwind&) {
                                        throw;
                                      } catch (const std::exception& e) {
                                        fatal(std::string("the kernel threw an exception: ") + e.what(), &t);
                                      } catch (...) {
                                        fatal("the kernel threw an exception", &t);
                                      }
                                      thread_exit(run, t);
                                      tsan_leave(run.tsan_scheduler);
                                      return std::move(run.scheduler);
                                    });
  }
  tsan_enter(t.tsan_fiber);
  t.fiber = std::move(t.fiber).resume();
  if (t.state == thread_state::done) tsan_ended(t.tsan_fiber);
  run.current = nullptr;
  current_ids = nullptr;
}

}  // namespace

grid_run* active_run() { return tls_run; }

void park_current() {
  grid_run& run = *tls_run;
  emu_thread* self = run.current;
  tsan_leave(run.tsan_scheduler);
  run.scheduler = std::move(run.scheduler).resume();
  run.current = self;
  current_ids = &self->ids;
}

void make_ready(emu_thread& t) {
  t.state = thread_state::ready;
  tls_run->ready.push_back(&t);
}

void note_progress() { tls_run->spins_since_progress = 0; }

bool coin_flip() { return tls_run->random && (tls_run->rng() & 1); }

void yield_current() {
  grid_run& run = *tls_run;
  make_ready(*run.current);
  park_current();
  run.current->state = thread_state::running;
}

// ---- entry points of emulator_api.hpp ---------------------------------------------------------

error_t run_grid(const launch_request& request, void (*body)(void*), void* ctx) {
  const dim3 g = request.grid, b = request.block;
  const unsigned long long block_threads = 1ull * b.x * b.y * b.z;
  if (g.x == 0 || g.y == 0 || g.z == 0 || block_threads == 0 || block_threads > max_block_threads ||
      b.z > 64 || g.y > 65535 || g.z > 65535 || g.x > 2147483647u || request.shared_bytes > max_shared_bytes) {
    return error_invalid_configuration;
  }
  if (tls_run) fatal("a kernel launched another kernel; the host emulator runs one grid at a time per OS thread");
  if (error_t injected = success; launch_fault_injected(injected)) return injected;

  install_fault_handler();
  grid_run run;
  run.request = request;
  run.kernel_name = kernel_name_of(request.kernel);
  run.body = body;
  run.ctx = ctx;
  run.block_threads = static_cast<unsigned>(block_threads);
  run.block_warps = (run.block_threads + warp_width - 1) / warp_width;
  run.total_blocks = 1ull * g.x * g.y * g.z;
  run.spin_limit = env_number("XCUB_HOST_SPIN_LIMIT", 1ull << 22);
  run.san_checks = san_launch_checks();
  run.tsan_scheduler = tsan_current();
  if (const auto seed = schedule_seed()) {
    run.random = true;
    run.seed = *seed;
    run.rng.seed(*seed);
  }
  const unsigned long long resident = std::max<unsigned long long>(1, env_number("XCUB_HOST_RESIDENT_BLOCKS", 8));
  run.slots.resize(std::min(resident, run.total_blocks));

  tls_run = &run;
  try {
    for (auto& slot : run.slots) {
      slot = std::make_unique<emu_block>();
      arena_acquire(*slot, request.shared_bytes);
      admit_block(run, *slot, run.next_block++);
    }
    std::size_t finished_slots = 0;
    while (finished_slots < run.slots.size()) {
      emu_thread* t = pick_ready(run);
      if (!t) report_stall(run);
      emu_block& blk = *t->block;
      run_thread(run, *t);
      if (blk.live == 0) {  // the block is complete: reuse its slot for the next block, if any
        if (run.next_block < run.total_blocks) {
          admit_block(run, blk, run.next_block++);
        } else {
          blk.live = ~0u;  // never counted again
          ++finished_slots;
        }
      }
    }
  } catch (const std::bad_alloc&) {
    // Thrown in the scheduler (a fiber stack, a slot's threads), never inside a kernel: threads
    // of the grid may be parked mid-kernel, so there is nothing to unwind to; a named stop.
    run.current = nullptr;
    fatal("out of memory: the emulator could not get a fiber stack or a block's state (" +
          std::to_string(this_thread_stacks().stack_bytes()) + "-byte stack per parked thread; lower "
          "XCUB_HOST_STACK_SIZE or XCUB_HOST_RESIDENT_BLOCKS)");
  }
  for (auto& slot : run.slots) arena_release(*slot);
  check_device_canaries(run.kernel_name);  // still names the kernel: tls_run is set
  tls_run = nullptr;
  return success;
}

void block_barrier(const char* file, int line) {
  grid_run& run = *tls_run;
  emu_thread& t = *run.current;
  emu_block& b = *t.block;
  t.spinning = false;
  if (b.exited > 0) {
    fatal("barrier divergence: this thread reached the barrier at " + std::string(file) + ":" + std::to_string(line) +
              " after " + std::to_string(b.exited) + " thread(s) of its block exited (every thread of a block must "
              "reach each barrier)",
          &t);
  }
  if (b.at_barrier == 0) {
    b.barrier_file = file;
    b.barrier_line = line;
  } else if (line != b.barrier_line || (file != b.barrier_file && std::strcmp(file, b.barrier_file) != 0)) {
    fatal("barrier divergence: this thread waits at the barrier at " + std::string(file) + ":" + std::to_string(line) +
              " while " + std::to_string(b.at_barrier) + " thread(s) of its block wait at the barrier at " +
              b.barrier_file + ":" + std::to_string(b.barrier_line),
          &t);
  }
  t.barrier_file = file;
  t.barrier_line = line;
  if (++b.at_barrier == b.live) {  // the last to arrive releases the others and goes on
    b.at_barrier = 0;
    ++b.barrier_gen;  // the sanitizer: every access before the barrier happens before every one after
    for (emu_thread& other : b.threads) {
      if (other.state == thread_state::at_barrier) make_ready(other);
    }
    note_progress();
    if (coin_flip()) yield_current();
    return;
  }
  t.state = thread_state::at_barrier;
  park_current();
  t.state = thread_state::running;
}

void spin_pause() {
  grid_run& run = *tls_run;
  run.current->spinning = true;
  if (++run.spins_since_progress > run.spin_limit) {
    fatal("deadlock: every running thread has only spun in pause() for " + std::to_string(run.spin_limit) +
              " switches; the value it waits for is never written (a block may wait for a block that is not "
              "resident: XCUB_HOST_RESIDENT_BLOCKS; a long legitimate wait: XCUB_HOST_SPIN_LIMIT)",
          run.current);
  }
  yield_current();
}

void maybe_switch() {
  grid_run* run = tls_run;
  if (run && run->current && coin_flip()) yield_current();
}

void atomic_written() {
  grid_run* run = tls_run;
  if (!run || !run->current) return;
  run->current->spinning = false;
  note_progress();
  if (coin_flip()) yield_current();
}

void* block_shared_object(const void* tag, std::size_t bytes, std::size_t align, const char* name,
                          const char* function) {
  grid_run* run = tls_run;
  if (!run || !run->current) fatal("XCUB_SHARED storage was declared outside a running kernel");
  return arena_object(*run->current->block, tag, name, function, bytes, align);
}

void* block_dynamic_shared() {
  grid_run* run = tls_run;
  if (!run || !run->current) fatal("dynamic_shared_memory() was called outside a running kernel");
  if (run->request.shared_bytes == 0) return nullptr;
  return run->current->block->arena + lead_gap;
}

void set_schedule_seed(bool enabled, std::uint64_t seed) {
  tls_seed_overridden = enabled;
  tls_seed_override = enabled ? std::optional<std::uint64_t>(seed) : std::nullopt;
}

const char* error_text(error_t e) {
  switch (e) {
    case success: return "no error";
    case error_invalid_value: return "invalid argument";
    case error_memory_allocation: return "out of memory";
    case error_invalid_configuration: return "invalid configuration argument (grid, block or shared memory size)";
    case error_invalid_device: return "invalid device ordinal";
    case error_not_ready: return "device not ready";
    case error_launch_failure: return "unspecified launch failure (injected)";
  }
  return "unknown error";
}

}  // namespace xcub::host::detail
