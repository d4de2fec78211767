// CUDA's stage ring (the contract: <xcub/arch/stage_barrier.hpp>). sm_90 and up: transaction-
// counted mbarriers and bulk asynchronous copies (cp.async.bulk, the TMA's one-dimensional form);
// below sm_90 the generic counter barrier and plain copies (the pipelined scan is not selected
// there: its tuning leaves it off).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>

namespace xcub::arch {

using stage_barrier = generic_stage_barrier;  // 8 bytes: an mbarrier's size on sm_90

#if XCUB_HAS_KERNELS

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define XCUB_CUDA_BULK_STAGES 1
#else
#define XCUB_CUDA_BULK_STAGES 0
#endif

namespace cuda_stage {
XCUB_DEVICE XCUB_FORCEINLINE unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
}  // namespace cuda_stage

XCUB_DEVICE XCUB_FORCEINLINE void stage_barrier_init(stage_barrier& b, unsigned arrivals) {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(cuda_stage::shared_address(&b)), "r"(arrivals)
               : "memory");
#else
  generic_stage::init(b, arrivals);
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_barriers_ready() {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_arrive(stage_barrier& b) {
#if XCUB_CUDA_BULK_STAGES
  // mbarrier.arrive has release semantics at CTA scope.
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(cuda_stage::shared_address(&b)) : "memory");
#else
  generic_stage::arrive(b);
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_wait(stage_barrier& b, unsigned phase) {
#if XCUB_CUDA_BULK_STAGES
  // try_wait.parity (acquire at CTA scope) suspends for a while in hardware before it fails.
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "XCUB_STAGE_WAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra XCUB_STAGE_WAIT_%=;\n"
      "}\n" ::"r"(cuda_stage::shared_address(&b)),
      "r"(phase & 1u)
      : "memory");
#else
  generic_stage::wait(b, phase);
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE constexpr bool bulk_stage_copies() { return XCUB_CUDA_BULK_STAGES != 0; }

XCUB_DEVICE XCUB_FORCEINLINE void stage_load(stage_barrier& b, void* dst, const void* src, unsigned bytes) {
#if XCUB_CUDA_BULK_STAGES
  const unsigned bar = cuda_stage::shared_address(&b);
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   cuda_stage::shared_address(dst)),
               "l"(src), "r"(bytes), "r"(bar)
               : "memory");
#else
  generic_stage::load(b, dst, src, bytes);
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_store(void* dst, const void* src, unsigned bytes) {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst),
               "r"(cuda_stage::shared_address(src)), "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
#else
  generic_stage::store(dst, src, bytes);
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_store_wait_read() {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_store_wait_all() {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
#endif
}

XCUB_DEVICE XCUB_FORCEINLINE void stage_async_fence() {
#if XCUB_CUDA_BULK_STAGES
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::arch
