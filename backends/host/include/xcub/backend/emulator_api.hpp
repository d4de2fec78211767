// The entry points of the host SIMT emulator (libxcub_host) that the host backend's headers
// call. Not for users: use xcub::arch and xcub::launch.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(XCUB_HOST_BUILDING_LIBRARY)
#define XCUB_HOST_API __attribute__((visibility("default")))
#else
#define XCUB_HOST_API
#endif

namespace xcub {

/// Launch geometry: missing dimensions are 1, as CUDA's dim3.
struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

/// Host errors, numbered as the CUDA runtime numbers the same conditions.
enum error_t : int {
  success = 0,
  error_invalid_value = 1,
  error_memory_allocation = 2,
  error_invalid_configuration = 9,
  error_invalid_device = 101,
  error_not_ready = 600,
  error_launch_failure = 719,  // only from fault injection (inject_launch_failure): kernels never fail to start here
};

}  // namespace xcub

namespace xcub::host::detail {

/// What a running logical thread knows about itself; valid while a kernel runs on this OS thread.
struct thread_ids {
  dim3 thread_idx, block_idx, block_dim, grid_dim;
  unsigned linear_tid, lane, warp;
};
XCUB_HOST_API extern thread_local const thread_ids* current_ids;

/// The warp collectives the emulator performs at a rendezvous of the lanes of a member mask.
enum class warp_op : std::uint8_t { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, any, all, match_any };

XCUB_HOST_API void block_barrier(const char* file, int line);
/// Waits for every lane of `mask` to arrive at the same op with the same mask, then returns the
/// caller's result; `operand` is the lane, delta or xor mask of a shuffle, `width` its segment.
XCUB_HOST_API std::uint64_t warp_collective(warp_op op, std::uint64_t mask, std::uint64_t value, int operand,
                                            int width);
/// Lanes of the caller's warp that exist and have not exited.
XCUB_HOST_API std::uint64_t warp_live_lanes();
XCUB_HOST_API void spin_pause();
/// A point where the seeded random schedule may switch threads (atomics, fences).
XCUB_HOST_API void maybe_switch();
/// maybe_switch() for an atomic that writes: also progress for the spin-deadlock check (the
/// calling thread is not only spinning: it publishes something others may wait for).
XCUB_HOST_API void atomic_written();
/// The block's object for the XCUB_SHARED declaration `tag`; `name` and the declaring `function`
/// name it in reports.
XCUB_HOST_API void* block_shared_object(const void* tag, std::size_t bytes, std::size_t align,
                                        const char* name = nullptr, const char* function = nullptr);
XCUB_HOST_API void* block_dynamic_shared();
/// Stops the kernel: the calling thread's block collective `name` is declared for blocks of
/// (x, y, z) threads, which is not the launch's block shape (<xcub/arch/debug_checks.hpp>).
[[noreturn]] XCUB_HOST_API void report_block_shape(const char* name, unsigned x, unsigned y, unsigned z);

struct launch_request {
  dim3 grid, block;
  std::size_t shared_bytes;
  const void* kernel;  // for messages: resolved to the kernel's name where the symbol is exported
};
/// Runs the grid to completion; `body(ctx)` is what each logical thread executes.
XCUB_HOST_API error_t run_grid(const launch_request& request, void (*body)(void*), void* ctx);

XCUB_HOST_API const char* error_text(error_t e);

// ---- device memory (device_memory.cpp; docs/host-emulator.md, "Device memory bounds") ----
/// device_malloc and device_free: each allocation is a mapping of its own, 256-byte aligned, that
/// ends within 256 bytes of a guard region; the bytes up to the guard are a canary.
XCUB_HOST_API error_t device_allocate(void** ptr, std::size_t bytes);
/// error_invalid_value for a pointer that is not a live allocation (freed twice, never allocated).
XCUB_HOST_API error_t device_release(void* ptr);
/// False when [p, p + bytes) starts in a device allocation (or its guards) and does not lie inside
/// it; true for memory that is not device memory (host memory is the caller's business).
XCUB_HOST_API bool device_range_ok(const void* p, std::size_t bytes);
/// The live device allocations (and, into *bytes, their sizes' sum): what a leak check compares.
XCUB_HOST_API std::size_t device_live_allocations(std::size_t* bytes = nullptr);

// ---- fault injection, per OS thread (tests: every failure point of a call) ----
/// The k-th allocation from now (device_malloc, stream_create, event_create; k >= 1) fails with
/// error_memory_allocation; 0 disarms.
XCUB_HOST_API void inject_allocation_failure(unsigned long long k);
/// The k-th launch from now returns `e` and runs nothing; 0 disarms.
XCUB_HOST_API void inject_launch_failure(unsigned long long k, error_t e = error_launch_failure);
/// How many injected faults have fired on this OS thread (a walk over k stops when one did not).
XCUB_HOST_API unsigned long long injected_faults();
/// Counts down the allocation injection; true when this allocation is to fail.
XCUB_HOST_API bool allocation_fault_injected();

/// Seeded random schedule for the grids this OS thread launches next: `enabled` false returns to
/// the environment's choice (XCUB_HOST_SCHEDULE_SEED) or, without it, the in-order schedule.
XCUB_HOST_API void set_schedule_seed(bool enabled, std::uint64_t seed);

// ---- the shared-memory sanitizer (docs/host-emulator.md, "The shared-memory sanitizer") ----
// Code built with -Dhost_sanitize=true is instrumented with -fsanitize=thread and linked with
// libxcub_host_sanitizer, whose hooks pass every access into [san_region_lo, +san_region_span),
// where all block shared memory lives, to san_access, and every atomic to san_atomic.
XCUB_HOST_API extern std::uintptr_t san_region_lo;
XCUB_HOST_API extern std::uintptr_t san_region_span;
XCUB_HOST_API void sanitizer_attach();
/// kind: bit 0 write, bit 1 atomic; pc: the instruction that accesses, for reports.
XCUB_HOST_API void san_access(const void* p, std::size_t n, unsigned kind, const void* pc);
XCUB_HOST_API void san_atomic(const void* p, std::size_t n, unsigned kind, const void* pc);
XCUB_HOST_API void shared_assume_initialized(const void* p, std::size_t n);
/// The checks the sanitizer would run on a launch now (bits: 1 race, 2 bounds, 4 init), 0 when
/// the program is not instrumented: XCUB_HOST_SANITIZE=race,bounds,init (default all), or none.
XCUB_HOST_API unsigned sanitizer_checks();

}  // namespace xcub::host::detail

namespace xcub::host {
/// Tells the shared-memory sanitizer that reading these `n` bytes of block shared memory before
/// any thread wrote them is deliberate (padding, say): the uninitialised-read check skips them.
/// Call from a kernel; a no-op without the sanitizer.
inline void assume_initialized(const void* p, std::size_t n) { detail::shared_assume_initialized(p, n); }
}  // namespace xcub::host
