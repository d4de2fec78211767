// The host SIMT emulator's state, shared by its source files (not installed).
//
// One OS thread runs a grid: a resident window of blocks, each logical thread a Boost.Context
// fiber that runs until a switch point (block barrier, warp collective, pause, and under the
// random schedule atomics) and then hands control back to the scheduler loop in scheduler.cpp.
// Fibers are made when a thread first runs and their stacks are pooled, so a kernel without
// switch points runs its threads one after another on the same, cache-warm stack.
#pragma once

#include <xcub/backend/emulator_api.hpp>
#include <xcub/config.hpp>

#include <boost/context/fiber.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace xcub::host::detail {

inline constexpr int warp_width = XCUB_HOST_WARP_THREADS;
using mask64 = std::uint64_t;  // masks are held in 64 bits whatever the warp width
inline constexpr mask64 warp_width_mask = warp_width == 64 ? ~mask64{0} : (mask64{1} << warp_width) - 1;

enum class thread_state : std::uint8_t { ready, running, at_barrier, at_warp, done };

struct emu_block;

struct emu_thread {
  thread_ids ids;
  emu_block* block = nullptr;
  boost::context::fiber fiber;  // the suspended thread; empty before it first runs and after it ends
  boost::context::stack_context stack;
  thread_state state = thread_state::ready;
  bool spinning = false;  // has called pause() since it last passed a barrier
  // where it waits at a block barrier
  const char* barrier_file = nullptr;
  int barrier_line = 0;
  // its part in a warp collective
  warp_op op = warp_op::sync;
  mask64 op_mask = 0;
  std::uint64_t op_in = 0, op_out = 0;
  int op_operand = 0, op_width = 0;
  void* tsan_fiber = nullptr;  // under ThreadSanitizer (a -Db_sanitize=thread build): its fiber's identity
  // sanitizer only (sanitizer.cpp): this thread's clock, and what it knows of the clocks of the
  // other threads of its block since the block's last barrier (sorted (tid << 32 | clock) words)
  std::uint32_t san_clock = 1, san_known_gen = 0;
  std::vector<std::uint64_t> san_known;
};

/// Lanes of one member mask gathering for one warp collective.
struct warp_group {
  warp_op op;
  mask64 mask, arrived;
};

struct emu_warp {
  mask64 present = 0, exited = 0;
  std::vector<warp_group> groups;
};

struct emu_block {
  std::vector<emu_thread> threads;
  std::vector<emu_warp> warps;
  unsigned live = 0, exited = 0, at_barrier = 0;
  const char* barrier_file = nullptr;  // where the first waiting thread waits
  int barrier_line = 0;
  std::uint32_t barrier_gen = 1;  // completed barriers + 1: accesses of older generations are ordered
  std::uint64_t serial = 0;       // admissions in this grid: tells a block from its slot's earlier ones
  // shared memory (shared_memory.cpp): one arena per slot, holding the launch's dynamic bytes and
  // one object per XCUB_SHARED declaration, with unaddressable gaps between them
  unsigned chunk = ~0u;            // the arena's chunk of the shared-memory region
  unsigned char* arena = nullptr;
  std::size_t arena_used = 0;      // end of the last object
  std::size_t static_bytes = 0;    // sum of the XCUB_SHARED objects' sizes (CUDA's 48 KiB limit)
  struct shared_object {
    const void* tag;
    const char* name;      // the declaration's variable
    const char* function;  // the function that declares it
    std::size_t offset, bytes;  // in the arena
  };
  std::vector<shared_object> shared_objects;
};

/// Memory that atomics synchronise through (sanitizer only): the clocks released into it.
struct san_sync {
  const emu_block* block = nullptr;
  std::uint64_t serial = 0;
  std::uint32_t gen = 0;
  std::vector<std::uint64_t> known;
};

struct grid_run {
  launch_request request;
  std::string kernel_name;
  void (*body)(void*) = nullptr;
  void* ctx = nullptr;
  unsigned block_threads = 0, block_warps = 0;
  unsigned long long total_blocks = 0, next_block = 0;
  std::vector<std::unique_ptr<emu_block>> slots;
  std::deque<emu_thread*> ready;  // in-order schedule: FIFO; random schedule: picked at random
  emu_thread* current = nullptr;
  boost::context::fiber scheduler;  // where a parked thread returns to
  void* tsan_scheduler = nullptr;   // under ThreadSanitizer: the OS thread's own fiber identity
  bool random = false;
  std::uint64_t seed = 0;
  std::mt19937_64 rng;
  std::uint64_t spins_since_progress = 0, spin_limit = 0;
  std::uint64_t admissions = 0;
  unsigned san_checks = 0;  // sanitizer checks of this grid (sanitizer.hpp: check_race...)
  std::unordered_map<std::uintptr_t, san_sync> san_syncs;  // sanitizer only: by atomic's address
  std::vector<std::uint32_t> san_scratch;                   // sanitizer only: a clock per thread
};

/// The grid this OS thread is running, or null.
grid_run* active_run();

// scheduler.cpp
void park_current();                 // switch back to the scheduler; returns when resumed
void make_ready(emu_thread& t);      // queue a waiting thread
void note_progress();                // something other than spinning happened
bool coin_flip();                    // random schedule only: switch here?
void yield_current();                // requeue the running thread and park it

// shared_memory.cpp: the per-slot arenas, and the sanitizer's view of them
void arena_acquire(emu_block& b, std::size_t dynamic_bytes);  // a chunk for the slot, once per grid
void arena_admit(emu_block& b, std::size_t dynamic_bytes);    // a new block in the slot: fresh memory
void arena_release(emu_block& b);                             // the grid is done with the slot
void* arena_object(emu_block& b, const void* tag, const char* name, const char* function, std::size_t bytes,
                   std::size_t align);
extern bool san_enabled;                                      // the instrumented hooks are linked in
void san_warp_sync(emu_block& b, emu_thread* const* lanes, mask64 members);  // sync_warp completed

// warp_collectives.cpp
void release_warp_on_exit(emu_thread& t);  // checks a lane that ends while its warp waits for it
void report_mask_disagreement(const emu_block& b);  // at a stall: overlapping groups that never meet

// device_memory.cpp
bool launch_fault_injected(error_t& e);                       // fault injection: this launch fails with e
void check_device_canaries(const std::string& kernel_name);    // after a launch: writes past an allocation's end
std::string describe_device_address(const void* p);           // a guard hit, named; empty if not one

// diagnostics.cpp
[[noreturn]] void fatal(const std::string& what, const emu_thread* t = nullptr);
std::string describe(const dim3& d);
std::string describe_wait(const emu_thread& t);
std::string hex(std::uint64_t v);
const char* op_name(warp_op op);
std::string kernel_name_of(const void* kernel);
void install_fault_handler();
[[noreturn]] void report_stall(grid_run& run);

}  // namespace xcub::host::detail
