// xcub/arch/stage_barrier.hpp: the backend contract's stage ring, for warp-specialized pipelines
// (the pipelined DeviceScan, docs/device-scan.md): barriers in shared memory that one
// group of threads arrives at and another waits on, phase after phase, and copies of whole stages
// between global and shared memory that complete on such a barrier.
//
// In namespace xcub::arch, called from kernels:
//   stage_barrier                       8 bytes of shared memory (8-byte aligned)
//   stage_barrier_init(b, arrivals)     one thread; a phase completes after `arrivals` arrivals
//   stage_barriers_ready()              the same thread, after its inits; then sync_threads()
//   stage_arrive(b)                     one arrival; orders the caller's earlier writes (release)
//   stage_wait(b, phase)                every calling thread waits until phase `phase` (0, 1, ...)
//                                       of b has completed; orders its later reads (acquire)
//   bulk_stage_copies()                 whether the copies below are asynchronous bulk copies
//   stage_load(b, dst, src, bytes)      one lane: copies bytes from global src to shared dst and
//                                       counts as that lane's arrival at b, which completes only
//                                       once the bytes have landed (16-byte aligned, multiple of 16)
//   stage_store(dst, src, bytes)        one lane: copies shared src to global dst
//   stage_store_wait_read()             that lane: the stores it issued have read their source
//   stage_store_wait_all()              that lane: the stores it issued are complete
//   stage_async_fence()                 a thread's shared-memory writes made visible to later
//                                       stage_store/stage_load copies (after the waits above)
// Where bulk_stage_copies() is false the copy functions are plain (one lane copies: callers use
// their own warp-wide copies instead), and the barrier is a counter in shared memory polled with
// pause(): the generic form below, which the host emulator runs (its sanitizer sees the atomics as
// acquire/release) and every backend without a native one uses.
// A backend with native stage barriers provides <xcub/backend/stage_barrier.hpp> with the same names.
#pragma once

#include <cstdint>
#include <cstring>

#include <xcub/arch/arch.hpp>

namespace xcub::arch {

/// The generic stage barrier: arrivals counted in one word; phase p has completed once the count
/// reaches (p + 1) * arrivals.
struct alignas(8) generic_stage_barrier {
  std::uint32_t count;
  std::uint32_t arrivals;
};

#if XCUB_HAS_KERNELS
namespace generic_stage {

XCUB_DEVICE XCUB_FORCEINLINE void init(generic_stage_barrier& b, unsigned arrivals) {
  b.count = 0;
  b.arrivals = arrivals;
}
XCUB_DEVICE XCUB_FORCEINLINE void ready() {}
XCUB_DEVICE XCUB_FORCEINLINE void arrive(generic_stage_barrier& b) {
  thread_fence<scope::block>();  // the arrival releases what the caller wrote before it
  atomic_add<scope::block>(&b.count, 1u);
}
XCUB_DEVICE XCUB_FORCEINLINE void wait(generic_stage_barrier& b, unsigned phase) {
  const std::uint32_t target = (phase + 1) * b.arrivals;
  // Counts wrap only after 2^32 arrivals: the difference keeps the comparison right across a wrap.
  while (static_cast<std::int32_t>(atomic_load_acquire<scope::block>(&b.count) - target) < 0) pause();
}
XCUB_DEVICE XCUB_FORCEINLINE void load(generic_stage_barrier& b, void* dst, const void* src, unsigned bytes) {
  std::memcpy(dst, src, bytes);
  arrive(b);
}
XCUB_DEVICE XCUB_FORCEINLINE void store(void* dst, const void* src, unsigned bytes) { std::memcpy(dst, src, bytes); }

}  // namespace generic_stage
#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::arch

#if __has_include(<xcub/backend/stage_barrier.hpp>)
#include <xcub/backend/stage_barrier.hpp>
#elif XCUB_HAS_KERNELS
namespace xcub::arch {
using stage_barrier = generic_stage_barrier;
XCUB_DEVICE XCUB_FORCEINLINE void stage_barrier_init(stage_barrier& b, unsigned arrivals) { generic_stage::init(b, arrivals); }
XCUB_DEVICE XCUB_FORCEINLINE void stage_barriers_ready() {}
XCUB_DEVICE XCUB_FORCEINLINE void stage_arrive(stage_barrier& b) { generic_stage::arrive(b); }
XCUB_DEVICE XCUB_FORCEINLINE void stage_wait(stage_barrier& b, unsigned phase) { generic_stage::wait(b, phase); }
XCUB_DEVICE XCUB_FORCEINLINE constexpr bool bulk_stage_copies() { return false; }
XCUB_DEVICE XCUB_FORCEINLINE void stage_load(stage_barrier& b, void* dst, const void* src, unsigned bytes) {
  generic_stage::load(b, dst, src, bytes);
}
XCUB_DEVICE XCUB_FORCEINLINE void stage_store(void* dst, const void* src, unsigned bytes) {
  generic_stage::store(dst, src, bytes);
}
XCUB_DEVICE XCUB_FORCEINLINE void stage_store_wait_read() {}
XCUB_DEVICE XCUB_FORCEINLINE void stage_store_wait_all() {}
XCUB_DEVICE XCUB_FORCEINLINE void stage_async_fence() {}
}  // namespace xcub::arch
#else
namespace xcub::arch {
using stage_barrier = generic_stage_barrier;
}
#endif
