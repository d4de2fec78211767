// The ISA probe behind docs/cache-modifiers.md: one kernel per cache modifier and word size (1, 4
// and 16 bytes) on a kernel's pointer parameters (global memory the compiler can see), plus loads
// and stores in shared memory and through a pointer that may point to either space. Not built by
// Meson: compile it by hand to read the assembly (commands in docs/cache-modifiers.md).
#include <xcub/xcub.hpp>
#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>

#include <cstdint>

namespace arch = xcub::arch;
using u8 = std::uint8_t;
using u32 = std::uint32_t;
struct alignas(16) v16 {
  std::uint64_t a, b;
};

#define PROBE_LOAD(M, T)                                      \
  XCUB_KERNEL void isa_##M##_##T(const T* in, T* out) {       \
    const unsigned t = arch::thread_idx().x;                  \
    out[t] = xcub::ThreadLoad<xcub::M>(in + t);               \
  }
#define PROBE_STORE(M, T)                                     \
  XCUB_KERNEL void isa_##M##_##T(const T* in, T* out) {       \
    const unsigned t = arch::thread_idx().x;                  \
    xcub::ThreadStore<xcub::M>(out + t, in[t]);               \
  }
#define PROBE_ALL(T)                                                                                \
  PROBE_LOAD(LOAD_DEFAULT, T) PROBE_LOAD(LOAD_CA, T) PROBE_LOAD(LOAD_CG, T) PROBE_LOAD(LOAD_CS, T)  \
  PROBE_LOAD(LOAD_CV, T) PROBE_LOAD(LOAD_LDG, T) PROBE_LOAD(LOAD_VOLATILE, T)                       \
  PROBE_STORE(STORE_DEFAULT, T) PROBE_STORE(STORE_WB, T) PROBE_STORE(STORE_CG, T)                   \
  PROBE_STORE(STORE_CS, T) PROBE_STORE(STORE_WT, T) PROBE_STORE(STORE_VOLATILE, T)

PROBE_ALL(u32)
PROBE_ALL(v16)
PROBE_ALL(u8)

// Shared memory: no cache operator applies there.
XCUB_KERNEL void isa_shared_LOAD_CG(u32* out) {
  using tile = u32[64];
  XCUB_SHARED(tile, s);
  s[arch::thread_idx().x] = 1;
  arch::sync_threads();
  out[0] = xcub::ThreadLoad<xcub::LOAD_CG>(s + (arch::thread_idx().x ^ 1));
}
XCUB_KERNEL void isa_shared_STORE_WT(u32* out) {
  using tile = u32[64];
  XCUB_SHARED(tile, s);
  xcub::ThreadStore<xcub::STORE_WT>(s + arch::thread_idx().x, 5u);
  arch::sync_threads();
  out[0] = s[1];
}

// Either space: the compiler cannot tell which.
XCUB_KERNEL void isa_either_LOAD_CS(const u32* in, u32* out) {
  using tile = u32[64];
  XCUB_SHARED(tile, s);
  s[arch::thread_idx().x] = 1;
  arch::sync_threads();
  const u32* p = (arch::thread_idx().x & 1) ? in : s;
  out[0] = xcub::ThreadLoad<xcub::LOAD_CS>(p);
}
XCUB_KERNEL void isa_either_STORE_CG(u32* out) {
  using tile = u32[64];
  XCUB_SHARED(tile, s);
  u32* p = (arch::thread_idx().x & 1) ? out : s;
  xcub::ThreadStore<xcub::STORE_CG>(p + arch::thread_idx().x, 7u);
  arch::sync_threads();
  out[0] = s[3];
}
